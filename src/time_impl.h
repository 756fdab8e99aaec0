/*
 * time_impl.h - the part of the timer code that does not depend on how the
 * queue of armed timers is kept: sleeps, tickers, the alarm handler.  Private
 * to the core; included first by each queue implementation:
 *   src/time.c                  a red-black tree (the default): O(log n)
 *   src/time_list/time_list.c   a sorted list (ebb::timer_list): O(n) arm,
 *                               the smallest code
 * Each defines the same six things (docs/design.md, "Timer queue"):
 *   queue_first()  the earliest armed timer's node (NULL when none), O(1);
 * A queued timer's wait.node.next is never NULL, and it is NULL once the
 * timer left the queue (that is ebb_timer_armed());
 *   insert(n)      queue an armed timer (deadline set, task set), after
 *                  every timer with the same deadline;
 *   erase(n)       take a queued timer out;
 *   expire_first(n) take the earliest timer out and wake its task;
 *   queue_reset()  forget every timer (touching none of them);
 *   queue_contains(n) whether a timer is queued now, reading only the
 *                  queue's own nodes (ports that forget: below).
 * All six run with the port lock held.  So both files define exactly the
 * same global symbols: a firmware that links the ebb::timer_list object
 * never pulls src/time.c out of the core library.
 */
#ifndef EBB_TIME_IMPL_H
#define EBB_TIME_IMPL_H

#include "ebb/port.h"
#include "ebb/time.h"

EBB_MODULE("time");

#define RED ((uintptr_t)1) /* the tree's colour bit in parent_ */

/* A queued timer is seen through its wait's links. */
typedef ebb_dnode node;

static inline node *queue_first(void);
static void insert(node *z);
static void erase(node *z);
static void queue_reset(void);
static void expire_first(node *f);
static bool queue_contains(const node *n);

static inline ebb_timer *timer_of(const node *n) { return EBB_CONTAINER_OF(n, ebb_timer, wait.node); }
static inline ebb_ticks key(const node *n) { return timer_of(n)->deadline; }
/* Link d of n: 0 the left (earlier) child or the list's next, 1 the right
 * (later or equal) child or the list's previous. */
static inline node **kid(node *n, int d) { return d ? &n->prev : &n->next; }


ebb_ticks ebb_now(void) { return ebb_time_driver_now(); }

void ebb__time_reset(void) { queue_reset(); }

/* Expire what is due and ask the driver for an alarm at the earliest
 * deadline left.  `due`: the alarm fired, the earliest may be due.  After
 * an arm or a cancel that changed the earliest deadline it is not checked
 * first: the
 * driver refuses an alarm whose time has passed (rule T4), and then the
 * next round expires it - so a deadline can never slip between "check" and
 * "arm", and the driver is asked once per change, not twice.  Entered with
 * the lock held (its state `s`); returns with it released.  One expired
 * timer per critical section: the time interrupts are masked for one erase
 * and one wake (O(log n)), never for a whole batch of expiries; whatever
 * changes in between (a timer armed or cancelled by a higher-priority
 * executor) is seen by the next round, which starts from the queue as it
 * is then. */
static void service(ebb_irq_state s, bool due)
{
    /* The clock is read once per refusal, not once per timer: a timer that
     * fell due while the others expired is caught by set_alarm() refusing
     * it (time_driver.h T4), so the woken task does not wait for a clock
     * read in the alarm's tail. */
    ebb_ticks now = due ? ebb_time_driver_now() : 0;
    for (;;) {
        node *f = queue_first();
        if (due && f != NULL && key(f) <= now) {
            expire_first(f);
            ebb_port_unlock(s);
            s = ebb_port_lock();
        } else if (ebb_time_driver_set_alarm(f != NULL ? key(f) : EBB_TICKS_NEVER)) {
            break;
        } else {
            due = true;
            now = ebb_time_driver_now();
        }
    }
    ebb_port_unlock(s);
}

void ebb_time_alarm_isr(void) { service(ebb_port_lock(), true); }

