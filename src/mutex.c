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
        if (m->owner == NULL) {
            m->owner = ebb__cur;
            r = EBB_READY;
        } else {
            ebb_wait_add_locked(w, &m->waiters);
        }
    } else if (ebb_wait_fired(w) && m->owner == w->task) {
        w->task = NULL; /* unlock handed it to us */
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
    if (m->owner == NULL) {
        m->owner = ebb__cur;
        r = true;
    }
    ebb_port_unlock(s);
    return r;
}

void ebb_mutex_unlock(ebb_mutex *m)
{
    ebb_irq_state s = ebb_port_lock();
    EBB_REQUIRE_OR(3, ebb__cur != NULL && !ebb_cancelling(), ebb_port_unlock(s); return);
    EBB_REQUIRE_OR(2, m->owner == ebb__cur, ebb_port_unlock(s); return);
    hand_over_locked(m);
    ebb_port_unlock(s);
}
