/* Counting semaphore: hand-off order, limits, cancellation, interrupts. */
#include <stdlib.h>

#include "test_support.h"
#include "ebb/driver/wait.h"

static int order[64], n_order;

struct taker {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_sem *sem;
    int id, taken, rounds, result;
    ebb_ticks timeout; /* 0: wait forever */
};
static ebb_poll_t taker_poll(ebb_task *self, ebb_cx *cx)
{
    struct taker *t = EBB_CONTAINER_OF(self, struct taker, task);
    EBB_BEGIN(cx, &self->co);
    for (t->rounds = t->rounds ? t->rounds : 1; t->rounds > 0; t->rounds--) {
        if (t->timeout != 0) {
            EBB_AWAIT_TIMEOUT(t->result, &t->timer, t->timeout, ebb_sem_take(&t->wait, t->sem));
            if (t->result != EBB_OK) {
                continue;
            }
        } else {
            EBB_AWAIT(ebb_sem_take(&t->wait, t->sem));
        }
        t->taken++;
        order[n_order++] = t->id;
    }
    EBB_END();
}
#define TAKER(s, i) {.task = EBB_TASK_INITIALIZER(taker_poll), .sem = (s), .id = (i)}

static void give_isr(void *arg) { assert_int_equal(ebb_sem_give(arg), EBB_OK); }

static void test_sem_counts_up_to_limit(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 1, 3);
    assert_int_equal(ebb_sem_count(&s), 1);
    assert_int_equal(ebb_sem_give(&s), EBB_OK);
    assert_int_equal(ebb_sem_give(&s), EBB_OK);
    assert_int_equal(ebb_sem_give(&s), EBB_EAGAIN); /* at the limit: dropped */
    assert_int_equal(ebb_sem_count(&s), 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ebb_sem_try_take(&s), EBB_OK);
    }
    assert_int_equal(ebb_sem_try_take(&s), EBB_EAGAIN);
    assert_int_equal(ebb_sem_count(&s), 0);
}

static void test_sem_take_available_does_not_wait(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 2, 2);
    struct taker t = TAKER(&s, 0);
    t.rounds = 2;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_executor_poll(&test_exec); /* one pass takes both */
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_DONE);
    assert_int_equal(t.taken, 2);
    assert_int_equal(ebb_sem_count(&s), 0);
}

/* Each give from an interrupt wakes exactly one waiter, oldest first. */
static void test_sem_give_from_isr_hands_off_fifo(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 10);
    struct taker t[3] = {TAKER(&s, 0), TAKER(&s, 1), TAKER(&s, 2)};
    n_order = 0;
    for (int i = 0; i < 3; i++) {
        t[i].rounds = 2;
        assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
    }
    ebb_executor_poll(&test_exec);
    assert_false(ebb_executor_has_work(&test_exec));
    for (int g = 0; g < 6; g++) {
        ebb_host_irq(give_isr, &s);
        /* Exactly one task was woken, and the token went to it, not to
         * the count. */
        assert_int_equal(ebb_sem_count(&s), 0);
        assert_true(ebb_executor_has_work(&test_exec));
        assert_true(ebb_executor_poll(&test_exec) == false);
        assert_int_equal(n_order, g + 1);
    }
    /* FIFO: a task that takes and loops queues behind the others. */
    int want[6] = {0, 1, 2, 0, 1, 2};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(order[i], want[i]);
    }
    ebb_sem_give(&s);
    assert_int_equal(ebb_sem_count(&s), 1); /* nobody left waiting */
}

/* A token handed to a waiter that has not run yet is its own: try_take and
 * a fresh take elsewhere cannot overtake it. */
static void test_sem_no_overtaking(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 5);
    struct taker a = TAKER(&s, 0), late = TAKER(&s, 1);
    n_order = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_sem_give(&s);
    assert_int_equal(ebb_sem_try_take(&s), EBB_EAGAIN);
    assert_int_equal(ebb_task_spawn(&test_exec, &late.task), EBB_OK); /* runs after a, in the same pass */
    ebb_executor_poll(&test_exec);
    assert_int_equal(a.taken, 1);
    assert_int_equal(late.taken, 0);
    ebb_sem_give(&s);
    ebb_executor_poll(&test_exec);
    assert_int_equal(late.taken, 1);
}

/* Cancelled after a give handed it a token, a waiter passes the token on. */
static void test_sem_cancelled_waiter_passes_token_on(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 5);
    struct taker a = TAKER(&s, 0), b = TAKER(&s, 1);
    n_order = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_sem_give(&s);          /* handed to a */
    assert_int_equal(ebb_task_cancel(&a.task), EBB_OK);  /* ... which never runs with it */
    ebb_executor_poll(&test_exec);
    assert_int_equal(a.taken, 0);
    assert_int_equal(b.taken, 1);
    assert_int_equal(ebb_sem_count(&s), 0);
    /* Cancelling the only (handed) waiter leaves the token counted. */
    struct taker c = TAKER(&s, 2);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_sem_give(&s);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    assert_int_equal(ebb_sem_count(&s), 1);
    assert_true(ebb_waitlist_empty(&s.waiters));
}

