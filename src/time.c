/* time.c - the timer queue (sorted by deadline) and the sleeps built on it. */
#include "ebb/port.h"
#include "ebb/time.h"

EBB_MODULE("time");

/* Armed timers, earliest deadline first, ties in arming order. */
static ebb_waitlist timers;

static ebb_timer *timer_of(ebb_wait *w)
{
    return EBB_CONTAINER_OF(w, ebb_timer, wait);
}

ebb_ticks ebb_now(void) { return ebb_time_driver_now(); }

void ebb__time_reset(void) { ebb_waitlist_init(&timers); }

/* Wake every expired timer and ask the driver for the next deadline; if the
 * driver says that deadline has passed meanwhile, go round again, so a
 * deadline can never slip between "check" and "arm". */
static void service_locked(void)
{
    for (;;) {
        ebb_ticks now = ebb_time_driver_now();
        ebb_wait *n;
        while ((n = ebb_waitlist_first(&timers)) != NULL && timer_of(n)->deadline <= now) {
            (void)ebb_waitlist_wake_one_locked(&timers);
        }
        if (ebb_time_driver_set_alarm(n ? timer_of(n)->deadline : EBB_TICKS_NEVER)) {
            return;
        }
    }
}

void ebb_time_alarm_isr(void)
{
    ebb_irq_state s = ebb_port_lock();
    service_locked();
    ebb_port_unlock(s);
}

static void arm_locked(ebb_timer *t, ebb_task *task)
{
    /* From the back: the new deadline is usually the latest. */
    ebb_dnode *h = &timers.l.head;
    if (h->next == NULL) {
        h->next = h->prev = h;
    }
    ebb_dnode *prev = h->prev;
    while (prev != h && timer_of(EBB_CONTAINER_OF(prev, ebb_wait, node))->deadline > t->deadline) {
        prev = prev->prev;
    }
    t->wait.task = task;
    ebb__dnode_link(&t->wait.node, prev, prev->next);
    if (prev == h) {
        service_locked(); /* new earliest deadline: re-arm the driver */
    }
}

static void cancel_locked(ebb_timer *t)
{
    bool was_first = ebb_waitlist_first(&timers) == &t->wait;
    ebb_wait_remove_locked(&t->wait);
    if (was_first) {
        service_locked(); /* no alarm for a timer that no longer exists */
    }
}

ebb_poll_t (ebb_sleep_until)(ebb_timer *t, ebb_ticks deadline)
{
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();

    if (ebb_cancelling()) {
        cancel_locked(t);
    } else if (t->wait.task == NULL) {
        /* Contracts off: nobody to wake, so arm nothing and stay pending. */
        EBB_REQUIRE_OR(1, ebb__cur != NULL, ebb_port_unlock(s); return EBB_PENDING);
        t->deadline = deadline;
        if (deadline <= ebb_time_driver_now()) {
            r = EBB_READY; /* already due: no need to touch the queue */
        } else {
            arm_locked(t, ebb__cur);
        }
    } else if (ebb_wait_fired(&t->wait)) {
        t->wait.task = NULL;
        r = EBB_READY;
    } else {
        t->wait.task = ebb__cur; /* spurious poll: still waiting */
    }
    ebb_port_unlock(s);
    return r;
}

ebb_poll_t (ebb_sleep_for)(ebb_timer *t, ebb_ticks ticks)
{
    /* The deadline is fixed at the first poll; later polls pass the stored
     * one so a late poll cannot push it back. */
    ebb_ticks deadline = t->wait.task != NULL ? t->deadline : ebb_ticks_add(ebb_now(), ticks);
    return EBB_POLL(ebb_sleep_until)(t, deadline);
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

ebb_poll_t (ebb_ticker_next)(ebb_ticker *tk)
{
    /* A ticker that was never started (period 0) would be ready on every
     * poll; contracts off, it never ticks. */
    EBB_REQUIRE_OR(4, tk->period != 0, return EBB_PENDING);
    ebb_poll_t r = EBB_POLL(ebb_sleep_until)(&tk->timer, tk->timer.deadline);
    if (ebb_poll_is_ready(r)) {
        tk->timer.deadline = ebb_ticks_add(tk->timer.deadline, tk->period);
    }
    return r;
}
