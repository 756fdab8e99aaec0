/** @file
 * ebb/wait.h - wait lists: how an awaitable remembers whom to wake.
 *
 * An ebb_wait is the state of one pending await: a list node plus the task to
 * wake.  It lives in the awaiting task's state struct (so waiting costs no
 * memory anywhere else) and is linked into the ebb_waitlist of whatever the
 * task waits for.  A waker - often an interrupt handler - takes it off the
 * list and wakes the task.  From the ebb_wait alone an awaitable knows where
 * it stands:
 *
 *     task == NULL              idle: the next poll starts a new wait
 *     task != NULL, linked      waiting
 *     task != NULL, unlinked    fired: a waker took it off the list
 *
 * The wait also names its list, from registration until it is consumed, so
 * a fire is acted on only by the object that made it and one wait cannot be
 * registered twice (ebb_wait_mine()).
 *
 * The list is doubly linked (ebb_dlist), so withdrawing a wait - a cancel, a
 * timeout whose event won, a losing select branch - is O(1) however many
 * other tasks wait on the same object; its head is one pointer (4 bytes on
 * an MCU).
 *
 * Two ways to use a list:
 *   - broadcast (an EXTI edge, "data arrived"): ebb_wait_on() +
 *     ebb_waitlist_wake_all(); every waiter sees the event.
 *   - hand-off (a channel item or slot, a signal value): the producer wakes
 *     ONE waiter per event (ebb_waitlist_wake_one_locked, first come first
 *     served) and the awaitable ends each poll with ebb_wait_step_locked(),
 *     which passes the turn on when the woken waiter leaves without using
 *     it and keeps a woken waiter that lost a race at the front.  No
 *     thundering herd, and the producer's work is O(1).
 */
#ifndef EBB_WAIT_H
#define EBB_WAIT_H

#include <stdbool.h>

#include "ebb/executor.h"
#include "ebb/driver/list.h"
#include "ebb/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The state of one pending await (see the top of this file). */
typedef struct ebb_wait {
    ebb_dnode node;             /**< on the waited-for object's ebb_waitlist */
    ebb_task *task;             /**< the task to wake; NULL: idle */
    struct ebb_waitlist *list;  /**< the list it waits on, or that fired it */
} ebb_wait;

/** Initializer of an idle ebb_wait (all-zero is one too). */
#define EBB_WAIT_INITIALIZER {EBB_DNODE_INIT, NULL, NULL}

/** Define ebb_wait `name`, idle.  Prefix with `static` as needed. */
#define EBB_WAIT_DEFINE(name) ebb_wait name = EBB_WAIT_INITIALIZER

/** The tasks waiting for one object, in arrival order.  All-zero (a static
 *  object) is a valid empty list. */
typedef struct ebb_waitlist {
    ebb_dlist l; /**< the waiters, oldest first */
} ebb_waitlist;

/** Initializer of an empty ebb_waitlist. */
#define EBB_WAITLIST_INITIALIZER {EBB_DLIST_INIT}

/** Define ebb_waitlist `name`, empty.  Prefix with `static` as needed. */
#define EBB_WAITLIST_DEFINE(name) ebb_waitlist name = EBB_WAITLIST_INITIALIZER

/** Empty `l`.  Context: any, before use (or with the lock held).  O(1). */
static inline void ebb_waitlist_init(ebb_waitlist *l) { ebb_dlist_init(&l->l); }

/** True when nobody waits on `l`.  Context: any.  Cost: O(1). */
static inline bool ebb_waitlist_empty(const ebb_waitlist *l) { return ebb_dlist_empty(&l->l); }

/**
 * Wake every task waiting on `list` when the call starts (a waiter that
 * registers again meanwhile waits for the next event).  The waiters are
 * detached in O(1) and woken one critical section each, so the port lock is
 * never held for more than one wake, however many tasks wait.
 * Context: any (the usual call from an interrupt handler).
 * Cost: O(waiters) in total; the lock is held O(1) at a time.
 */
void ebb_waitlist_wake_all(ebb_waitlist *list);

/* Internal: ebb_wait_on() when `w` was not fired by `list` for this task. */
ebb_poll_t ebb__wait_on_locked_path(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list);

/**
 * Consume `w`'s fire if `list` fired it for the task of `cx` (and the await
 * is not being cancelled): `w` becomes idle and true is returned.  Takes no
 * lock: a fired wait is on no list, so no waker touches it, and its task -
 * the one being polled, claimed - cannot be cancelled meanwhile.
 * Context: task.  Cost: four loads and compares.
 */
static inline bool ebb_wait_take_fire(const ebb_cx *cx, ebb_wait *w, const ebb_waitlist *list)
{
    if (w->list == list && w->task == cx->task && !ebb_dnode_linked(&w->node) &&
        !ebb_cx_cancelling(cx)) {
        w->task = NULL;
        w->list = NULL;
        return true;
    }
    return false;
}

/**
 * The generic awaitable "wait until someone wakes this list": READY once a
 * waker has popped `w` (see ebb_waitlist_wake_*), PENDING until then.
 * Interrupt-driven events (an EXTI edge, a DMA completion) are built on it.
 * Contract wait:2, wait:3 (ebb_wait_mine(); always checked: the await
 * stays pending).  Context: task.  Cost: O(1); one critical section to
 * register or cancel, none to resume.
 */
EBB_AWAITABLE static inline ebb_poll_t ebb_wait_on(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list)
{
    if (ebb_wait_take_fire(cx, w, list)) {
        return EBB_READY; /* the resume after a wake: no lock */
    }
    return ebb__wait_on_locked_path(cx, w, list);
}
#define ebb_wait_on(...) EBB_AWAITABLE_CALL(ebb_wait_on, __VA_ARGS__)


#ifdef __cplusplus
}
#endif

#endif /* EBB_WAIT_H */
