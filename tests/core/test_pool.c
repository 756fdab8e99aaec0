/* Block pool: O(1) alloc/free, checked frees, FIFO hand-off to tasks. */
#include <stdlib.h>

#include "test_support.h"
#include "ebb/driver/wait.h"

struct pkt {
    uint32_t words[3];
};

/* Named storage (EBB_POOL_INITIALIZER), so that the tests can check where
 * blocks lie and free pointers outside them. */
static struct pkt pool4_blocks[4];
static uint16_t pool4_links[4];
static ebb_pool pool4 = EBB_POOL_INITIALIZER(pool4_blocks, pool4_links);

/* A pool defined in one line has the same shape. */
static EBB_POOL_DEFINE(pool_defined, struct pkt, 4);

static void reset_pool4(void)
{
    memset(pool4_links, 0, sizeof pool4_links); /* as at reset */
    EBB_SET_UNLINKED(pool4, (ebb_pool)EBB_POOL_INITIALIZER(pool4_blocks, pool4_links));
}

/* EBB_POOL_DEFINE's unnamed storage: four distinct, aligned, usable
 * blocks, each handed out once, refused when not its own. */
static void test_pool_define_storage(void **state)
{
    (void)state;
    void *b[4];
    assert_int_equal(ebb_pool_capacity(&pool_defined), 4);
    for (int i = 0; i < 4; i++) {
        b[i] = ebb_pool_try_alloc(&pool_defined);
        assert_non_null(b[i]);
        assert_int_equal((uintptr_t)b[i] % _Alignof(struct pkt), 0);
        for (int j = 0; j < i; j++) {
            assert_ptr_not_equal(b[i], b[j]);
        }
        memset(b[i], 0x5A, sizeof(struct pkt));
    }
    assert_null(ebb_pool_try_alloc(&pool_defined));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(&pool_defined, pool4_blocks));
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ebb_pool_free(&pool_defined, b[i]), EBB_OK);
    }
    assert_int_equal(ebb_pool_free_count(&pool_defined), 4);
}

static void test_pool_alloc_all_then_empty(void **state)
{
    (void)state;
    reset_pool4();
    void *b[4];
    assert_int_equal(ebb_pool_free_count(&pool4), 4);
    for (int i = 0; i < 4; i++) {
        b[i] = ebb_pool_try_alloc(&pool4);
        assert_non_null(b[i]);
        /* distinct, aligned blocks inside the storage */
        assert_true((char *)b[i] >= (char *)pool4_blocks);
        assert_true((char *)b[i] < (char *)(pool4_blocks + 4));
        assert_int_equal(((uintptr_t)b[i] - (uintptr_t)pool4_blocks) % sizeof(struct pkt), 0);
        for (int j = 0; j < i; j++) {
            assert_ptr_not_equal(b[i], b[j]);
        }
        memset(b[i], 0xA5, sizeof(struct pkt)); /* the whole block is usable */
    }
    assert_null(ebb_pool_try_alloc(&pool4));
    assert_int_equal(ebb_pool_free_count(&pool4), 0);
    assert_int_equal(ebb_pool_free(&pool4, b[2]), EBB_OK);
    assert_int_equal(ebb_pool_free_count(&pool4), 1);
    assert_ptr_equal(ebb_pool_try_alloc(&pool4), b[2]);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ebb_pool_free(&pool4, b[i]), EBB_OK);
    }
    assert_int_equal(ebb_pool_free_count(&pool4), 4);
}

/* Writing into a freed block cannot break the pool: its bookkeeping is not
 * in the blocks. */
static void test_pool_use_after_free_does_not_corrupt_pool(void **state)
{
    (void)state;
    reset_pool4();
    void *a = ebb_pool_try_alloc(&pool4);
    void *b = ebb_pool_try_alloc(&pool4);
    ebb_pool_free(&pool4, a);
    memset(a, 0xFF, sizeof(struct pkt));
    ebb_pool_free(&pool4, b);
    memset(b, 0x00, sizeof(struct pkt));
    void *got[4];
    for (int i = 0; i < 4; i++) {
        got[i] = ebb_pool_try_alloc(&pool4);
        assert_non_null(got[i]);
    }
    assert_null(ebb_pool_try_alloc(&pool4));
}

static void test_pool_misuse(void **state)
{
    (void)state;
    reset_pool4();
    struct pkt foreign;
    void *a = ebb_pool_try_alloc(&pool4);
    EXPECT_CONTRACT("pool", 1, ebb_pool_try_alloc(NULL));
    EXPECT_CONTRACT("pool", 1, ebb_pool_free(NULL, a));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(&pool4, &foreign));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(&pool4, NULL));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(&pool4, (char *)a + 1)); /* inside, misaligned */
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(&pool4, (char *)pool4_blocks - sizeof(struct pkt)));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(&pool4, pool4_blocks + 4)); /* one past the end */
    EXPECT_CONTRACT("pool", 3, ebb_pool_free(&pool4, pool4_blocks + 3)); /* never allocated */
    assert_int_equal(ebb_pool_free(&pool4, a), EBB_OK);
    EXPECT_CONTRACT("pool", 3, ebb_pool_free(&pool4, a)); /* double free */
    assert_int_equal(ebb_pool_free_count(&pool4), 4);
    /* (wait:1, an await outside a task, is gone: an awaitable needs a
     * context, which only a task's poll has.) */
}

