/* Tasks and the executor: spawning, waking, fairness, misuse. */
#include <stdio.h>

#include "test_support.h"
#include "ebb/driver/wait.h"

/* A task that counts its polls and suspends on a wait list forever. */
struct counter {
    ebb_task task;
    ebb_wait wait;
    ebb_waitlist *list;
    int polls;
    int resumes;
    ebb_host_isr_fn isr_during_poll; /* fired from inside the poll, once */
    void *isr_arg;
};

static ebb_poll_t counter_poll(ebb_task *self, ebb_cx *cx)
{
    struct counter *c = EBB_CONTAINER_OF(self, struct counter, task);
    c->polls++;
    if (c->isr_during_poll) {
        ebb_host_isr_fn fn = c->isr_during_poll;
        c->isr_during_poll = NULL;
        ebb_host_irq(fn, c->isr_arg);
    }
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&c->wait, c->list));
        c->resumes++;
    }
    EBB_END();
}

static void test_header_size(void **state)
{
    (void)state;
    /* 12 bytes on a 32-bit MCU (checked there by a static assert in task.c);
     * on a 64-bit host: two pointers + 4 bytes, padded. */
    printf("sizeof(ebb_task) = %zu on this host (12 on Cortex-M)\n", sizeof(ebb_task));
    assert_int_equal(sizeof(ebb_task), sizeof(void *) == 8 ? 24 : 12);
}

static void test_spawn_runs_and_double_spawn_refused(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};

    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_IDLE);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_RUNNING);
    EXPECT_CONTRACT("task", 6, assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_EBUSY));
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.polls, 1);
    /* Refused spawn left everything intact: one poll, still waiting. */
    EXPECT_CONTRACT("task", 6, assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_EBUSY));
    assert_false(ebb_executor_has_work(&test_exec));
    ebb_waitlist_wake_all(&list);
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.resumes, 1);
}

static void test_wake_twice_queues_once(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_true(ebb_wake(&c.task));
    assert_false(ebb_wake(&c.task));
    assert_false(ebb_wake(&c.task));
    assert_false(ebb_executor_poll(&test_exec));
    assert_int_equal(c.polls, 2);
}

static void wake_task_isr(void *arg) { ebb_wake(arg); }

static void test_wake_while_polling_runs_next_pass(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);

    /* An "interrupt" inside the poll wakes the task being polled: it must
     * run again, but in the next pass, not this one. */
    c.isr_during_poll = wake_task_isr;
    c.isr_arg = &c.task;
    ebb_wake(&c.task);
    assert_true(ebb_executor_poll(&test_exec));
    assert_int_equal(c.polls, 2);
    assert_false(ebb_executor_poll(&test_exec));
    assert_int_equal(c.polls, 3);
}

/* A task that awaits a signal raised by an interrupt. */
struct sigwaiter {
    ebb_task task;
    ebb_wait wait;
    ebb_signal *sig;
    uint32_t got;
    int resumes;
};
static ebb_poll_t sigwaiter_poll(ebb_task *self, ebb_cx *cx)
{
    struct sigwaiter *w = EBB_CONTAINER_OF(self, struct sigwaiter, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_signal_wait(&w->wait, w->sig, &w->got));
    w->resumes++;
    EBB_END();
}
static void raise_isr(void *arg) { ebb_signal_raise(arg, 42); }

