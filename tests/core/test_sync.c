/* Signal (latest value wins) and the async mutex. */
#include "test_support.h"

struct sig_task {
    ebb_task task;
    ebb_wait wait;
    ebb_signal *sig;
    uint32_t values[8];
    int n;
};
static ebb_poll_t sig_task_poll(ebb_task *self, ebb_cx *cx)
{
    struct sig_task *t = EBB_CONTAINER_OF(self, struct sig_task, task);
    EBB_BEGIN(cx, &self->co);
    while (t->n < 8) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, t->sig, &t->values[t->n]));
        t->n++;
    }
    EBB_END();
}

static void raise_isr(void *arg)
{
    static uint32_t v = 100;
    ebb_signal_raise(arg, v++);
}

static void test_signal_latest_wins(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct sig_task t = {.task = EBB_TASK_INITIALIZER(sig_task_poll), .sig = &sig};
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_signal_raise(&sig, 1);
    ebb_signal_raise(&sig, 2); /* overwrites 1 before the task runs */
    ebb_executor_poll(&test_exec);
    assert_int_equal(t.n, 1);
    assert_int_equal(t.values[0], 2);
    /* Raised from interrupts too. */
    ebb_host_irq(raise_isr, &sig);
    ebb_executor_poll(&test_exec);
    assert_int_equal(t.n, 2);
    assert_int_equal(t.values[1], 100);
    uint32_t v;
    assert_false(ebb_signal_try_take(&sig, &v));
    ebb_signal_raise(&sig, 9);
    ebb_signal_reset(&sig);
    assert_false(ebb_signal_try_take(&sig, &v));
    ebb_signal_raise(&sig, 10);
    assert_true(ebb_signal_try_take(&sig, &v));
    assert_int_equal(v, 10);
}

/* Three tasks share a mutex and hold it across a sleep. */
static int inside, max_inside, order[16], n_order;
struct locker {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_mutex *m;
    int id, rounds;
};
static ebb_poll_t locker_poll(ebb_task *self, ebb_cx *cx)
{
    struct locker *l = EBB_CONTAINER_OF(self, struct locker, task);
    EBB_BEGIN(cx, &self->co);
    for (l->rounds = 0; l->rounds < 3; l->rounds++) {
        EBB_AWAIT(ebb_mutex_lock(&l->wait, l->m));
        inside++;
        max_inside = inside > max_inside ? inside : max_inside;
        order[n_order++] = l->id;
        EBB_AWAIT(ebb_sleep_for(&l->timer, 10));
        inside--;
        ebb_mutex_unlock(cx, l->m);
    }
    EBB_END();
}

static void test_mutex_exclusion_and_fifo_handover(void **state)
{
    (void)state;
    static EBB_MUTEX_DEFINE(m);
    struct locker l[3];
    inside = max_inside = n_order = 0;
    for (int i = 0; i < 3; i++) {
        EBB_SET_UNLINKED(l[i], (struct locker){.task = EBB_TASK_INITIALIZER(locker_poll), .m = &m, .id = i});
        assert_int_equal(ebb_task_spawn(&test_exec, &l[i].task), EBB_OK);
    }
    ebb_host_run_idle(&test_exec, 1000);
    assert_int_equal(max_inside, 1);
    assert_int_equal(n_order, 9);
    /* FIFO hand-over: an unlocking task that loops to lock again queues
     * behind the others instead of barging. */
    for (int i = 0; i < 9; i++) {
        assert_int_equal(order[i], i % 3);
    }
    assert_int_equal(ebb_now(), 90);
    assert_null(m.owner);
}

struct mutex_tmo {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_mutex *m;
    int result;
};
static ebb_poll_t mutex_tmo_poll(ebb_task *self, ebb_cx *cx)
{
    struct mutex_tmo *t = EBB_CONTAINER_OF(self, struct mutex_tmo, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_TIMEOUT(t->result, &t->timer, 5, ebb_mutex_lock(&t->wait, t->m));
    if (t->result == EBB_OK) {
        ebb_mutex_unlock(cx, t->m);
    }
    EBB_END();
}

static void test_mutex_lock_timeout_leaves_queue(void **state)
{
    (void)state;
    static EBB_MUTEX_DEFINE(m);
    struct locker holder = {.task = EBB_TASK_INITIALIZER(locker_poll), .m = &m};
    struct mutex_tmo waiter = {.task = EBB_TASK_INITIALIZER(mutex_tmo_poll), .m = &m};
    inside = max_inside = n_order = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &holder.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &waiter.task), EBB_OK);
    ebb_host_run_until(&test_exec, 6);
    assert_int_equal(waiter.result, EBB_ETIMEDOUT);
    assert_true(ebb_waitlist_empty(&m.waiters));
    ebb_host_run_idle(&test_exec, 1000);
    assert_int_equal(n_order, 3);
    assert_null(m.owner);
}

