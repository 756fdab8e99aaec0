/* Composition: select, join, timeout, yield and async functions - and that
 * whatever a select drops can never wake the task again.  Built twice: with
 * the computed-goto continuations and with the portable switch fallback. */
#include "test_support.h"

/* ---- an async function: sleeps twice, returns the sum of two inputs ---- */
struct adder {
    ebb_co co;
    ebb_timer timer;
    int result;
};

static ebb_poll_t adder(ebb_cx *cx, struct adder *a, int x, int y)
{
    EBB_BEGIN(cx, &a->co);
    EBB_AWAIT(ebb_sleep_for(&a->timer, 10));
    a->result = x;
    EBB_AWAIT(ebb_sleep_for(&a->timer, 10));
    a->result += y;
    EBB_END();
}

/* ---- one task type runs every scenario, chosen by `scenario` ---- */
struct t {
    ebb_task task;
    int scenario;
    int which;
    int result;
    unsigned mask;
    int step;
    int polls;
    ebb_ticks at;
    ebb_timer timer, timer2;
    ebb_wait wait, wait2;
    ebb_signal *sig;
    ebb_channel *ch;
    uint32_t value;
    struct adder add;
};

enum { SELECT2, TIMEOUT_RECV, JOIN, YIELD, SUBROUTINE, SUB_CANCELLED, SELECT4, SWITCH_IN_BODY };

static ebb_poll_t t_poll(ebb_task *self, ebb_cx *cx)
{
    struct t *t = EBB_CONTAINER_OF(self, struct t, task);
    t->polls++;
    EBB_BEGIN(cx, &self->co);
    /* An if-chain, not a switch: the switch fallback forbids awaits inside
     * a switch of the body (rule 3 of ebb/async.h). */
    if (t->scenario == SELECT2) {
        EBB_AWAIT_ANY(t->which, ebb_signal_wait(&t->wait, t->sig, &t->value),
                      ebb_sleep_for(&t->timer, 100));
    } else if (t->scenario == TIMEOUT_RECV) {
        EBB_AWAIT_TIMEOUT(t->result, &t->timer, 50, ebb_channel_recv(&t->wait, t->ch, &t->value));
    } else if (t->scenario == JOIN) {
        EBB_AWAIT_ALL(t->mask, ebb_sleep_for(&t->timer, 100), ebb_sleep_for(&t->timer2, 300),
                      ebb_signal_wait(&t->wait, t->sig, &t->value));
    } else if (t->scenario == YIELD) {
        t->step = 1;
        EBB_YIELD();
        t->step = 2;
        EBB_YIELD();
        t->step = 3;
    } else if (t->scenario == SUBROUTINE) {
        EBB_AWAIT(adder(cx, &t->add, 2, 3));
        t->result = t->add.result;
        EBB_AWAIT(adder(cx, &t->add, 10, 20)); /* same state, starts afresh */
        t->result += t->add.result;
    } else if (t->scenario == SUB_CANCELLED) {
        /* The async function loses to a 15-tick timeout while it is in its
         * second sleep: its inner timer must be withdrawn. */
        EBB_AWAIT_TIMEOUT(t->result, &t->timer, 15, adder(cx, &t->add, 1, 1));
    } else if (t->scenario == SELECT4) {
        EBB_AWAIT_ANY(t->which, ebb_sleep_for(&t->timer, 40), ebb_signal_wait(&t->wait, t->sig, &t->value),
                      ebb_sleep_for(&t->timer2, 30), ebb_sleep_for(&t->add.timer, 30));
    } else if (t->scenario == SWITCH_IN_BODY) {
        /* Labels as values allow an await inside a switch of the body; the
         * switch fallback cannot (rule 3): its resume is a contract. */
        for (t->step = 0; t->step < 3; t->step++) {
            switch (t->step) {
            case 0:
                EBB_AWAIT(ebb_sleep_for(&t->timer, 5));
                break;
            default:
                EBB_AWAIT(ebb_sleep_for(&t->timer, 7));
                break;
            }
        }
    }
    t->at = ebb_now();
    EBB_END();
}

#define T_INIT(sc) {.task = EBB_TASK_INITIALIZER(t_poll), .scenario = (sc)}

static void test_select_signal_wins_timer_withdrawn(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct t t = T_INIT(SELECT2);
    t.sig = &sig;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 20);
    assert_int_equal(ebb_host_alarm(), 100);
    ebb_signal_raise(&sig, 7);
    ebb_host_run_until(&test_exec, 30);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_DONE);
    assert_int_equal(t.which, 0);
    assert_int_equal(t.value, 7);
    assert_false(ebb_timer_armed(&t.timer));
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
    /* State reset: the loser can be awaited again from scratch. */
    assert_null(t.timer.wait.task);
}

static void test_select_timer_wins_signal_withdrawn(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct t t = T_INIT(SELECT2);
    t.sig = &sig;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(t.which, 1);
    assert_int_equal(t.at, 100);
    assert_true(ebb_waitlist_empty(&sig.waiters));
    int polls = t.polls;
    ebb_signal_raise(&sig, 1); /* no stale waker may reach the task */
    assert_false(ebb_executor_has_work(&test_exec));
    assert_int_equal(t.polls, polls);
}

