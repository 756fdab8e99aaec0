/* mutex.c - an async mutex owned by tasks, handed on in FIFO order. */
#include "ebb/executor.h"
#include "ebb/mutex.h"
#include "ebb/driver/port.h"
#include "ebb/driver/wait.h"

EBB_MODULE("mutex");

/* The owner's count of mutexes (its state byte's bits 3-7, ebb/task.h)
 * moves only in the owner's own poll (lock, unlock) - or, for an owner
 * that is no longer running and not claimed, under the lock here - so it
 * is always written by the one context allowed to write the byte. */
static void count_hold(ebb_task *t) { t->state = (uint8_t)(t->state + EBB__TASK_HOLD); }
/* Room for one more in the count (5 bits: 31 mutexes at once). */
static bool can_hold(const ebb_task *t) { return ebb__task_holds(t) < 31u; }
static void count_unhold(ebb_task *t)
{
    if (t->state >= EBB__TASK_HOLD) {
        t->state = (uint8_t)(t->state - EBB__TASK_HOLD);
    }
}

/* Give `m` to its longest waiter (which counts it when it resumes), or
 * free it.  Lock held. */
static void hand_over_locked(ebb_mutex *m)
{
    ebb_wait *n = ebb_waitlist_first(&m->waiters);
    if (n != NULL) {
        ebb_dnode_unlink(&n->node);
        m->owner = n->task;
        (void)ebb__wake_locked(n->task);
    } else {
        m->owner = NULL;
    }
}

/* An owner that is no longer running (its body returned owning it, task:5)
 * will never unlock: reclaim the mutex (mutex:4).  Lock held. */
static void reclaim_from_gone_owner_locked(ebb_mutex *m)
{
    ebb_task *o = m->owner;
    if (o != NULL && (o->state & (EBB__TASK_BUSY | (unsigned)EBB_TASK_RUNNING)) == 0) {
        EBB_REQUIRE(4, false);
        count_unhold(o);
        hand_over_locked(m);
    }
}

ebb_poll_t (ebb_mutex_lock)(ebb_cx *cx, ebb_wait *w, ebb_mutex *m)
{
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &m->waiters))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    if (ebb_cx_cancelling(cx)) {
        bool handed = ebb_wait_fired(w) && m->owner == w->task;
        ebb_wait_remove_locked(w);
        if (handed) {
            /* Ownership arrived but the lock is abandoned: pass it on
             * rather than leave the mutex owned by nobody awake. */
            hand_over_locked(m);
        }
    } else if (ebb_wait_fired(w)) {
        if (m->owner == cx->task) { /* unlock handed it to us */
            ebb_wait_remove_locked(w);
            count_hold(cx->task);
            r = EBB_READY;
        } else {
            ebb_wait_add_locked(cx, w, &m->waiters); /* cannot happen: keep waiting */
        }
    } else if (ebb_wait_linked(w)) {
        /* a spurious poll: still queued */
    } else if (m->owner == cx->task) {
        ebb_port_unlock(s);
        EBB_REQUIRE(1, false); /* queued behind itself it would wait for good */
        return EBB_PENDING;
    } else if (EBB_UNLIKELY(!can_hold(cx->task))) {
        ebb_port_unlock(s);
        EBB_REQUIRE(5, false); /* a 32nd mutex: the count would wrap */
        return EBB_PENDING;
    } else {
        reclaim_from_gone_owner_locked(m);
        if (m->owner == NULL) {
            m->owner = cx->task;
            count_hold(cx->task);
            r = EBB_READY;
        } else {
            ebb_wait_add_locked(cx, w, &m->waiters);
        }
    }
    ebb_port_unlock(s);
    return r;
}

bool ebb_mutex_lock_if_free(ebb_cx *cx, ebb_mutex *m)
{
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!can_hold(cx->task))) {
        ebb_port_unlock(s);
        EBB_REQUIRE(5, false); /* a 32nd mutex: the count would wrap */
        return false;
    }
    reclaim_from_gone_owner_locked(m);
    bool const r = m->owner == NULL;
    if (r) {
        m->owner = cx->task;
        count_hold(cx->task);
    }
    ebb_port_unlock(s);
    return r;
}

void ebb_mutex_unlock(ebb_cx *cx, ebb_mutex *m)
{
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(m->owner != cx->task)) {
        ebb_port_unlock(s);
        EBB_REQUIRE(2, false);
        return;
    }
    count_unhold(cx->task);
    hand_over_locked(m);
    ebb_port_unlock(s);
}

void ebb__mutex_reset_owner_locked(ebb_mutex *m)
{
    if (m->owner != NULL) {
        count_unhold(m->owner);
        m->owner = NULL;
    }
}
