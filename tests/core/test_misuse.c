/* The misuse table (docs/misuse.md), one test per row, but for rows
 * tested with their module: the resets (test_reset.c), the SPSC rows
 * (test_spsc.c), a ticker started while a task waits (test_time.c), a
 * spawn of a task still queued elsewhere (test_task.c) and a shared UART
 * write op (drivers/test_uart_turn.c).  Built twice: with
 * contracts on each row expects its contract id; with EBB_CONFIG_CONTRACTS=0
 * (test_misuse_nc) each row checks the documented fallback instead - and
 * both builds run under ASan + UBSan, so a fallback that wrote out of
 * bounds would fail here. */
#include "test_support.h"
#include "ebb/driver/wait.h"

/* Row: a second spawn of a running task (task:6): refused, nothing changes. */
static ebb_poll_t waits_forever_poll(ebb_task *self, ebb_cx *cx)
{
    static ebb_waitlist never;
    static ebb_wait w;
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&w, &never));
    EBB_END();
}

static void test_spawn_of_a_running_task(void **state)
{
    (void)state;
    static struct { ebb_task task; } t;
    EBB_SET_UNLINKED(t.task, (ebb_task)EBB_TASK_INITIALIZER(waits_forever_poll));
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    int r = EBB_OK;
    MISUSE("task", 6, r = ebb_task_spawn(&test_exec, &t.task));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EBUSY);
#else
    (void)r;
#endif
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_RUNNING);
    assert_false(ebb_executor_has_work(&test_exec)); /* not queued again */
    assert_int_equal(ebb_task_cancel(&t.task), EBB_OK);
}

/* Row: a timer armed for one task, polled by another (time:5). */
static ebb_timer shared_timer;
static int other_step;
static ebb_poll_t timer_owner_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&shared_timer, EBB_MS(10)));
    EBB_END();
}
static ebb_poll_t timer_intruder_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    other_step = 1;
    EBB_AWAIT(ebb_sleep_for(&shared_timer, EBB_MS(5)));
    other_step = 2;
    EBB_END();
}

