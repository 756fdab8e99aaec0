/* time_list.c - the timer queue as a sorted wait list: the smallest code
 * (about 0.7 KB less flash than the default red-black tree of src/time.c at
 * -O3), for a firmware with a handful of timers.  Arming walks the list
 * from its latest deadline backwards: O(n) in the armed timers, with the
 * port lock held; cancelling and expiring are O(1).  The queue's own state
 * is one pointer.  Opt in by linking the
 * object library ebb::timer_list into the firmware (docs/design.md, "Timer
 * queue"). */
#include "../time_impl.h"

/* Armed timers, earliest deadline first, ties in arming order: a ring of
 * their wait nodes with no sentinel of its own, entered at the earliest
 * (timers->prev is the latest), so the queue itself is one pointer: 4
 * bytes on an MCU instead of an 8-byte list head.  The ring's nodes are never handed to the generic
 * list code (ebb_dnode_unlink() expects a sentinel): only this file links
 * and unlinks them. */
static node *timers; /* the first armed timer, NULL: none */

static inline node *queue_first(void) { return timers; }

static void insert(node *n)
{
    if (timers == NULL) {
        n->next = n->prev = n; /* a ring of one */
        timers = n;
        return;
    }
    /* From the back: the new deadline is usually the latest, and an equal
     * one goes behind those already armed. */
    ebb_ticks k = key(n);
    node *prev = timers->prev;
    while (key(prev) > k) {
        if (prev == timers) {
            /* Earlier than every armed timer: the new first. */
            ebb__dnode_link(n, timers->prev, timers);
            timers = n;
            return;
        }
        prev = prev->prev;
    }
    ebb__dnode_link(n, prev, prev->next);
}

static void erase(node *n)
{
    node *next = n->next;
    if (next == n) {
        timers = NULL; /* it was the only one */
    } else {
        node *prev = n->prev;
        prev->next = next;
        next->prev = prev;
        if (timers == n) {
            timers = next;
        }
    }
    n->next = NULL;
}

static void expire_first(node *f)
{
    erase(f);
    (void)ebb__wake_locked(timer_of(f)->wait.task);
}

static void queue_reset(void) { timers = NULL; }

/* Whether `n` is queued: a walk of the live ring (host port only:
 * time_impl.h, cancel_dequeues). */
EBB_UNUSED static bool queue_contains(const node *n)
{
    const node *q = timers;
    if (q != NULL) {
        do {
            if (q == n) {
                return true;
            }
            q = q->next;
        } while (q != timers);
    }
    return false;
}
