/* What a task holds beyond its await - a channel reservation or peek, a
 * mutex - and what cancelling it does with that (docs/misuse.md, "What a
 * task holds").  Built twice, as test_misuse: with contracts on (core.
 * test_hold) and on the library rebuilt with EBB_CONFIG_CONTRACTS=0 (core.
 * test_hold_nc), both under ASan + UBSan. */
#include "test_support.h"

/* Objects made with an INITIALIZER, entered in their tables by hand, as an
 * application does for named storage or an object inside a struct. */
static int tabled_storage[4];
static ebb_channel tabled_ch = EBB_CHANNEL_INITIALIZER(tabled_storage);
EBB_CHANNEL_TABLE_ENTRY(tabled_ch, &tabled_ch);

struct with_mutex {
    int data;
    ebb_mutex m;
};
static struct with_mutex tabled = {0, EBB_MUTEX_INITIALIZER};
EBB_MUTEX_TABLE_ENTRY(tabled_m, &tabled.m);

/* A channel entered twice (a misuse: docs/misuse.md). */
static int twice_storage[2];
static ebb_channel twice_ch = EBB_CHANNEL_INITIALIZER(twice_storage);
EBB_CHANNEL_TABLE_ENTRY(twice_ch, &twice_ch);
EBB_CHANNEL_TABLE_ENTRY(twice_ch_again, &twice_ch);

/* The same kinds outside every table: a cancel cannot find them. */
static int loose_storage[4];
static ebb_channel loose_ch = EBB_CHANNEL_INITIALIZER(loose_storage);
static ebb_mutex loose_m = EBB_MUTEX_INITIALIZER;

#if EBB_CONFIG_CONTRACTS
#define REFUSED(module, id, call) EXPECT_CONTRACT(module, id, (void)(call))
#else
#define REFUSED(module, id, call) assert_int_equal((call), EBB_EBUSY)
#endif

/* A task plays a script of steps; WAIT stops it (for good, unless the test
 * wakes `never`), so that the test can look at what it holds. */
enum op { END, RESERVE, COMMIT, PEEK, RELEASE, LOCK, UNLOCK, LOCK_IF_FREE, TRY_RESERVE, WAIT };
struct step {
    enum op op;
    ebb_channel *ch;
    ebb_mutex *m;
};

struct holder {
    ebb_task task;
    ebb_wait wait;
    const struct step *script;
    void *slot;
    int waits; /* WAIT steps passed */
};

static ebb_waitlist never; /* nobody wakes it unless a test does */

static ebb_poll_t holder_poll(ebb_task *self)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(&self->co);
    for (; h->script->op != END; h->script++) {
        switch (h->script->op) {
        case RESERVE:
            EBB_AWAIT(ebb_channel_reserve(&h->wait, h->script->ch, &h->slot));
            *(int *)h->slot = 99; /* never published unless committed */
            break;
        case COMMIT:
            ebb_channel_commit(h->script->ch);
            break;
        case PEEK:
            EBB_AWAIT(ebb_channel_peek(&h->wait, h->script->ch, &h->slot));
            break;
        case RELEASE:
            ebb_channel_release(h->script->ch);
            break;
        case LOCK:
            EBB_AWAIT(ebb_mutex_lock(&h->wait, h->script->m));
            break;
        case UNLOCK:
            ebb_mutex_unlock(h->script->m);
            break;
        case LOCK_IF_FREE:
            assert_true(ebb_mutex_lock_if_free(h->script->m));
            break;
        case TRY_RESERVE:
            assert_non_null(ebb_channel_try_reserve(h->script->ch));
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
    *h = (struct holder){.task = EBB_TASK_INITIALIZER(holder_poll), .script = script};
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
    ebb_channel_init(&tabled_ch, tabled_storage, sizeof tabled_storage[0], 4);
    ebb_channel_init(&loose_ch, loose_storage, sizeof loose_storage[0], 4);
    tabled.m = (ebb_mutex)EBB_MUTEX_INITIALIZER;
    loose_m = (ebb_mutex)EBB_MUTEX_INITIALIZER;
    ebb_channel_init(&twice_ch, twice_storage, sizeof twice_storage[0], 2);
    ebb_waitlist_init(&never);
}

#define W {WAIT, NULL, NULL}
#define S(op, obj) {op, _Generic((obj), ebb_channel *: (obj), default: NULL), \
                    _Generic((obj), ebb_mutex *: (obj), default: NULL)}