static int order[64], n_order;
struct allocer {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_pool *pool;
    void *blk;
    int id, got, result;
    ebb_ticks timeout;
    bool keep; /* hold the block instead of freeing it */
};
static ebb_poll_t allocer_poll(ebb_task *self, ebb_cx *cx)
{
    struct allocer *a = EBB_CONTAINER_OF(self, struct allocer, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        if (a->timeout != 0) {
            EBB_AWAIT_TIMEOUT(a->result, &a->timer, a->timeout, ebb_pool_alloc(&a->wait, a->pool, &a->blk));
            if (a->result != EBB_OK) {
                continue;
            }
        } else {
            EBB_AWAIT(ebb_pool_alloc(&a->wait, a->pool, &a->blk));
        }
        a->got++;
        order[n_order++] = a->id;
        if (a->keep) {
            break;
        }
        EBB_YIELD();
        assert_int_equal(ebb_pool_free(a->pool, a->blk), EBB_OK);
        a->blk = NULL;
    }
    EBB_END();
}
#define ALLOCER(p, i) {.task = EBB_TASK_INITIALIZER(allocer_poll), .pool = (p), .id = (i)}

static void free_isr(void *arg)
{
    void **blk = arg;
    assert_int_equal(ebb_pool_free(&pool4, *blk), EBB_OK);
}

/* Tasks wait when the pool is empty; each free from an interrupt goes to
 * the oldest waiter, and nobody else can take it first. */
static void test_pool_alloc_waits_fifo_handoff(void **state)
{
    (void)state;
    reset_pool4();
    void *b[4];
    for (int i = 0; i < 4; i++) {
        b[i] = ebb_pool_try_alloc(&pool4);
    }
    struct allocer t[3] = {ALLOCER(&pool4, 0), ALLOCER(&pool4, 1), ALLOCER(&pool4, 2)};
    n_order = 0;
    for (int i = 0; i < 3; i++) {
        t[i].keep = true;
        assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
    }
    ebb_executor_poll(&test_exec);
    assert_int_equal(n_order, 0);
    for (int i = 0; i < 3; i++) {
        ebb_host_irq(free_isr, &b[i]);
        assert_null(ebb_pool_try_alloc(&pool4)); /* the block is the waiter's */
        assert_int_equal(ebb_pool_free_count(&pool4), 0);
        ebb_executor_poll(&test_exec);
        assert_int_equal(n_order, i + 1);
        assert_int_equal(order[i], i);
        assert_ptr_equal(t[i].blk, b[i]);
    }
    ebb_pool_free(&pool4, b[3]);
    assert_int_equal(ebb_pool_free_count(&pool4), 1);
}

