/* One shape for every object (docs/api.md, "Defining objects"): each
 * EBB_<OBJ>_DEFINE(name, ...) works with `static` in front (and without:
 * shown for the mutex and the channel), each EBB_<OBJ>_INITIALIZER(...)
 * makes the same object inside a struct, and both give an object that is
 * usable as defined, with no init call.
 * (What must not compile: tests/core/compile_fail/.) */
#include "test_support.h"
#include "ebb/driver/wait.h"

/* Without `static`: external linkage, as another file would declare it. */
extern ebb_mutex shape_mutex;
EBB_MUTEX_DEFINE(shape_mutex);
extern ebb_channel shape_channel;
EBB_CHANNEL_DEFINE(shape_channel, uint16_t, 2);

static EBB_SIGNAL_DEFINE(sig);
static EBB_SEM_DEFINE(sem, 2, 3);
static EBB_POOL_DEFINE(pool, uint64_t, 3);
static EBB_CHANNEL_DEFINE(ch, uint16_t, 2);
static EBB_SPSC_DEFINE(spsc, uint16_t, 2);
static EBB_TIMER_DEFINE(timer);
static EBB_TICKER_DEFINE(ticker);
static EBB_WAIT_DEFINE(wait);
static EBB_WAITLIST_DEFINE(waiters);
static EBB_EXECUTOR_DEFINE(shape_exec, NULL);

struct counter {
    ebb_task task;
    int polls;
};
static ebb_poll_t counter_poll(ebb_task *self, ebb_cx *cx)
{
    (void)cx;
    EBB_CONTAINER_OF(self, struct counter, task)->polls++;
    return EBB_READY;
}
static EBB_TASK_DEFINE(counter, struct counter, counter_poll);

/* The same objects embedded in a struct, storage included. */
struct device {
    ebb_mutex lock;
    ebb_signal sig;
    ebb_sem sem;
    ebb_pool pool;
    ebb_channel ch;
    ebb_spsc spsc;
    ebb_timer timer;
    ebb_ticker ticker;
    ebb_wait wait;
    ebb_waitlist waiters;
    ebb_task task;
    uint64_t blocks[3];
    uint16_t links[3];
    uint16_t ring[2];
    uint16_t qring[2];
};
static struct device dev = {
    .lock = EBB_MUTEX_INITIALIZER,
    .sig = EBB_SIGNAL_INITIALIZER,
    .sem = EBB_SEM_INITIALIZER(2, 3),
    .pool = EBB_POOL_INITIALIZER(dev.blocks, dev.links),
    .ch = EBB_CHANNEL_INITIALIZER(dev.ring),
    .spsc = EBB_SPSC_INITIALIZER(dev.qring),
    .timer = EBB_TIMER_INITIALIZER,
    .ticker = EBB_TICKER_INITIALIZER,
    .wait = EBB_WAIT_INITIALIZER,
    .waiters = EBB_WAITLIST_INITIALIZER,
    .task = EBB_TASK_INITIALIZER(counter_poll),
};

/* An empty channel of capacity 2. */
static void check_channel(ebb_channel *c)
{
    uint16_t x = 1, y = 2, z = 3;
    assert_int_equal(ebb_channel_count(c), 0);
    assert_int_equal(ebb_channel_try_send(c, &x), EBB_OK);
    assert_int_equal(ebb_channel_try_send(c, &y), EBB_OK);
    assert_int_equal(ebb_channel_try_send(c, &z), EBB_EAGAIN); /* capacity 2 */
    assert_int_equal(ebb_channel_try_recv(c, &z), EBB_OK);
    assert_int_equal(z, 1);
    assert_int_equal(ebb_channel_try_recv(c, &z), EBB_OK);
    assert_int_equal(z, 2);
}

