/* One-shot hardware operations (ebb/op.h): completion, cancellation that
 * stops the hardware, and no completion lost when the two race - also with
 * an interrupt inside every critical section of a cancel. */
#include "test_support.h"
#include "ebb/op.h"

/* A simulated peripheral: running until stopped or finished. */
struct dev {
    ebb_op op;
    bool running;
    int stops;
    bool finish_in_stop; /* the hardware finishes while being stopped */
};

static void dev_stop(void *ctx)
{
    struct dev *d = ctx;
    d->stops++;
    if (d->finish_in_stop && d->running) {
        (void)ebb_op_complete(&d->op, 99); /* it got there first */
    }
    d->running = false;
}

static void dev_finish(void *arg) /* its completion interrupt */
{
    struct dev *d = arg;
    if (d->running) {
        d->running = false;
        (void)ebb_op_complete(&d->op, 42);
    }
}

struct user {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    struct dev *dev;
    int32_t result;
    int timed;
    int done;
};

/* The driver's awaitable, as ebb/op.h shows it. */
static ebb_poll_t dev_transfer(ebb_cx *cx, ebb_wait *w, struct dev *d, int32_t *result)
{
    if (!ebb_op_busy(&d->op)) {
        assert_int_equal(ebb_op_start(&d->op, dev_stop, d), EBB_OK);
        d->running = true;
    }
    return EBB_POLL(ebb_op_wait)(cx, w, &d->op, result);
}
#define dev_transfer(...) EBB_AWAITABLE_CALL(dev_transfer, __VA_ARGS__)

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(dev_transfer(&u->wait, u->dev, &u->result));
    u->done = 1;
    EBB_END();
}

static ebb_poll_t timed_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_TIMEOUT(u->timed, &u->timer, 10, dev_transfer(&u->wait, u->dev, &u->result));
    u->done = 1;
    EBB_END();
}

static void start_user(struct user *u, struct dev *d, ebb_task_fn body)
{
    memset(u, 0, sizeof *u);
    memset(d, 0, sizeof *d);
    EBB_SET_UNLINKED(u->task, (ebb_task)EBB_TASK_INITIALIZER(body));
    u->dev = d;
    assert_int_equal(ebb_task_spawn(&test_exec, &u->task), EBB_OK);
    (void)ebb_executor_poll(&test_exec); /* started, waits */
    assert_true(d->running);
    assert_true(ebb_op_busy(&d->op));
}

static void test_op_completes(void **state)
{
    (void)state;
    struct user u;
    struct dev d;
    start_user(&u, &d, user_poll);
    assert_int_equal(u.done, 0);
    assert_int_equal(ebb_op_start(&d.op, dev_stop, &d), EBB_EBUSY); /* one at a time */
    ebb_host_irq(dev_finish, &d);
    (void)ebb_executor_poll(&test_exec);
    assert_int_equal(u.done, 1);
    assert_int_equal(u.result, 42);
    assert_false(ebb_op_busy(&d.op));
    int32_t r;
    assert_true(ebb_op_last(&d.op, &r) && r == 42);
    assert_false(ebb_op_complete(&d.op, 7)); /* nothing running: ignored */
    assert_int_equal(d.stops, 0);
}

/* Cancelled while running: the hardware is stopped before the cancel
 * returns; a late completion is ignored. */
static void test_op_cancel_stops_hardware(void **state)
{
    (void)state;
    struct user u;
    struct dev d;
    start_user(&u, &d, user_poll);
    assert_int_equal(ebb_task_cancel(&u.task), EBB_OK);
    assert_int_equal(d.stops, 1);
    assert_false(d.running);
    assert_false(ebb_op_busy(&d.op));
    int32_t r;
    assert_false(ebb_op_last(&d.op, &r)); /* stopped, not completed */
    assert_false(ebb_op_complete(&d.op, 42));
    assert_true(ebb_waitlist_empty(&d.op.waiter));
    assert_int_equal(ebb_op_start(&d.op, dev_stop, &d), EBB_OK); /* usable again */
}

/* The hardware finishes while it is being stopped: reported done, so the
 * cancel keeps the result readable. */
