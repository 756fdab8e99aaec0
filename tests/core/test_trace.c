/* The trace (ebb/trace.h), on a core built with EBB_CONFIG_TRACE=1: which
 * events each step records, in order and with its time; the ring's
 * overflow counted and reported; the drained stream's format. */
#include <stdlib.h>

#include "test_support.h"
#include "ebb/log.h"
#include "ebb/trace.h"

#if !EBB_CONFIG_TRACE
#error "test_trace needs the core built with EBB_CONFIG_TRACE=1"
#endif

/* What ebb_trace_flush() wrote (ebb_host_set_trace_output()). */
static uint8_t stream[64 * 1024];
static size_t streamed;
static void capture(const void *bytes, size_t n)
{
    assert_true(streamed + n <= sizeof stream);
    memcpy(stream + streamed, bytes, n);
    streamed += n;
}

static ebb_trace_record got[EBB_CONFIG_TRACE_RING];
static size_t n_got;

static void drain(void) { n_got = ebb_trace_read(got, EBB_CONFIG_TRACE_RING); }

static void expect(size_t i, uint8_t event, const void *obj, uint16_t arg)
{
    assert_true(i < n_got);
    assert_int_equal(got[i].event, event);
    assert_int_equal(got[i].obj, (uint32_t)(uintptr_t)obj);
    assert_int_equal(got[i].arg, arg);
}

static EBB_SEM_DEFINE(sem, 0, 1);

struct taker {
    ebb_task task;
    ebb_wait wait;
};
static ebb_poll_t taker_poll(ebb_task *self, ebb_cx *cx)
{
    struct taker *t = EBB_CONTAINER_OF(self, struct taker, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sem_take(&t->wait, &sem));
    EBB_END();
}
static struct taker taker = {.task = EBB_TASK_INITIALIZER(taker_poll)};

struct sleeper {
    ebb_task task;
    ebb_timer timer;
};
static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&s->timer, 10));
    EBB_END();
}
static struct sleeper sleeper = {.task = EBB_TASK_INITIALIZER(sleeper_poll)};

static void give_isr(void *arg) { assert_int_equal(ebb_sem_give(arg), EBB_OK); }

static int trace_setup(void **state)
{
    ebb_test_setup(state);
    ebb_host_set_trace_output(capture);
    drain(); /* what earlier tests left */
    return 0;
}

/* Spawn, poll, wait, arm, fire, wake, done: each step's records. */
static void test_trace_events_in_order(void **state)
{
    (void)state;
    ebb_host_advance(100);
    assert_int_equal(ebb_task_spawn(&test_exec, &taker.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &sleeper.task), EBB_OK);
    drain();
    assert_int_equal(n_got, 4);
    expect(0, EBB_TRACE_SPAWN, &taker.task, 0);
    expect(1, EBB_TRACE_WAKE, &taker.task, 0);
    expect(2, EBB_TRACE_SPAWN, &sleeper.task, 0);
    expect(3, EBB_TRACE_WAKE, &sleeper.task, 0);
    assert_int_equal(got[0].time, 100);
    assert_int_equal(got[0].ctx, 0);

    (void)ebb_executor_poll(&test_exec);
    drain();
    assert_int_equal(n_got, 6);
    expect(0, EBB_TRACE_POLL, &taker.task, 0);
    expect(1, EBB_TRACE_WAIT, &sem.waiters, 0);
    expect(2, EBB_TRACE_POLL_END, &taker.task, 0);
    expect(3, EBB_TRACE_POLL, &sleeper.task, 0);
    expect(4, EBB_TRACE_TIMER_ARM, &sleeper.timer, 110);
    expect(5, EBB_TRACE_POLL_END, &sleeper.task, 0);

    ebb_host_irq(give_isr, &sem);
    drain();
    assert_int_equal(n_got, 2);
    expect(0, EBB_TRACE_FIRE, &sem.waiters, 0);
    expect(1, EBB_TRACE_WAKE, &taker.task, 0);

    ebb_host_advance(10);
    drain();
    assert_int_equal(n_got, 2);
    expect(0, EBB_TRACE_TIMER_FIRE, &sleeper.timer, 0);
    expect(1, EBB_TRACE_WAKE, &sleeper.task, 0);
    assert_int_equal(got[0].time, 110);

    (void)ebb_executor_poll(&test_exec);
    drain();
    assert_int_equal(n_got, 4);
    expect(0, EBB_TRACE_POLL, &taker.task, 0);
    expect(1, EBB_TRACE_POLL_END, &taker.task, 1); /* done */
    expect(2, EBB_TRACE_POLL, &sleeper.task, 0);
    expect(3, EBB_TRACE_POLL_END, &sleeper.task, 1);
}

