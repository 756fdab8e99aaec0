/* time_list.c - the timer queue as a sorted wait list: the smallest code
 * (about 0.7 KB less flash than the default red-black tree of src/time.c at
 * -O3), for a firmware with a handful of timers.  Arming walks the list
 * from its latest deadline backwards: O(n) in the armed timers, with the
 * port lock held; cancelling and expiring are O(1).  Opt in by linking the
 * object library ebb::timer_list into the firmware (docs/design.md, "Timer
 * queue"). */
#include "../time_impl.h"

/* Armed timers, earliest deadline first, ties in arming order. */
static ebb_waitlist timers;

static inline node *queue_first(void) { return ebb_dlist_first(&timers.l); }

static void insert(node *n)
{
    node *h = &timers.l.head;
    if (h->next == NULL) {
        h->next = h->prev = h;
    }
    /* From the back: the new deadline is usually the latest, and an equal
     * one goes behind those already armed. */
    ebb_ticks k = key(n);
    node *prev = h->prev;
    while (prev != h && key(prev) > k) {
        prev = prev->prev;
    }
    ebb__dnode_link(n, prev, prev->next);
}

static void erase(node *n) { ebb_dnode_unlink(n); }

static void expire_first(node *f)
{
    (void)f; /* the first of the list: */
    (void)ebb_waitlist_wake_one_locked(&timers);
}

static void queue_reset(void) { ebb_waitlist_init(&timers); }

/* Whether `n` is queued: a walk of the live list (host port only:
 * time_impl.h, cancel_dequeues). */
EBB_UNUSED static bool queue_contains(const node *n)
{
    for (const node *q = ebb_dlist_first(&timers.l); q != NULL; q = ebb_dlist_next(&timers.l, q)) {
        if (q == n) {
            return true;
        }
    }
    return false;
}
