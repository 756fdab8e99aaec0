/* Resetting static objects between tests (ebb/reset.h): each reset returns
 * its object to the defined state, refuses while a task waits on it, and a
 * task reset withdraws the task from whatever it waited on.  Built twice:
 * contracts on (the contract ids) and off (the documented return codes). */
#include "test_support.h"
#include "ebb/driver/wait.h"

/* A reset refused by contract: with contracts off it returns `fallback`. */
#if EBB_CONFIG_CONTRACTS
#define RESET_MISUSE(id, expr, fallback) EXPECT_CONTRACT("reset", id, assert_int_equal((expr), (fallback)))
#else
#define RESET_MISUSE(id, expr, fallback) assert_int_equal((expr), (fallback))
#endif

/* ---- the objects under test, static as in firmware ---- */
EBB_CHANNEL_DEFINE(chan, int, 2);
static EBB_MUTEX_DEFINE(mtx);
static EBB_SEM_DEFINE(sem, 1, 3);
EBB_POOL_DEFINE(pool, uint32_t, 3);
static EBB_SEM_DEFINE(gate, 0, 1); /* a binary semaphore: the tasks' gate */
static ebb_ticker ticker;

/* One task that waits on the object named by `op`, counting its resumes. */
enum op { OP_RECV, OP_SEND, OP_LOCK, OP_TAKE, OP_ALLOC, OP_GATE, OP_TICK, OP_SLEEP, OP_RESET_SELF };

struct waiter {
    ebb_task task;
    ebb_wait w;
    ebb_timer timer;
    ebb_ticks sleep;
    enum op op;
    int value;
    void *block;
    int starts;
    int resumes;
    int self_reset;
    int unlocked;
};
static ebb_waitlist forever, never_again;

static ebb_poll_t waiter_poll(ebb_task *self, ebb_cx *cx)
{
    struct waiter *t = EBB_CONTAINER_OF(self, struct waiter, task);
    EBB_BEGIN(cx, &self->co);
    t->starts++;
    for (;;) {
        switch (t->op) {
        case OP_RECV:
            EBB_AWAIT(ebb_channel_recv(&t->w, &chan, &t->value));
            break;
        case OP_SEND:
            EBB_AWAIT(ebb_channel_send(&t->w, &chan, &t->value));
            break;
        case OP_LOCK: /* then hold it until `forever` is woken */
            EBB_AWAIT(ebb_mutex_lock(&t->w, &mtx));
            t->resumes++;
            EBB_AWAIT(ebb_wait_on(&t->w, &forever));
            ebb_mutex_unlock(cx, &mtx);
            t->unlocked++;
            EBB_AWAIT(ebb_wait_on(&t->w, &never_again));
            break;
        case OP_TAKE:
            EBB_AWAIT(ebb_sem_take(&t->w, &sem));
            break;
        case OP_ALLOC:
            EBB_AWAIT(ebb_pool_alloc(&t->w, &pool, &t->block));
            break;
        case OP_GATE:
            EBB_AWAIT(ebb_sem_take(&t->w, &gate));
            break;
        case OP_TICK:
            EBB_AWAIT(ebb_ticker_next(&ticker));
            break;
        case OP_SLEEP:
            EBB_AWAIT(ebb_sleep_for(&t->timer, t->sleep));
            break;
        case OP_RESET_SELF:
            t->self_reset = ebb_task_reset(self); /* refused: its body runs */
            EBB_AWAIT(ebb_sem_take(&t->w, &gate));
            break;
        }
        t->resumes++;
    }
    EBB_END();
}

static struct waiter a, b, c;

/* A task that finishes its first run and waits at the gate in the next. */
struct once {
    ebb_task task;
    ebb_wait w;
    int runs;
};

static ebb_poll_t once_poll(ebb_task *self, ebb_cx *cx)
{
    struct once *o = EBB_CONTAINER_OF(self, struct once, task);
    EBB_BEGIN(cx, &self->co);
    if (o->runs++ > 0) {
        EBB_AWAIT(ebb_sem_take(&o->w, &gate));
    }
    EBB_END();
}