static void test_timer_of_another_task(void **state)
{
    (void)state;
    EBB_SET_UNLINKED(shared_timer, (ebb_timer)EBB_TIMER_INITIALIZER);
    other_step = 0;
    static struct { ebb_task task; } owner, intruder;
    EBB_SET_UNLINKED(owner.task, (ebb_task)EBB_TASK_INITIALIZER(timer_owner_poll));
    EBB_SET_UNLINKED(intruder.task, (ebb_task)EBB_TASK_INITIALIZER(timer_intruder_poll));
    assert_int_equal(ebb_task_spawn(&test_exec, &owner.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_true(ebb_timer_armed(&shared_timer));
    assert_int_equal(ebb_task_spawn(&test_exec, &intruder.task), EBB_OK);
    MISUSE_IN("time", 5, &intruder.task, (void)ebb_executor_poll(&test_exec));
    /* The owner's sleep is untouched: same task, same deadline, armed. */
    assert_ptr_equal(shared_timer.wait.task, &owner.task);
    assert_true(ebb_timer_armed(&shared_timer));
    assert_true(shared_timer.deadline == EBB_MS(10));
    assert_int_equal(other_step, 1); /* stays pending */
    assert_int_equal(ebb_task_cancel(&intruder.task), EBB_OK); /* touches nothing */
    assert_true(ebb_timer_armed(&shared_timer));
    ebb_host_run_until(&test_exec, EBB_MS(10));
    assert_int_equal(ebb_task_state(&owner.task), EBB_TASK_DONE);
    assert_false(ebb_timer_armed(&shared_timer));
}

/* Row: a task taking a 32nd mutex at once (mutex:5: its count would wrap). */
#define MANY_MUTEXES 32
static ebb_mutex many[MANY_MUTEXES];
static int many_locked, many_last;
static ebb_poll_t hoarder_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    for (many_locked = 0; many_locked < MANY_MUTEXES - 1; many_locked++) {
        if (!ebb_mutex_lock_if_free(cx, &many[many_locked])) {
            break;
        }
    }
    many_last = ebb_mutex_lock_if_free(cx, &many[MANY_MUTEXES - 1]);
    for (int i = 0; i < many_locked; i++) {
        ebb_mutex_unlock(cx, &many[i]);
    }
    EBB_END();
}

static void test_a_32nd_mutex(void **state)
{
    (void)state;
    for (int i = 0; i < MANY_MUTEXES; i++) {
        EBB_SET_UNLINKED(many[i], (ebb_mutex)EBB_MUTEX_INITIALIZER);
    }
    many_locked = 0;
    many_last = -1;
    static struct { ebb_task task; } hoarder;
    EBB_SET_UNLINKED(hoarder.task, (ebb_task)EBB_TASK_INITIALIZER(hoarder_poll));
    assert_int_equal(ebb_task_spawn(&test_exec, &hoarder.task), EBB_OK);
    MISUSE_IN("mutex", 5, &hoarder.task, (void)ebb_executor_poll(&test_exec));
    assert_int_equal(many_locked, MANY_MUTEXES - 1);
    assert_null(many[MANY_MUTEXES - 1].owner); /* refused: never owned */
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(many_last, 0);
    assert_int_equal(ebb_task_state(&hoarder.task), EBB_TASK_DONE);
    for (int i = 0; i < MANY_MUTEXES; i++) {
        assert_null(many[i].owner); /* all given back */
    }
#endif
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
#endif
}

static ebb_poll_t idle_body(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
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
    int r = 0;
    MISUSE("task", 3, r = ebb_task_cancel(NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    (void)r;
}

/* Row: ebb_wake(NULL) - task:3 (it used to fault); contracts off, false. */
static void test_wake_null(void **state)
{
    (void)state;
    bool woke = true;
    MISUSE("task", 3, woke = ebb_wake(NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_false(woke);
#endif
    (void)woke;
    assert_false(ebb_executor_has_work(&test_exec));
}

/* Rows inside a task: unlock by a task that is not the owner, lock twice. */
static ebb_mutex shared_m;
struct locker {
    ebb_task task;
    ebb_wait wait;
    int step;
};
static ebb_poll_t not_owner_poll(ebb_task *self, ebb_cx *cx)
{
    struct locker *l = EBB_CONTAINER_OF(self, struct locker, task);
    EBB_BEGIN(cx, &self->co);
    l->step = 1;
    ebb_mutex_unlock(cx, &shared_m); /* owned by someone else */
    l->step = 2;
    EBB_END();
}
static ebb_poll_t twice_poll(ebb_task *self, ebb_cx *cx)
{
    struct locker *l = EBB_CONTAINER_OF(self, struct locker, task);
    EBB_BEGIN(cx, &self->co);
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
    EBB_SET_UNLINKED(shared_m, (ebb_mutex){.owner = &owner, .waiters = EBB_WAITLIST_INITIALIZER});
    struct locker l = {.task = EBB_TASK_INITIALIZER(not_owner_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &l.task), EBB_OK);
    MISUSE_IN("mutex", 2, &l.task, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(l.step, 2);
    assert_ptr_equal(shared_m.owner, &owner); /* ownership untouched */
#endif
}

static void test_lock_twice(void **state)
{
    (void)state;
    EBB_SET_UNLINKED(shared_m, (ebb_mutex)EBB_MUTEX_INITIALIZER);
    struct locker l = {.task = EBB_TASK_INITIALIZER(twice_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &l.task), EBB_OK);
    MISUSE_IN("mutex", 1, &l.task, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(l.step, 1); /* stays pending, not queued behind itself */
    assert_true(ebb_waitlist_empty(&shared_m.waiters));
    /* It owns shared_m: its cancel is refused (the task:4 row's
     * fallback); it is left as it is. */
    assert_int_equal(ebb_task_cancel(&l.task), EBB_EBUSY);
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
static ebb_poll_t ticking_poll(ebb_task *self, ebb_cx *cx)
{
    struct ticking *t = EBB_CONTAINER_OF(self, struct ticking, task);
    EBB_BEGIN(cx, &self->co);
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
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    MISUSE_IN("time", 4, &t.task, ebb_host_run_until(&test_exec, 1000));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(t.ticks, 0);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_RUNNING);
    assert_false(ebb_executor_has_work(&test_exec)); /* not a busy loop */
    assert_int_equal(ebb_task_cancel(&t.task), EBB_OK);
#endif
}

static void test_ticker_period_zero(void **state)
{
    (void)state;
    struct ticking t = {.task = EBB_TASK_INITIALIZER(ticking_poll), .start = 1, .period = 0};
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    MISUSE_IN("time", 2, &t.task, ebb_host_run_until(&test_exec, 1000));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(t.ticks, 0);
    assert_false(ebb_executor_has_work(&test_exec));
    assert_int_equal(ebb_task_cancel(&t.task), EBB_OK);
#endif
}

/* ---- What a task holds beyond its await (issue 8 item 3) ---- */

/* A channel and a mutex the rows share.  Each test starts them afresh. */
EBB_CHANNEL_DEFINE(held_ch, int, 4);
static EBB_MUTEX_DEFINE(held_m);

static ebb_waitlist never; /* nobody ever wakes it */

/* Most rows need a task that takes something of held_ch / held_m, then
 * misbehaves: each is a script of these steps, which one poll function
 * plays (h->step counts the awaits done; UNLOCK is not one). */
enum act {
    END,
    LOCK,       /* await ebb_mutex_lock(held_m) */
    UNLOCK,     /* ebb_mutex_unlock(cx, held_m) */
    RECV,       /* await ebb_channel_recv(held_ch) into h->out */
    SEND5,      /* await ebb_channel_send(held_ch) of 5 */
    WAIT_NEVER, /* await ebb_wait_on(never): for good, unless a test wakes it */
};

struct holder {
    ebb_task task;
    ebb_wait wait;
    ebb_wait wait2;
    void *slot;
    int out;
    int step;
    const enum act *script; /* holder_run() */
};
static struct holder h1, h2;

static void held_reset(void)
{
    ebb_channel_init(&held_ch, held_ch.ring.buf, sizeof(int), 4); /* its own storage, emptied */
    EBB_SET_UNLINKED(held_m, (ebb_mutex)EBB_MUTEX_INITIALIZER);
    ebb_waitlist_init(&never);
}

static void holder_start(struct holder *h, ebb_task_fn fn)
{
    EBB_SET_UNLINKED(*h, (struct holder){.task = EBB_TASK_INITIALIZER(fn)});
    assert_int_equal(ebb_task_spawn(&test_exec, &h->task), EBB_OK);
}

static ebb_poll_t script_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    for (; *h->script != END; h->script++) {
        if (*h->script == UNLOCK) {
            ebb_mutex_unlock(cx, &held_m);
            continue;
        }
        if (*h->script == LOCK) {
            EBB_AWAIT(ebb_mutex_lock(&h->wait, &held_m));
        } else if (*h->script == RECV) {
            EBB_AWAIT(ebb_channel_recv(&h->wait, &held_ch, &h->out));
        } else if (*h->script == SEND5) {
            h->out = 5;
            EBB_AWAIT(ebb_channel_send(&h->wait, &held_ch, &h->out));
        } else {
            EBB_AWAIT(ebb_wait_on(&h->wait, &never));
        }
        h->step++;
    }
    EBB_END();
}

/* Spawn `h` on the test executor to play `script` (ending with END). */
static void holder_run(struct holder *h, const enum act *script)
{
    holder_start(h, script_poll);
    h->script = script;
}

/* The scripts: take, then hold for good (or until woken) ... */
static const enum act lock_wait_end[] = {LOCK, WAIT_NEVER, END}; /* ends when woken */
/* ... take and end still holding it ... */
static const enum act lock_and_end[] = {LOCK, END};
/* ... or wait for what the holder holds. */
static const enum act lock_unlock[] = {LOCK, UNLOCK, END};

/* Row: a task that ends owning a mutex (it used to stay locked for good).
 * Found at its end: task:5 (the task counts what it holds).  Contracts
 * off it stays owned, and the next task that finds it owned reclaims it
 * (mutex:4 with contracts on - the row after). */
static void test_end_owning_mutex(void **state)
{
    (void)state;
    held_reset();
    holder_run(&h1, lock_and_end);
    MISUSE("task", 5, ebb_executor_poll(&test_exec));
    assert_int_equal(h1.step, 1);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_ptr_equal(held_m.owner, &h1.task);
    /* Row: a task finds a mutex owned by a task that stopped running:
     * mutex:4; contracts off, handed on there (h2 takes it). */
    holder_run(&h2, lock_unlock);
    MISUSE_IN("mutex", 4, &h2.task, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(h2.step, 1);
    assert_null(held_m.owner);
#endif
}

/* Row: a task cancelled while it owns a mutex, a waiter behind it: the
 * cancel is refused (task:4; contracts off EBB_EBUSY) and nothing changes -
 * it used to leave the mutex locked for good, then to hand it on. */
static int cancel_r;
static void test_cancel_of_owner_refused(void **state)
{
    (void)state;
    held_reset();
    holder_run(&h1, lock_wait_end);
    holder_run(&h2, lock_unlock);
    ebb_executor_poll(&test_exec);
    assert_ptr_equal(held_m.owner, &h1.task);
    MISUSE("task", 4, cancel_r = ebb_task_cancel(&h1.task));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(cancel_r, EBB_EBUSY);
#endif
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_ptr_equal(held_m.owner, &h1.task);
    assert_ptr_equal(ebb_waitlist_first(&held_m.waiters), &h2.wait);
    ebb_waitlist_wake_all(&never); /* h1 ends, unlocking nothing: task:5 */
    MISUSE("task", 5, ebb_executor_poll(&test_exec));
    (void)cancel_r;
}

/* Row: a task ends owning a mutex another task already waits for: task:5
 * at its end.  The waiter is not handed the mutex then (a cancel of the
 * finished owner changes nothing: it is not running); the next task that
 * finds the mutex owned reclaims it (mutex:4; contracts off, handed on to
 * the longest waiter, which then takes it). */
static void test_end_owning_mutex_with_waiter(void **state)
{
    (void)state;
    held_reset();
    holder_run(&h1, lock_wait_end);
    holder_run(&h2, lock_unlock);
    ebb_executor_poll(&test_exec);
    assert_int_equal(h1.step, 1);
    ebb_waitlist_wake_all(&never);
    MISUSE("task", 5, ebb_executor_poll(&test_exec));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_ptr_equal(held_m.owner, &h1.task);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK); /* done: nothing to do */
    assert_ptr_equal(held_m.owner, &h1.task);
    assert_int_equal(h2.step, 0); /* still waits */
    static struct holder h3;
    holder_run(&h3, lock_unlock);
    MISUSE_IN("mutex", 4, &h3.task, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    assert_ptr_equal(held_m.owner, &h2.task); /* handed to the first waiter */
    while (ebb_executor_poll(&test_exec)) {
    }
    assert_int_equal(h2.step, 1);
    assert_int_equal(h3.step, 1);
    assert_null(held_m.owner);
#else
    assert_int_equal(ebb_task_cancel(&h3.task), EBB_OK);
    assert_int_equal(ebb_task_cancel(&h2.task), EBB_OK);
#endif
}

/* Row: one ebb_wait used by two branches of a select - it can be on one
 * wait list only, so the second object's event never woke the task.
 * wait:2; contracts off, it stays on the first list (the first object's
 * event still wakes it). */
static ebb_waitlist list_a, list_b;
static ebb_poll_t one_wait_two_branches_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_ANY(h->out, ebb_wait_on(&h->wait, &list_a), ebb_wait_on(&h->wait, &list_b));
    h->step = 1;
    EBB_END();
}

static void test_one_wait_in_two_select_branches(void **state)
{
    (void)state;
    held_reset();
    ebb_waitlist_init(&list_a);
    ebb_waitlist_init(&list_b);
    holder_start(&h1, one_wait_two_branches_poll);
    MISUSE_IN("wait", 2, &h1.task, ebb_executor_poll(&test_exec));
    assert_ptr_equal(ebb_waitlist_first(&list_a), &h1.wait); /* intact */
    assert_ptr_equal(h1.wait.list, &list_a);
#if !EBB_CONFIG_CONTRACTS
    assert_true(ebb_waitlist_empty(&list_b)); /* nothing linked twice */
    ebb_waitlist_wake_all(&list_a);
    ebb_executor_poll(&test_exec);
    assert_int_equal(h1.step, 1);
    assert_int_equal(h1.out, 0);
#else
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
#endif
    assert_true(ebb_waitlist_empty(&list_a));
    assert_true(ebb_waitlist_empty(&list_b));
}

/* The same row among other waiters: the first or the second object has
 * tasks waiting on it too (wait:2 used to see only an empty second list
 * and a wait alone on the first).  The wait is last on the first list, so
 * its end mark names that list, not the second. */
static ebb_waitlist list_c;
static struct holder crowd_a, crowd_b;
static ebb_poll_t wait_a_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&h->wait, &list_a));
    h->step = 1;
    EBB_END();
}
static ebb_poll_t wait_b_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&h->wait, &list_b));
    h->step = 1;
    EBB_END();
}

