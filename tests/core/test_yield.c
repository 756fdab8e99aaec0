/* EBB_YIELD: who runs next, and that the cheap path (a yield in a task's
 * own body, queued by the executor itself) keeps every rule of a wake: a
 * task is queued at most once, the pender hears of it, a wake meanwhile is
 * neither lost nor doubled, cancellation still works.  Built twice: with
 * computed-goto and with switch continuations. */
#include "test_support.h"

/* The order in which tasks ran, as letters. */
static char order[64];
static unsigned order_len;

static void ran(char who)
{
    if (order_len < sizeof order - 1) {
        order[order_len++] = who;
        order[order_len] = '\0';
    }
}

/* A task that logs its letter and yields, `yields` times, then finishes. */
struct yielder {
    ebb_task task;
    char name;
    int yields;
    int i;
    ebb_host_isr_fn isr; /* raised from inside its next poll, once */
    void *isr_arg;
};

static ebb_poll_t yielder_poll(ebb_task *self, ebb_cx *cx)
{
    struct yielder *y = EBB_CONTAINER_OF(self, struct yielder, task);
    EBB_BEGIN(cx, &self->co);
    for (y->i = 0; y->i < y->yields; y->i++) {
        ran(y->name);
        if (y->isr != NULL) {
            ebb_host_isr_fn fn = y->isr;
            y->isr = NULL;
            ebb_host_irq(fn, y->isr_arg);
        }
        EBB_YIELD();
    }
    ran((char)(y->name + ('a' - 'A'))); /* lower case: finished */
    EBB_END();
}

#define YIELDER(letter, n) {.task = EBB_TASK_INITIALIZER(yielder_poll), .name = (letter), .yields = (n)}

/* A task that waits on a list and logs its letter at each resume. */
struct sleeper {
    ebb_task task;
    ebb_wait wait;
    ebb_waitlist *list;
    char name;
};

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&s->wait, s->list));
        ran(s->name);
    }
    EBB_END();
}

static int reset_order(void **state)
{
    order_len = 0;
    order[0] = '\0';
    return ebb_test_setup(state);
}
#define RUN_Y(fn) cmocka_unit_test_setup_teardown(fn, reset_order, ebb_test_teardown)

/* Three yielding tasks take turns in spawn order, one turn per pass. */
static void test_round_robin(void **state)
{
    (void)state;
    struct yielder a = YIELDER('A', 3), b = YIELDER('B', 3), c = YIELDER('C', 3);
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "ABC");
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "ABCABC");
    assert_true(ebb_executor_poll(&test_exec));
    assert_false(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "ABCABCABCabc");
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_DONE);
}

static void wake_list_isr(void *arg) { ebb_waitlist_wake_all(arg); }

/* A task woken (by an interrupt) during the pass in which another yields
 * runs before the yielder: the yielder goes behind everything that became
 * ready before the pass ended. */
static void test_yielder_queued_behind_tasks_woken_in_the_pass(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct sleeper w = {.task = EBB_TASK_INITIALIZER(sleeper_poll), .list = &list, .name = 'W'};
    assert_int_equal(ebb_task_spawn(&test_exec, &w.task), EBB_OK);
    assert_false(ebb_executor_poll(&test_exec)); /* w waits */

    struct yielder a = YIELDER('A', 2), b = YIELDER('B', 2);
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    b.isr = wake_list_isr; /* fires after a has yielded */
    b.isr_arg = &list;
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "AB");
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "ABWAB");
}

static void wake_task_isr(void *arg) { (void)ebb_wake(arg); }

/* A task woken during its own poll that then yields is queued once: it runs
 * once in the next pass, not twice, and the queue stays intact. */
static void test_woken_then_yields_is_queued_once(void **state)
{
    (void)state;
    struct yielder a = YIELDER('A', 3), b = YIELDER('B', 3);
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    a.isr = wake_task_isr;
    a.isr_arg = &a.task;
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "AB");
    /* a was queued by the wake, before b's yield: it keeps that place. */
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "ABAB");
    assert_true(ebb_executor_poll(&test_exec));
    assert_false(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "ABABABab");
}

/* The same with the wake landing inside each critical section of the pass
 * in turn (the yield's own included): never lost, never doubled. */
static void test_wake_inside_every_critical_section(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 12; n++) {
        reset_order(NULL);
        struct yielder a = YIELDER('A', 2), b = YIELDER('B', 2);
        assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
        assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
        ebb_host_irq_in_lock(n, wake_task_isr, &a.task);
        for (int pass = 0; pass < 10 && ebb_executor_poll(&test_exec); pass++) {
        }
        /* Each task ran exactly its 2 turns plus its finish; a wake can only
         * add a spurious poll, which the body does not see. */
        assert_string_equal(order, "ABABab");
        assert_int_equal(ebb_task_state(&a.task), EBB_TASK_DONE);
        assert_int_equal(ebb_task_state(&b.task), EBB_TASK_DONE);
        assert_false(ebb_executor_has_work(&test_exec));
    }
}

/* An executor with a pender (as one inside an interrupt handler) hears of
 * every yield: its handler polls once per pend, so a yield without a pend
 * would stall the task. */
static unsigned pends;
static void count_pend(ebb_executor *ex)
{
    (void)ex;
    pends++;
}
static EBB_EXECUTOR_DEFINE(pend_exec, count_pend);