static struct once d;
static EBB_EXECUTOR_DEFINE(irq_exec, NULL); /* an executor run by an interrupt */

static int setup(void **state)
{
    /* Tasks before the objects they wait on; the host port in any order
     * (test_host_reset_before_task_reset takes the other one). */
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&b.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&c.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&d.task), EBB_OK);
    ebb_test_setup(state);
    ebb_executor_init(&irq_exec, NULL);
    ebb_waitlist_init(&forever);
    ebb_waitlist_init(&never_again);
    EBB_SET_UNLINKED(a, (struct waiter){.task = EBB_TASK_INITIALIZER(waiter_poll)});
    EBB_SET_UNLINKED(b, (struct waiter){.task = EBB_TASK_INITIALIZER(waiter_poll)});
    EBB_SET_UNLINKED(c, (struct waiter){.task = EBB_TASK_INITIALIZER(waiter_poll)});
    EBB_SET_UNLINKED(d, (struct once){.task = EBB_TASK_INITIALIZER(once_poll)});
    assert_int_equal(ebb_channel_reset(&chan), EBB_OK);
    assert_int_equal(ebb_mutex_reset(&mtx), EBB_OK);
    assert_int_equal(ebb_sem_reset(&sem, 1), EBB_OK);
    assert_int_equal(ebb_pool_reset(&pool), EBB_OK);
    assert_int_equal(ebb_sem_reset(&gate, 0), EBB_OK);
    assert_int_equal(ebb_ticker_reset(&ticker), EBB_OK);
    return 0;
}

static void start(struct waiter *t, enum op op)
{
    t->op = op;
    assert_int_equal(ebb_task_spawn(&test_exec, &t->task), EBB_OK);
    ebb_host_run_until(&test_exec, ebb_now());
}

/* A task waiting on a channel: the channel refuses a reset; resetting the
 * task withdraws it (the channel's waiter list empties), after which the
 * channel resets and the task starts again from the top. */
static void test_task_reset_withdraws_a_waiter(void **state)
{
    (void)state;
    start(&a, OP_RECV);
    assert_int_equal(a.starts, 1);
    assert_false(ebb_waitlist_empty(&chan.receivers));
    RESET_MISUSE(2, ebb_channel_reset(&chan), EBB_EBUSY);

    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_IDLE);
    assert_true(ebb_waitlist_empty(&chan.receivers));
    assert_false(ebb_wait_linked(&a.w));
    assert_int_equal(ebb_channel_reset(&chan), EBB_OK);

    /* A send now wakes nobody (the old waiter is gone) and stays queued. */
    int v = 5;
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_OK);
    assert_false(ebb_executor_has_work(&test_exec));
    start(&a, OP_RECV);
    assert_int_equal(a.starts, 2);
    assert_int_equal(a.resumes, 1);
    assert_int_equal(a.value, 5);
}

/* A task woken but not yet polled stays queued on reset (the run queue is
 * never walked): its executor's next pass skips it and drops the link. */
static void test_task_reset_leaves_the_run_queue(void **state)
{
    (void)state;
    start(&a, OP_GATE);
    assert_int_equal(ebb_sem_give(&gate), EBB_OK);
    assert_true(ebb_executor_has_work(&test_exec));
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_IDLE);
    assert_true(ebb_node_linked(&a.task.node)); /* still queued */
    assert_false(ebb_executor_poll(&test_exec)); /* skipped */
    assert_false(ebb_executor_has_work(&test_exec));
    assert_false(ebb_node_linked(&a.task.node));
    assert_int_equal(a.resumes, 0);
    assert_int_equal(a.starts, 1);
    /* The token handed to it went back to the gate with the cancel. */
    assert_int_equal(ebb_sem_count(&gate), 1);
    assert_int_equal(ebb_sem_reset(&gate, 0), EBB_OK);
    /* Spawned again, it runs from the top once. */
    start(&a, OP_GATE);
    assert_int_equal(a.starts, 2);
    assert_int_equal(a.resumes, 0);
}

