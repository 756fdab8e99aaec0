/* time_list.c - the timer queue as a sorted wait list: the smallest code
 * (about 0.7 KB less flash than the default red-black tree of src/time.c at
 * -O3), for a firmware with a handful of timers.  Arming walks the list
 * from its latest deadline backwards: O(n) in the armed timers, with the
 * port lock held; cancelling and expiring are O(1).  The queue's own state
 * is one pointer (an ebb_dlist).  Opt in by linking the
 * object library ebb::timer_list into the firmware (docs/design.md, "Timer
 * queue"). */
#include "../time_impl.h"

/* Armed timers, earliest deadline first, ties in arming order: an ebb_dlist
 * of their wait nodes, so the queue itself is one pointer (4 bytes on an
 * MCU) and taking a timer out is the generic O(1) unlink - one copy of it
 * in a size build, shared with every wait list. */
static ebb_dlist timers;

static inline node *queue_first(void) { return ebb_dlist_first(&timers); }

static void insert(node *n)
{
    node *first = ebb_dlist_first(&timers);
    if (first == NULL) {
        ebb_dlist_push_back(&timers, n);
        return;
    }
    /* From the back: the new deadline is usually the latest, and an equal
     * one goes behind those already armed. */
    ebb_ticks k = key(n);
    node *prev = first->prev; /* the last */
    while (key(prev) > k) {
        if (prev == first) {
            /* Earlier than every armed timer: the new first. */
            ebb_dlist_push_front(&timers, n);
            return;
        }
        prev = prev->prev;
    }
    ebb__dlist_insert_after(prev, n);
}

static void erase(node *n) { ebb_dnode_unlink(n); }

static void expire_first(node *f)
{
    erase(f);
    (void)ebb__wake_locked(timer_of(f)->wait.task);
}

static void queue_reset(void) { ebb_dlist_init(&timers); }

/* Whether `n` is queued: a walk of the live list (host port only:
 * time_impl.h, cancel_dequeues). */
EBB_UNUSED static bool queue_contains(const node *n)
{
    for (const node *q = ebb_dlist_first(&timers); q != NULL; q = ebb_dlist_next(&timers, q)) {
        if (q == n) {
            return true;
        }
    }
    return false;
}

#if EBB_CONFIG_TIMER_QUEUE_LIST && defined(__GNUC__)
/* Compiled for the list (as ebb::timer_list is), the functions above are
 * named *_list (ebb/time.h).  Files compiled without the setting - a
 * board's - call the sleeps by their plain names with timers one word
 * longer (the tree parent at the end): the list reads only the first 20
 * bytes, laid out alike, so the same code serves them.  Not the ticker's
 * functions: its period follows the timer, so such a file's ticker would
 * be read at the wrong place - it does not link instead. */
#define EBB__PLAIN_(p, name) __asm__(#p #name)
#define EBB__PLAIN(p, name) EBB__PLAIN_(p, name)
extern __typeof__(ebb_sleep_until) ebb__sleep_until_plain EBB__PLAIN(__USER_LABEL_PREFIX__, ebb_sleep_until)
    __attribute__((alias("ebb_sleep_until_list")));
extern __typeof__(ebb_sleep_for) ebb__sleep_for_plain EBB__PLAIN(__USER_LABEL_PREFIX__, ebb_sleep_for)
    __attribute__((alias("ebb_sleep_for_list")));
#endif