static void test_yield_pends_the_executor(void **state)
{
    (void)state;
    struct yielder a = YIELDER('A', 2);
    pends = 0;
    assert_int_equal(ebb_task_spawn(&pend_exec, &a.task), EBB_OK);
    assert_int_equal(pends, 1);
    assert_true(ebb_executor_poll(&pend_exec)); /* one task: the short path */
    assert_int_equal(pends, 2);
    struct yielder b = YIELDER('B', 1);
    assert_int_equal(ebb_task_spawn(&pend_exec, &b.task), EBB_OK);
    assert_int_equal(pends, 3);
    assert_true(ebb_executor_poll(&pend_exec)); /* two: a and b's yields, one pend */
    assert_int_equal(pends, 4);
    assert_string_equal(order, "AAB");
    assert_false(ebb_executor_poll(&pend_exec));
    assert_string_equal(order, "AABab");
    assert_int_equal(pends, 4);
}

/* A yield inside an async function (its result goes to the caller's await,
 * not to the executor) still lets the others run and comes back. */
struct spin_fn {
    ebb_co co;
    int turns;
};
static ebb_poll_t spin_fn(ebb_cx *cx, struct spin_fn *s, int n, char who)
{
    EBB_BEGIN(cx, &s->co);
    for (s->turns = 0; s->turns < n; s->turns++) {
        ran(who);
        EBB_YIELD();
    }
    EBB_END();
}

struct nested {
    ebb_task task;
    struct spin_fn fn;
    int which;
    ebb_wait wait;
    ebb_signal *sig;
    uint32_t value;
};

static ebb_poll_t nested_poll(ebb_task *self, ebb_cx *cx)
{
    struct nested *n = EBB_CONTAINER_OF(self, struct nested, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(spin_fn(cx, &n->fn, 2, 'N'));
    ran('n');
    EBB_END();
}

static void test_yield_in_async_function(void **state)
{
    (void)state;
    struct nested n = {.task = EBB_TASK_INITIALIZER(nested_poll)};
    struct yielder a = YIELDER('A', 2);
    assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "NA");
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "NANA");
    assert_false(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "NANAna");
}

/* A select whose losing branch is an async function sitting at a yield: the
 * branch is cancelled (reset, runs no further). */
static ebb_poll_t select_poll(ebb_task *self, ebb_cx *cx)
{
    struct nested *n = EBB_CONTAINER_OF(self, struct nested, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_ANY(n->which, spin_fn(cx, &n->fn, 100, 'S'), ebb_signal_wait(&n->wait, n->sig, &n->value));
    ran('s');
    EBB_END();
}

static void test_select_cancels_a_yielding_branch(void **state)
{
    (void)state;
    EBB_SIGNAL_DEFINE(sig);
    struct nested n = {.task = EBB_TASK_INITIALIZER(select_poll), .sig = &sig};
    assert_int_equal(ebb_task_spawn(&test_exec, &n.task), EBB_OK);
    assert_true(ebb_executor_poll(&test_exec));
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "SS");
    ebb_signal_raise(&sig, 5);
    /* Both branches are ready in this poll: the spinner (listed first)
     * resumes from its yield, logs and yields again; then the signal wins
     * and the spinner is cancelled at that yield. */
    (void)ebb_executor_poll(&test_exec);
    assert_int_equal(n.which, 1);
    assert_int_equal(n.value, 5);
    assert_int_equal(n.fn.co.resume, 0);
    assert_int_equal(ebb_task_state(&n.task), EBB_TASK_DONE);
    /* The spinner's self-wake is stale: at most one spurious pass. */
    (void)ebb_executor_poll(&test_exec);
    assert_false(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "SSSs");
}

/* Cancelling a task that yielded (from a later task of the same pass) stops
 * it: it is not polled again, and it can be spawned afresh. */
struct canceller {
    ebb_task task;
    ebb_task *victim;
};
static ebb_poll_t canceller_poll(ebb_task *self, ebb_cx *cx)
{
    struct canceller *c = EBB_CONTAINER_OF(self, struct canceller, task);
    EBB_BEGIN(cx, &self->co);
    ran('K');
    assert_int_equal(ebb_task_cancel(c->victim), EBB_OK);
    EBB_END();
}

static void test_cancel_after_yield(void **state)
{
    (void)state;
    struct yielder a = YIELDER('A', 5);
    struct canceller k = {.task = EBB_TASK_INITIALIZER(canceller_poll), .victim = &a.task};
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &k.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_string_equal(order, "AK");
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_IDLE);
    (void)ebb_executor_poll(&test_exec); /* a is still queued: skipped */
    assert_false(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "AK");
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_string_equal(order, "AKA");
}

/* A yielder cancelled in its pass and spawned again while still queued
 * keeps its one queue entry: it runs once, from the top. */
static void test_respawn_while_queued_after_yield(void **state)
{
    (void)state;
    struct yielder a = YIELDER('A', 1);
    struct canceller k = {.task = EBB_TASK_INITIALIZER(canceller_poll), .victim = &a.task};
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &k.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK); /* reuses its entry */
    assert_true(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "AKA");
    assert_false(ebb_executor_poll(&test_exec));
    assert_string_equal(order, "AKAa");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN_Y(test_round_robin),
        RUN_Y(test_yielder_queued_behind_tasks_woken_in_the_pass),
        RUN_Y(test_woken_then_yields_is_queued_once),
        RUN_Y(test_wake_inside_every_critical_section),
        RUN_Y(test_yield_pends_the_executor),
        RUN_Y(test_yield_in_async_function),
        RUN_Y(test_select_cancels_a_yielding_branch),
        RUN_Y(test_cancel_after_yield),
        RUN_Y(test_respawn_while_queued_after_yield),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