/* A sleeping task's timer leaves the timer queue: no alarm stays armed. */
static void test_task_reset_disarms_its_timer(void **state)
{
    (void)state;
    ebb_ticker_start(&ticker, EBB_MS(10));
    start(&a, OP_TICK);
    assert_int_equal(ebb_host_alarm(), EBB_MS(10));
    RESET_MISUSE(2, ebb_ticker_reset(&ticker), EBB_EBUSY);
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);
    assert_int_equal(ebb_ticker_reset(&ticker), EBB_OK);
    assert_int_equal(ticker.period, 0);
    /* Started again, it ticks from now. */
    ebb_ticker_start(&ticker, EBB_MS(4));
    start(&a, OP_TICK);
    ebb_host_run_until(&test_exec, EBB_MS(9));
    assert_int_equal(a.resumes, 2);
}

/* ebb_host_reset() first, then the tasks: the order does not matter.  The
 * host reset forgets the timer queue (two sleepers' timers) and the run
 * queue (a woken task) without touching them; a new timer is armed in the
 * fresh queue; then resetting the old tasks must neither unlink their
 * timers from the forgotten queue (which would hang the forgotten
 * neighbour into the live queue and lose the new timer) nor leave a stale
 * run-queue link (the respawned task would never run). */
static void test_host_reset_before_task_reset(void **state)
{
    (void)state;
    a.op = b.op = OP_SLEEP;
    a.sleep = EBB_MS(10);
    b.sleep = EBB_MS(20);
    start(&a, OP_SLEEP);
    start(&b, OP_SLEEP);
    start(&c, OP_GATE);
    assert_int_equal(ebb_sem_give(&gate), EBB_OK);
    assert_true(ebb_executor_has_work(&test_exec)); /* c is queued */

    ebb_host_reset(0); /* the order the docs used to forbid */
    assert_false(ebb_executor_has_work(&test_exec));
    assert_int_equal(ebb_host_alarm(), EBB_TICKS_NEVER);

    /* A task of the next test arms a timer in the fresh queue... */
    static struct waiter d;
    EBB_SET_UNLINKED(d, (struct waiter){.task = EBB_TASK_INITIALIZER(waiter_poll), .sleep = EBB_MS(5)});
    start(&d, OP_SLEEP);
    assert_int_equal(ebb_host_alarm(), EBB_MS(5));
    /* ...and then the old tasks are reset. */
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&b.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&c.task), EBB_OK);
    assert_false(ebb_timer_armed(&a.timer));
    assert_false(ebb_timer_armed(&b.timer));
    assert_false(ebb_node_linked(&c.task.node));
    assert_true(ebb_timer_armed(&d.timer));
    assert_int_equal(ebb_host_alarm(), EBB_MS(5));

    /* The new timer still fires, and the old tasks run again from the top. */
    assert_int_equal(ebb_sem_reset(&gate, 0), EBB_OK);
    a.sleep = EBB_MS(4);
    start(&a, OP_SLEEP);
    start(&c, OP_GATE);
    assert_int_equal(c.starts, 2);
    ebb_host_run_until(&test_exec, EBB_MS(6));
    assert_int_equal(d.resumes, 1);
    assert_int_equal(a.starts, 2);
    assert_int_equal(a.resumes, 1);
    assert_int_equal(ebb_sem_give(&gate), EBB_OK);
    ebb_host_run_until(&test_exec, EBB_MS(7));
    assert_int_equal(c.resumes, 1);
    assert_int_equal(ebb_task_reset(&d.task), EBB_OK);
}

/* Resetting tasks that are idle or done is harmless, and a task that
 * finished may be reset and spawned again. */
static void test_task_reset_idle_task(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_IDLE);
    /* d finishes its first run, is reset twice and runs again from the
     * top: its second run waits at the gate. */
    assert_int_equal(ebb_task_spawn(&test_exec, &d.task), EBB_OK);
    ebb_host_run_until(&test_exec, ebb_now());
    assert_int_equal(ebb_task_state(&d.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_reset(&d.task), EBB_OK);
    assert_int_equal(ebb_task_reset(&d.task), EBB_OK);
    assert_int_equal(ebb_task_state(&d.task), EBB_TASK_IDLE);
    assert_int_equal(ebb_task_spawn(&test_exec, &d.task), EBB_OK);
    ebb_host_run_until(&test_exec, ebb_now());
    assert_int_equal(d.runs, 2);
    assert_int_equal(ebb_task_state(&d.task), EBB_TASK_RUNNING); /* at the gate */
    assert_int_equal(ebb_task_reset(&d.task), EBB_OK);
}