#define E {END, NULL, NULL}

/* EBB_CHANNEL_TABLE_ENTRY enters a channel made with the initializer: a
 * cancel drops the reservation its task held there. */
static void test_table_entry_channel_reservation(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &tabled_ch), W, E};
    holder_run(&h1, script);
    assert_null(ebb_channel_try_reserve(&tabled_ch));
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_channel_count(&tabled_ch), 0); /* nothing published */
    assert_non_null(ebb_channel_try_reserve(&tabled_ch));
    ebb_channel_commit(&tabled_ch);
}

/* ... and gives back the peek. */
static void test_table_entry_channel_peek(void **state)
{
    (void)state;
    fresh();
    int v = 7, out = 0;
    assert_int_equal(ebb_channel_try_send(&tabled_ch, &v), EBB_OK);
    static const struct step script[] = {S(PEEK, &tabled_ch), W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb_channel_try_recv(&tabled_ch, &out), EBB_EBUSY);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_channel_try_recv(&tabled_ch, &out), EBB_OK);
    assert_int_equal(out, 7);
}

/* EBB_MUTEX_TABLE_ENTRY enters a mutex inside a struct: a cancel of its
 * owner frees it. */
static void test_table_entry_mutex(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(LOCK, &tabled.m), W, E};
    holder_run(&h1, script);
    assert_ptr_equal(tabled.m.owner, &h1.task);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_null(tabled.m.owner);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
}

/* The count follows every hold taken and given back: reserve / commit,
 * peek / release, lock / unlock, lock_if_free / unlock; a try_ reservation
 * taken inside a task belongs to no task and does not count. */
static void test_count_follows_holds(void **state)
{
    (void)state;
    fresh();
    int v = 1;
    assert_int_equal(ebb_channel_try_send(&loose_ch, &v), EBB_OK);
    static const struct step script[] = {
        S(RESERVE, &loose_ch), W,     /* 1 */
        S(PEEK, &loose_ch), W,        /* 2 */
        S(LOCK, &loose_m), W,         /* 3 */
        S(LOCK_IF_FREE, &tabled.m), W, /* 4 */
        S(COMMIT, &loose_ch), W,      /* 3 */
        S(RELEASE, &loose_ch), W,     /* 2 */
        S(UNLOCK, &loose_m), W,       /* 1 */
        S(UNLOCK, &tabled.m), W,      /* 0 */
        S(TRY_RESERVE, &loose_ch), W, /* 0: a try_ reservation */
        S(COMMIT, &loose_ch), W,      /* 0 */
        E};
    static const unsigned want[] = {1, 2, 3, 4, 3, 2, 1, 0, 0, 0};
    holder_run(&h1, script);
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(h1.waits, i);
        assert_int_equal(ebb__task_holds(&h1.task), want[i]);
        assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
        step_on();
    }
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_int_equal(ebb_channel_count(&loose_ch), 2); /* 1, then 99 committed twice, less the one released */
}

/* A mutex handed on counts for its new owner from the hand-over, before
 * that task runs; the old owner's count drops. */