static void one_wait_crowded_row(bool crowd_on_a, bool crowd_on_b)
{
    held_reset();
    ebb_waitlist_init(&list_a);
    ebb_waitlist_init(&list_b);
    EBB_SET_UNLINKED(crowd_a, (struct holder){.step = 0});
    EBB_SET_UNLINKED(crowd_b, (struct holder){.step = 0});
    if (crowd_on_a) {
        holder_start(&crowd_a, wait_a_poll);
    }
    if (crowd_on_b) {
        holder_start(&crowd_b, wait_b_poll);
    }
    ebb_executor_poll(&test_exec); /* the crowd waits */
    holder_start(&h1, one_wait_two_branches_poll);
    MISUSE_IN("wait", 2, &h1.task, ebb_executor_poll(&test_exec));
#if !EBB_CONFIG_CONTRACTS
    /* It stays on the first list, behind the crowd: the first object's
     * event wakes it (and the crowd), the second's only the crowd. */
    ebb_waitlist_wake_all(&list_b);
    ebb_executor_poll(&test_exec);
    assert_int_equal(h1.step, 0);
    ebb_waitlist_wake_all(&list_a);
    ebb_executor_poll(&test_exec);
    assert_int_equal(h1.step, 1);
    assert_int_equal(h1.out, 0);
#else
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    ebb_waitlist_wake_all(&list_a);
    ebb_waitlist_wake_all(&list_b);
    ebb_executor_poll(&test_exec);
#endif
    assert_int_equal(crowd_a.step, crowd_on_a);
    assert_int_equal(crowd_b.step, crowd_on_b);
    assert_true(ebb_waitlist_empty(&list_a));
    assert_true(ebb_waitlist_empty(&list_b));
}

