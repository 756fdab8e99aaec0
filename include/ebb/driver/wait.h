/** @file
 * ebb/driver/wait.h - wait lists as drivers and the core's objects use
 * them: the steps of an awaitable, taken with the port lock held.
 *
 * An application needs only ebb/wait.h (an ebb_wait, a list, a broadcast,
 * ebb_wait_on()).  A driver that writes its own awaitable - a UART write,
 * a DMA completion - registers, hands off and withdraws waits with these,
 * always under ebb_port_lock() (ebb/driver/port.h) and always after
 * ebb_wait_mine() said the wait is this await's.
 */
#ifndef EBB_DRIVER_WAIT_H
#define EBB_DRIVER_WAIT_H

#include <stdbool.h>

#include "ebb/trace.h"
#include "ebb/driver/list.h"
#include "ebb/driver/port.h"
#include "ebb/executor.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** First waiter (the longest waiting), or NULL.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_wait *ebb_waitlist_first(const ebb_waitlist *l)
{
    ebb_dnode *n = ebb_dlist_first(&l->l);
    return n != NULL ? EBB_CONTAINER_OF(n, ebb_wait, node) : NULL;
}

/** The waiter after `w` on `l`, or NULL.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_wait *ebb_waitlist_next(const ebb_waitlist *l, const ebb_wait *w)
{
    ebb_dnode *n = ebb_dlist_next(&l->l, &w->node);
    return n != NULL ? EBB_CONTAINER_OF(n, ebb_wait, node) : NULL;
}

/** Iterate over the waiters of `l` in arrival order (lock held; do not
 *  unlink `w` inside the loop). */
#define EBB_WAITLIST_FOR_EACH(w, l) \
    for ((w) = ebb_waitlist_first(l); (w) != NULL; (w) = ebb_waitlist_next((l), (w)))

/** True once a waker has taken `w` off its list.  Context: any.  O(1). */
static inline bool ebb_wait_fired(const ebb_wait *w)
{
    return w->task != NULL && !ebb_dnode_linked(&w->node);
}

/** True while `w` is on a list.  Context: any.  O(1). */
static inline bool ebb_wait_linked(const ebb_wait *w) { return ebb_dnode_linked(&w->node); }

/**
 * Whether the task of `cx` may use `w` with `list` now: `w` is idle, or it
 * is this task's registration (waiting or fired) on this very list.  A wait
 * is one registration: while it waits on (or was fired by) one object it
 * cannot be used for another, nor by another task.  Every awaitable asks
 * this before it acts on `w`, so a fire is only ever consumed by the object
 * that made it; a refused await reports:
 * Contract wait:2 - `w` is not registered on, or fired by, another object:
 * one ebb_wait in two branches of a select, or in two awaits at once
 * (always checked: the await stays pending and touches nothing).
 * Contract wait:3 - `w` is not another task's registration: two tasks
 * sharing one ebb_wait (always checked: the await stays pending and
 * touches nothing).
 * Context: task, lock held.  Cost: O(1).
 */
static inline bool ebb_wait_mine(const ebb_cx *cx, const ebb_wait *w, const ebb_waitlist *list)
{
    return w->task == NULL || (w->task == cx->task && w->list == list);
}

/* Internal: report the misuse ebb_wait_mine() found (wait:2 or wait:3)
 * and return EBB_PENDING: the await neither acts nor registers; `w` is left
 * to the registration that owns it.  Always checked. */
ebb_poll_t ebb__wait_refuse(const ebb_cx *cx, const ebb_wait *w);

/**
 * Put `w` at the end of `list` for the task of `cx` (if not already on
 * it); called while cancelling, it withdraws `w` instead (what a cancel
 * wants).  The caller has checked ebb_wait_mine().
 * Context: task, port lock held by the caller.  Cost: O(1).
 */
void ebb_wait_add_locked(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list);

/**
 * Withdraw `w`: unlink it from its list if it is still on one, and make it
 * idle.  Safe on an idle ebb_wait.  Context: any, lock held.  Cost: O(1).
 */
static inline void ebb_wait_remove_locked(ebb_wait *w)
{
    if (ebb_dnode_linked(&w->node)) {
        ebb_dnode_unlink(&w->node);
    }
    w->task = NULL;
    w->list = NULL;
}

/**
 * Wake the first waiter of `list` (taking it off the list; it stays fired
 * by `list`).  Returns whether there was one.
 * Context: any, lock held.  Cost: O(1) + ebb_wake.
 */
bool ebb_waitlist_wake_one_locked(ebb_waitlist *list);

/**
 * First come first served: true when `w` may make its attempt now - nobody
 * waits on `list` ahead of it, or it was handed the turn (woken).  A task
 * that finds others waiting queues behind them instead of taking what was
 * meant for them (including a task that loops straight back to the same
 * await after being served).  Context: task, lock held, ebb_wait_mine()
 * true.  Cost: O(1).
 */
static inline bool ebb_wait_turn(const ebb_wait *w, const ebb_waitlist *list)
{
    return ebb_waitlist_empty(list) || ebb_dlist_first(&list->l) == &w->node ||
           ebb_wait_fired(w);
}

/* Internal: the cancel-or-register half of ebb_wait_step_locked(). */
void ebb__wait_miss_locked(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list, bool more);

/**
 * The one "cancel, try, register" step of a hand-off awaitable, after its
 * attempt.  The caller holds the lock, has checked ebb_wait_mine(), and
 * passes
 *   ok   - the attempt succeeded (it must not be made, and ok must be false,
 *          while cancelling);
 *   more - what is left would let the next waiter of `list` succeed too.
 * Then: on success or cancel `w` leaves the list, and if it had been handed
 * the turn (woken) or took something, and `more` holds, the next waiter is
 * woken - so a turn is never lost to a cancelled waiter and several items
 * published at once reach several waiters, one wake at a time.  On failure
 * `w` (re)joins the list: at the end if it is new, at the front if it was
 * woken and someone else took the item first (an interrupt's try_ call, or
 * a task that arrived meanwhile), so it keeps its turn.
 * Returns EBB_READY when ok.  Context: task, lock held.  Cost: O(1).
 */
static inline ebb_poll_t ebb_wait_step_locked(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list,
                                              bool ok, bool more)
{
    if (ok) {
        ebb_wait_remove_locked(w);
        if (more) {
            (void)ebb_waitlist_wake_one_locked(list);
        }
        return EBB_READY;
    }
    ebb__wait_miss_locked(cx, w, list, more);
    return EBB_PENDING;
}

/* Internal: queue `t` on its executor with the lock held - the body every
 * waker shares.  A task that is queued already, or not running, is left
 * alone (false): ignoring a wake for a task that is not running is what
 * makes a stale waker harmless.  Context: any, lock held.  Cost: O(1) +
 * the executor's pender. */
static inline bool ebb__wake_locked(ebb_task *t)
{
    /* Unlikely: the queueing path is the straight line through an
     * interrupt handler that inlines this. */
    if (EBB_UNLIKELY(ebb_node_linked(&t->node) || !ebb__task_running(t))) {
        return false;
    }
    ebb_executor *ex = __start_ebb_executors[t->exec];
    EBB__TRACE(EBB_TRACE_WAKE, t, 0);
    ebb_list_push_back(&ex->ready, &t->node);
    if (ex->pend != NULL) {
        ex->pend(ex);
    }
    return true;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_DRIVER_WAIT_H */
