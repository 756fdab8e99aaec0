/* mutex.c - async mutex with FIFO hand-over. */
#include "ebb/executor.h"
#include "ebb/mutex.h"
#include "ebb/port.h"

EBB_MODULE("mutex");

/* Inside a task's poll and not cancelling a branch of it: ebb__cur is
 * neither NULL nor the cancel marker, both at or below the marker's small
 * address where no task lives - one unsigned compare for both. */
static inline bool in_task_poll(const ebb_task *cur)
{
    return (uintptr_t)cur > (uintptr_t)EBB__CANCEL_MARKER;
}

/* The refusals below are out of line and called last, so the fast paths
 * that call them need no stack frame.  With contracts on they never return
 * (the hook does not); were GCC to see that, it would call them with a
 * frame kept for the backtrace instead of jumping: noipa keeps it from
 * looking. */
#if defined(__GNUC__) && !defined(__clang__)
#define EBB__REFUSAL __attribute__((noinline, noipa, cold))
#else
#define EBB__REFUSAL __attribute__((noinline, cold))
#endif

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

/* ebb_mutex_lock_if_free() outside a task's poll (or while cancelling):
 * mutex:3; contracts off, false.  Out of line, like the owned case below:
 * the uncontended take then needs no stack frame. */
EBB__REFUSAL static bool lock_if_free_refused(void)
{
    EBB_REQUIRE(3, false);
    return false;
}

/* ebb_mutex_lock_if_free() finding `m` owned: taken only if its owner is
 * gone (mutex:4, reclaimed).  Unlocks `s`. */
__attribute__((noinline)) static bool lock_if_owned(ebb_mutex *m, ebb_irq_state s)
{
    ebb_task *const cur = ebb__cur;
    reclaim_from_gone_owner_locked(m);
    bool r = m->owner == NULL;
    if (r) {
        m->owner = cur;
        m->owner_context = ebb_port_context();
    }
    ebb_port_unlock(s);
    return r;
}

bool ebb_mutex_lock_if_free(ebb_mutex *m)
{
    ebb_task *const cur = ebb__cur;
    if (EBB_UNLIKELY(!in_task_poll(cur))) {
        return lock_if_free_refused();
    }
    uint32_t const ctx = ebb_port_context();
    ebb_irq_state s = ebb_port_lock();
    if (EBB_LIKELY(m->owner == NULL)) {
        m->owner = cur;
        m->owner_context = ctx;
        ebb_port_unlock(s);
        return true;
    }
    return lock_if_owned(m, s);
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

/* Why an unlock was refused, in the order the contracts are documented:
 * outside a task's poll (or while cancelling) mutex:3; not the owner
 * mutex:2; the owner is the task being polled but the caller is an
 * interrupt handler that landed inside its poll (ebb__cur still names the
 * task; the execution context tells them apart) mutex:3.  Contracts off:
 * the unlock is a no-op, ownership unchanged. */
EBB__REFUSAL static void unlock_refused(const ebb_mutex *m)
{
    EBB_REQUIRE(3, in_task_poll(ebb__cur));
    EBB_REQUIRE(2, m->owner == ebb__cur);
    EBB_REQUIRE(3, false);
    (void)m;
}

/* An unlock with tasks waiting: out of line, so the unlock of a mutex
 * nobody waits for needs no stack frame.  Unlocks `s`. */
__attribute__((noinline)) static void unlock_to_waiter(ebb_mutex *m, ebb_irq_state s)
{
    hand_over_locked(m);
    ebb_port_unlock(s);
}

void ebb_mutex_unlock(ebb_mutex *m)
{
    /* The three refusals in one test, before the lock: while the caller
     * owns `m`, only the caller changes its owner and context (a wake
     * adds waiters, never an owner), so a pass here stays true; a failure
     * changes nothing.  The owner is never the cancel marker (only a task
     * in its poll locks), so owner == cur rules out a cancel; cur != NULL
     * a free mutex unlocked outside a task; the context, a handler that
     * landed inside the owner's poll. */
    ebb_task *const cur = ebb__cur;
    if (EBB_UNLIKELY(m->owner != cur || cur == NULL || m->owner_context != ebb_port_context())) {
        unlock_refused(m);
        return;
    }
    ebb_irq_state s = ebb_port_lock();
    if (!ebb_waitlist_empty(&m->waiters)) {
        unlock_to_waiter(m, s);
        return;
    }
    m->owner = NULL;
    ebb_port_unlock(s);
}
