/* The misuse table (docs/misuse.md), one test per row.  Built twice: with
 * contracts on each row expects its contract id; with EBB_CONFIG_CONTRACTS=0
 * (test_misuse_nc) each row checks the documented fallback instead - and
 * both builds run under ASan + UBSan, so a fallback that wrote out of
 * bounds would fail here. */
#include "test_support.h"

#if EBB_CONFIG_CONTRACTS
#define MISUSE(module, id, stmt) EXPECT_CONTRACT(module, id, stmt)
#else
#define MISUSE(module, id, stmt)                                               \
    do {                                                                       \
        stmt;                                                                  \
    } while (0)
#endif

/* Row: release without a peek, on an empty channel (the count used to wrap
 * to 65535 and the next send wrote 256 KiB past the storage). */
static void test_release_without_peek_empty(void **state)
{
    (void)state;
    EBB_CHANNEL_DEFINE(ch, int, 4);
    MISUSE("channel", 3, ebb_channel_release(&ch));
    int v = 1, out = 0;
    assert_int_equal(ebb_channel_count(&ch), 0);
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_recv(&ch, &out), EBB_OK);
    assert_int_equal(out, 1);
    assert_int_equal(ebb_channel_try_recv(&ch, &out), EBB_EAGAIN);
}

/* Row: release without a peek on a non-empty channel (it used to drop a
 * message silently). */
static void test_release_without_peek_keeps_message(void **state)
{
    (void)state;
    EBB_CHANNEL_DEFINE(ch, int, 4);
    int v = 7, out = 0;
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_OK);
    MISUSE("channel", 3, ebb_channel_release(&ch));
    assert_int_equal(ebb_channel_count(&ch), 1);
    assert_int_equal(ebb_channel_try_recv(&ch, &out), EBB_OK);
    assert_int_equal(out, 7);
}

/* Row: commit without a reservation. */
static void test_commit_without_reservation(void **state)
{
    (void)state;
    EBB_CHANNEL_DEFINE(ch, int, 2);
    MISUSE("channel", 2, ebb_channel_commit(&ch));
    int v = 3, out = 0;
    assert_int_equal(ebb_channel_count(&ch), 0);
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_EAGAIN);
    assert_int_equal(ebb_channel_try_recv(&ch, &out), EBB_OK);
}

/* Row: a channel initialised over no storage. */
static void test_channel_init_without_storage(void **state)
{
    (void)state;
    ebb_channel ch;
    MISUSE("channel", 1, ebb_channel_init(&ch, NULL, sizeof(int), 4));
#if !EBB_CONFIG_CONTRACTS
    int v = 1;
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_EAGAIN);
    assert_int_equal(ebb_channel_try_recv(&ch, &v), EBB_EAGAIN);
    assert_null(ebb_channel_try_reserve(&ch));
    assert_null(ebb_channel_try_peek(&ch));
#endif
}

static ebb_poll_t idle_body(ebb_task *self)
{
    EBB_BEGIN(&self->co);
    EBB_YIELD();
    EBB_END();
}

/* Row: an executor outside the executor table (not made by
 * EBB_EXECUTOR_DEFINE): the old fixed table of four was overrun by a fifth
 * init; now there is no fifth slot to overrun, and an executor the table
 * does not hold is refused. */
static void test_executor_outside_table(void **state)
{
    (void)state;
    static ebb_executor extra; /* zeroed: its id 0 names test_exec's slot */
    MISUSE("executor", 1, ebb_executor_init(&extra, NULL));
#if !EBB_CONFIG_CONTRACTS
    ebb_task t = EBB_TASK_INITIALIZER(idle_body);
    assert_int_equal(ebb_task_spawn(&extra, &t), EBB_EINVAL);
    assert_false(ebb_executor_has_work(&test_exec));
#endif
}

/* Row: spawn onto an executor outside the executor table. */
static void test_spawn_on_unregistered_executor(void **state)
{
    (void)state;
    static ebb_executor ex;
    ebb_task t = EBB_TASK_INITIALIZER(idle_body);
    int r = 0;
    MISUSE("task", 1, r = ebb_task_spawn(&ex, &t));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
    assert_int_equal(ebb_task_state(&t), EBB_TASK_IDLE);
#endif
    (void)r;
}