static void test_one_wait_two_branches_first_crowded(void **state)
{
    (void)state;
    one_wait_crowded_row(true, false);
}

static void test_one_wait_two_branches_second_crowded(void **state)
{
    (void)state;
    one_wait_crowded_row(false, true);
}

static void test_one_wait_two_branches_both_crowded(void **state)
{
    (void)state;
    one_wait_crowded_row(true, true);
}

/* No false alarm: a broadcast hands its waiters out from a batch of its
 * own, one critical section at a time, and a waiter still on the batch -
 * last on it, or alone on it with the object's list empty - may be polled
 * in between (here: a simulated interrupt after the first wake runs the
 * executor) and poll its wait on the object again.  That is a re-poll,
 * not wait:2.  The select's other branch wins; the broadcast still wakes
 * every other waiter once.  `nested`: a task polled in that window makes a
 * broadcast of its own first, which must leave the record of the outer one
 * as it found it. */
static struct holder first_out, second_out, nester;
static int nested_woken;
static ebb_poll_t wait_once_b_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&h->wait, &list_b));
    h->step++;
    EBB_END();
}
static ebb_poll_t select_b_or_c_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_ANY(h->out, ebb_wait_on(&h->wait, &list_b), ebb_wait_on(&h->wait2, &list_c));
    h->step = 1;
    EBB_END();
}
static ebb_poll_t broadcast_c_poll(ebb_task *self, ebb_cx *cx)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(cx, &self->co);
    /* Two waiters on list_a: a broadcast with a batch of its own. */
    ebb_waitlist_wake_all(&list_a);
    nested_woken = crowd_a.step == 0 && ebb_task_state(&crowd_a.task) == EBB_TASK_RUNNING;
    ebb_waitlist_wake_all(&list_c); /* wakes the select's second branch */
    h->step = 1;
    EBB_END();
}
static void window_isr(void *arg)
{
    (void)arg;
    if (ebb_task_state(&nester.task) != EBB_TASK_RUNNING) {
        ebb_waitlist_wake_all(&list_c);
    }
    while (ebb_executor_poll(&test_exec)) {
    }
}

