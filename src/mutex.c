/* mutex.c - async mutex with FIFO hand-over. */
#include "ebb/executor.h"
#include "ebb/mutex.h"
#include "ebb/port.h"
#include "holds.h"

EBB_MODULE("mutex");

/* Inside a task's poll and not cancelling a branch of it: ebb__cur is
 * neither NULL nor the cancel marker, both at or below the marker's small
 * address where no task lives - one unsigned compare for both. */
static inline bool in_task_poll(const ebb_task *cur)
{
    return (uintptr_t)cur > (uintptr_t)EBB__CANCEL_MARKER;
}

/* The context `cur`'s executor polls it in (ebb/port.h), asked only
 * outside thread mode. */
static uint32_t home_context(const ebb_task *cur)
{
    return ebb_port_poll_context(__start_ebb_executors[cur->exec]);
}

/* A lock, lock_if_free or unlock outside thread mode (ctx != 0) is made by
 * `cur` itself when its executor polls in ctx; otherwise it is an interrupt
 * handler that landed inside cur's poll (mutex:3).  Every executor's
 * context is known: main's, the port's interrupt executors', and for an
 * application's pender what it declared (EBB_EXECUTOR_CONTEXT_ENTRY;
 * undeclared is thread mode). */
static bool context_ok(const ebb_task *cur, uint32_t ctx)
{
    return home_context(cur) == ctx;
}

/* Give `m` (owned) to its longest waiter, or free it.  The hold moves
 * with it: the owner counts one less, the waiter one more (ebb/task.h), so
 * a mutex handed to a task that has not run yet already counts as its. */
static void hand_over_locked(ebb_mutex *m)
{
    ebb__task_unhold_locked(m->owner);
    ebb_wait *n = ebb_waitlist_first(&m->waiters);
    if (n != NULL) {
        ebb_dnode_unlink(&n->node);
    }
    m->owner = n ? n->task : NULL;
    if (n != NULL) {
        ebb__task_hold_locked(m->owner);
        (void)ebb__wake_locked(m->owner);
    }
}

/* An owner that is no longer running (its body returned owning it, task:5
 * with contracts on) will never unlock: contract mutex:4.  Contracts off: the mutex is handed on as its unlock
 * would have.  Checked where a task finds the mutex owned, so it costs
 * nothing while the mutex is free. */
static void reclaim_from_gone_owner_locked(ebb_mutex *m)
{
    if (m->owner != NULL && !ebb__task_running(m->owner)) {
        EBB_REQUIRE(4, false);
        hand_over_locked(m);
    }
}