static void test_count_moves_with_mutex(void **state)
{
    (void)state;
    fresh();
    static const struct step owner[] = {S(LOCK, &loose_m), W, S(UNLOCK, &loose_m), W, E};
    static const struct step waiter[] = {S(LOCK, &loose_m), W, S(UNLOCK, &loose_m), E};
    holder_run(&h1, owner);
    holder_run(&h2, waiter);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    assert_int_equal(ebb__task_holds(&h2.task), 0);
    ebb_waitlist_wake_all(&never);
    assert_int_equal(ebb_executor_poll(&test_exec), true); /* h1 unlocks: h2 woken */
    assert_ptr_equal(loose_m.owner, &h2.task);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb__task_holds(&h2.task), 1);
    ebb_executor_poll(&test_exec);
    assert_int_equal(h2.waits, 0);
    assert_ptr_equal(loose_m.owner, &h2.task);
    step_on();
    assert_null(loose_m.owner);
    assert_int_equal(ebb__task_holds(&h2.task), 0);
}

/* A cancel that gives back what the tables hold leaves the count at 0, and
 * so do the resets of the objects held. */
static void test_count_after_drop_and_resets(void **state)
{
    (void)state;
    fresh();
    int v = 3;
    assert_int_equal(ebb_channel_try_send(&tabled_ch, &v), EBB_OK);
    static const struct step all[] = {S(RESERVE, &tabled_ch), S(PEEK, &tabled_ch), S(LOCK, &tabled.m), W, E};
    holder_run(&h1, all);
    assert_int_equal(ebb__task_holds(&h1.task), 3);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_null(tabled.m.owner);
    assert_int_equal(ebb_channel_count(&tabled_ch), 1);

    fresh();
    assert_int_equal(ebb_channel_try_send(&loose_ch, &v), EBB_OK);
    static const struct step loose[] = {S(RESERVE, &loose_ch), S(PEEK, &loose_ch), S(LOCK, &loose_m), W, E};
    holder_run(&h1, loose);
    assert_int_equal(ebb__task_holds(&h1.task), 3);
    assert_int_equal(ebb_channel_reset(&loose_ch), EBB_OK);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    assert_int_equal(ebb_mutex_reset(&loose_m), EBB_OK);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK); /* holds nothing now */
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
}

/* Row: cancel of a task that holds a reservation, a peek or a mutex of an
 * object outside the tables: task:4, refused before anything changes;
 * contracts off, EBB_EBUSY and nothing changes either - the task runs on
 * and gives it back itself. */
static void test_cancel_refused_loose_reservation(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &loose_ch), W, S(COMMIT, &loose_ch), E};
    int v = 5, out = 0;
    holder_run(&h1, script);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    assert_int_equal(ebb_channel_try_send(&loose_ch, &v), EBB_OK); /* queues behind it */
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    assert_int_equal(ebb_channel_count(&loose_ch), 0); /* still held back */
    /* Its await is intact: woken, it goes on and commits. */
    step_on();
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_channel_try_recv(&loose_ch, &out), EBB_OK);
    assert_int_equal(out, 99);
    assert_int_equal(ebb_channel_try_recv(&loose_ch, &out), EBB_OK);
    assert_int_equal(out, 5);
}

static void test_cancel_refused_loose_peek(void **state)
{
    (void)state;
    fresh();
    int v = 6, out = 0;
    assert_int_equal(ebb_channel_try_send(&loose_ch, &v), EBB_OK);
    static const struct step script[] = {S(PEEK, &loose_ch), W, S(RELEASE, &loose_ch), W, W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb_channel_try_recv(&loose_ch, &out), EBB_EBUSY); /* peeked */
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_int_equal(ebb_channel_try_recv(&loose_ch, &out), EBB_EBUSY); /* still peeked */
    step_on();
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_channel_count(&loose_ch), 0); /* released by the task */
}

static void test_cancel_refused_loose_mutex(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(LOCK, &loose_m), W, S(UNLOCK, &loose_m), W, W, E};
    holder_run(&h1, script);
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_ptr_equal(loose_m.owner, &h1.task);
    step_on();
    assert_null(loose_m.owner);
    /* Holding nothing now, it may be cancelled. */
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
}

/* Row: a task holding both, in and outside the tables: refused, and what
 * the tables hold is NOT given back (nothing changes). */
