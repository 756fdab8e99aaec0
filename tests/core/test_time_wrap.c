/* Time never wraps by accident: deadline arithmetic saturates at
 * EBB_TICKS_NEVER, which means "never" for sleeps, timeouts, tickers and the
 * host's virtual clock.  Most cases that read the clock run with it
 * starting at 0 and just below 2^32, 2^63 and 2^64. */
#include "test_support.h"

static const ebb_ticks starts[] = {
    0,
    (1ull << 32) - 3,
    (1ull << 63) - 3,
    EBB_TICKS_NEVER - 1000,
};
#define N_STARTS (sizeof starts / sizeof starts[0])

enum mode { SLEEP_FOR, TIMEOUT_SIGNAL, TICKER };

struct napper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticker ticker;
    ebb_wait wait;
    ebb_signal *sig;
    enum mode mode;
    ebb_ticks ticks;
    int result;
    unsigned ticks_seen;
    ebb_ticks woke_at;
    uint32_t value;
};

static ebb_poll_t napper_poll(ebb_task *self, ebb_cx *cx)
{
    struct napper *n = EBB_CONTAINER_OF(self, struct napper, task);
    EBB_BEGIN(cx, &self->co);
    if (n->mode == SLEEP_FOR) {
        EBB_AWAIT(ebb_sleep_for(&n->timer, n->ticks));
    } else if (n->mode == TIMEOUT_SIGNAL) {
        EBB_AWAIT_TIMEOUT(n->result, &n->timer, n->ticks, ebb_signal_wait(&n->wait, n->sig, &n->value));
    } else {
        ebb_ticker_start(&n->ticker, n->ticks);
        for (;;) {
            EBB_AWAIT(ebb_ticker_next(&n->ticker));
            n->ticks_seen++;
            n->woke_at = ebb_now();
        }
    }
    n->woke_at = ebb_now();
    EBB_END();
}

static struct napper napper(enum mode mode, ebb_ticks ticks)
{
    return (struct napper){.task = EBB_TASK_INITIALIZER(napper_poll), .mode = mode, .ticks = ticks};
}

static void test_ticks_add_saturates(void **state)
{
    (void)state;
    assert_true(ebb_ticks_add(0, 0) == 0);
    assert_true(ebb_ticks_add((1ull << 32) - 1, 1) == 1ull << 32);
    assert_true(ebb_ticks_add(1ull << 63, (1ull << 63) - 1) == EBB_TICKS_NEVER);
    assert_true(ebb_ticks_add(1ull << 63, (1ull << 63) - 2) == EBB_TICKS_NEVER - 1);
    assert_true(ebb_ticks_add(1ull << 63, 1ull << 63) == EBB_TICKS_NEVER);
    assert_true(ebb_ticks_add(EBB_TICKS_NEVER - 1, 1) == EBB_TICKS_NEVER);
    assert_true(ebb_ticks_add(EBB_TICKS_NEVER - 1, 2) == EBB_TICKS_NEVER);
    assert_true(ebb_ticks_add(5, EBB_TICKS_NEVER) == EBB_TICKS_NEVER);
    assert_true(ebb_ticks_add(EBB_TICKS_NEVER, 0) == EBB_TICKS_NEVER);
}

static void test_sleep_for_short_fires_on_time(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_STARTS; i++) {
        ebb_test_setup_at(starts[i]);
        struct napper n = napper(SLEEP_FOR, 10);
        assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
        ebb_host_run_until(&test_exec, starts[i] + 9);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_RUNNING);
        ebb_host_run_until(&test_exec, starts[i] + 100);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_DONE);
        assert_true(n.woke_at == starts[i] + 10);
    }
}

/* The bug this guards against: now + EBB_TICKS_NEVER wrapped to now - 1,
 * which had passed, so the sleep completed at once. */
static void test_sleep_for_never_never_fires(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_STARTS; i++) {
        ebb_test_setup_at(starts[i]);
        struct napper n = napper(SLEEP_FOR, EBB_TICKS_NEVER);
        assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
        ebb_host_run_until(&test_exec, EBB_TICKS_NEVER); /* returns: nothing due */
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_RUNNING);
        assert_true(ebb_host_alarm() == EBB_TICKS_NEVER);
        ebb_host_advance(EBB_TICKS_NEVER); /* the clock runs to its end */
        assert_true(ebb_now() == EBB_TICKS_NEVER - 1);
        ebb_host_run_until(&test_exec, EBB_TICKS_NEVER);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_RUNNING);
        assert_int_equal(ebb_task_cancel(&n.task), EBB_OK); /* the only way out: and it leaves no timer */
        assert_false(ebb_timer_armed(&n.timer));
    }
}

