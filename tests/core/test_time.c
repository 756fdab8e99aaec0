/* Time: sleeps, the timer queue, tickers, tickless alarms. */
#include <stdio.h>

#include "test_support.h"

static int order[16];
static int n_order;

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
    ebb_ticks woke_at;
    int id;
};

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
    s->woke_at = ebb_now();
    order[n_order++] = s->id;
    EBB_END();
}

static void test_sleep_fires_exactly(void **state)
{
    (void)state;
    struct sleeper s = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = 1500};
    n_order = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &s.task), EBB_OK);
    ebb_host_run_until(&test_exec, 1499);
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_RUNNING);
    ebb_host_run_until(&test_exec, 5000);
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_DONE);
    assert_int_equal(s.woke_at, 1500);
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
}

static void test_deadline_order_and_ties(void **state)
{
    (void)state;
    /* Armed in this order; equal deadlines must fire in arming order. */
    static const ebb_ticks deadlines[8] = {300, 100, 200, 100, 300, 50, 200, 100};
    static const int expected[8] = {5, 1, 3, 7, 2, 6, 0, 4};
    struct sleeper s[8];
    n_order = 0;
    for (int i = 0; i < 8; i++) {
        EBB_SET_UNLINKED(s[i], (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                                .deadline = deadlines[i], .id = i});
        assert_int_equal(ebb_task_spawn(&test_exec, &s[i].task), EBB_OK);
    }
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(n_order, 8);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(order[i], expected[i]);
        assert_int_equal(s[i].woke_at, deadlines[i]);
    }
}

static void test_past_deadline_is_ready_without_alarm(void **state)
{
    (void)state;
    ebb_test_setup_at(2000);
    struct sleeper s = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = 10};
    unsigned long before = ebb_host_alarm_requests();
    assert_int_equal(ebb_task_spawn(&test_exec, &s.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_DONE);
    assert_int_equal(ebb_host_alarm_requests(), before);
}

static void test_cancel_rearms_to_next(void **state)
{
    (void)state;
    struct sleeper a = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = 100};
    struct sleeper b = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = 200};
    n_order = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_host_alarm(), 100);
    assert_int_equal(ebb_task_cancel(&a.task), EBB_OK);
    assert_false(ebb_timer_armed(&a.timer));
    assert_int_equal(ebb_host_alarm(), 200); /* no alarm for a dead timer */
    assert_int_equal(ebb_task_cancel(&b.task), EBB_OK);
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(n_order, 0);
}

static void test_wraps_32_bit_boundary(void **state)
{
    (void)state;
    /* ebb_ticks is 64-bit: nothing may truncate to 32 bits on the way. */
    ebb_test_setup_at(0xFFFFFFF0u);
    struct sleeper s = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = 0x100000010ull};
    assert_int_equal(ebb_task_spawn(&test_exec, &s.task), EBB_OK);
    ebb_host_run_until(&test_exec, 0x100000000ull);
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_RUNNING);
    ebb_host_run_until(&test_exec, 0x200000000ull);
    assert_int_equal(s.woke_at, 0x100000010ull);
}

struct ticking {
    ebb_task task;
    ebb_ticker ticker;
    unsigned long ticks;
    unsigned long limit;
    ebb_ticks start;
    ebb_ticks period;
    int drift;
    ebb_ticks lag; /* the task runs this late after each tick */
};

static ebb_poll_t ticking_poll(ebb_task *self, ebb_cx *cx)
{
    struct ticking *t = EBB_CONTAINER_OF(self, struct ticking, task);
    EBB_BEGIN(cx, &self->co);
    t->start = ebb_now();
    ebb_ticker_start(&t->ticker, t->period);
    while (t->ticks < t->limit) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        t->ticks++;
        if (ebb_now() < t->start + t->ticks * t->period) {
            t->drift = 1; /* early: never allowed */
        }
        if (t->lag == 0 && ebb_now() != t->start + t->ticks * t->period) {
            t->drift = 1;
        }
        if (t->lag) {
            ebb_host_advance(t->lag); /* the task's own work takes time */
        }
    }
    EBB_END();
}