static void test_cancel_refused_keeps_tabled_holds(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &tabled_ch), S(LOCK, &tabled.m), S(LOCK, &loose_m), W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb__task_holds(&h1.task), 3);
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_int_equal(ebb__task_holds(&h1.task), 3);
    assert_ptr_equal(tabled.m.owner, &h1.task);
    assert_null(ebb_channel_try_reserve(&tabled_ch)); /* still reserved */
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
}

/* Row: ebb_task_reset() of such a task: the cancel's task:4; contracts
 * off, EBB_EBUSY and nothing changes. */
static void test_reset_refused_loose_hold(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(LOCK, &loose_m), W, S(UNLOCK, &loose_m), E};
    holder_run(&h1, script);
    REFUSED("task", 4, ebb_task_reset(&h1.task));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_ptr_equal(loose_m.owner, &h1.task);
    step_on();
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_reset(&h1.task), EBB_OK);
}

/* Row: a finished task that still holds something outside the tables:
 * task:5 at its end; its cancel is refused too (task:4). */
static void test_cancel_refused_finished_loose_hold(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &loose_ch), E};
#if EBB_CONFIG_CONTRACTS
    *(&h1) = (struct holder){.task = EBB_TASK_INITIALIZER(holder_poll), .script = script};
    assert_int_equal(ebb_task_spawn(&test_exec, &h1.task), EBB_OK);
    EXPECT_CONTRACT("task", 5, ebb_executor_poll(&test_exec));
#else
    holder_run(&h1, script);
#endif
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    /* Nor does it start again while it holds something. */
    assert_int_equal(ebb_task_spawn(&test_exec, &h1.task), EBB_EBUSY);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_DONE);
    assert_null(ebb_channel_try_reserve(&loose_ch));
    ebb_channel_commit(&loose_ch); /* the way out: anyone may commit it */
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &h1.task), EBB_OK);
}

/* A task that holds nothing is cancelled without a search, running or
 * idle; cancelling it again is harmless. */
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

/* Row (part): a mutex handed to a task that waits for it is the task's
 * from the hand-over, before it runs.  Outside the tables, its cancel is
 * refused (task:4; contracts off EBB_EBUSY); in the table, the cancel
 * hands it on from the waiter's cancelled lock, and the count is 0. */
static void handed_then_cancelled(ebb_mutex *m, bool tabled_mutex)
{
    const struct step owner[] = {S(LOCK, m), W, S(UNLOCK, m), W, E};
    const struct step waiter[] = {S(LOCK, m), W, S(UNLOCK, m), E};
    holder_run(&h1, owner);
    holder_run(&h2, waiter);
    ebb_waitlist_wake_all(&never);
    ebb_executor_poll(&test_exec); /* h1 unlocks: handed to h2, not yet run */
    assert_ptr_equal(m->owner, &h2.task);
    assert_int_equal(ebb__task_holds(&h2.task), 1);
    if (tabled_mutex) {
        assert_int_equal(ebb_task_cancel(&h2.task), EBB_OK);
        assert_null(m->owner);
        assert_int_equal(ebb__task_holds(&h2.task), 0);
        assert_int_equal(ebb_task_state(&h2.task), EBB_TASK_IDLE);
    } else {
        REFUSED("task", 4, ebb_task_cancel(&h2.task));
        assert_ptr_equal(m->owner, &h2.task);
        assert_int_equal(ebb_task_state(&h2.task), EBB_TASK_RUNNING);
        ebb_executor_poll(&test_exec); /* h2 takes it, waits */
        step_on();                     /* and unlocks it */
        assert_null(m->owner);
        assert_int_equal(ebb__task_holds(&h2.task), 0);
    }
}

static void test_cancel_of_handed_waiter(void **state)
{
    (void)state;
    fresh();
    handed_then_cancelled(&tabled.m, true);
    fresh();
    handed_then_cancelled(&loose_m, false);
}

/* Row: a held channel initialised again (not reset): the task still
 * counts the reservation nobody records, so its cancel is refused -
 * task:4; contracts off EBB_EBUSY.  ebb_channel_reset() keeps the count
 * right instead (test_count_after_drop_and_resets). */