static void test_timeout_expires_then_no_stale_wake(void **state)
{
    (void)state;
    uint32_t buf[2];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, sizeof buf[0], 2);
    struct t t = T_INIT(TIMEOUT_RECV);
    t.ch = &ch;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(t.result, EBB_ETIMEDOUT);
    assert_int_equal(t.at, 50);
    assert_true(ebb_waitlist_empty(&ch.receivers));
    uint32_t v = 5;
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_OK);
    assert_false(ebb_executor_has_work(&test_exec));
    assert_int_equal(ebb_channel_count(&ch), 1); /* nobody consumed it */
}

static void test_timeout_completes_in_time(void **state)
{
    (void)state;
    uint32_t buf[2];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, sizeof buf[0], 2);
    struct t t = T_INIT(TIMEOUT_RECV);
    t.ch = &ch;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 20);
    uint32_t v = 99;
    ebb_channel_try_send(&ch, &v);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(t.result, EBB_OK);
    assert_int_equal(t.value, 99);
    assert_int_equal(t.at, 20);
    assert_false(ebb_timer_armed(&t.timer));
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
}

static void test_join_waits_for_all_without_restarting(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct t t = T_INIT(JOIN);
    t.sig = &sig;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 150);
    assert_int_equal(t.mask, 1u);
    /* The finished 100-tick sleep must not have been started again. */
    assert_false(ebb_timer_armed(&t.timer));
    ebb_signal_raise(&sig, 3);
    ebb_host_run_until(&test_exec, 200);
    assert_int_equal(t.mask, 5u);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_RUNNING);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_DONE);
    assert_int_equal(t.mask, 7u);
    assert_int_equal(t.at, 300);
}

static void test_yield(void **state)
{
    (void)state;
    struct t t = T_INIT(YIELD);
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    assert_true(ebb_executor_poll(&test_exec));
    assert_int_equal(t.step, 1);
    assert_true(ebb_executor_poll(&test_exec));
    assert_int_equal(t.step, 2);
    assert_false(ebb_executor_poll(&test_exec));
    assert_int_equal(t.step, 3);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_DONE);
}

static void test_async_function(void **state)
{
    (void)state;
    struct t t = T_INIT(SUBROUTINE);
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(t.result, 5 + 30);
    assert_int_equal(t.at, 40);
}

static void test_async_function_cancelled_by_timeout(void **state)
{
    (void)state;
    struct t t = T_INIT(SUB_CANCELLED);
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(t.result, EBB_ETIMEDOUT);
    assert_int_equal(t.at, 15);
    assert_false(ebb_timer_armed(&t.add.timer));
    assert_int_equal(t.add.co.resume, 0); /* reset: next await starts afresh */
    assert_null(t.add.timer.wait.task);
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
}

static void test_select4_first_listed_wins_ties(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct t t = T_INIT(SELECT4);
    t.sig = &sig;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(t.which, 2); /* branches 2 and 3 both due at 30 */
    assert_int_equal(t.at, 30);
    assert_false(ebb_timer_armed(&t.timer));
    assert_false(ebb_timer_armed(&t.add.timer));
    assert_true(ebb_waitlist_empty(&sig.waiters));
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
}

static void test_await_inside_switch(void **state)
{
    (void)state;
    struct t t = T_INIT(SWITCH_IN_BODY);
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
#if EBB_CONFIG_CORO == EBB_CORO_GOTO
    ebb_host_run_until(&test_exec, 1000);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_DONE);
    assert_int_equal(t.at, 5 + 7 + 7);
#else
    /* The await's case label went to the body's switch: the coroutine's own
     * switch has no resume point for it, which the first resume reports. */
    EXPECT_CONTRACT("async", 1, ebb_host_run_until(&test_exec, 1000));
    assert_int_equal(t.step, 0);
#endif
}

static void test_cancel_task_inside_select(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct t t = T_INIT(SELECT2);
    t.sig = &sig;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 10);
    assert_int_equal(ebb_task_cancel(&t.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&sig.waiters));
    assert_false(ebb_timer_armed(&t.timer));
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_select_signal_wins_timer_withdrawn),
        RUN(test_select_timer_wins_signal_withdrawn),
        RUN(test_timeout_expires_then_no_stale_wake),
        RUN(test_timeout_completes_in_time),
        RUN(test_join_waits_for_all_without_restarting),
        RUN(test_yield),
        RUN(test_async_function),
        RUN(test_async_function_cancelled_by_timeout),
        RUN(test_select4_first_listed_wins_ties),
        RUN(test_await_inside_switch),
        RUN(test_cancel_task_inside_select),
    };
#if EBB_CONFIG_CORO == EBB_CORO_GOTO
    return cmocka_run_group_tests_name("async (computed goto)", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name("async (switch)", tests, NULL, NULL);
#endif
}