static void test_isr_anywhere_in_poll_loses_no_wake(void **state)
{
    (void)state;
    /* Fire the interrupt inside each critical section in turn, from the
     * spawn through the first poll and beyond: whichever side of the
     * check-then-register the interrupt lands on, the task must finish. */
    for (unsigned n = 1; n <= 8; n++) {
        EBB_SIGNAL_DEFINE(sig);
        struct sigwaiter w = {.task = EBB_TASK_INITIALIZER(sigwaiter_poll), .sig = &sig};
        ebb_test_setup(NULL);
        ebb_host_irq_in_lock(n, raise_isr, &sig);
        assert_int_equal(ebb_task_spawn(&test_exec, &w.task), EBB_OK);
        ebb_host_run_idle(&test_exec, 10);
        if (sig.set) { /* the ISR fired after the task had finished? no: */
            fail_msg("n=%u: value left unread", n);
        }
        if (w.resumes == 0) {
            /* The interrupt had not happened yet (n beyond this run's
             * critical sections): raise it now, the wake must arrive. */
            assert_true(ebb__host_lock_countdown != 0);
            ebb__host_lock_countdown = 0;
            ebb_host_irq(raise_isr, &sig);
            ebb_host_run_idle(&test_exec, 10);
        }
        assert_int_equal(w.resumes, 1);
        assert_int_equal(w.got, 42);
        assert_int_equal(ebb_task_state(&w.task), EBB_TASK_DONE);
    }
}

static void wake_during_lock_isr(void *arg)
{
    struct counter *c = arg;
    ebb_waitlist_wake_all(c->list);
}

static void test_isr_masked_inside_critical_section(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    /* Raised while the lock is held, the ISR runs at unlock. */
    ebb_irq_state s = ebb_port_lock();
    ebb_host_irq(wake_during_lock_isr, &c);
    assert_false(ebb_executor_has_work(&test_exec));
    ebb_port_unlock(s);
    assert_true(ebb_executor_has_work(&test_exec));
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.resumes, 1);
}

/* Fairness: a task that yields forever cannot starve another. */
struct spinner {
    ebb_task task;
    int runs;
};
static ebb_poll_t spinner_poll(ebb_task *self, ebb_cx *cx)
{
    struct spinner *s = EBB_CONTAINER_OF(self, struct spinner, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        s->runs++;
        EBB_YIELD();
    }
    EBB_END();
}