static void test_ticker_no_drift_million_periods(void **state)
{
    (void)state;
    static struct ticking t;
    EBB_SET_UNLINKED(t, (struct ticking){.task = EBB_TASK_INITIALIZER(ticking_poll), .limit = 1000000, .period = 7});
    ebb_host_advance(3);
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_idle(&test_exec, 3000000);
    assert_int_equal(t.ticks, 1000000);
    assert_int_equal(t.drift, 0);
    assert_int_equal(ebb_now(), 3 + 7ull * 1000000);
}

static void test_ticker_late_task_keeps_schedule(void **state)
{
    (void)state;
    /* Each tick's work takes 3 ticks of a 10-tick period: the schedule must
     * not slide by 3 per period (no drift from processing time). */
    static struct ticking t;
    EBB_SET_UNLINKED(t, (struct ticking){.task = EBB_TASK_INITIALIZER(ticking_poll), .limit = 1000, .period = 10,
                                         .lag = 3});
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_idle(&test_exec, 100000);
    assert_int_equal(t.ticks, 1000);
    assert_int_equal(t.drift, 0);
    assert_int_equal(ebb_now(), 10 * 1000 + 3);
}

static void test_tickless_one_alarm_per_sleep(void **state)
{
    (void)state;
    struct sleeper s = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = EBB_SEC(3600)};
    unsigned long before = ebb_host_alarm_requests();
    assert_int_equal(ebb_task_spawn(&test_exec, &s.task), EBB_OK);
    ebb_host_run_idle(&test_exec, 100);
    assert_int_equal(s.woke_at, EBB_SEC(3600));
    /* An hour of sleep: arm once, then disarm after it fired.  A ticking
     * kernel would have asked 3.6 million times. */
    assert_int_equal(ebb_host_alarm_requests() - before, 2);
}

struct restarter {
    ebb_task task;
    ebb_ticker ticker;
    int ticks;
};
static ebb_poll_t restarter_poll(ebb_task *self, ebb_cx *cx)
{
    struct restarter *r = EBB_CONTAINER_OF(self, struct restarter, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&r->ticker, 100);
    for (;;) {
        EBB_AWAIT(ebb_ticker_next(&r->ticker));
        r->ticks++;
    }
    EBB_END();
}

static void test_ticker_restart_while_armed(void **state)
{
    (void)state;
    struct restarter r = {.task = EBB_TASK_INITIALIZER(restarter_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &r.task), EBB_OK);
    ebb_host_run_until(&test_exec, 150); /* ticked at 100, armed for 200 */
    assert_int_equal(r.ticks, 1);
    /* Misuse: restarted from outside while the task waits on it. */
    EXPECT_CONTRACT("time", 3, ebb_ticker_start(&r.ticker, 1000));
    assert_true(ebb_timer_armed(&r.ticker.timer)); /* untouched */
    ebb_host_run_until(&test_exec, 200);
    assert_int_equal(r.ticks, 2);
    /* The legal way: stop the task, then restart. */
    assert_int_equal(ebb_task_cancel(&r.task), EBB_OK);
    ebb_ticker_start(&r.ticker, 1000);
    assert_int_equal(r.ticker.timer.deadline, 1200);
}

static void test_ticker_zero_period_is_contract(void **state)
{
    (void)state;
    ebb_ticker tk;
    EXPECT_CONTRACT("time", 2, ebb_ticker_start(&tk, 0));
}

static void test_tick_macros(void **state)
{
    (void)state;
    assert_int_equal(EBB_MS(100), 100000);
    assert_int_equal(EBB_US(7), 7);
    assert_int_equal(EBB_SEC(2), 2000000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_sleep_fires_exactly),
        RUN(test_deadline_order_and_ties),
        RUN(test_past_deadline_is_ready_without_alarm),
        RUN(test_cancel_rearms_to_next),
        RUN(test_wraps_32_bit_boundary),
        RUN(test_ticker_no_drift_million_periods),
        RUN(test_ticker_late_task_keeps_schedule),
        RUN(test_tickless_one_alarm_per_sleep),
        RUN(test_ticker_restart_while_armed),
        RUN(test_ticker_zero_period_is_contract),
        RUN(test_tick_macros),
    };
    return cmocka_run_group_tests_name("time", tests, NULL, NULL);
}