/* Row: spawn a NULL task, or a task without a body. */
static void test_spawn_null_task_or_body(void **state)
{
    (void)state;
    ebb_task nobody = {EBB_NODE_INIT, NULL, {0}, 0, EBB_TASK_IDLE};
    int r = 0;
    MISUSE("task", 3, r = ebb_task_spawn(&test_exec, NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    MISUSE("task", 3, r = ebb_task_spawn(&test_exec, &nobody));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
    assert_false(ebb_executor_has_work(&test_exec));
#endif
    (void)r;
}

/* Row: cancel(NULL) - it used to report the self-cancel id. */
static void test_cancel_null(void **state)
{
    (void)state;
    MISUSE("task", 3, ebb_task_cancel(NULL));
}

/* Row: awaitables called outside any task (a sleep, a wait, a lock). */
static void test_awaitables_outside_a_task(void **state)
{
    (void)state;
    ebb_timer t = EBB_TIMER_INITIALIZER;
    ebb_wait w = EBB_WAIT_INITIALIZER;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    EBB_MUTEX_DEFINE(m);
    MISUSE("time", 1, ebb_test_discard(EBB_POLL(ebb_sleep_for)(&t, 10)));
    MISUSE("wait", 1, ebb_test_discard(EBB_POLL(ebb_wait_on)(&w, &list)));
    MISUSE("mutex", 3, ebb_test_discard(EBB_POLL(ebb_mutex_lock)(&w, &m))); /* was mutex:1 */
    MISUSE("mutex", 3, (void)ebb_mutex_lock_if_free(&m));
    MISUSE("mutex", 3, ebb_mutex_unlock(&m));
    /* Fallback: nothing registered, nothing armed, nothing owned. */
    assert_false(ebb_timer_armed(&t));
    assert_true(ebb_waitlist_empty(&list));
    assert_null(m.owner);
    ebb_host_run_until(&test_exec, 1000);
}

/* Rows inside a task: unlock by a task that is not the owner, lock twice. */
static ebb_mutex shared_m;
struct locker {
    ebb_task task;
    ebb_wait wait;
    int step;
};
static ebb_poll_t not_owner_poll(ebb_task *self)
{
    struct locker *l = EBB_CONTAINER_OF(self, struct locker, task);
    EBB_BEGIN(&self->co);
    l->step = 1;
    ebb_mutex_unlock(&shared_m); /* owned by someone else */
    l->step = 2;
    EBB_END();
}
static ebb_poll_t twice_poll(ebb_task *self)
{
    struct locker *l = EBB_CONTAINER_OF(self, struct locker, task);
    EBB_BEGIN(&self->co);
    EBB_AWAIT(ebb_mutex_lock(&l->wait, &shared_m));
    l->step = 1;
    EBB_AWAIT(ebb_mutex_lock(&l->wait, &shared_m)); /* recursion */
    l->step = 2;
    EBB_END();
}

static void test_unlock_by_non_owner(void **state)
{
    (void)state;
    ebb_task owner = EBB_TASK_INITIALIZER(idle_body);
    shared_m = (ebb_mutex){&owner, EBB_WAITLIST_INITIALIZER};
    struct locker l = {.task = EBB_TASK_INITIALIZER(not_owner_poll)};
    ebb_task_spawn(&test_exec, &l.task);
    MISUSE("mutex", 2, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(l.step, 2);
    assert_ptr_equal(shared_m.owner, &owner); /* ownership untouched */
#endif
}

static void test_lock_twice(void **state)
{
    (void)state;
    shared_m = (ebb_mutex){NULL, EBB_WAITLIST_INITIALIZER};
    struct locker l = {.task = EBB_TASK_INITIALIZER(twice_poll)};
    ebb_task_spawn(&test_exec, &l.task);
    MISUSE("mutex", 1, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(l.step, 1); /* stays pending, not queued behind itself */
    assert_true(ebb_waitlist_empty(&shared_m.waiters));
    ebb_task_cancel(&l.task);
#endif
}

/* Rows: tickers.  A ticker never started was ready on every poll (a busy
 * loop); a period of 0 likewise. */
struct ticking {
    ebb_task task;
    ebb_ticker tk;
    ebb_ticks period;
    int start;
    unsigned ticks;
};
static ebb_poll_t ticking_poll(ebb_task *self)
{
    struct ticking *t = EBB_CONTAINER_OF(self, struct ticking, task);
    EBB_BEGIN(&self->co);
    if (t->start) {
        ebb_ticker_start(&t->tk, t->period);
    }
    for (;;) {
        EBB_AWAIT(ebb_ticker_next(&t->tk));
        t->ticks++;
    }
    EBB_END();
}

static void test_ticker_never_started(void **state)
{
    (void)state;
    struct ticking t = {.task = EBB_TASK_INITIALIZER(ticking_poll)};
    ebb_task_spawn(&test_exec, &t.task);
    MISUSE("time", 4, ebb_host_run_until(&test_exec, 1000));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(t.ticks, 0);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_RUNNING);
    assert_false(ebb_executor_has_work(&test_exec)); /* not a busy loop */
    ebb_task_cancel(&t.task);
#endif
}

static void test_ticker_period_zero(void **state)
{
    (void)state;
    struct ticking t = {.task = EBB_TASK_INITIALIZER(ticking_poll), .start = 1, .period = 0};
    ebb_task_spawn(&test_exec, &t.task);
    MISUSE("time", 2, ebb_host_run_until(&test_exec, 1000));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(t.ticks, 0);
    assert_false(ebb_executor_has_work(&test_exec));
    ebb_task_cancel(&t.task);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_release_without_peek_empty),
        RUN(test_release_without_peek_keeps_message),
        RUN(test_commit_without_reservation),
        RUN(test_channel_init_without_storage),
        RUN(test_executor_outside_table),
        RUN(test_spawn_on_unregistered_executor),
        RUN(test_spawn_null_task_or_body),
        RUN(test_cancel_null),
        RUN(test_awaitables_outside_a_task),
        RUN(test_unlock_by_non_owner),
        RUN(test_lock_twice),
        RUN(test_ticker_never_started),
        RUN(test_ticker_period_zero),
    };
#if EBB_CONFIG_CONTRACTS
    return cmocka_run_group_tests_name("misuse (contracts on)", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name("misuse (contracts off: fallbacks)", tests, NULL, NULL);
#endif
}