static void test_fairness_yield(void **state)
{
    (void)state;
    struct spinner a = {.task = EBB_TASK_INITIALIZER(spinner_poll)};
    struct spinner b = {.task = EBB_TASK_INITIALIZER(spinner_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    for (int i = 0; i < 10; i++) {
        assert_true(ebb_executor_poll(&test_exec));
        assert_int_equal(a.runs, i + 1);
        assert_int_equal(b.runs, i + 1);
    }
}

#define N_TASKS 1000
static struct counter many[N_TASKS];

static void test_thousand_tasks(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    for (int i = 0; i < N_TASKS; i++) {
        memset(&many[i], 0, sizeof many[i]);
        many[i].task.poll = counter_poll;
        many[i].list = &list;
        assert_int_equal(ebb_task_spawn(&test_exec, &many[i].task), EBB_OK);
    }
    ebb_executor_poll(&test_exec);
    for (int i = 0; i < N_TASKS; i++) {
        assert_int_equal(many[i].polls, 1);
    }
    /* Wake every other one; each runs exactly once more. */
    for (int i = 0; i < N_TASKS; i += 2) {
        ebb_wake(&many[i].task);
    }
    ebb_executor_poll(&test_exec);
    for (int i = 0; i < N_TASKS; i++) {
        assert_int_equal(many[i].polls, i % 2 == 0 ? 2 : 1);
    }
    ebb_waitlist_wake_all(&list);
    ebb_executor_poll(&test_exec);
    for (int i = 0; i < N_TASKS; i++) {
        assert_int_equal(many[i].resumes, 1);
    }
}

/* A task that finishes after one await. */
struct oneshot {
    ebb_task task;
    ebb_wait wait;
    ebb_waitlist list;
    int done;
};
static ebb_poll_t oneshot_poll(ebb_task *self, ebb_cx *cx)
{
    struct oneshot *o = EBB_CONTAINER_OF(self, struct oneshot, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&o->wait, &o->list));
    o->done++;
    EBB_END();
}

static void test_finished_task_ignores_wake_and_respawns(void **state)
{
    (void)state;
    struct oneshot o = {.task = EBB_TASK_INITIALIZER(oneshot_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &o.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_waitlist_wake_all(&o.list);
    ebb_executor_poll(&test_exec);
    assert_int_equal(o.done, 1);
    assert_int_equal(ebb_task_state(&o.task), EBB_TASK_DONE);
    /* Misuse: waking a finished task.  Documented outcome: ignored. */
    assert_false(ebb_wake(&o.task));
    assert_false(ebb_executor_has_work(&test_exec));
    /* A finished task may be spawned again and starts from the top. */
    assert_int_equal(ebb_task_spawn(&test_exec, &o.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_waitlist_wake_all(&o.list);
    ebb_executor_poll(&test_exec);
    assert_int_equal(o.done, 2);
}

/* Wakes itself, then finishes: done, but still in its executor's queue. */
static ebb_poll_t wake_then_finish_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    ebb_wake(self);
    EBB_END();
}

static void test_respawn_on_other_executor_while_queued(void **state)
{
    (void)state;
    static EBB_EXECUTOR_DEFINE(other, NULL); /* usable without init */
    struct oneshot o = {.task = EBB_TASK_INITIALIZER(wake_then_finish_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &o.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_state(&o.task), EBB_TASK_DONE);
    assert_true(ebb_executor_has_work(&test_exec)); /* still queued there */
    /* Moving it now would leave test_exec polling a task of `other`. */
    assert_int_equal(ebb_task_spawn(&other, &o.task), EBB_EBUSY);
    assert_int_equal(ebb_task_state(&o.task), EBB_TASK_DONE);
    ebb_executor_poll(&test_exec); /* skips it: done */
    assert_int_equal(ebb_task_spawn(&other, &o.task), EBB_OK);
    assert_false(ebb_executor_has_work(&test_exec));
    assert_true(ebb_executor_has_work(&other));
}

static void test_cancel_task_withdraws_waker(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_false(ebb_waitlist_empty(&list));
    ebb_wake(&c.task); /* queued as well: cancel must keep it from running */
    int polls = c.polls;
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    assert_int_equal(c.polls, polls + 1); /* the cancel path, nothing else */
    assert_true(ebb_waitlist_empty(&list));
    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_IDLE);
    /* Still queued (cancel is O(1)): the next pass skips it. */
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.polls, polls + 1);
    assert_false(ebb_executor_has_work(&test_exec));
    ebb_waitlist_wake_all(&list); /* nobody left to wake */
    assert_false(ebb_executor_has_work(&test_exec));
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK); /* not running: no-op */
    /* and it can be spawned again */
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
}

/* ebb_wake(NULL) is task:3 (it used to fault); its fallback is false. */
static void test_wake_null_is_contract(void **state)
{
    (void)state;
    bool woke = true;
    EXPECT_CONTRACT("task", 3, woke = ebb_wake(NULL));
    (void)woke;
    assert_false(ebb_executor_has_work(&test_exec));
}

/* A task that tries to cancel itself, and lets a simulated interrupt try
 * too, from inside its own poll - at the start and after each resume.  Its
 * body runs right now (it is claimed): both are refused with EBB_EBUSY and
 * nothing changes; the task goes on waiting, and resumes normally. */
struct selfcancel {
    ebb_task task;
    ebb_wait wait;
    ebb_waitlist *list;
    int self_r, isr_r, tries, resumes;
};
static void cancel_isr(void *arg)
{
    struct selfcancel *s = arg;
    s->isr_r = ebb_task_cancel(&s->task);
}
static ebb_poll_t selfcancel_poll(ebb_task *self, ebb_cx *cx)
{
    struct selfcancel *s = EBB_CONTAINER_OF(self, struct selfcancel, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        s->tries++;
        s->self_r = ebb_task_cancel(self);
        s->isr_r = 99;
        ebb_host_irq(cancel_isr, s); /* runs now: inside this poll */
        EBB_AWAIT(ebb_wait_on(&s->wait, s->list));
        s->resumes++;
    }
    EBB_END();
}

static void test_cancel_from_inside_own_poll_refused(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct selfcancel s = {.task = EBB_TASK_INITIALIZER(selfcancel_poll), .list = &list};
    assert_int_equal(ebb_task_spawn(&test_exec, &s.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(s.tries, 1);
    assert_int_equal(s.self_r, EBB_EBUSY);
    assert_int_equal(s.isr_r, EBB_EBUSY);
    /* Nothing changed: running, waiting on the list, poll unclaimed. */
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_RUNNING);
    assert_true(ebb_wait_linked(&s.wait));
    assert_ptr_equal(ebb_waitlist_first(&list), &s.wait);
    assert_false(ebb_executor_has_work(&test_exec));
    /* It continues normally, refused again at every resume. */
    for (int i = 1; i <= 3; i++) {
        ebb_waitlist_wake_all(&list);
        ebb_executor_poll(&test_exec);
        assert_int_equal(s.resumes, i);
        assert_int_equal(s.tries, i + 1);
        assert_int_equal(s.self_r, EBB_EBUSY);
        assert_int_equal(s.isr_r, EBB_EBUSY);
        assert_int_equal(ebb_task_state(&s.task), EBB_TASK_RUNNING);
        assert_true(ebb_wait_linked(&s.wait));
    }
    /* From outside its poll the cancel goes through. */
    assert_int_equal(ebb_task_cancel(&s.task), EBB_OK);
    assert_int_equal(ebb_task_state(&s.task), EBB_TASK_IDLE);
    assert_true(ebb_waitlist_empty(&list));
    assert_false(ebb_wait_linked(&s.wait));
}

/* A cancel preempted, inside its own cancel path, by an interrupt that
 * cancels the same task: the nested one is refused (EBB_EBUSY), the first
 * completes.  n sweeps the critical sections of the cancel. */
static int nested_cancel_r;
static void nested_cancel_isr(void *arg) { nested_cancel_r = ebb_task_cancel(arg); }

static void test_cancel_preempting_cancel_refused(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 2; n++) {
        ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
        struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
        ebb_test_setup(NULL);
        assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
        ebb_executor_poll(&test_exec);
        assert_false(ebb_waitlist_empty(&list));
        nested_cancel_r = 99;
        ebb_host_irq_in_lock(n, nested_cancel_isr, &c.task);
        assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
        assert_int_equal(ebb__host_lock_countdown, 0); /* it did fire */
        assert_int_equal(nested_cancel_r, EBB_EBUSY);
        assert_int_equal(ebb_task_state(&c.task), EBB_TASK_IDLE);
        assert_true(ebb_waitlist_empty(&list));
        assert_int_equal(c.task.state, EBB_TASK_IDLE); /* no busy bit left */
    }
}

/* ebb_task_reset() from an interrupt that lands inside a task's poll,
 * while other tasks wait to be polled in the same pass: the task being
 * polled is refused (EBB_EBUSY), the others are reset (they stay on the
 * pass's chain, and the executor skips them) - or reset and spawned again,
 * in which case the pass polls them once, from the top, through their one
 * queue entry.  The pass completes either way. */
static struct counter *reset_victims[3];
static int reset_r[3];
static bool reset_respawn_b;
static void reset_all_isr(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        reset_r[i] = ebb_task_reset(&reset_victims[i]->task);
    }
    if (reset_respawn_b) {
        reset_r[1] = ebb_task_spawn(&test_exec, &reset_victims[1]->task);
    }
}

static void reset_inside_pass_row(bool respawn_b)
{
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter a = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    struct counter b = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    struct counter c = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    struct counter d = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    reset_victims[0] = &a;
    reset_victims[1] = &b;
    reset_victims[2] = &c;
    reset_respawn_b = respawn_b;
    /* All four queued for one pass, a first; a's first poll raises it. */
    a.isr_during_poll = reset_all_isr;
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &d.task), EBB_OK);
    assert_false(ebb_executor_poll(&test_exec)); /* the pass completes */
    assert_int_equal(reset_r[0], EBB_EBUSY);     /* a: its body runs now */
    assert_int_equal(reset_r[1], EBB_OK);
    assert_int_equal(reset_r[2], EBB_OK);
    /* a was not touched: it ran on and waits. */
    assert_int_equal(ebb_task_state(&a.task), EBB_TASK_RUNNING);
    assert_int_equal(a.polls, 1);
    assert_true(ebb_wait_linked(&a.wait));
    /* b and c: their reset ran their cancel path (a poll that returns at
     * EBB_BEGIN, counted by the counter); c was skipped by the pass, b too
     * unless spawned again, then polled once from the top. */
    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_IDLE);
    assert_int_equal(c.polls, 1);
    assert_false(ebb_wait_linked(&c.wait));
    if (respawn_b) {
        assert_int_equal(ebb_task_state(&b.task), EBB_TASK_RUNNING);
        assert_int_equal(b.polls, 2);
        assert_true(ebb_wait_linked(&b.wait));
    } else {
        assert_int_equal(ebb_task_state(&b.task), EBB_TASK_IDLE);
        assert_int_equal(b.polls, 1);
        assert_false(ebb_wait_linked(&b.wait));
    }
    /* d, after them on the chain, ran as usual. */
    assert_int_equal(d.polls, 1);
    assert_true(ebb_wait_linked(&d.wait));
    assert_false(ebb_executor_has_work(&test_exec));
    /* And everything still works: the waiters resume once each; the
     * idle ones can be spawned again. */
    ebb_waitlist_wake_all(&list);
    ebb_executor_poll(&test_exec);
    assert_int_equal(a.resumes, 1);
    assert_int_equal(d.resumes, 1);
    assert_int_equal(b.resumes, respawn_b ? 1 : 0);
    assert_int_equal(c.resumes, 0);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.polls, 2);
    assert_int_equal(ebb_task_cancel(&a.task), EBB_OK);
    assert_int_equal(ebb_task_cancel(&b.task), EBB_OK);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    assert_int_equal(ebb_task_cancel(&d.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&list));
}

