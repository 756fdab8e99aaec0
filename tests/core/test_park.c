/* park / unpark: no lost release, from tasks and interrupts. */
#include "test_support.h"

struct parkee {
    ebb_task task;
    ebb_parker parker;
    ebb_timer timer;
    int resumes, rounds, result;
    ebb_ticks timeout;
};
static ebb_poll_t parkee_poll(ebb_task *self, ebb_cx *cx)
{
    struct parkee *p = EBB_CONTAINER_OF(self, struct parkee, task);
    EBB_BEGIN(cx, &self->co);
    for (; p->rounds > 0; p->rounds--) {
        if (p->timeout != 0) {
            EBB_AWAIT_TIMEOUT(p->result, &p->timer, p->timeout, ebb_park(&p->parker));
            if (p->result != EBB_OK) {
                continue;
            }
        } else {
            EBB_AWAIT(ebb_park(&p->parker));
        }
        p->resumes++;
    }
    EBB_END();
}
#define PARKEE(n) {.task = EBB_TASK_INITIALIZER(parkee_poll), .parker = EBB_PARKER_INITIALIZER, .rounds = (n)}

static void unpark_isr(void *arg) { (void)ebb_unpark(arg); }

static void test_park_waits_until_unparked(void **state)
{
    (void)state;
    struct parkee p = PARKEE(2);
    ebb_task_spawn(&test_exec, &p.task);
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.resumes, 0);
    assert_false(ebb_executor_has_work(&test_exec)); /* really parked */
    ebb_host_irq(unpark_isr, &p.parker);             /* from an interrupt */
    assert_true(ebb_executor_has_work(&test_exec));
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.resumes, 1);
    assert_false(ebb_executor_has_work(&test_exec));
    assert_true(ebb_unpark(&p.parker)); /* from main / another task */
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.resumes, 2);
    assert_int_equal(ebb_task_state(&p.task), EBB_TASK_DONE);
    assert_false(ebb_parker_has_permit(&p.parker));
}

/* The release that comes first is kept: the next park returns at once. */
static void test_unpark_before_park_is_not_lost(void **state)
{
    (void)state;
    struct parkee p = PARKEE(1);
    assert_false(ebb_unpark(&p.parker)); /* nobody parked: a permit */
    assert_true(ebb_parker_has_permit(&p.parker));
    ebb_task_spawn(&test_exec, &p.task);
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.resumes, 1);
    assert_false(ebb_parker_has_permit(&p.parker));
}

/* Permits do not add up. */
static void test_unparks_coalesce(void **state)
{
    (void)state;
    struct parkee p = PARKEE(3);
    ebb_unpark(&p.parker);
    ebb_unpark(&p.parker);
    ebb_unpark(&p.parker);
    ebb_task_spawn(&test_exec, &p.task);
    ebb_host_run_idle(&test_exec, 10);
    assert_int_equal(p.resumes, 1);
}

/* An unpark from an interrupt that lands inside the park's critical
 * section (deferred to its unlock) is not lost. */
static void test_unpark_racing_park(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 2; n++) {
        struct parkee p = PARKEE(1);
        ebb_task_spawn(&test_exec, &p.task);
        ebb_host_irq_in_lock(n, unpark_isr, &p.parker);
        ebb_host_run_idle(&test_exec, 10);
        assert_int_equal(ebb__host_lock_countdown, 0);
        assert_int_equal(p.resumes, 1);
    }
}

/* A park that times out stops waiting: a later unpark leaves a permit
 * rather than waking the task for nothing. */
static void test_park_timeout_and_cancel(void **state)
{
    (void)state;
    struct parkee p = PARKEE(1);
    p.timeout = 5;
    ebb_task_spawn(&test_exec, &p.task);
    ebb_host_run_until(&test_exec, 6);
    assert_int_equal(p.result, EBB_ETIMEDOUT);
    assert_null(p.parker.parked);
    assert_false(ebb_unpark(&p.parker));
    assert_true(ebb_parker_has_permit(&p.parker));

    struct parkee q = PARKEE(1);
    ebb_task_spawn(&test_exec, &q.task);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_cancel(&q.task), EBB_OK);
    assert_null(q.parker.parked);
    assert_false(ebb_unpark(&q.parker)); /* a cancelled task is not woken */
    assert_false(ebb_executor_has_work(&test_exec));
}

static ebb_parker shared = EBB_PARKER_INITIALIZER;
static ebb_poll_t intruder_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_park(&shared));
    EBB_END();
}

static void test_park_misuse(void **state)
{
    (void)state;
    EXPECT_CONTRACT("park", 1, ebb_unpark(NULL));
    /* (park:3, a park outside a task, is gone: ebb_park needs a context.) */
    shared = (ebb_parker)EBB_PARKER_INITIALIZER;
    struct { ebb_task task; } a = {EBB_TASK_INITIALIZER(intruder_poll)},
                             b = {EBB_TASK_INITIALIZER(intruder_poll)};
    ebb_task_spawn(&test_exec, &a.task);
    ebb_executor_poll(&test_exec);
    assert_ptr_equal(shared.parked, &a.task);
    ebb_task_spawn(&test_exec, &b.task);
    EXPECT_CONTRACT_IN("park", 2, &b.task, ebb_executor_poll(&test_exec)); /* b parks on a's parker */
    /* a stays parked; cancelling b does not disturb it either. */
    assert_ptr_equal(shared.parked, &a.task);
    assert_int_equal(ebb_task_cancel(&b.task), EBB_OK);
    assert_ptr_equal(shared.parked, &a.task);
    assert_true(ebb_unpark(&shared)); /* wakes a, not b */
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_state(&b.task), EBB_TASK_IDLE);
    assert_null(shared.parked);
    assert_false(ebb_parker_has_permit(&shared));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_park_waits_until_unparked),
        RUN(test_unpark_before_park_is_not_lost),
        RUN(test_unparks_coalesce),
        RUN(test_unpark_racing_park),
        RUN(test_park_timeout_and_cancel),
        RUN(test_park_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