/* An interrupt spawns the task again and runs it on its executor. */
static void respawn_and_run_isr(void *arg)
{
    struct once *o = arg;
    assert_int_equal(ebb_task_spawn(&irq_exec, &o->task), EBB_OK);
    (void)ebb_executor_poll(&irq_exec);
}

/* A reset of a finished task while an interrupt spawns it again and runs
 * it (it waits at the gate) between the reset's cancel and its end: the
 * reset still leaves nothing registered - the run it raced with is
 * cancelled too - instead of an idle task whose wait stays on the gate
 * (which would refuse its own reset, and a give would hand its token to a
 * task that never takes it).  Found while fuzzing the resets (tests/fuzz). */
static void test_task_reset_races_a_respawn(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_spawn(&irq_exec, &d.task), EBB_OK);
    (void)ebb_executor_poll(&irq_exec);
    assert_int_equal(ebb_task_state(&d.task), EBB_TASK_DONE);
    ebb_host_irq_in_lock(1, respawn_and_run_isr, &d); /* in the reset's cancel */
    assert_int_equal(ebb_task_reset(&d.task), EBB_OK);
    assert_int_equal(d.runs, 2); /* the interrupt ran it: it waited at the gate */
    assert_int_equal(ebb_task_state(&d.task), EBB_TASK_IDLE);
    assert_true(ebb_waitlist_empty(&gate.waiters));
    assert_null(d.w.task);
    assert_int_equal(ebb_sem_give(&gate), EBB_OK);
    assert_int_equal(ebb_sem_count(&gate), 1); /* the token is counted, not lost */
}

/* A full channel is empty and whole again after a reset. */
static void test_channel_reset_empties(void **state)
{
    (void)state;
    int v = 1, out = 0;
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_EAGAIN);
    assert_int_equal(ebb_channel_reset(&chan), EBB_OK);
    assert_int_equal(ebb_channel_count(&chan), 0);
    assert_int_equal(ebb_channel_try_recv(&chan, &out), EBB_EAGAIN);
    for (int i = 10; i < 12; i++) {
        assert_int_equal(ebb_channel_try_send(&chan, &i), EBB_OK);
    }
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_EAGAIN);
    assert_int_equal(ebb_channel_try_recv(&chan, &out), EBB_OK);
    assert_int_equal(out, 10);
}

/* A sender blocked on a full channel is a waiter too. */
static void test_channel_reset_refuses_a_waiting_sender(void **state)
{
    (void)state;
    int v = 1;
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_send(&chan, &v), EBB_OK);
    start(&a, OP_SEND);
    RESET_MISUSE(2, ebb_channel_reset(&chan), EBB_EBUSY);
    assert_int_equal(ebb_channel_count(&chan), 2); /* refused: unchanged */
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_channel_reset(&chan), EBB_OK);
    assert_int_equal(ebb_channel_count(&chan), 0);
}

/* A mutex with a waiter, or owned by a running task, refuses a reset
 * (reset:2); a task that owns a mutex refuses its own reset (task:4,
 * EBB_EBUSY, nothing changed) until it has unlocked. */