static void test_op_completion_racing_the_stop_is_kept(void **state)
{
    (void)state;
    struct user u;
    struct dev d;
    start_user(&u, &d, user_poll);
    d.finish_in_stop = true;
    assert_int_equal(ebb_task_cancel(&u.task), EBB_OK);
    assert_int_equal(d.stops, 1);
    int32_t r = 0;
    assert_true(ebb_op_last(&d.op, &r));
    assert_int_equal(r, 99);
    assert_false(ebb_op_busy(&d.op));
}

/* Done and woken, cancelled before it resumed: no stop (nothing runs), the
 * result kept. */
static void test_op_cancel_after_completion(void **state)
{
    (void)state;
    struct user u;
    struct dev d;
    start_user(&u, &d, user_poll);
    ebb_host_irq(dev_finish, &d);
    assert_int_equal(ebb_task_cancel(&u.task), EBB_OK);
    assert_int_equal(d.stops, 0);
    int32_t r = 0;
    assert_true(ebb_op_last(&d.op, &r) && r == 42);
    assert_int_equal(u.done, 0);
}

/* A timeout wins: the losing transfer is cancelled, its hardware stopped. */
static void test_op_timeout_stops_hardware(void **state)
{
    (void)state;
    struct user u;
    struct dev d;
    start_user(&u, &d, timed_poll);
    ebb_host_run_until(&test_exec, 20);
    assert_int_equal(u.done, 1);
    assert_int_equal(u.timed, EBB_ETIMEDOUT);
    assert_int_equal(d.stops, 1);
    assert_false(d.running);
    assert_false(ebb_op_busy(&d.op));
}

/* A completion interrupt inside each critical section of a cancel, in
 * turn: whatever the order, the hardware ends stopped or finished, the op
 * idle, and a completion that was taken (reported done) is the one
 * ebb_op_last() reports. */
static struct dev *race_dev;
static bool race_taken;
static void race_finish(void *arg)
{
    (void)arg;
    if (race_dev->running) {
        race_dev->running = false;
        race_taken = ebb_op_complete(&race_dev->op, 42);
    }
}

static void test_op_cancel_with_completion_in_every_critical_section(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 6; n++) {
        struct user u;
        struct dev d;
        start_user(&u, &d, user_poll);
        race_dev = &d;
        race_taken = false;
        ebb_host_irq_in_lock(n, race_finish, NULL);
        assert_int_equal(ebb_task_cancel(&u.task), EBB_OK);
        ebb_host_irq_in_lock(0, NULL, NULL);
        assert_false(d.running);
        assert_false(ebb_op_busy(&d.op));
        int32_t r = 0;
        bool const done = ebb_op_last(&d.op, &r);
        assert_int_equal(done, race_taken); /* reported done <=> kept */
        if (done) {
            assert_int_equal(r, 42);
        }
        assert_true(d.stops <= 1); /* stopped at most once */
        ebb_test_teardown(NULL);
        ebb_test_setup(NULL);
    }
}

/* Waiting for an operation nobody started: op:2, ready with EBB_EINVAL
 * rather than a wait for ever. */
static ebb_poll_t orphan_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_op_wait(&u->wait, &u->dev->op, &u->result));
    u->done = 1;
    EBB_END();
}

static void test_op_wait_without_start(void **state)
{
    (void)state;
    static struct user u;
    static struct dev d;
    memset(&u, 0, sizeof u);
    memset(&d, 0, sizeof d);
    EBB_SET_UNLINKED(u.task, (ebb_task)EBB_TASK_INITIALIZER(orphan_poll));
    u.dev = &d;
    u.result = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &u.task), EBB_OK);
    MISUSE_IN("op", 2, &u.task, (void)ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(u.done, 1);
    assert_int_equal(u.result, EBB_EINVAL);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_op_completes),
        RUN(test_op_cancel_stops_hardware),
        RUN(test_op_completion_racing_the_stop_is_kept),
        RUN(test_op_cancel_after_completion),
        RUN(test_op_timeout_stops_hardware),
        RUN(test_op_cancel_with_completion_in_every_critical_section),
        RUN(test_op_wait_without_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