ebb_poll_t (ebb_mutex_lock)(ebb_wait *w, ebb_mutex *m)
{
    ebb_poll_t r = EBB_PENDING;
    /* Outside a task there is nobody to own it or to wake, and an
     * interrupt handler that landed inside a task's poll is not that task:
     * contracts off, it stays pending and registers nothing. */
    EBB_REQUIRE_OR(3, ebb__cur != NULL, return EBB_PENDING);
    uint32_t const ctx = ebb_port_context();
    if (ctx != 0 && !ebb_cancelling()) {
        EBB_REQUIRE_OR(3, context_ok(ebb__cur, ctx), return EBB_PENDING);
    }
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
            ebb__task_hold_locked(ebb__cur);
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

/* ebb_mutex_lock_if_free() when the fast path below does not apply: outside
 * a task's poll or while cancelling (mutex:3), outside thread mode (a task
 * of an interrupt executor, or an interrupt handler inside some task's
 * poll: mutex:3), or `m` owned (taken only if its owner is gone: mutex:4,
 * reclaimed).  Contracts off, a refusal returns false. */
__attribute__((noinline)) static bool lock_if_free_slow(ebb_mutex *m)
{
    ebb_task *const cur = ebb__cur;
    uint32_t const ctx = ebb_port_context();
    EBB_REQUIRE_OR(3, in_task_poll(cur), return false);
    EBB_REQUIRE_OR(3, ctx == 0 || context_ok(cur, ctx), return false);
    ebb_irq_state s = ebb_port_lock();
    reclaim_from_gone_owner_locked(m);
    bool r = m->owner == NULL;
    if (r) {
        m->owner = cur;
        ebb__task_hold_locked(cur);
    }
    ebb_port_unlock(s);
    return r;
}

bool ebb_mutex_lock_if_free(ebb_mutex *m)
{
    /* Fast: a task of main's executor (thread mode) finds it free.  Its
     * context is 0, recorded by nobody: an unlock checks the context only
     * outside thread mode, and there knows main's executor polls in it.
     * (Shaped so that the slow path is one jump: no frame, no copies.) */
    ebb_task *const cur = ebb__cur;
    if (EBB_LIKELY(in_task_poll(cur) && ebb_port_context() == 0)) {
        ebb_irq_state s = ebb_port_lock();
        if (EBB_LIKELY(m->owner == NULL)) {
            m->owner = cur;
            ebb__task_hold_locked(cur);
            ebb_port_unlock(s);
            return true;
        }
        ebb_port_unlock(s);
    }
    return lock_if_free_slow(m);
}

unsigned ebb__mutex_holds(ebb_task *t, bool give_back)
{
    unsigned n = 0;
    for (ebb_mutex *const *p = __start_ebb_mutexes; p < __stop_ebb_mutexes; p++) {
        ebb_mutex *m = *p;
        ebb_irq_state s = ebb_port_lock();
        if (m->owner == t) {
            n++;
            if (give_back) {
                hand_over_locked(m); /* never left owned by a task that will not unlock it */
            }
        }
        ebb_port_unlock(s);
    }
    return n;
}

void ebb__mutex_reset_owner_locked(ebb_mutex *m)
{
    if (m->owner != NULL) {
        ebb__task_unhold_locked(m->owner);
        m->owner = NULL;
    }
}

/* ebb_mutex_unlock() when the fast path below does not apply: refused
 * (contracts in the order they are documented: outside a task's poll or
 * while cancelling mutex:3; not the owner mutex:2; an interrupt handler
 * that landed inside the owner's poll - ebb__cur still names the owner -
 * mutex:3; contracts off, a no-op, ownership unchanged), or a legitimate
 * unlock outside thread mode, or one with tasks waiting. */
__attribute__((noinline)) static void unlock_slow(ebb_mutex *m)
{
    ebb_task *const cur = ebb__cur;
    uint32_t const ctx = ebb_port_context();
    EBB_REQUIRE_OR(3, in_task_poll(cur), return);
    ebb_irq_state s = ebb_port_lock();
    EBB_REQUIRE_OR(2, m->owner == cur, ebb_port_unlock(s); return);
    EBB_REQUIRE_OR(3, ctx == 0 || context_ok(cur, ctx), ebb_port_unlock(s); return);
    hand_over_locked(m);
    ebb_port_unlock(s);
}

void ebb_mutex_unlock(ebb_mutex *m)
{
    /* Fast: the owner, in thread mode, nobody waiting.  Owner and task
     * are compared before the lock: while the caller owns `m`, only the
     * caller changes its owner (a wake adds waiters, never an owner), so a
     * pass stays true.  The owner is never the cancel marker (only a task
     * in its poll locks), so owner == cur rules out a cancel; cur != NULL
     * a free mutex unlocked outside a task.  (Shaped so that the slow path
     * is one jump: no frame, no copies.) */
    ebb_task *const cur = ebb__cur;
    if (EBB_LIKELY(m->owner == cur && cur != NULL && ebb_port_context() == 0)) {
        ebb_irq_state s = ebb_port_lock();
        if (EBB_LIKELY(ebb_waitlist_empty(&m->waiters))) {
            m->owner = NULL;
            ebb__task_unhold_locked(cur);
            ebb_port_unlock(s);
            return;
        }
        ebb_port_unlock(s);
    }
    unlock_slow(m);
}