/* The limit also bounds a token passed back by a cancelled waiter. */
static void test_sem_cancelled_at_limit(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 1);
    struct taker a = TAKER(&s, 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_sem_give(&s), EBB_OK); /* handed to a */
    assert_int_equal(ebb_sem_give(&s), EBB_OK); /* counted: 1 */
    assert_int_equal(ebb_sem_give(&s), EBB_EAGAIN);
    assert_int_equal(ebb_task_cancel(&a.task), EBB_OK);
    assert_int_equal(ebb_sem_count(&s), 1);
}

/* A take that times out leaves the queue: the next give is counted, not
 * handed to a task that stopped waiting. */
static void test_sem_take_timeout_leaves_queue(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 1);
    struct taker t = TAKER(&s, 0);
    t.timeout = 5;
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    ebb_host_run_until(&test_exec, 6);
    assert_int_equal(t.result, EBB_ETIMEDOUT);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_DONE);
    assert_true(ebb_waitlist_empty(&s.waiters));
    assert_int_equal(ebb_sem_give(&s), EBB_OK);
    assert_int_equal(ebb_sem_count(&s), 1);
}

/* A give from an interrupt that lands inside the take's own critical
 * section (deferred to its unlock, as on an MCU) is not lost. */
static void test_sem_give_racing_registration(void **state)
{
    (void)state;
    /* Lock 1: the executor takes its ready list (the give is counted before
     * the task looks).  Lock 2: the take registers (the give hands off). */
    for (unsigned n = 1; n <= 2; n++) {
        EBB_SEM_DEFINE(s, 0, 1);
        struct taker t = TAKER(&s, 0);
        assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
        ebb_host_irq_in_lock(n, give_isr, &s);
        ebb_host_run_idle(&test_exec, 10);
        assert_int_equal(ebb__host_lock_countdown, 0); /* the give did run */
        assert_int_equal(t.taken, 1);
        assert_int_equal(ebb_sem_count(&s), 0);
    }
}

/* Random gives against tasks that take with timeouts and are cancelled and
 * respawned: no token is created or lost.  (The limit is high enough never
 * to be reached: at the limit a token passed back by a cancelled waiter is
 * dropped like any give, see test_sem_cancelled_at_limit.) */
static void test_sem_conservation_random(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 1000000);
    struct taker t[4];
    unsigned long accepted = 0, taken_before = 0;
    srand(12345);
    for (int i = 0; i < 4; i++) {
        EBB_SET_UNLINKED(t[i], (struct taker)TAKER(&s, i));
        t[i].rounds = 1000000;
        t[i].timeout = (ebb_ticks)(i + 1) * 3;
        assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
    }
    for (int step = 0; step < 20000; step++) {
        n_order = 0;
        int r = rand() % 10;
        if (r < 4) {
            accepted += ebb_sem_give(&s) == EBB_OK;
        } else if (r < 5) {
            int i = rand() % 4;
            assert_int_equal(ebb_task_cancel(&t[i].task), EBB_OK);
            t[i].rounds = 1000000;
            assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
        } else if (r < 7) {
            ebb_host_advance(1);
        } else {
            ebb_executor_poll(&test_exec);
        }
        unsigned long taken = 0;
        for (int i = 0; i < 4; i++) {
            taken += (unsigned long)t[i].taken;
        }
        /* Tokens handed over but not yet resumed are in flight: count those
         * waiters whose wait fired. */
        unsigned long in_flight = 0;
        for (int i = 0; i < 4; i++) {
            in_flight += ebb_wait_fired(&t[i].wait);
        }
        assert_int_equal(accepted, taken + ebb_sem_count(&s) + in_flight);
        assert_true(ebb_sem_count(&s) == 0 || ebb_waitlist_empty(&s.waiters));
        assert_true(taken >= taken_before);
        taken_before = taken;
    }
    assert_true(taken_before > 1000);
}

static void test_sem_misuse(void **state)
{
    (void)state;
    EBB_SEM_DEFINE(s, 0, 1);
    EXPECT_CONTRACT("sem", 1, ebb_sem_give(NULL));
    EXPECT_CONTRACT("sem", 1, ebb_sem_try_take(NULL));
    assert_int_equal(ebb_sem_count(&s), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_sem_counts_up_to_limit),
        RUN(test_sem_take_available_does_not_wait),
        RUN(test_sem_give_from_isr_hands_off_fifo),
        RUN(test_sem_no_overtaking),
        RUN(test_sem_cancelled_waiter_passes_token_on),
        RUN(test_sem_cancelled_at_limit),
        RUN(test_sem_take_timeout_leaves_queue),
        RUN(test_sem_give_racing_registration),
        RUN(test_sem_conservation_random),
        RUN(test_sem_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