static void test_mutex_reset(void **state)
{
    (void)state;
    start(&a, OP_LOCK);
    assert_ptr_equal(mtx.owner, &a.task);
    start(&b, OP_LOCK);
    RESET_MISUSE(2, ebb_mutex_reset(&mtx), EBB_EBUSY);
    assert_int_equal(ebb_task_reset(&b.task), EBB_OK); /* a waiter: withdrawn */
    assert_true(ebb_waitlist_empty(&mtx.waiters));
#if EBB_CONFIG_CONTRACTS
    EXPECT_CONTRACT("task", 4, assert_int_equal(ebb_task_reset(&a.task), EBB_EBUSY));
#else
    assert_int_equal(ebb_task_reset(&a.task), EBB_EBUSY);
#endif
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_RUNNING);
    assert_ptr_equal(mtx.owner, &a.task);
    assert_true(ebb_wait_linked(&a.w)); /* still waits on `forever` */
    RESET_MISUSE(2, ebb_mutex_reset(&mtx), EBB_EBUSY); /* its owner runs */
    assert_ptr_equal(mtx.owner, &a.task);
    /* Once it has unlocked, both resets go through. */
    ebb_waitlist_wake_all(&forever);
    ebb_executor_poll(&test_exec);
    assert_int_equal(a.unlocked, 1);
    assert_null(mtx.owner);
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_mutex_reset(&mtx), EBB_OK);
    start(&b, OP_LOCK);
    assert_int_equal(b.resumes, 1);
    assert_ptr_equal(mtx.owner, &b.task);
    ebb_waitlist_wake_all(&forever); /* b unlocks: set-up can reset it */
    ebb_executor_poll(&test_exec);
    assert_null(mtx.owner);
}

static void test_sem_reset(void **state)
{
    (void)state;
    start(&a, OP_TAKE); /* takes the one token, loops, waits */
    assert_int_equal(a.resumes, 1);
    assert_int_equal(ebb_sem_count(&sem), 0);
    RESET_MISUSE(2, ebb_sem_reset(&sem, 2), EBB_EBUSY);
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    RESET_MISUSE(4, ebb_sem_reset(&sem, 4), EBB_EINVAL); /* above its limit of 3 */
    assert_int_equal(ebb_sem_count(&sem), 0);
    assert_int_equal(ebb_sem_reset(&sem, 3), EBB_OK);
    assert_int_equal(ebb_sem_count(&sem), 3);
    assert_int_equal(ebb_sem_give(&sem), EBB_EAGAIN); /* the limit is kept */
}

/* A token given to a waiting task that has not resumed yet is that task's
 * already (the give handed it over): a reset sets the tokens not given out
 * and leaves it alone.  Resumed, the task has its one take; cancelled
 * first, it gives the token back, as every abandoned take does. */
static void test_sem_reset_leaves_a_handed_token(void **state)
{
    (void)state;
    start(&a, OP_GATE);
    assert_int_equal(ebb_sem_give(&gate), EBB_OK); /* handed to a, still queued */
    assert_int_equal(ebb_sem_reset(&gate, 0), EBB_OK);
    ebb_host_run_until(&test_exec, ebb_now());
    assert_int_equal(a.resumes, 1);                /* its take completed */
    assert_int_equal(ebb_sem_count(&gate), 0);     /* no token made */

    assert_int_equal(ebb_sem_give(&gate), EBB_OK); /* a waits again: handed */
    assert_int_equal(ebb_sem_reset(&gate, 0), EBB_OK);
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK); /* abandons the take */
    assert_int_equal(ebb_sem_count(&gate), 1);     /* the token came back */
    ebb_host_run_until(&test_exec, ebb_now());
    assert_int_equal(a.resumes, 1);
}

/* A block freed to a waiting task that has not resumed yet is that task's:
 * the pool refuses a reset then (reset:2, EBB_EBUSY, nothing changed), and
 * the task gets its block when it runs. */
static void test_pool_reset_refuses_a_handed_block(void **state)
{
    (void)state;
    void *blk[3];
    for (int i = 0; i < 3; i++) {
        blk[i] = ebb_pool_try_alloc(&pool);
        assert_non_null(blk[i]);
    }
    start(&a, OP_ALLOC);
    assert_int_equal(a.resumes, 0);
    assert_int_equal(ebb_pool_free(&pool, blk[1]), EBB_OK); /* handed to a */
    assert_true(ebb_waitlist_empty(&pool.waiters));
    assert_true(ebb_executor_has_work(&test_exec)); /* woken, not resumed */
    RESET_MISUSE(2, ebb_pool_reset(&pool), EBB_EBUSY);
    assert_null(ebb_pool_try_alloc(&pool)); /* nothing freed for others */
    ebb_executor_poll(&test_exec);
    assert_int_equal(a.resumes, 1);
    assert_ptr_equal(a.block, blk[1]); /* its block */
    /* It waits for another one now: reset the task, then the pool. */
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_pool_reset(&pool), EBB_OK);
    assert_int_equal(ebb_pool_free_count(&pool), 3);
}