/* Each object in its documented initial state, and working. */
static void check_objects(ebb_mutex *m, ebb_signal *s, ebb_sem *se, ebb_pool *p, ebb_channel *c,
                          ebb_spsc *q, ebb_timer *t, ebb_ticker *tk, ebb_wait *w,
                          ebb_waitlist *wl)
{
    uint32_t v;
    assert_false(ebb_signal_try_take(s, &v));
    ebb_signal_raise(s, 7);
    assert_true(ebb_signal_try_take(s, &v));
    assert_int_equal(v, 7);

    assert_int_equal(ebb_sem_count(se), 2);
    assert_int_equal(ebb_sem_give(se), EBB_OK);
    assert_int_equal(ebb_sem_give(se), EBB_EAGAIN); /* limit 3 */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ebb_sem_try_take(se), EBB_OK);
    }
    assert_int_equal(ebb_sem_try_take(se), EBB_EAGAIN);

    assert_int_equal(ebb_pool_capacity(p), 3);
    assert_int_equal(ebb_pool_free_count(p), 3);
    void *b[3];
    for (int i = 0; i < 3; i++) {
        b[i] = ebb_pool_try_alloc(p);
        assert_non_null(b[i]);
        assert_int_equal((uintptr_t)b[i] % _Alignof(uint64_t), 0);
        *(uint64_t *)b[i] = ~0ull; /* the whole block is usable */
    }
    assert_null(ebb_pool_try_alloc(p));
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ebb_pool_free(p, b[i]), EBB_OK);
    }

    check_channel(c);

    assert_int_equal(ebb_spsc_count(q), 0);
    assert_null(ebb_spsc_try_peek(q));
    uint16_t *slot = ebb_spsc_try_reserve(q);
    assert_non_null(slot);
    *slot = 42;
    assert_int_equal(ebb_spsc_commit(q), EBB_OK);
    assert_ptr_equal(ebb_spsc_try_peek(q), slot);
    assert_int_equal(ebb_spsc_release(q), EBB_OK);
    assert_false(ebb_timer_armed(t));
    assert_false(ebb_timer_armed(&tk->timer));
    assert_false(ebb_wait_linked(w));
    assert_true(ebb_waitlist_empty(wl));

    /* A mutex is locked by a task: from outside one, only its state. */
    assert_null(m->owner);
    assert_true(ebb_waitlist_empty(&m->waiters));
}

static void test_defined_objects(void **state)
{
    (void)state;
    check_objects(&shape_mutex, &sig, &sem, &pool, &ch, &spsc, &timer, &ticker, &wait, &waiters);
    check_channel(&shape_channel);
}

static void test_embedded_objects(void **state)
{
    (void)state;
    check_objects(&dev.lock, &dev.sig, &dev.sem, &dev.pool, &dev.ch, &dev.spsc, &dev.timer,
                  &dev.ticker, &dev.wait, &dev.waiters);
    /* The pool and the channel use the struct's own storage. */
    void *blk = ebb_pool_try_alloc(&dev.pool);
    assert_true((char *)blk >= (char *)dev.blocks && (char *)blk < (char *)(dev.blocks + 3));
    assert_int_equal(ebb_pool_free(&dev.pool, blk), EBB_OK);
    uint16_t v = 0xBEEF, out = 0;
    assert_int_equal(ebb_channel_try_send(&dev.ch, &v), EBB_OK);
    assert_true(dev.ring[0] == 0xBEEF || dev.ring[1] == 0xBEEF);
    assert_int_equal(ebb_channel_try_recv(&dev.ch, &out), EBB_OK);
    assert_int_equal(out, 0xBEEF);
}

/* An executor and a task as defined: spawn and run, no init call. */
static void test_executor_and_task_as_defined(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_spawn(&shape_exec, &counter.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&shape_exec, &dev.task), EBB_OK);
    ebb_executor_poll(&shape_exec);
    assert_int_equal(counter.polls, 1);
    assert_int_equal(ebb_task_state(&counter.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_state(&dev.task), EBB_TASK_DONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_defined_objects),
        RUN(test_embedded_objects),
        RUN(test_executor_and_task_as_defined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