static void broadcast_repoll_row(bool alone, bool nested)
{
    held_reset();
    ebb_waitlist_init(&list_a);
    ebb_waitlist_init(&list_b);
    ebb_waitlist_init(&list_c);
    holder_start(&first_out, wait_once_b_poll);
    if (!alone) {
        holder_start(&second_out, wait_once_b_poll);
    }
    ebb_executor_poll(&test_exec);
    holder_start(&h1, select_b_or_c_poll); /* last on list_b */
    ebb_executor_poll(&test_exec);
    nested_woken = 0;
    if (nested) {
        holder_start(&crowd_a, wait_a_poll);
        holder_start(&h2, wait_a_poll);
        ebb_executor_poll(&test_exec);
        /* nester runs in the window, before h1 (queued first) */
        EBB_SET_UNLINKED(nester, (struct holder){.task = EBB_TASK_INITIALIZER(broadcast_c_poll)});
        assert_int_equal(ebb_task_spawn(&test_exec, &nester.task), EBB_OK);
    }
    /* After the first wake, the rest still on the batch: the window. */
    ebb_host_irq_in_lock(1, window_isr, NULL);
    ebb_waitlist_wake_all(&list_b); /* no contract */
    assert_int_equal(h1.step, 1);
    assert_int_equal(h1.out, 1); /* the second branch won in the window */
    ebb_executor_poll(&test_exec);
    assert_int_equal(first_out.step, 1);
    if (!alone) {
        assert_int_equal(second_out.step, 1);
    }
    if (nested) {
        assert_int_equal(nester.step, 1);
        assert_int_equal(nested_woken, 1); /* its own broadcast woke crowd_a */
        assert_int_equal(crowd_a.step, 1);
        assert_int_equal(h2.step, 1);
    }
    assert_true(ebb_waitlist_empty(&list_b));
    assert_false(ebb_wait_linked(&h1.wait));
}