/* A duration whose end does not fit in 64 bits is never, not "soon". */
static void test_sleep_past_end_of_clock_never_fires(void **state)
{
    (void)state;
    for (size_t i = 1; i < N_STARTS; i++) {
        ebb_test_setup_at(starts[i]);
        struct napper n = napper(SLEEP_FOR, EBB_TICKS_NEVER - starts[i] + 2); /* wraps to start + 1 */
        assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
        ebb_host_run_until(&test_exec, EBB_TICKS_NEVER - 1);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_RUNNING);
        assert_int_equal(ebb_task_cancel(&n.task), EBB_OK);
    }
    /* The last representable instant is reachable. */
    ebb_test_setup_at(0);
    struct napper last = napper(SLEEP_FOR, EBB_TICKS_NEVER - 1);
    assert_int_equal(ebb_task_spawn(&test_exec, &last.task), EBB_OK);
    ebb_host_run_until(&test_exec, EBB_TICKS_NEVER);
    assert_int_equal(ebb_task_state(&last.task), EBB_TASK_DONE);
    assert_true(last.woke_at == EBB_TICKS_NEVER - 1);
}

static void test_timeout_never_waits_for_the_event(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_STARTS; i++) {
        ebb_test_setup_at(starts[i]);
        EBB_SIGNAL_DEFINE(sig);
        struct napper n = napper(TIMEOUT_SIGNAL, EBB_TICKS_NEVER);
        n.sig = &sig;
        n.result = 12345;
        assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
        ebb_host_run_until(&test_exec, EBB_TICKS_NEVER);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_RUNNING); /* no timeout */
        assert_int_equal(n.result, 12345);
        ebb_signal_raise(&sig, 7);
        ebb_host_run_until(&test_exec, EBB_TICKS_NEVER);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_DONE);
        assert_int_equal(n.result, EBB_OK);
        assert_int_equal(n.value, 7);
        assert_false(ebb_timer_armed(&n.timer));
    }
}

/* A ticker whose next deadline would pass the end of the clock stops
 * ticking instead of wrapping back to the past (and ticking in a loop). */
static void test_ticker_saturates(void **state)
{
    (void)state;
    const ebb_ticks period = 1ull << 62;
    for (size_t i = 0; i < N_STARTS; i++) {
        ebb_test_setup_at(starts[i]);
        struct napper n = napper(TICKER, period);
        assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
        ebb_host_run_until(&test_exec, EBB_TICKS_NEVER);
        /* Ticks at start + k * 2^62 while that fits below 2^64 - 1. */
        unsigned expect = 0;
        for (ebb_ticks t = starts[i]; EBB_TICKS_NEVER - t > period; t += period) {
            expect++;
        }
        assert_int_equal(n.ticks_seen, expect);
        assert_int_equal(ebb_task_state(&n.task), EBB_TASK_RUNNING);
        assert_true(n.ticker.timer.deadline == EBB_TICKS_NEVER);
        assert_int_equal(ebb_task_cancel(&n.task), EBB_OK);
    }
    /* A period of "never" never ticks. */
    ebb_test_setup_at(starts[1]);
    struct napper never = napper(TICKER, EBB_TICKS_NEVER);
    assert_int_equal(ebb_task_spawn(&test_exec, &never.task), EBB_OK);
    ebb_host_run_until(&test_exec, EBB_TICKS_NEVER);
    assert_int_equal(never.ticks_seen, 0);
    assert_int_equal(ebb_task_cancel(&never.task), EBB_OK);
}

/* Host port: advancing by "never" ran the clock backwards (now + NEVER
 * wrapped to now - 1); run_until(NEVER) with nothing armed never returned. */
static void test_host_clock_saturates(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_STARTS; i++) {
        ebb_test_setup_at(starts[i]);
        assert_int_equal(ebb_host_run_until(&test_exec, EBB_TICKS_NEVER), 0);
        assert_true(ebb_now() == starts[i]); /* nothing fired: the clock stays */
        ebb_host_advance(EBB_TICKS_NEVER);
        assert_true(ebb_now() == EBB_TICKS_NEVER - 1);
        ebb_host_advance(5);
        assert_true(ebb_now() == EBB_TICKS_NEVER - 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_ticks_add_saturates),
        RUN(test_sleep_for_short_fires_on_time),
        RUN(test_sleep_for_never_never_fires),
        RUN(test_sleep_past_end_of_clock_never_fires),
        RUN(test_timeout_never_waits_for_the_event),
        RUN(test_ticker_saturates),
        RUN(test_host_clock_saturates),
    };
    return cmocka_run_group_tests_name("time wrap", tests, NULL, NULL);
}
