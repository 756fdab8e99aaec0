/* What a task holds beyond its await - the mutexes it owns - and what a
 * cancel does with that (docs/misuse.md, "What a task holds").  A task
 * counts the mutexes it owns in its state byte; a cancel (or reset) of an
 * owner is refused (task:4, EBB_EBUSY, nothing changed).  Channel
 * reservations and peeks, and the channel and mutex tables a cancel used to
 * search, are gone: ebb_channel copies, and ebb_spsc holds nothing between
 * reserve and commit (test_spsc.c).  Built twice, as test_misuse: with
 * contracts on (core.test_hold) and on the library rebuilt with
 * EBB_CONFIG_CONTRACTS=0 (core.test_hold_nc), both under ASan + UBSan. */
#include "test_support.h"
#include "ebb/driver/wait.h"

static ebb_mutex m1 = EBB_MUTEX_INITIALIZER;
struct with_mutex {
    int data;
    ebb_mutex m;
};
static struct with_mutex inside = {0, EBB_MUTEX_INITIALIZER};

#if EBB_CONFIG_CONTRACTS
static int refused_r; /* ebb_task_cancel's result must be used */
#define REFUSED(module, id, call) EXPECT_CONTRACT(module, id, refused_r = (call))
#else
#define REFUSED(module, id, call) assert_int_equal((call), EBB_EBUSY)
#endif

/* A task plays a script of steps; WAIT stops it (for good, unless the test
 * wakes `never`), so that the test can look at what it holds. */
enum op { END, LOCK, UNLOCK, LOCK_IF_FREE, WAIT };
struct step {
    enum op op;
    ebb_mutex *m;
};

struct holder {
    ebb_task task;
    ebb_wait wait;
    const struct step *script;
    int waits; /* WAIT steps passed */
};

static ebb_waitlist never; /* nobody wakes it unless a test does */

static ebb_poll_t holder_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    for (; h->script->op != END; h->script++) {
        switch (h->script->op) {
        case LOCK:
            EBB_AWAIT(ebb_mutex_lock(&h->wait, h->script->m));
            break;
        case UNLOCK:
            ebb_mutex_unlock(cx, h->script->m);
            break;
        case LOCK_IF_FREE:
            assert_true(ebb_mutex_lock_if_free(cx, h->script->m));
            break;
        default:
            EBB_AWAIT(ebb_wait_on(&h->wait, &never));
            h->waits++;
            break;
        }
    }
    EBB_END();
}

static struct holder h1, h2;

/* Spawn `h` to play `script` and run it to its first WAIT (or its end). */
static void holder_run(struct holder *h, const struct step *script)
{
    EBB_SET_UNLINKED(*h, (struct holder){.task = EBB_TASK_INITIALIZER(holder_poll), .script = script});
    assert_int_equal(ebb_task_spawn(&test_exec, &h->task), EBB_OK);
    ebb_executor_poll(&test_exec);
}

/* Let every holder at a WAIT go on to its next one. */
static void step_on(void)
{
    ebb_waitlist_wake_all(&never);
    ebb_executor_poll(&test_exec);
}

static void fresh(void)
{
    EBB_SET_UNLINKED(m1, (ebb_mutex)EBB_MUTEX_INITIALIZER);
    EBB_SET_UNLINKED(inside.m, (ebb_mutex)EBB_MUTEX_INITIALIZER);
    ebb_waitlist_init(&never);
}

#define W {WAIT, NULL}
#define S(op, m) {op, (m)}
#define E {END, NULL}

/* The count follows every mutex taken and given back: lock / unlock,
 * lock_if_free / unlock. */
static void test_count_follows_holds(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {
        S(LOCK, &m1), W,                 /* 1 */
        S(LOCK_IF_FREE, &inside.m), W,   /* 2 */
        S(UNLOCK, &m1), W,               /* 1 */
        S(UNLOCK, &inside.m), W,         /* 0 */
        E};
    static const unsigned want[] = {1, 2, 1, 0};
    holder_run(&h1, script);
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(h1.waits, i);
        assert_int_equal(ebb__task_holds(&h1.task), want[i]);
        assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
        step_on();
    }
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
}

/* A mutex handed on is counted by its new owner when it resumes (its own
 * poll: nobody else writes its state byte); the old owner's count drops at
 * the unlock. */
static void test_count_moves_with_mutex(void **state)
{
    (void)state;
    fresh();
    static const struct step owner[] = {S(LOCK, &m1), W, S(UNLOCK, &m1), W, E};
    static const struct step waiter[] = {S(LOCK, &m1), W, S(UNLOCK, &m1), E};
    holder_run(&h1, owner);
    holder_run(&h2, waiter);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    assert_int_equal(ebb__task_holds(&h2.task), 0);
    ebb_waitlist_wake_all(&never);
    assert_int_equal(ebb_executor_poll(&test_exec), true); /* h1 unlocks: h2 woken */
    assert_ptr_equal(m1.owner, &h2.task);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb__task_holds(&h2.task), 0); /* not resumed yet */
    ebb_executor_poll(&test_exec);
    assert_int_equal(h2.waits, 0);
    assert_ptr_equal(m1.owner, &h2.task);
    assert_int_equal(ebb__task_holds(&h2.task), 1);
    step_on();
    assert_null(m1.owner);
    assert_int_equal(ebb__task_holds(&h2.task), 0);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
}