/* Every block is free again: all three can be taken once more. */
static void test_pool_reset(void **state)
{
    (void)state;
    void *blk[3];
    for (int i = 0; i < 3; i++) {
        blk[i] = ebb_pool_try_alloc(&pool);
        assert_non_null(blk[i]);
    }
    assert_int_equal(ebb_pool_free(&pool, blk[1]), EBB_OK);
    assert_non_null(ebb_pool_try_alloc(&pool));
    start(&a, OP_ALLOC);
    RESET_MISUSE(2, ebb_pool_reset(&pool), EBB_EBUSY);
    assert_int_equal(ebb_task_reset(&a.task), EBB_OK);
    assert_int_equal(ebb_pool_reset(&pool), EBB_OK);
    assert_int_equal(ebb_pool_free_count(&pool), 3);
    /* A block held across the reset is no longer allocated: its free is
     * refused (pool:3, nothing changes), before and after the block is
     * handed out again - then only its new holder frees it. */
    int r = EBB_EINVAL; /* the contract hook leaves it so; contracts off, the free returns it */
    MISUSE("pool", 3, r = ebb_pool_free(&pool, blk[0]));
    assert_int_equal(r, EBB_EINVAL);
    void *again[3];
    for (int i = 0; i < 3; i++) {
        again[i] = ebb_pool_try_alloc(&pool);
        assert_ptr_equal(again[i], blk[i]); /* in order, from the untouched tail */
        if (i == 0) {
            MISUSE("pool", 3, r = ebb_pool_free(&pool, blk[2])); /* still above the tail */
            assert_int_equal(r, EBB_EINVAL);
        }
    }
    assert_null(ebb_pool_try_alloc(&pool));
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ebb_pool_free(&pool, again[i]), EBB_OK);
    }
    assert_int_equal(ebb_pool_free_count(&pool), 3);
}

/* A reset of a task from inside its own poll is refused: EBB_EBUSY,
 * nothing changed (no contract: reset:1 is gone); reset:3 - NULL. */
static void test_reset_from_a_task_and_null(void **state)
{
    (void)state;
    start(&a, OP_RESET_SELF);
    assert_int_equal(a.self_reset, EBB_EBUSY);
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_RUNNING);
    assert_false(ebb_waitlist_empty(&gate.waiters)); /* went on to wait */
    assert_int_equal(ebb_sem_give(&gate), EBB_OK);
    ebb_executor_poll(&test_exec); /* and resumes normally */
    assert_int_equal(a.resumes, 1);
    assert_int_equal(a.self_reset, EBB_EBUSY); /* refused again */
    RESET_MISUSE(3, ebb_task_reset(NULL), EBB_EINVAL);
    RESET_MISUSE(3, ebb_channel_reset(NULL), EBB_EINVAL);
    RESET_MISUSE(3, ebb_mutex_reset(NULL), EBB_EINVAL);
    RESET_MISUSE(3, ebb_sem_reset(NULL, 0), EBB_EINVAL);
    RESET_MISUSE(3, ebb_pool_reset(NULL), EBB_EINVAL);
    RESET_MISUSE(3, ebb_ticker_reset(NULL), EBB_EINVAL);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, ebb_test_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_task_reset_withdraws_a_waiter),
        T(test_task_reset_leaves_the_run_queue),
        T(test_task_reset_disarms_its_timer),
        T(test_task_reset_idle_task),
        T(test_task_reset_races_a_respawn),
        T(test_host_reset_before_task_reset),
        T(test_channel_reset_empties),
        T(test_channel_reset_refuses_a_waiting_sender),
        T(test_mutex_reset),
        T(test_sem_reset),
        T(test_sem_reset_leaves_a_handed_token),
        T(test_pool_reset),
        T(test_pool_reset_refuses_a_handed_block),
        T(test_reset_from_a_task_and_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