/* Whether a cancelled timer is to be taken out of the queue.  A port whose
 * reset forgets the queue without touching the timers in it (the host
 * port's ebb_host_reset(): a test's timers may have gone with its stack
 * frame) defines EBB_PORT_FORGETS_TIMERS.  There a timer can look armed in a
 * queue that no longer exists; unlinking it would write into its forgotten
 * neighbours and could hang them into the live queue.  It is dropped
 * instead, so ebb_task_reset() may come before or after ebb_host_reset().
 * Other ports pay nothing. */
static inline bool cancel_dequeues(ebb_timer *t)
{
#if defined(EBB_PORT_FORGETS_TIMERS)
    if (ebb_timer_armed(t) && !queue_contains(&t->wait.node)) {
        t->wait.node.next = NULL; /* forgotten by a reset: idle */
        return false;
    }
#endif
    return ebb_timer_armed(t);
}

ebb_poll_t (ebb_sleep_until)(ebb_cx *cx, ebb_timer *t, ebb_ticks deadline)
{
    ebb_poll_t r = EBB_PENDING;
    bool new_first = false; /* the earliest deadline changed: re-arm */
    ebb_irq_state s = ebb_port_lock();

    if (EBB_UNLIKELY(t->wait.task != NULL && t->wait.task != cx->task)) {
        /* Another task's sleep: neither this poll nor its cancel touches it. */
        ebb_port_unlock(s);
        if (!ebb_cx_cancelling(cx)) {
            EBB_REQUIRE(5, false);
        }
        return EBB_PENDING;
    }
    if (ebb_cx_cancelling(cx)) {
        if (cancel_dequeues(t)) {
            new_first = queue_first() == &t->wait.node; /* no alarm for a timer that is gone */
            erase(&t->wait.node);
        }
        t->wait.task = NULL;
    } else if (t->wait.task == NULL) {
        t->deadline = deadline;
        if (deadline <= ebb_time_driver_now()) {
            r = EBB_READY; /* already due: no need to touch the queue */
        } else {
            t->wait.task = cx->task;
            insert(&t->wait.node);
            new_first = queue_first() == &t->wait.node;
        }
    } else if (!ebb_timer_armed(t)) {
        t->wait.task = NULL; /* fired: the alarm took it out of the queue */
        r = EBB_READY;
    } else {
        /* spurious poll: still waiting */
    }
    if (new_first) {
        service(s, false); /* re-arm the driver; unlocks */
    } else {
        ebb_port_unlock(s);
    }
    return r;
}

ebb_poll_t (ebb_sleep_for)(ebb_cx *cx, ebb_timer *t, ebb_ticks ticks)
{
    /* The deadline is fixed at the first poll; later polls pass the stored
     * one so a late poll cannot push it back. */
    ebb_ticks deadline = t->wait.task != NULL ? t->deadline : ebb_ticks_add(ebb_now(), ticks);
    return EBB_POLL(ebb_sleep_until)(cx, t, deadline);
}

void ebb_ticker_start(ebb_ticker *tk, ebb_ticks period)
{
    /* Contracts off: a period of 0 would tick on every poll (a busy loop);
     * it becomes "never" instead. */
    EBB_REQUIRE(2, period > 0);
    if (period == 0) {
        period = EBB_TICKS_NEVER;
    }
    /* A ticker restarted under a waiting task would leave its old timer
     * queued with no task to wake. */
    EBB_REQUIRE_OR(3, !ebb_timer_armed(&tk->timer), return);
    tk->period = period;
    tk->timer.wait.task = NULL;
    tk->timer.deadline = ebb_ticks_add(ebb_now(), period);
}

ebb_poll_t (ebb_ticker_next)(ebb_cx *cx, ebb_ticker *tk)
{
    /* A ticker that was never started (period 0) would be ready on every
     * poll; contracts off, it never ticks. */
    EBB_REQUIRE_OR(4, tk->period != 0, return EBB_PENDING);
    ebb_poll_t r = EBB_POLL(ebb_sleep_until)(cx, &tk->timer, tk->timer.deadline);
    if (ebb_poll_is_ready(r)) {
        tk->timer.deadline = ebb_ticks_add(tk->timer.deadline, tk->period);
    }
    return r;
}

#endif /* EBB_TIME_IMPL_H */