static void test_broadcast_repoll_last_on_batch(void **state)
{
    (void)state;
    broadcast_repoll_row(false, false);
}

static void test_broadcast_repoll_alone_on_batch(void **state)
{
    (void)state;
    broadcast_repoll_row(true, false);
}

static void test_broadcast_repoll_after_nested_broadcast(void **state)
{
    (void)state;
    broadcast_repoll_row(false, true);
}

/* ---- One ebb_wait, one registration (wait:2, wait:3) ---- */

/* Row (a): one ebb_wait in two branches of a select, on objects of two
 * kinds - a channel's receive and a pool's alloc (or a semaphore's take) -
 * with an interrupt, between the branches, that sends on the channel (so
 * the wait is fired when the second branch sees it) and frees a block to
 * another task.  The second branch is wait:2: it neither registers nor
 * takes what the fire did not bring - no block popped from the pool (the
 * freed block stays the other task's), no semaphore token taken without a
 * give.  Contracts off: the same, silently; either way the channel's
 * element then wins the select. */
static EBB_POOL_DEFINE(one_pool, int, 1);
static EBB_SEM_DEFINE(one_sem, 0, 1);
static void *one_block;
static int isr_sent;
static void send_and_free_isr(void *arg)
{
    (void)arg;
    int v = 42;
    assert_int_equal(ebb_channel_try_send(&held_ch, &v), EBB_OK);
    if (one_block != NULL) {
        assert_int_equal(ebb_pool_free(&one_pool, one_block), EBB_OK);
        one_block = NULL;
    }
    isr_sent++;
}
/* A hand-written awaitable: the interrupt lands here, between branches. */
static ebb_poll_t irq_between(ebb_cx *cx)
{
    if (!ebb_cx_cancelling(cx) && isr_sent == 0) {
        ebb_host_irq(send_and_free_isr, NULL); /* runs now */
    }
    return EBB_PENDING;
}
struct selector {
    ebb_task task;
    ebb_wait w;
    int which, value, done;
    void *blk;
    bool sem;
};
static ebb_poll_t selector_poll(ebb_task *self, ebb_cx *cx)
{
    struct selector *t = EBB_CONTAINER_OF(self, struct selector, task);
    EBB_BEGIN(cx, &self->co);
    if (t->sem) {
        EBB_AWAIT_ANY(t->which, ebb_channel_recv(&t->w, &held_ch, &t->value),
                      EBB_POLL(irq_between)(cx), ebb_sem_take(&t->w, &one_sem));
    } else {
        EBB_AWAIT_ANY(t->which, ebb_channel_recv(&t->w, &held_ch, &t->value),
                      EBB_POLL(irq_between)(cx), ebb_pool_alloc(&t->w, &one_pool, &t->blk));
    }
    t->done = 1;
    EBB_END();
}
struct allocer {
    ebb_task task;
    ebb_wait w;
    void *blk;
};
static ebb_poll_t allocer_poll(ebb_task *self, ebb_cx *cx)
{
    struct allocer *a = EBB_CONTAINER_OF(self, struct allocer, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_pool_alloc(&a->w, &one_pool, &a->blk));
    EBB_END();
}

