/* reset.c - return static objects to their defined state (ebb/reset.h).
 *
 * One file for every object's reset: they share their contracts (module
 * "reset"), none of them is on a hot path, and a program that never resets
 * anything links none of this. */
#include <string.h>

#include "ebb/executor.h"
#include "ebb/port.h"
#include "ebb/reset.h"

EBB_MODULE("reset");

/* The checks every reset starts with: reset:3 (an object), reset:1 (not
 * from inside a poll, where the task being reset could be the caller). */
#define RESET_PRECONDITIONS(obj)                                               \
    EBB_REQUIRE_OR(3, (obj) != NULL, return EBB_EINVAL);                       \
    EBB_REQUIRE_OR(1, ebb__cur == NULL, return EBB_EBUSY)

/* reset:2, with the lock held: a waiter still linked to the object would be
 * left pointing into a list that no longer knows it. */
#define RESET_REQUIRE_NO_WAITER(cond, s)                                       \
    EBB_REQUIRE_OR(2, (cond), ebb_port_unlock(s); return EBB_EBUSY)

/* The executor a task last ran on, or NULL. */
static ebb_executor *executor_of(const ebb_task *t)
{
    return t->exec < ebb_executor_count() ? __start_ebb_executors[t->exec] : NULL;
}

int ebb_task_reset(ebb_task *t)
{
    RESET_PRECONDITIONS(t);
    /* Withdraw its wakers while what it waits on is intact, and give back
     * what it holds - or, when something it holds is outside the tables
     * (task:4), change nothing. */
    int r = ebb_task_cancel(t);
    if (r != EBB_OK) {
        return r;
    }

    ebb_irq_state s = ebb_port_lock();
    ebb_executor *ex = executor_of(t);
    if (ebb_node_linked(&t->node)) {
        /* Queued by a wake before the cancel: leave the run queue, so the
         * task may be spawned on any executor afterwards.  Not on it: the
         * queue was emptied since (ebb_host_reset()), the link is stale -
         * drop it, or the next spawn would think the task already queued. */
        if (ex == NULL || !ebb_list_remove(&ex->ready, &t->node)) {
            t->node.next = NULL;
        }
    }
    t->co.resume = 0;
    t->state = (uint8_t)(t->state & ~EBB__TASK_STATE_MASK); /* idle; the count is 0 */
    ebb_port_unlock(s);
    return EBB_OK;
}

int ebb_channel_reset(ebb_channel *ch)
{
    RESET_PRECONDITIONS(ch);
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(&ch->senders) && ebb_waitlist_empty(&ch->receivers), s);
    ch->head = 0;
    ch->count = 0;
    ch->fill = 0;
    ebb__channel_reset_holders_locked(ch);
    ebb_port_unlock(s);
    return EBB_OK;
}

int ebb_mutex_reset(ebb_mutex *m)
{
    RESET_PRECONDITIONS(m);
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(&m->waiters), s);
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
    RESET_REQUIRE_NO_WAITER(ebb_waitlist_empty(&p->waiters), s);
    /* As EBB_POOL_INITIALIZER left it: every block never used (zero link). */
    memset(p->link, 0, (size_t)p->count * sizeof p->link[0]);
    p->free = EBB__POOL_END;
    p->handed = EBB__POOL_END;
    p->fresh = 0;
    ebb_port_unlock(s);
    return EBB_OK;
}

int ebb_parker_reset(ebb_parker *pk)
{
    RESET_PRECONDITIONS(pk);
    ebb_irq_state s = ebb_port_lock();
    RESET_REQUIRE_NO_WAITER(pk->parked == NULL, s);
    pk->permit = 0;
    ebb_port_unlock(s);
    return EBB_OK;
}

/* Only the timer's first members (its wait and deadline, laid out alike
 * whatever EBB_CONFIG_TIMER_QUEUE_LIST) and the period, through its own
 * pointer, are touched: the caller's file may have the other layout. */
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
