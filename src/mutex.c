/* mutex.c - async mutex with FIFO hand-over. */
#include "ebb/executor.h"
#include "ebb/mutex.h"
#include "ebb/port.h"

EBB_MODULE("mutex");

/* Give `m` to its longest waiter, or free it. */
static void hand_over_locked(ebb_mutex *m)
{
    ebb_wait *n = ebb_waitlist_first(&m->waiters);
    if (n != NULL) {
        ebb_dnode_unlink(&n->node);
    }
    m->owner = n ? n->task : NULL;
    if (n != NULL) {
        (void)ebb__wake_locked(m->owner);
    }
}

/* An owner that is no longer running (its body returned, or it was
 * cancelled and the mutex is not in the mutex table) will never unlock:
 * contract mutex:4.  Contracts off: the mutex is handed on as its unlock
 * would have.  Checked where a task finds the mutex owned, so it costs
 * nothing while the mutex is free. */
static void reclaim_from_gone_owner_locked(ebb_mutex *m)
{
    if (m->owner != NULL && m->owner->state != EBB_TASK_RUNNING) {
        EBB_REQUIRE(4, false);
        hand_over_locked(m);
    }
}

ebb_poll_t (ebb_mutex_lock)(ebb_wait *w, ebb_mutex *m)
{
    ebb_poll_t r = EBB_PENDING;
    /* Outside a task there is nobody to own it or to wake: contracts off,
     * it stays pending and registers nothing. */
    EBB_REQUIRE_OR(3, ebb__cur != NULL, return EBB_PENDING);
    ebb_irq_state s = ebb_port_lock();

    if (ebb_cancelling()) {
        bool handed = ebb_wait_fired(w) && m->owner == w->task;
        ebb_wait_remove_locked(w);
        if (handed) {
            /* Ownership arrived but the lock is being abandoned: pass it on
             * rather than leave the mutex owned by nobody awake. */
            hand_over_locked(m);
        }
    } else if (w->task == NULL) {
        /* A fresh lock attempt. */
        /* Contracts off: a second lock by the owner stays pending without
         * queueing (queued behind itself it would wait for good anyway). */
        EBB_REQUIRE_OR(1, m->owner != ebb__cur, ebb_port_unlock(s); return EBB_PENDING);
        reclaim_from_gone_owner_locked(m);
        if (m->owner == NULL) {
            m->owner = ebb__cur;
            m->owner_context = ebb_port_context();
            r = EBB_READY;
        } else {
            ebb_wait_add_locked(w, &m->waiters);
        }
    } else if (ebb_wait_fired(w) && m->owner == w->task) {
        w->task = NULL; /* unlock handed it to us */
        m->owner_context = ebb_port_context();
        r = EBB_READY;
    } else {
        ebb_wait_add_locked(w, &m->waiters);
    }
    ebb_port_unlock(s);
    return r;
}

bool ebb_mutex_lock_if_free(ebb_mutex *m)
{
    bool r = false;
    EBB_REQUIRE_OR(3, ebb__cur != NULL && !ebb_cancelling(), return false);
    ebb_irq_state s = ebb_port_lock();
    reclaim_from_gone_owner_locked(m);
    if (m->owner == NULL) {
        m->owner = ebb__cur;
        m->owner_context = ebb_port_context();
        r = true;
    }
    ebb_port_unlock(s);
    return r;
}

void ebb__mutex_drop_holder(ebb_task *t)
{
    for (ebb_mutex *const *p = __start_ebb_mutexes; p < __stop_ebb_mutexes; p++) {
        ebb_mutex *m = *p;
        ebb_irq_state s = ebb_port_lock();
        if (m->owner == t) {
            hand_over_locked(m); /* never left owned by a task that will not unlock it */
        }
        ebb_port_unlock(s);
    }
}

void ebb_mutex_unlock(ebb_mutex *m)
{
    ebb_irq_state s = ebb_port_lock();
    EBB_REQUIRE_OR(3, ebb__cur != NULL && !ebb_cancelling(), ebb_port_unlock(s); return);
    EBB_REQUIRE_OR(2, m->owner == ebb__cur, ebb_port_unlock(s); return);
    /* The owner is the task being polled, but an interrupt handler that
     * landed inside its poll is not that task: mutex:3 (contracts off:
     * no-op, ownership unchanged). */
    EBB_REQUIRE_OR(3, ebb_port_context() == m->owner_context, ebb_port_unlock(s); return);
    hand_over_locked(m);
    ebb_port_unlock(s);
}
