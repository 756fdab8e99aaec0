/*
 * ebb/wait.h - wait lists: how an awaitable remembers whom to wake.
 *
 * An ebb_wait is the state of one pending await: a list node plus the task to
 * wake.  It lives in the awaiting task's state struct (so waiting costs no
 * memory anywhere else) and is linked into the wait list of whatever the task
 * waits for.  A waker - often an interrupt handler - pops it and wakes the
 * task.  From the ebb_wait alone an awaitable knows where it stands:
 *
 *     task == NULL              idle: the next poll starts a new wait
 *     task != NULL, linked      waiting
 *     task != NULL, unlinked    fired: a waker took it off the list
 */
#ifndef EBB_WAIT_H
#define EBB_WAIT_H

#include <stdbool.h>

#include "ebb/executor.h"
#include "ebb/list.h"
#include "ebb/port.h"
#include "ebb/task.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_wait {
    ebb_node node;
    ebb_task *task;
} ebb_wait;

#define EBB_WAIT_INIT {EBB_NODE_INIT, NULL}

/** True once a waker has taken `w` off its list.  Context: any.  O(1). */
static inline bool ebb_wait_fired(const ebb_wait *w)
{
    return w->task != NULL && !ebb_node_linked(&w->node);
}

/**
 * Put `w` on `list` for the current task (if not already there).
 * Contract wait:1 - called inside a task's poll (ebb_current() != NULL).
 * Context: task, port lock held by the caller.  Cost: O(1).
 */
void ebb_wait_add_locked(ebb_wait *w, ebb_list *list);

/**
 * Withdraw `w`: unlink it from `list` if it is still there, and make it idle.
 * Safe on an idle ebb_wait.  Context: any, lock held.  Cost: O(1) when it is
 * not on the list (the common case: it fired, or never waited), else
 * O(list length).
 */
static inline void ebb_wait_remove_locked(ebb_wait *w, ebb_list *list)
{
    if (ebb_node_linked(&w->node)) {
        (void)ebb_list_remove(list, &w->node);
    }
    w->task = NULL;
}

/**
 * Wake the first waiter of `list` (taking it off the list).  Returns whether
 * there was one.  Context: any, lock held.  Cost: O(1) + ebb_wake.
 */
bool ebb_waitlist_wake_one_locked(ebb_list *list);

/**
 * Wake every waiter of `list`.  Context: any, lock held.
 * Cost: O(waiters) wakes.
 */
void ebb_waitlist_wake_all_locked(ebb_list *list);

/** ebb_waitlist_wake_all_locked() inside its own critical section.
 *  Context: any (the usual call from an interrupt handler).  */
void ebb_waitlist_wake_all(ebb_list *list);

/**
 * ebb_waitlist_wake_all(), inlined into the caller: for the one hot
 * interrupt handler whose every cycle counts (call, return and a second
 * prologue saved, and the handler's code stays in one place in flash).
 * Context: any.  Cost: as ebb_waitlist_wake_all, minus a call.
 */
static inline void ebb_waitlist_wake_all_inline(ebb_list *list)
{
    ebb_irq_state s = ebb_port_lock();
    ebb_node *n;
    while ((n = ebb_list_pop_front(list)) != NULL) {
        (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    }
    ebb_port_unlock(s);
}

/* Internal: ebb_wait_on() when it has to take the lock. */
ebb_poll_t ebb__wait_on_locked_path(ebb_wait *w, ebb_list *list);

/**
 * The generic awaitable "wait until someone wakes this list": READY once a
 * waker has popped `w` (see ebb_waitlist_wake_*), PENDING until then.
 * Interrupt-driven events (an EXTI edge, a DMA completion) are built on it.
 * The resume after a wake is inlined and takes no lock: a fired wait is on
 * no list, so no interrupt can touch it any more.
 * Contract wait:1.  Context: task.  Cost: a few instructions on resume;
 * O(1) to register, O(n) when cancelled.
 */
EBB_AWAITABLE static inline ebb_poll_t ebb_wait_on(ebb_wait *w, ebb_list *list)
{
    if (ebb_wait_fired(w) && !ebb_cancelling()) {
        w->task = NULL;
        return EBB_READY;
    }
    return ebb__wait_on_locked_path(w, list);
}
#define ebb_wait_on(...) EBB_AWAITABLE_CALL(ebb_wait_on, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif /* EBB_WAIT_H */
