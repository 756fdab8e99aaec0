/* wait.c - wait lists and the generic "wait until woken" awaitable. */
#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/wait.h"
#include "ebb/driver/wait.h"

EBB_MODULE("wait");

__attribute__((cold, noinline)) ebb_poll_t ebb__wait_refuse(const ebb_cx *cx, const ebb_wait *w)
{
    if (ebb_cx_cancelling(cx)) {
        return EBB_PENDING; /* nothing of this await is registered: nothing to withdraw */
    }
    if (w->task != cx->task) {
        EBB_REQUIRE(3, false); /* another task's registration */
    } else {
        EBB_REQUIRE(2, false); /* this task's registration on another object */
    }
    return EBB_PENDING;
}

void ebb_wait_add_locked(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list)
{
    if (!ebb_dnode_linked(&w->node)) {
        w->task = NULL; /* new (or fired): to the back of the line */
    }
    ebb__wait_miss_locked(cx, w, list, false);
}

void ebb__wait_miss_locked(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list, bool more)
{
    if (ebb_cx_cancelling(cx)) {
        /* A turn handed to a waiter that leaves is passed on. */
        bool const had_turn = more && ebb_wait_fired(w);
        ebb_wait_remove_locked(w);
        if (had_turn) {
            (void)ebb_waitlist_wake_one_locked(list);
        }
        return;
    }
    if (ebb_dnode_linked(&w->node)) {
        return; /* a re-poll while waiting: already registered here */
    }
    /* At the back if it is new, at the front if it was woken but the item
     * went elsewhere first (it keeps its turn). */
    ebb__dlist_link(&list->l, &w->node, w->task != NULL);
    w->task = cx->task;
    w->list = list;
    EBB__TRACE(EBB_TRACE_WAIT, list, 0);
}

bool ebb_waitlist_wake_one_locked(ebb_waitlist *list)
{
    ebb_dnode *n = ebb_dlist_pop_front(&list->l);
    if (n == NULL) {
        return false;
    }
    EBB__TRACE(EBB_TRACE_FIRE, list, 0);
    (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    return true;
}

void ebb_waitlist_wake_all(ebb_waitlist *list)
{
    /* Detach the waiters present now onto a list of our own (O(1)), then
     * wake them one critical section at a time.  A waiter cancelled
     * meanwhile unlinks itself from this local list, which needs no help
     * from us; one that registers again goes on `list`, for the next event.
     * A waiter on the batch still names `list` (ebb_wait::list), so a
     * re-poll of it meanwhile is a re-poll, not a new registration. */
    ebb_waitlist batch;
    ebb_irq_state s = ebb_port_lock();
    ebb_dnode *const first = ebb_dlist_first(&list->l);
    if (first == NULL || ebb_dnode_alone(first)) {
        (void)ebb_waitlist_wake_one_locked(list); /* none or one: one step */
        ebb_port_unlock(s);
        return;
    }
    ebb_dlist_move_all(&list->l, &batch.l);
    for (;;) {
        bool const more = ebb_waitlist_wake_one_locked(&batch);
        ebb_port_unlock(s);
        if (!more) {
            return;
        }
        s = ebb_port_lock();
    }
}

ebb_poll_t ebb__wait_on_locked_path(ebb_cx *cx, ebb_wait *w, ebb_waitlist *list)
{
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, list))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    if (!ebb_cx_cancelling(cx) && ebb_wait_fired(w)) {
        w->task = NULL;
        w->list = NULL;
        r = EBB_READY;
    } else {
        ebb__wait_miss_locked(cx, w, list, false); /* broadcast: no turn to pass */
    }
    ebb_port_unlock(s);
    return r;
}
