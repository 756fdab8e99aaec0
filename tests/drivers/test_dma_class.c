/*
 * test_dma_class.c - the DMA channel class (hal/common/dma.c) on a
 * simulated chip, for what QEMU's PL081 cannot show: a transfer in flight
 * (the simulated channel moves only when the test says so), a bus error,
 * a cancel of the awaiting task while the transfer runs and while its
 * completion races the abort (raised from inside the abort), the callback
 * mode with ebb_dma_abort(), and the contracts.
 */
#include "test_support.h"
#include "ebb_dma.h"

/* The simulated channel: `left` items still to read while enabled. */
static struct sim {
    bool enabled;
    uint32_t left;
    ebb_dma_xfer x;
    int starts, aborts;
    bool complete_in_abort; /* the terminal count lands while aborting */
} sim;

static ebb_dma_chan chan;

static void sim_irq(void *arg) /* the chip's completion interrupt */
{
    int32_t r = (int32_t)(intptr_t)arg;
    if (r >= 0 && sim.enabled) {
        sim.enabled = false;
        sim.left = 0;
        (void)ebb_dma_complete(&chan, (int32_t)sim.x.len);
    } else if (r < 0 && sim.enabled) {
        sim.enabled = false;
        (void)ebb_dma_complete(&chan, r);
    }
}

static void sim_start(ebb_dma_chan *ch, const ebb_dma_xfer *x)
{
    assert_ptr_equal(ch, &chan);
    sim.x = *x;
    sim.left = x->len / x->width;
    sim.enabled = true;
    sim.starts++;
}

static void sim_abort(ebb_dma_chan *ch)
{
    (void)ch;
    sim.aborts++;
    if (sim.complete_in_abort) {
        sim_irq((void *)(intptr_t)0); /* it reached its end first */
    }
    sim.enabled = false;
}

static uint32_t sim_remaining(const ebb_dma_chan *ch)
{
    (void)ch;
    return sim.left;
}

static const ebb_dma_ops sim_ops = {sim_start, sim_abort, sim_remaining};

static uint32_t words_src[64], words_dst[64];

struct user {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
    bool done;
    size_t len;
    void *dst;
    const void *src;
};

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_dma_copy(&u->wait, &chan, u->dst, u->src, u->len, &u->result));
    u->done = true;
    EBB_END();
}

static struct user user;

