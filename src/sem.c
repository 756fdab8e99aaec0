/* sem.c - counting semaphore with direct hand-off to the oldest waiter. */
#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/sem.h"
#include "ebb/driver/wait.h"

EBB_MODULE("sem");

/* sem:1 with its fallback when contracts are compiled out: refuse a NULL
 * semaphore instead of reading through it (address 0 is the vector table
 * on a Cortex-M, so it would not even fault). */
#define SEM_VALID_OR_RETURN(s, r)                                              \
    do {                                                                       \
        if (EBB_UNLIKELY((s) == NULL)) {                                       \
            EBB_REQUIRE(1, false);                                             \
            return (r);                                                        \
        }                                                                      \
    } while (0)

/* Invariant: count > 0 only while no task waits.  A give therefore either
 * hands its token to a waiter or counts it, and a take that finds a token
 * cannot be overtaking anybody. */
static int give_locked(ebb_sem *s)
{
    ebb_dnode *n = ebb_dlist_pop_front(&s->waiters.l);
    if (n != NULL) {
        EBB__TRACE(EBB_TRACE_FIRE, &s->waiters, 0);
        (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
        return EBB_OK;
    }
    if (s->count >= s->limit) {
        return EBB_EAGAIN;
    }
    s->count++;
    return EBB_OK;
}

int ebb_sem_give(ebb_sem *s)
{
    SEM_VALID_OR_RETURN(s, EBB_EINVAL);
    ebb_irq_state st = ebb_port_lock();
    int r = give_locked(s);
    ebb_port_unlock(st);
    return r;
}

int ebb_sem_try_take(ebb_sem *s)
{
    SEM_VALID_OR_RETURN(s, EBB_EINVAL);
    int r = EBB_EAGAIN;
    ebb_irq_state st = ebb_port_lock();
    if (s->count > 0) {
        s->count--;
        r = EBB_OK;
    }
    ebb_port_unlock(st);
    return r;
}

ebb_poll_t ebb__sem_take_locked_path(ebb_cx *cx, ebb_wait *w, ebb_sem *s)
{
    SEM_VALID_OR_RETURN(s, EBB_PENDING);
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state st = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &s->waiters))) {
        ebb_port_unlock(st);
        return ebb__wait_refuse(cx, w);
    }
    /* A fired wait here was fired by this semaphore's give: its token. */
    if (ebb_cx_cancelling(cx)) {
        bool handed = ebb_wait_fired(w);
        ebb_wait_remove_locked(w);
        if (handed) {
            /* A token arrived but the take is abandoned: pass it on, or
             * the next waiter would wait for a token that exists. */
            (void)give_locked(s);
        }
    } else if (ebb_wait_fired(w)) {
        ebb_wait_remove_locked(w);
        r = EBB_READY;
    } else if (ebb_wait_linked(w)) {
        /* a spurious poll: still queued */
    } else if (s->count > 0) {
        s->count--; /* nobody waits (invariant), so nobody is overtaken */
        r = EBB_READY;
    } else {
        ebb_wait_add_locked(cx, w, &s->waiters);
    }
    ebb_port_unlock(st);
    return r;
}