static void test_reset_from_interrupt_inside_pass(void **state)
{
    (void)state;
    reset_inside_pass_row(false);
}

static void test_reset_and_respawn_from_interrupt_inside_pass(void **state)
{
    (void)state;
    reset_inside_pass_row(true);
}

/* An executor that is not in the executor table (not made by
 * EBB_EXECUTOR_DEFINE) can run nothing: spawning on it is task:1, and
 * registering it is executor:1 - never a write past a table. */
static void test_executor_outside_table_is_contract(void **state)
{
    (void)state;
    static ebb_executor ex; /* zeroed: id 0 would alias test_exec's slot */
    struct oneshot o = {.task = EBB_TASK_INITIALIZER(oneshot_poll)};
    EXPECT_CONTRACT("task", 1, assert_int_equal(ebb_task_spawn(&ex, &o.task), EBB_EINVAL));
    EXPECT_CONTRACT("executor", 1, ebb_executor_init(&ex, NULL));
    assert_int_equal(ebb_task_state(&o.task), EBB_TASK_IDLE);
    assert_false(ebb_executor_has_work(&test_exec));
}

/* The table holds every executor the program defines - more than the four
 * of the old fixed table - and each runs its own tasks. */
static ebb_poll_t count_once_poll(ebb_task *self, ebb_cx *cx)
{
    (void)cx;
    EBB_CONTAINER_OF(self, struct oneshot, task)->done++;
    return EBB_READY;
}
static EBB_EXECUTOR_DEFINE(many0, NULL);
static EBB_EXECUTOR_DEFINE(many1, NULL);
static EBB_EXECUTOR_DEFINE(many2, NULL);
static EBB_EXECUTOR_DEFINE(many3, NULL);
static EBB_EXECUTOR_DEFINE(many4, NULL);
static EBB_EXECUTOR_DEFINE(many5, NULL);