static int setup(void **state)
{
    ebb_test_setup(state);
    memset(&sim, 0, sizeof sim);
    ebb_dma_chan_init(&chan, &sim_ops, 16, 3);
    memset(&user, 0, sizeof user);
    EBB_SET_UNLINKED(user.task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    user.dst = words_dst;
    user.src = words_src;
    user.len = 64; /* 16 words */
    return 0;
}

static void run(void) { (void)ebb_host_run_idle(&test_exec, 100); }

static void spawn_and_start(void)
{
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    assert_int_equal(sim.starts, 1);
    assert_true(sim.enabled && ebb_dma_busy(&chan));
    assert_false(user.done);
}

static void test_completes(void **state)
{
    (void)state;
    spawn_and_start();
    assert_int_equal(sim.x.width, 4);
    assert_int_equal(sim.x.flags, EBB_DMA_SRC_INC | EBB_DMA_DST_INC);
    ebb_host_irq(sim_irq, (void *)(intptr_t)0);
    run();
    assert_true(user.done);
    assert_int_equal(user.result, 64);
    assert_false(ebb_dma_busy(&chan));
}

static void test_bus_error(void **state)
{
    (void)state;
    spawn_and_start();
    ebb_host_irq(sim_irq, (void *)(intptr_t)EBB_DMA_EBUS);
    run();
    assert_true(user.done);
    assert_int_equal(user.result, EBB_DMA_EBUS);
}

static void test_widths(void **state)
{
    (void)state;
    static const struct { size_t dst_off, src_off, len; uint8_t width; } c[] = {
        {0, 0, 8, 4}, {2, 0, 8, 2}, {0, 0, 6, 2}, {1, 0, 8, 1}, {0, 3, 4, 1}, {0, 0, 7, 1},
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        setup(state);
        user.dst = (char *)words_dst + c[i].dst_off;
        user.src = (const char *)words_src + c[i].src_off;
        user.len = c[i].len;
        spawn_and_start();
        assert_int_equal(sim.x.width, c[i].width);
        assert_int_equal(sim.x.len, c[i].len);
        ebb_host_irq(sim_irq, (void *)(intptr_t)0);
        run();
        assert_int_equal(user.result, (int32_t)c[i].len);
    }
}

static void test_zero_length(void **state)
{
    (void)state;
    user.len = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    assert_true(user.done);
    assert_int_equal(user.result, 0);
    assert_int_equal(sim.starts, 0);
}

/* Cancelled while the transfer runs: aborted before the cancel returns,
 * the bytes read so far reported, and a completion after it is dropped. */
static void test_cancel_in_flight(void **state)
{
    (void)state;
    spawn_and_start();
    sim.left = 6; /* 10 of 16 words read */
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    assert_int_equal(sim.aborts, 1);
    assert_false(sim.enabled);
    assert_false(ebb_dma_busy(&chan));
    int32_t r = -1;
    assert_false(ebb_dma_last(&chan, &r));
    assert_int_equal(r, 40);
    sim.enabled = true; /* a stray terminal count after the abort */
    assert_false(ebb_dma_complete(&chan, 64));
    assert_false(user.done);
    /* The channel works again. */
    memset(&user, 0, sizeof user);
    EBB_SET_UNLINKED(user.task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    user.dst = words_dst;
    user.src = words_src;
    user.len = 64;
    sim.starts = 0;
    spawn_and_start();
    ebb_host_irq(sim_irq, (void *)(intptr_t)0);
    run();
    assert_int_equal(user.result, 64);
}

/* The completion lands inside the abort: kept, reported by last(). */
static void test_cancel_races_completion(void **state)
{
    (void)state;
    spawn_and_start();
    sim.complete_in_abort = true;
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    int32_t r = -1;
    assert_true(ebb_dma_last(&chan, &r));
    assert_int_equal(r, 64);
    assert_false(user.done);
    assert_false(ebb_dma_busy(&chan));
}

/* Completed (reported) but not yet awaited, then cancelled: kept. */
static void test_cancel_after_completion(void **state)
{
    (void)state;
    spawn_and_start();
    sim_irq((void *)(intptr_t)0);
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    assert_int_equal(sim.aborts, 0);
    int32_t r = -1;
    assert_true(ebb_dma_last(&chan, &r));
    assert_int_equal(r, 64);
}

static int cb_calls;
static int32_t cb_result;
static void on_done(void *arg, int32_t result)
{
    assert_ptr_equal(arg, &cb_calls);
    cb_calls++;
    cb_result = result;
}

static void test_callback_mode(void **state)
{
    (void)state;
    cb_calls = 0;
    ebb_dma_xfer const x = {.src = 0x1000, .dst = 0x40000008, .len = 16, .width = 1,
                            .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_PERIPH, .request = 3};
    assert_int_equal(ebb_dma_start(&chan, &x, on_done, &cb_calls), EBB_OK);
    assert_int_equal(ebb_dma_start(&chan, &x, on_done, &cb_calls), EBB_EBUSY);
    sim_irq((void *)(intptr_t)0);
    assert_int_equal(cb_calls, 1);
    assert_int_equal(cb_result, 16);
    uint32_t bytes = 99;
    assert_false(ebb_dma_abort(&chan, &bytes)); /* already reported */
    /* Aborted before its end: no callback, the bytes read reported. */
    assert_int_equal(ebb_dma_start(&chan, &x, on_done, &cb_calls), EBB_OK);
    sim.left = 5;
    assert_true(ebb_dma_abort(&chan, &bytes));
    assert_int_equal(bytes, 11);
    sim.enabled = true;
    assert_false(ebb_dma_complete(&chan, 16));
    assert_int_equal(cb_calls, 1);
}

/* An awaited transfer completed but not awaited keeps the channel. */
static void test_busy_until_awaited(void **state)
{
    (void)state;
    ebb_dma_xfer const x = {.src = 0x1000, .dst = 0x2000, .len = 4, .width = 4,
                            .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
    assert_int_equal(ebb_dma_start(&chan, &x, NULL, NULL), EBB_OK);
    sim_irq((void *)(intptr_t)0);
    assert_false(ebb_dma_busy(&chan));
    assert_int_equal(ebb_dma_start(&chan, &x, on_done, &cb_calls), EBB_EBUSY);
    /* A copy of another task meanwhile is refused, not queued. */
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    run();
    assert_true(user.done);
    assert_int_equal(user.result, EBB_EBUSY);
}

static void test_contracts(void **state)
{
    (void)state;
    ebb_dma_xfer x = {.src = 0x1002, .dst = 0x2000, .len = 8, .width = 4,
                      .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
    EXPECT_CONTRACT("dma", 2, if (ebb_dma_start(&chan, &x, NULL, NULL) == 0) {}); /* misaligned */
    x.src = 0x1000;
    x.width = 3;
    EXPECT_CONTRACT("dma", 2, if (ebb_dma_start(&chan, &x, NULL, NULL) == 0) {});
    x.width = 4;
    x.len = 6;
    EXPECT_CONTRACT("dma", 2, if (ebb_dma_start(&chan, &x, NULL, NULL) == 0) {});
    x.len = 17 * 4; /* 17 items, the channel counts 16 */
    EXPECT_CONTRACT("dma", 3, if (ebb_dma_start(&chan, &x, NULL, NULL) == 0) {});
    EXPECT_CONTRACT("dma", 1, if (ebb_dma_start(&chan, NULL, NULL, NULL) == 0) {});
    x.len = 8;
    x.flags = EBB_DMA_SRC_INC | EBB_DMA_DST_PERIPH;
    x.request = 4; /* the channel selects lines 0..3 */
    EXPECT_CONTRACT("dma", 5, if (ebb_dma_start(&chan, &x, NULL, NULL) == 0) {});
    x.flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC; /* memory to memory: no request line */
    assert_int_equal(sim.starts, 0);
    user.len = 65; /* 65 bytes: byte items, more than 16 */
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    EXPECT_CONTRACT_IN("dma", 3, &user.task, run());
    assert_int_equal(sim.starts, 0);
    /* ebb_dma_abort is for callback transfers only. */
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    x.len = 8;
    assert_int_equal(ebb_dma_start(&chan, &x, NULL, NULL), EBB_OK);
    EXPECT_CONTRACT("dma", 4, (void)ebb_dma_abort(&chan, NULL));
    assert_true(sim.enabled);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_completes, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_bus_error, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_widths, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_zero_length, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_cancel_in_flight, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_cancel_races_completion, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_cancel_after_completion, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_callback_mode, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_busy_until_awaited, setup, ebb_test_teardown),
        cmocka_unit_test_setup_teardown(test_contracts, setup, ebb_test_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