static void test_init_over_a_hold(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &tabled_ch), W, E};
    holder_run(&h1, script);
    ebb_channel_init(&tabled_ch, tabled_storage, sizeof tabled_storage[0], 4);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    REFUSED("task", 4, ebb_task_cancel(&h1.task));
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_non_null(ebb_channel_try_reserve(&tabled_ch)); /* the channel is fine */
    ebb_channel_commit(&tabled_ch);
}

/* A task's reservation committed by an interrupt (the slot handed to a
 * DMA, say): the task counts one hold less from the interrupt on, so it
 * may then be cancelled although the channel is in no table. */
static void commit_loose(void *arg)
{
    (void)arg;
    assert_true(ebb_host_in_isr());
    ebb_channel_commit(&loose_ch);
}

static void test_commit_from_interrupt(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &loose_ch), W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    ebb_host_irq(commit_loose, NULL);
    assert_int_equal(ebb__task_holds(&h1.task), 0);
    assert_int_equal(ebb_channel_count(&loose_ch), 1);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
}

/* Row: more than 63 holds at once.  The count wraps modulo 64 without
 * touching the life cycle: at 64 mutexes it reads 0, so the cancel looks
 * for nothing and they stay owned (mutex:4 reclaims each later). */
static ebb_mutex many[64];

static ebb_poll_t lock_many_poll(ebb_task *self)
{
    EBB_BEGIN(&self->co);
    for (unsigned i = 0; i < 64; i++) {
        assert_true(ebb_mutex_lock_if_free(&many[i]));
    }
    EBB_AWAIT(ebb_wait_on(&h1.wait, &never));
    EBB_END();
}

static void test_count_wraps_past_63(void **state)
{
    (void)state;
    fresh();
    for (unsigned i = 0; i < 64; i++) {
        many[i] = (ebb_mutex)EBB_MUTEX_INITIALIZER;
    }
    h1 = (struct holder){.task = EBB_TASK_INITIALIZER(lock_many_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &h1.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb__task_holds(&h1.task), 0); /* 64 mod 64 */
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_RUNNING);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
    assert_ptr_equal(many[63].owner, &h1.task); /* left owned */
}

/* Row: a channel entered twice in its table: the cancel counts its
 * reservation twice, takes the loose mutex's hold for it, and leaves that
 * mutex owned (no refusal); the reservation is dropped once. */
static void test_entered_twice(void **state)
{
    (void)state;
    fresh();
    static const struct step script[] = {S(RESERVE, &twice_ch), S(LOCK, &loose_m), W, E};
    holder_run(&h1, script);
    assert_int_equal(ebb__task_holds(&h1.task), 2);
    assert_int_equal(ebb_task_cancel(&h1.task), EBB_OK);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
    assert_ptr_equal(loose_m.owner, &h1.task); /* missed */
    assert_int_equal(ebb__task_holds(&h1.task), 1);
    void *slot = ebb_channel_try_reserve(&twice_ch); /* dropped, once */
    assert_non_null(slot);
    ebb_channel_commit(&twice_ch);
    assert_int_equal(ebb_channel_count(&twice_ch), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_table_entry_channel_reservation),
        RUN(test_table_entry_channel_peek),
        RUN(test_table_entry_mutex),
        RUN(test_count_follows_holds),
        RUN(test_count_moves_with_mutex),
        RUN(test_count_after_drop_and_resets),
        RUN(test_cancel_refused_loose_reservation),
        RUN(test_cancel_refused_loose_peek),
        RUN(test_cancel_refused_loose_mutex),
        RUN(test_cancel_refused_keeps_tabled_holds),
        RUN(test_reset_refused_loose_hold),
        RUN(test_cancel_refused_finished_loose_hold),
        RUN(test_cancel_holding_nothing),
        RUN(test_cancel_of_handed_waiter),
        RUN(test_init_over_a_hold),
        RUN(test_commit_from_interrupt),
        RUN(test_count_wraps_past_63),
        RUN(test_entered_twice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