static void test_mutex_handover_to_cancelled_waiter_passes_on(void **state)
{
    (void)state;
    static EBB_MUTEX_DEFINE(m);
    struct locker a = {.task = EBB_TASK_INITIALIZER(locker_poll), .m = &m, .id = 0};
    struct locker b = {.task = EBB_TASK_INITIALIZER(locker_poll), .m = &m, .id = 1};
    struct locker c = {.task = EBB_TASK_INITIALIZER(locker_poll), .m = &m, .id = 2};
    inside = max_inside = n_order = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_host_run_until(&test_exec, 9);
    ebb_host_advance(1);            /* a's sleep ends ... */
    ebb_executor_poll(&test_exec);  /* ... a unlocks: hands over to b */
    assert_ptr_equal(m.owner, &b.task);
    assert_true(ebb_executor_has_work(&test_exec)); /* b woken, not yet run */
    /* b is cancelled before it ever ran with the mutex: c must get it. */
    assert_int_equal(ebb_task_cancel(&b.task), EBB_OK);
    assert_ptr_equal(m.owner, &c.task);
    ebb_host_run_idle(&test_exec, 1000);
    assert_int_equal(max_inside, 1);
    assert_null(m.owner);
}

static void test_mutex_misuse(void **state)
{
    (void)state;
    static EBB_MUTEX_DEFINE(m);
    /* Two running tasks' contexts (the calls take one: an interrupt
     * handler, which has none, cannot call them - mutex:3 is gone). */
    ebb_task a = {.state = EBB_TASK_RUNNING}, b = {.state = EBB_TASK_RUNNING};
    ebb_cx ca = TEST_CX(&a), cb = TEST_CX(&b);
    EXPECT_CONTRACT("mutex", 2, ebb_mutex_unlock(&ca, &m)); /* free: nobody's */
    assert_null(m.owner);
    assert_true(ebb_mutex_lock_if_free(&ca, &m));
    assert_int_equal(ebb__task_holds(&a), 1);
    assert_false(ebb_mutex_lock_if_free(&cb, &m));
    EXPECT_CONTRACT("mutex", 2, ebb_mutex_unlock(&cb, &m)); /* not the owner */
    assert_ptr_equal(m.owner, &a);                          /* untouched */
    assert_int_equal(ebb__task_holds(&a), 1);
    assert_int_equal(ebb__task_holds(&b), 0);
    ebb_mutex_unlock(&ca, &m);
    assert_null(m.owner);
    assert_int_equal(ebb__task_holds(&a), 0);
    assert_int_equal(ebb_task_state(&a), EBB_TASK_RUNNING);
}

struct recursive {
    ebb_task task;
    ebb_wait w1, w2;
    ebb_mutex *m;
};
static ebb_poll_t recursive_poll(ebb_task *self, ebb_cx *cx)
{
    struct recursive *r = EBB_CONTAINER_OF(self, struct recursive, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_mutex_lock(&r->w1, r->m));
    EBB_AWAIT(ebb_mutex_lock(&r->w2, r->m)); /* misuse: recursion */
    EBB_END();
}

static void test_mutex_recursion_is_contract(void **state)
{
    (void)state;
    static EBB_MUTEX_DEFINE(m);
    struct recursive r = {.task = EBB_TASK_INITIALIZER(recursive_poll), .m = &m};
    assert_int_equal(ebb_task_spawn(&test_exec, &r.task), EBB_OK);
    EXPECT_CONTRACT("mutex", 1, ebb_executor_poll(&test_exec));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_signal_latest_wins),
        RUN(test_mutex_exclusion_and_fifo_handover),
        RUN(test_mutex_lock_timeout_leaves_queue),
        RUN(test_mutex_handover_to_cancelled_waiter_passes_on),
        RUN(test_mutex_misuse),
        RUN(test_mutex_recursion_is_contract),
    };
    return cmocka_run_group_tests_name("sync", tests, NULL, NULL);
}