/* Row (h): cancel of a task that owns a mutex: task:4, refused before
 * anything changes; contracts off, EBB_EBUSY and nothing changes either -
 * the task runs on and unlocks it itself, after which it may be
 * cancelled. */
static void test_cancel_refused_owner(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(LOCK, &m1), W, S(UNLOCK, &m1), W, W, E};
    static const struct step waiter[] = {S(LOCK, &m1), S(UNLOCK, &m1), E};
    holder_run(&h1, script);
    holder_run(&h2, waiter);
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_ptr_equal(m1.owner, &h1.task);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    assert_true(ebb_wait_linked(&h1.wait)); /* its await is intact */
    assert_ptr_equal(ebb_waitlist_first(&m1.waiters), &h2.wait);
    step_on(); /* h1 unlocks: handed to h2 */
    assert_ptr_equal(m1.owner, &h2.task);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_state(&h2.task), EBB_TASK_DONE);
    assert_null(m1.owner);
    /* Owning nothing now, it may be cancelled. */
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
}

/* The same with a mutex inside a struct, owned through lock_if_free. */
static void test_cancel_refused_owner_lock_if_free(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(LOCK_IF_FREE, &inside.m), W, S(UNLOCK, &inside.m), W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_ptr_equal(inside.m.owner, &h1.task);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    step_on();
    assert_null(inside.m.owner);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
}

/* Row: ebb_task_reset() of an owner: the cancel's task:4; contracts off,
 * EBB_EBUSY and nothing changes. */
static void test_reset_refused_owner(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(LOCK, &m1), W, S(UNLOCK, &m1), E};
    holder_run(&h1, script);
    REFUSED("task", 4, ebb_task_reset(&h1.task));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_ptr_equal(m1.owner, &h1.task);
    step_on();
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_null(m1.owner);
    assert_int_equal(ebb_task_reset(&h1.task), EBB_OK);
}

/* The owner's cancel from an interrupt that lands inside its poll: its
 * body runs, so EBB_EBUSY comes first (no task:4 report), nothing changes. */
static int isr_cancel_r;
static void cancel_isr(void *arg) { isr_cancel_r = ebb_task_cancel(arg); }
static ebb_poll_t lock_then_irq_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_mutex_lock(&h->wait, &m1));
    ebb_host_irq(cancel_isr, self); /* runs now, inside this poll */
    h->waits = 1;
    EBB_AWAIT(ebb_wait_on(&h->wait, &never));
    ebb_mutex_unlock(cx, &m1);
    EBB_END();
}

static void test_cancel_owner_from_interrupt_in_its_poll(void **state)
{
    (void)state;
    fresh();
    isr_cancel_r = 99;
    EBB_SET_UNLINKED(h1, (struct holder){.task = EBB_TASK_INITIALIZER(lock_then_irq_poll)});
    assert_int_equal(ebb_task_spawn(&test_exec, &h1.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(isr_cancel_r, EBB_EBUSY);
    assert_int_equal(h1.waits, 1);
    assert_ptr_equal(m1.owner, &h1.task);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    step_on();
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_null(m1.owner);
}

/* A task that owns nothing is cancelled, running or idle; cancelling it
 * again is harmless. */
static void test_cancel_holding_nothing(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
}

/* A mutex handed to a waiter that has not resumed yet: the waiter does not
 * count it yet, so its cancel goes through - and its cancelled lock hands
 * the mutex on (here, with no other waiter, it frees it). */
static void test_cancel_of_handed_waiter(void **state)
{
    (void)state;
    fresh();
    static const struct step owner[] = {S(LOCK, &m1), W, S(UNLOCK, &m1), W, E};
    static const struct step waiter[] = {S(LOCK, &m1), W, S(UNLOCK, &m1), E};
    holder_run(&h1, owner);
    holder_run(&h2, waiter);
    ebb_waitlist_wake_all(&never);
    ebb_executor_poll(&test_exec); /* h1 unlocks: handed to h2, not yet run */
    assert_ptr_equal(m1.owner, &h2.task);
    assert_int_equal(ebb__task_holds(&h2.task), 0);
    assert_int_equal(ebb_task_cancel(&h2.task), EBB_OK);
    assert_null(m1.owner);
    assert_int_equal(ebb__task_holds(&h2.task), 0);
    assert_int_equal(ebb_task_state(&h2.task), EBB_TASK_IDLE);
    ebb_executor_poll(&test_exec); /* h2 still queued: skipped */
    assert_null(m1.owner);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_count_follows_holds),
        RUN(test_count_moves_with_mutex),
        RUN(test_cancel_refused_owner),
        RUN(test_cancel_refused_owner_lock_if_free),
        RUN(test_reset_refused_owner),
        RUN(test_cancel_owner_from_interrupt_in_its_poll),
        RUN(test_cancel_holding_nothing),
        RUN(test_cancel_of_handed_waiter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