static void test_executor_table_sized_by_definitions(void **state)
{
    (void)state;
    ebb_executor *const ex[6] = {&many0, &many1, &many2, &many3, &many4, &many5};
    struct oneshot o[6];
    /* this file's six, test_exec, the isr_exec below, and `other` above */
    assert_int_equal(ebb_executor_count(), 9);
    for (int i = 0; i < 6; i++) {
        EBB_SET_UNLINKED(o[i], (struct oneshot){.task = EBB_TASK_INITIALIZER(count_once_poll)});
        assert_int_equal(ebb_task_spawn(ex[i], &o[i].task), EBB_OK);
        assert_true(o[i].task.exec < ebb_executor_count());
        assert_ptr_equal(__start_ebb_executors[o[i].task.exec], ex[i]);
        for (int j = 0; j < i; j++) {
            assert_int_not_equal(o[i].task.exec, o[j].task.exec);
        }
    }
    for (int i = 0; i < 6; i++) {
        assert_true(ebb_executor_has_work(ex[i]));
        ebb_executor_poll(ex[i]);
        assert_int_equal(o[i].done, 1);
        for (int j = i + 1; j < 6; j++) {
            assert_int_equal(o[j].done, 0); /* polled by its own executor only */
        }
    }
    assert_false(ebb_executor_has_work(&test_exec));
}

