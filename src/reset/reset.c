/* reset.c - return static objects to their defined state (ebb/reset.h).
 *
 * One file for every object's reset: they share their contracts (module
 * "reset"), none of them is on a hot path, and a program that never resets
 * anything links none of this. */
#include <string.h>

#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/reset.h"

EBB_MODULE("reset");

/* The checks every reset starts with: reset:3 (an object). */
#define RESET_PRECONDITIONS(obj) EBB_REQUIRE_OR(3, (obj) != NULL, return EBB_EINVAL)

/* reset:2, with the lock held: a waiter still linked to the object would be
 * left pointing into a list that no longer knows it. */
#define RESET_REQUIRE_NO_WAITER(cond, s)                                       \
    EBB_REQUIRE_OR(2, (cond), ebb_port_unlock(s); return EBB_EBUSY)

int ebb_task_reset(ebb_task *t)
{
    RESET_PRECONDITIONS(t);
    for (;;) {
        /* Withdraw its wakers while what it waits on is intact - or, when
         * its body runs now or it owns a mutex, change nothing (EBB_EBUSY). */
        int r = ebb_task_cancel(t);
        if (r != EBB_OK) {
            return r;
        }
        ebb_irq_state s = ebb_port_lock();
        if ((t->state & EBB__TASK_BUSY) != 0) {
            ebb_port_unlock(s);
            return EBB_EBUSY; /* claimed again since the cancel */
        }
        if ((t->state & (unsigned)EBB_TASK_RUNNING) == 0) {
            /* A task still queued stays queued (its executor skips it and
             * drops the link at its next pass): the run queue is never
             * walked. */
            t->co.resume = 0;
            t->state = (uint8_t)EBB_TASK_IDLE;
            ebb_port_unlock(s);
            return EBB_OK;
        }
        /* Spawned again since the cancel - by an interrupt, which may have
         * run it already on its own executor, so it may wait somewhere:
         * making it idle now would leave that wait registered.  Cancel
         * that run too. */
        ebb_port_unlock(s);
    }
}

/* Empty a channel's ring, refused while a task waits on either side. */
static int reset_ring(ebb__ring *r, const ebb_waitlist *a, const ebb_waitlist *b)
{
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(a) && ebb_waitlist_empty(b), s);
    r->head = 0;
    r->count = 0;
    ebb_port_unlock(s);
    return EBB_OK;
}

int ebb_channel_reset(ebb_channel *ch)
{
    RESET_PRECONDITIONS(ch);
    return reset_ring(&ch->ring, &ch->senders, &ch->receivers);
}

int ebb_spsc_reset(ebb_spsc *q)
{
    RESET_PRECONDITIONS(q);
    return reset_ring(&q->ring, &q->producer, &q->consumer);
}

int ebb_mutex_reset(ebb_mutex *m)
{
    RESET_PRECONDITIONS(m);
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(&m->waiters), s);
    /* An owner that runs will unlock it: resetting under it is refused. */
    RESET_REQUIRE_NO_WAITER(m->owner == NULL || (m->owner->state & (EBB__TASK_BUSY |
                                                 (unsigned)EBB_TASK_RUNNING)) == 0, s);
    ebb__mutex_reset_owner_locked(m);
    ebb_port_unlock(s);
    return EBB_OK;
}

int ebb_sem_reset(ebb_sem *sem, uint32_t count)
{
    RESET_PRECONDITIONS(sem);
    EBB_REQUIRE_OR(4, count <= sem->limit, return EBB_EINVAL);
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(&sem->waiters), s);
    sem->count = count;
    ebb_port_unlock(s);
    return EBB_OK;
}

int ebb_pool_reset(ebb_pool *p)
{
    RESET_PRECONDITIONS(p);
    ebb_irq_state s = ebb_port_lock();
    /* A block handed to a woken waiter that has not resumed yet is that
     * waiter's: the pool cannot forget it under it. */
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(&p->waiters) && p->handed == 0, s);
    /* As EBB_POOL_INITIALIZER left it: every block not allocated since
     * (fresh 0 makes every link stale; none is written: O(1)). */
    p->free = 0;
    p->handed = 0;
    p->fresh = 0;
    ebb_port_unlock(s);
    return EBB_OK;
}

/* Only the timer's first members (its wait and deadline) and the period,
 * through its own pointer, are touched. */
int ebb__ticker_reset(ebb_timer *timer, ebb__ticks_word_aligned *period)
{
    RESET_PRECONDITIONS(timer);
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(!ebb_timer_armed(timer), s);
    timer->wait.task = NULL;
    timer->deadline = 0;
    *period = 0;
    ebb_port_unlock(s);
    return EBB_OK;
}