/* A cancel is recorded before the body runs in cancel mode. */
static void test_trace_cancel(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_spawn(&test_exec, &taker.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    drain();
    assert_int_equal(ebb_task_cancel(&taker.task), EBB_OK);
    drain();
    assert_int_equal(n_got, 1);
    expect(0, EBB_TRACE_CANCEL, &taker.task, 0);
}

/* A full ring keeps what it holds, drops and counts the rest; the stream
 * carries the header, every kept record, then the count of the dropped. */
static void test_trace_overflow_counted_and_streamed(void **state)
{
    (void)state;
    uint32_t const lost0 = ebb_trace_lost();
    ebb_trace_flush(); /* the header, and anything earlier */
    streamed = 0;
    for (unsigned i = 0; i < EBB_CONFIG_TRACE_RING + 5u; i++) {
        EBB_TRACE_ISR_ENTER(i);
    }
    assert_int_equal(ebb_trace_lost() - lost0, 5);
    ebb_trace_flush();
    assert_int_equal(streamed, (EBB_CONFIG_TRACE_RING + 1u) * sizeof(ebb_trace_record));
    ebb_trace_record r;
    for (unsigned i = 0; i < EBB_CONFIG_TRACE_RING; i++) {
        memcpy(&r, stream + i * sizeof r, sizeof r);
        assert_int_equal(r.event, EBB_TRACE_ISR);
        assert_int_equal(r.arg, i);
    }
    memcpy(&r, stream + EBB_CONFIG_TRACE_RING * sizeof r, sizeof r);
    assert_int_equal(r.event, EBB_TRACE_LOST);
    assert_int_equal(r.obj, 5);
    streamed = 0;
    ebb_trace_flush(); /* nothing new, nothing lost since */
    assert_int_equal(streamed, 0);
}

/* The first flush of a program starts with the header (this test runs
 * first). */
static void test_trace_stream_header(void **state)
{
    (void)state;
    streamed = 0;
    EBB_TRACE_ISR_ENTER(7);
    ebb_trace_flush();
    ebb_trace_header h;
    assert_true(streamed == sizeof h + sizeof(ebb_trace_record));
    memcpy(&h, stream, sizeof h);
    assert_memory_equal(h.magic, "EBBT", 4);
    assert_int_equal(h.version, 1);
    assert_int_equal(h.record_size, 12);
    assert_int_equal(h.clock_hz, EBB_CONFIG_TICK_HZ);
}

/* A deferred log message: one LOG record (level, argument count, the
 * format's address) and one LOG_ARG per argument, 64 bits each (a 64-bit
 * value whole, a negative int sign-extended, a double's bits); below the
 * configured level nothing; a message that does not fit is dropped whole. */
static void test_trace_log_records(void **state)
{
    (void)state;
    uint64_t const big = 0x123456789ABCDEF0ull;
    EBB_LOG_WARN("n=%d big=%llu half=%f", -3, (unsigned long long)big, 0.5);
    EBB_LOG_DEBUG("not kept %d", 1); /* below EBB_CONFIG_LOG_LEVEL (INFO) */
    EBB_LOG_INFO("no arguments");
    drain();
    assert_int_equal(n_got, 5);
    assert_int_equal(got[0].event, EBB_TRACE_LOG);
    assert_int_equal(got[0].arg, EBB_LOG_LEVEL_WARN << 8 | 3);
    assert_true(got[0].obj != 0);
    uint64_t v[3];
    for (int i = 0; i < 3; i++) {
        assert_int_equal(got[1 + i].event, EBB_TRACE_LOG_ARG);
        assert_int_equal(got[1 + i].arg, 2 - i); /* arguments still to come */
        v[i] = (uint64_t)got[1 + i].obj << 32 | got[1 + i].time;
    }
    assert_true(v[0] == (uint64_t)-3);
    assert_true(v[1] == big);
    assert_true(v[2] == 0x3FE0000000000000ull); /* 0.5 */
    assert_int_equal(got[4].event, EBB_TRACE_LOG);
    assert_int_equal(got[4].arg, EBB_LOG_LEVEL_INFO << 8 | 0);
    assert_true(got[4].obj != got[0].obj);

    uint32_t const lost0 = ebb_trace_lost();
    for (unsigned i = 0; i < EBB_CONFIG_TRACE_RING - 2u; i++) {
        EBB_TRACE_ISR_ENTER(i);
    }
    EBB_LOG_ERROR("%d %d %d", 1, 2, 3); /* 4 records, 2 free: all dropped */
    assert_int_equal(ebb_trace_lost() - lost0, 4);
    EBB_LOG_ERROR("%d", 1); /* 2 records: fits */
    drain();
    assert_int_equal(n_got, EBB_CONFIG_TRACE_RING);
    assert_int_equal(got[n_got - 2].event, EBB_TRACE_LOG);
    assert_int_equal(got[n_got - 1].event, EBB_TRACE_LOG_ARG);
}

/* Statistics: each poll counts once for its task (run time in the
 * profiling clock - ebb's virtual clock, which a poll does not advance). */
static void test_stats_count_polls(void **state)
{
    (void)state;
    struct sleeper s = {.task = EBB_TASK_INITIALIZER(sleeper_poll)};
    assert_int_equal(ebb_task_polls(&s.task), 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &s.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_polls(&s.task), 1);
    ebb_host_advance(10);
    (void)ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_polls(&s.task), 2);
    assert_int_equal(ebb_task_run_time(&s.task), 0);
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_DONE);
    assert_int_equal(ebb_executor_idle_time(&test_exec), 0); /* never ran its loop */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_trace_stream_header, trace_setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_trace_events_in_order, trace_setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_trace_cancel, trace_setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_trace_overflow_counted_and_streamed, trace_setup,
                                        ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_trace_log_records, trace_setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_stats_count_polls, trace_setup, ebb_test_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