/* Two executors, the second one "preemptive": its pender raises a simulated
 * interrupt that polls it - the shape of an executor in an NVIC handler. */
static EBB_EXECUTOR_DEFINE(isr_exec, NULL);
static int pends;
static void isr_exec_poll(void *arg) { ebb_executor_poll(arg); }
static void isr_pender(ebb_executor *ex)
{
    pends++;
    ebb_host_irq(isr_exec_poll, ex);
}

static void test_two_executors_pender(void **state)
{
    (void)state;
    ebb_waitlist list = EBB_WAITLIST_INITIALIZER;
    struct counter lo = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    struct counter hi = {.task = EBB_TASK_INITIALIZER(counter_poll), .list = &list};
    pends = 0;
    ebb_executor_init(&isr_exec, isr_pender);
    assert_int_equal(ebb_task_spawn(&test_exec, &lo.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&isr_exec, &hi.task), EBB_OK); /* pender runs it "at once" (after unlock) */
    assert_int_equal(pends, 1);
    assert_int_equal(hi.polls, 1);
    assert_int_equal(lo.polls, 0);
    ebb_executor_poll(&test_exec);
    assert_int_equal(lo.polls, 1);
    /* One wake of the list: the high-priority task runs inside the "ISR"
     * immediately, the low one waits for its executor. */
    ebb_waitlist_wake_all(&list);
    assert_int_equal(hi.resumes, 1);
    assert_int_equal(lo.resumes, 0);
    ebb_executor_poll(&test_exec);
    assert_int_equal(lo.resumes, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_header_size),
        RUN(test_spawn_runs_and_double_spawn_refused),
        RUN(test_wake_twice_queues_once),
        RUN(test_wake_while_polling_runs_next_pass),
        RUN(test_isr_anywhere_in_poll_loses_no_wake),
        RUN(test_isr_masked_inside_critical_section),
        RUN(test_fairness_yield),
        RUN(test_thousand_tasks),
        RUN(test_finished_task_ignores_wake_and_respawns),
        RUN(test_respawn_on_other_executor_while_queued),
        RUN(test_cancel_task_withdraws_waker),
        RUN(test_wake_null_is_contract),
        RUN(test_cancel_from_inside_own_poll_refused),
        RUN(test_cancel_preempting_cancel_refused),
        RUN(test_reset_from_interrupt_inside_pass),
        RUN(test_reset_and_respawn_from_interrupt_inside_pass),
        RUN(test_executor_outside_table_is_contract),
        RUN(test_executor_table_sized_by_definitions),
        RUN(test_two_executors_pender),
    };
    return cmocka_run_group_tests_name("task", tests, NULL, NULL);
}