/* Cancelled after a free was handed to it, a waiter passes the block on. */
static void test_pool_cancelled_waiter_passes_block_on(void **state)
{
    (void)state;
    reset_pool4();
    void *b[4];
    for (int i = 0; i < 4; i++) {
        b[i] = ebb_pool_try_alloc(&pool4);
    }
    struct allocer x = ALLOCER(&pool4, 0), y = ALLOCER(&pool4, 1);
    x.keep = y.keep = true;
    assert_int_equal(ebb_task_spawn(&test_exec, &x.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &y.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_pool_free(&pool4, b[0]); /* for x */
    assert_int_equal(ebb_task_cancel(&x.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(x.got, 0);
    assert_int_equal(y.got, 1);
    assert_ptr_equal(y.blk, b[0]);
    /* With nobody else waiting it goes back to the pool. */
    struct allocer z = ALLOCER(&pool4, 2);
    z.keep = true;
    assert_int_equal(ebb_task_spawn(&test_exec, &z.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    ebb_pool_free(&pool4, b[1]);
    assert_int_equal(ebb_task_cancel(&z.task), EBB_OK);
    assert_int_equal(ebb_pool_free_count(&pool4), 1);
    assert_ptr_equal(ebb_pool_try_alloc(&pool4), b[1]);
}

/* Random allocs and frees from tasks (with timeouts, cancels) and
 * interrupts: every block is always in exactly one place. */
static void test_pool_conservation_random(void **state)
{
    (void)state;
    reset_pool4();
    struct allocer t[5];
    void *held[4] = {0};
    int n_held = 0;
    srand(777);
    for (int i = 0; i < 5; i++) {
        EBB_SET_UNLINKED(t[i], (struct allocer)ALLOCER(&pool4, i));
        t[i].timeout = (ebb_ticks)(i + 2);
        assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
    }
    long total_got = 0;
    for (int step = 0; step < 20000; step++) {
        n_order = 0;
        int r = rand() % 12;
        if (r < 2 && n_held < 4) {
            void *blk = ebb_pool_try_alloc(&pool4);
            if (blk != NULL) {
                held[n_held++] = blk;
            }
        } else if (r < 4 && n_held > 0) {
            ebb_host_irq(free_isr, &held[--n_held]);
        } else if (r < 5) {
            int i = rand() % 5;
            assert_int_equal(ebb_task_cancel(&t[i].task), EBB_OK);
            if (t[i].blk != NULL) { /* cancelled while holding: give it back */
                assert_int_equal(ebb_pool_free(&pool4, t[i].blk), EBB_OK);
                t[i].blk = NULL;
            }
            assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
        } else if (r < 7) {
            ebb_host_advance(1);
        } else {
            ebb_executor_poll(&test_exec);
        }
        for (int i = 0; i < n_order; i++) {
            total_got++;
        }
        /* Where every block is: held here, held by a task, handed to a
         * woken waiter, or free. */
        int in_tasks = 0, handed = 0;
        for (int i = 0; i < 5; i++) {
            in_tasks += t[i].blk != NULL;
            handed += ebb_wait_fired(&t[i].wait);
        }
        assert_int_equal(n_held + in_tasks + handed + ebb_pool_free_count(&pool4), 4);
        assert_true(ebb_pool_free_count(&pool4) == 0 || ebb_waitlist_empty(&pool4.waiters));
    }
    assert_true(total_got > 1000);
}

/* The free's index arithmetic (a multiply by the inverse of the block
 * size's odd factor and a rotation, no divide) against the reference
 * "offset % size == 0 and offset < count * size": every byte offset from
 * two blocks below the storage to two past it, for block sizes odd, even,
 * powers of two and mixed, and pointers far away. */
#define SWEEP(size_, count_)                                                   \
    do {                                                                       \
        static struct { uint8_t b[size_]; } blocks_[count_];                   \
        static uint16_t links_[count_];                                        \
        memset(links_, 0, sizeof links_);                                      \
        ebb_pool p_ = EBB_POOL_INITIALIZER(blocks_, links_);                   \
        sweep_pool(&p_, (uint8_t *)blocks_, (size_), (count_));               \
    } while (0)

static void sweep_pool(ebb_pool *p, uint8_t *base, uintptr_t size, uintptr_t count)
{
    void *all[8];
    for (uintptr_t i = 0; i < count; i++) {
        all[i] = ebb_pool_try_alloc(p);
        assert_ptr_equal(all[i], base + i * size);
    }
    for (intptr_t off = -2 * (intptr_t)size; off < (intptr_t)((count + 2) * size); off++) {
        uint8_t *ptr = base + off;
        bool valid = off >= 0 && (uintptr_t)off % size == 0 && (uintptr_t)off < count * size;
        if (valid) {
            assert_int_equal(ebb_pool_free(p, ptr), EBB_OK);
            assert_ptr_equal(ebb_pool_try_alloc(p), ptr); /* the one block freed */
        } else {
            EXPECT_CONTRACT("pool", 2, ebb_pool_free(p, ptr));
        }
    }
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(p, base - 0x10000000));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(p, base + 0x10000000));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(p, (void *)(uintptr_t)1));
    EXPECT_CONTRACT("pool", 2, ebb_pool_free(p, (void *)UINTPTR_MAX));
    for (uintptr_t i = 0; i < count; i++) {
        assert_int_equal(ebb_pool_free(p, all[i]), EBB_OK);
    }
    assert_int_equal(ebb_pool_free_count(p), count);
}

static void test_pool_free_index_every_offset(void **state)
{
    (void)state;
    SWEEP(1, 8);
    SWEEP(2, 5);
    SWEEP(3, 7);
    SWEEP(4, 4);
    SWEEP(6, 3);
    SWEEP(12, 5);
    SWEEP(24, 6);
    SWEEP(40, 2);
    SWEEP(96, 3);
    SWEEP(255, 2);
    SWEEP(256, 2);
    SWEEP(1000, 2);
    SWEEP(4095, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_pool_define_storage),
        RUN(test_pool_alloc_all_then_empty),
        RUN(test_pool_use_after_free_does_not_corrupt_pool),
        RUN(test_pool_misuse),
        RUN(test_pool_free_index_every_offset),
        RUN(test_pool_alloc_waits_fifo_handoff),
        RUN(test_pool_cancelled_waiter_passes_block_on),
        RUN(test_pool_conservation_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
