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

/* A task that takes what it is told to, then waits for good. */
enum take { TAKE_RESERVE, TAKE_PEEK, TAKE_LOCK };

struct holder {
    ebb_task task;
    ebb_wait wait;
    ebb_channel *ch;
    ebb_mutex *m;
    enum take take;
    void *slot;
    int step;
};

static ebb_waitlist never; /* nobody wakes it */

static ebb_poll_t holder_poll(ebb_task *self)
{
    struct holder *h = EBB_CONTAINER_OF(self, struct holder, task);
    EBB_BEGIN(&self->co);
    if (h->take == TAKE_RESERVE) {
        EBB_AWAIT(ebb_channel_reserve(&h->wait, h->ch, &h->slot));
        *(int *)h->slot = 99; /* never published unless committed */
    } else if (h->take == TAKE_PEEK) {
        EBB_AWAIT(ebb_channel_peek(&h->wait, h->ch, &h->slot));
    } else {
        EBB_AWAIT(ebb_mutex_lock(&h->wait, h->m));
    }
    h->step = 1;
    EBB_AWAIT(ebb_wait_on(&h->wait, &never));
    h->step = 2;
    EBB_END();
}

static struct holder h1;

static void holder_start(struct holder *h, enum take take, ebb_channel *ch, ebb_mutex *m)
{
    *h = (struct holder){.task = EBB_TASK_INITIALIZER(holder_poll), .take = take, .ch = ch, .m = m};
    assert_int_equal(ebb_task_spawn(&test_exec, &h->task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(h->step, 1);
}

static void fresh(void)
{
    ebb_channel_init(&tabled_ch, tabled_storage, sizeof tabled_storage[0], 4);
    tabled.m = (ebb_mutex)EBB_MUTEX_INITIALIZER;
    ebb_waitlist_init(&never);
}

/* EBB_CHANNEL_TABLE_ENTRY enters a channel made with the initializer: a
 * cancel drops the reservation its task held there. */
static void test_table_entry_channel_reservation(void **state)
{
    (void)state;
    fresh();
    holder_start(&h1, TAKE_RESERVE, &tabled_ch, NULL);
    assert_null(ebb_channel_try_reserve(&tabled_ch));
    ebb_task_cancel(&h1.task);
    assert_int_equal(ebb_task_state(&h1.task), EBB_TASK_IDLE);
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
    holder_start(&h1, TAKE_PEEK, &tabled_ch, NULL);
    assert_int_equal(ebb_channel_try_recv(&tabled_ch, &out), EBB_EBUSY);
    ebb_task_cancel(&h1.task);
    assert_int_equal(ebb_channel_try_recv(&tabled_ch, &out), EBB_OK);
    assert_int_equal(out, 7);
}

/* EBB_MUTEX_TABLE_ENTRY enters a mutex inside a struct: a cancel of its
 * owner frees it. */
static void test_table_entry_mutex(void **state)
{
    (void)state;
    fresh();
    holder_start(&h1, TAKE_LOCK, NULL, &tabled.m);
    assert_ptr_equal(tabled.m.owner, &h1.task);
    ebb_task_cancel(&h1.task);
    assert_null(tabled.m.owner);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_table_entry_channel_reservation),
        RUN(test_table_entry_channel_peek),
        RUN(test_table_entry_mutex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