static void one_wait_two_kinds_row(bool sem)
{
    held_reset();
    assert_int_equal(ebb_pool_reset(&one_pool), EBB_OK);
    assert_int_equal(ebb_sem_reset(&one_sem, 0), EBB_OK);
    isr_sent = 0;
    static struct selector t;
    static struct allocer x;
    EBB_SET_UNLINKED(t, (struct selector){.task = EBB_TASK_INITIALIZER(selector_poll), .sem = sem});
    EBB_SET_UNLINKED(x, (struct allocer){.task = EBB_TASK_INITIALIZER(allocer_poll)});
    /* The pool's one block is out; x waits for it. */
    one_block = ebb_pool_try_alloc(&one_pool);
    void *const blk = one_block;
    assert_non_null(blk);
    assert_int_equal(ebb_task_spawn(&test_exec, &x.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_true(ebb_wait_linked(&x.w));
    if (sem) {
        one_block = NULL; /* the interrupt only sends */
    }
    /* t alone in the pass: recv registers, the interrupt fires it (and
     * frees the block to x), then the third branch sees the fired wait. */
    assert_int_equal(ebb_task_spawn(&test_exec, &t.task), EBB_OK);
    MISUSE_IN("wait", 2, &t.task, ebb_executor_poll(&test_exec));
    assert_int_equal(isr_sent, 1);
    assert_int_equal(t.done, 0);
    assert_null(t.blk);
    assert_int_equal(ebb_sem_count(&one_sem), 0);
    assert_true(ebb_waitlist_empty(&one_sem.waiters));
    assert_ptr_equal(t.w.list, &held_ch.receivers); /* the channel's fire, kept */
    if (!sem) {
        assert_int_equal(one_pool.handed, 1); /* still x's */
    }
    /* The channel's element wins the select; x gets its block. */
    while (ebb_executor_poll(&test_exec)) {
    }
    assert_int_equal(t.done, 1);
    assert_int_equal(t.which, 0);
    assert_int_equal(t.value, 42);
    assert_null(t.blk);
    assert_false(ebb_wait_linked(&t.w));
    assert_null(t.w.task);
    assert_int_equal(ebb_sem_count(&one_sem), 0); /* no token from nowhere */
    if (!sem) {
        assert_ptr_equal(x.blk, blk);
        assert_int_equal(ebb_task_state(&x.task), EBB_TASK_DONE);
        assert_int_equal(one_pool.handed, 0);
        assert_int_equal(ebb_pool_free(&one_pool, x.blk), EBB_OK);
    } else {
        assert_int_equal(ebb_task_cancel(&x.task), EBB_OK);
        assert_int_equal(ebb_pool_free(&one_pool, blk), EBB_OK);
    }
    assert_int_equal(ebb_pool_free_count(&one_pool), 1);
}

static void test_one_wait_channel_and_pool(void **state)
{
    (void)state;
    one_wait_two_kinds_row(false);
}

static void test_one_wait_channel_and_sem(void **state)
{
    (void)state;
    one_wait_two_kinds_row(true);
}

/* Row (b): two tasks sharing one ebb_wait: the second task's await is
 * wait:3 - it neither registers nor touches the first task's registration,
 * which the first task's event then completes.  Contracts off: the same,
 * silently. */
static ebb_wait shared_wait;
struct sharer {
    ebb_task task;
    int value, done;
};
static ebb_poll_t sharer_poll(ebb_task *self, ebb_cx *cx)
{
    struct sharer *t = EBB_CONTAINER_OF(self, struct sharer, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_channel_recv(&shared_wait, &held_ch, &t->value));
    t->done = 1;
    EBB_END();
}

static void test_two_tasks_one_wait(void **state)
{
    (void)state;
    held_reset();
    EBB_SET_UNLINKED(shared_wait, (ebb_wait)EBB_WAIT_INITIALIZER);
    static struct sharer a, b;
    EBB_SET_UNLINKED(a, (struct sharer){.task = EBB_TASK_INITIALIZER(sharer_poll)});
    EBB_SET_UNLINKED(b, (struct sharer){.task = EBB_TASK_INITIALIZER(sharer_poll)});
    assert_int_equal(ebb_task_spawn(&test_exec, &a.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_spawn(&test_exec, &b.task), EBB_OK);
    MISUSE_IN("wait", 3, &b.task, ebb_executor_poll(&test_exec));
    /* a's registration intact: its task, its list, alone on it. */
    assert_ptr_equal(shared_wait.task, &a.task);
    assert_ptr_equal(shared_wait.list, &held_ch.receivers);
    assert_ptr_equal(ebb_waitlist_first(&held_ch.receivers), &shared_wait);
    assert_null(ebb_waitlist_next(&held_ch.receivers, &shared_wait));
    /* Polled again (woken by nothing), b stays refused; the element goes
     * to a. */
#if !EBB_CONFIG_CONTRACTS
    assert_true(ebb_wake(&b.task));
    ebb_executor_poll(&test_exec);
    assert_ptr_equal(shared_wait.task, &a.task);
#endif
    int v = 7;
    assert_int_equal(ebb_channel_try_send(&held_ch, &v), EBB_OK);
    while (ebb_executor_poll(&test_exec)) {
    }
    assert_int_equal(a.done, 1);
    assert_int_equal(a.value, 7);
    assert_int_equal(b.done, 0);
    assert_null(shared_wait.task);
    /* b, idle-waiting on nothing, is cancelled without a trace. */
    assert_int_equal(ebb_task_cancel(&b.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&held_ch.receivers));
    assert_int_equal(ebb_channel_count(&held_ch), 0);
}

/* Row (d): a pool used without its initializer (all zero): no block - try
 * alloc returns NULL, every free is refused (pool:2; contracts off
 * EBB_EINVAL), the free count is 0, a reset keeps it so; never a read or
 * a write through its NULL storage (ASan + UBSan watch). */
static void test_zero_pool(void **state)
{
    (void)state;
    ebb_pool p = {0};
    int x = 0, r = 0;
    assert_null(ebb_pool_try_alloc(&p));
    MISUSE("pool", 2, r = ebb_pool_free(&p, &x));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    MISUSE("pool", 2, r = ebb_pool_free(&p, NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    assert_int_equal(ebb_pool_free_count(&p), 0);
    assert_int_equal(ebb_pool_capacity(&p), 0);
    assert_int_equal(ebb_pool_reset(&p), EBB_OK);
    assert_null(ebb_pool_try_alloc(&p));
    (void)r;
}

/* Row: NULL channel or element pointers on the try_ fast paths (they used
 * to fault). */
static void test_null_pointers_on_try_paths(void **state)
{
    (void)state;
    held_reset();
    int v = 1;
    int r = 0;
    MISUSE("channel", 4, r = ebb_channel_try_send(NULL, &v));
    MISUSE("channel", 4, r = ebb_channel_try_send(&held_ch, NULL));
    MISUSE("channel", 4, r = ebb_channel_try_recv(NULL, &v));
    MISUSE("channel", 4, r = ebb_channel_try_recv(&held_ch, NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    /* Nothing changed. */
    assert_int_equal(ebb_channel_count(&held_ch), 0);
    assert_int_equal(ebb_channel_try_send(&held_ch, &v), EBB_OK);
    (void)r;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_channel_init_without_storage),
        RUN(test_executor_outside_table),
        RUN(test_spawn_on_unregistered_executor),
        RUN(test_spawn_null_task_or_body),
        RUN(test_cancel_null),
        RUN(test_wake_null),
        RUN(test_unlock_by_non_owner),
        RUN(test_lock_twice),
        RUN(test_ticker_never_started),
        RUN(test_ticker_period_zero),
        RUN(test_end_owning_mutex),
        RUN(test_cancel_of_owner_refused),
        RUN(test_end_owning_mutex_with_waiter),
        RUN(test_one_wait_in_two_select_branches),
        RUN(test_one_wait_two_branches_first_crowded),
        RUN(test_one_wait_two_branches_second_crowded),
        RUN(test_one_wait_two_branches_both_crowded),
        RUN(test_broadcast_repoll_last_on_batch),
        RUN(test_broadcast_repoll_alone_on_batch),
        RUN(test_broadcast_repoll_after_nested_broadcast),
        RUN(test_null_pointers_on_try_paths),
        RUN(test_one_wait_channel_and_pool),
        RUN(test_one_wait_channel_and_sem),
        RUN(test_two_tasks_one_wait),
        RUN(test_zero_pool),
        RUN(test_timer_of_another_task),
        RUN(test_spawn_of_a_running_task),
        RUN(test_a_32nd_mutex),
    };
#if EBB_CONFIG_CONTRACTS
    return cmocka_run_group_tests_name("misuse (contracts on)", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name("misuse (contracts off: fallbacks)", tests, NULL, NULL);
#endif
}
