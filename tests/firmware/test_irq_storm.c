/*
 * test_irq_storm - interrupts at every point: a task on an interrupt
 * executor wakes after a pseudo-random 1 or 2 x 2^shift us (about 1,000 or
 * 2,000 instructions of the emulated core), so its wakes land anywhere in
 * the thread's code - inside the executor's poll, the timer queue's
 * insert and erase, a primitive's critical section as it is entered or
 * left.  Each wake gives a semaphore, sends a numbered item on a channel,
 * frees the pool block the thread handed over, and arms its next timer;
 * in thread mode a taker, a receiver, an allocator and four sleepers with
 * pseudo-random deadlines keep the executor and the timer queue busy.
 *
 * Checked after every burst of 1,024 interrupts, with the port lock held
 * (a consistent snapshot): tokens given = taken + counted (+ one handed to
 * the taker not yet resumed); items sent = received + queued (+ one handed
 * over); blocks allocated - freed = blocks the pool counts in use; every
 * item arrived in order, every sleeper woke at or after its deadline.  At
 * the end the interrupt count, FW_STORM_IRQS (100,000 by default), is
 * printed: the suite's total over its boards is the figure in
 * docs/reliability.md.  So is the stack's painted peak, which the static
 * bound (scripts/stack_bound.py, test stack.bound_storm) must not be below.
 */
#include "fwtest.h"

#ifndef FW_STORM_IRQS
#define FW_STORM_IRQS 100000u
#endif
#define BURST 1024u
#define SLEEPERS 4u

static EBB_SEM_DEFINE(sem, 0, 1000000u);
static EBB_CHANNEL_DEFINE(chan, uint32_t, 4);
struct block {
    uint32_t owner_tag;
};
static EBB_POOL_DEFINE(pool, struct block, 3);
#define TAG_FREE 0u
#define TAG_HELD 0xB10Cu

/* The block the thread hands the interrupt to free (NULL: none). */
static struct block *volatile handed;

static volatile uint32_t irqs, gives, sent, full, frees;
static uint32_t taken, received, allocs, sleeper_wakes;

static uint32_t rnd_state = 0x2545F491u; /* the thread's generator */

/* xorshift32: the next value of the generator at `state`. */
static uint32_t rnd(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* 1 or 2 units of 2^shift us: about 1,000 or 2,000 instructions apart,
 * near what a wake and the thread's answer to it take, so that the core is
 * seldom idle. */
static ebb_ticks storm_period(uint32_t r) { return EBB_US((1u + (r & 1u)) << FW_ICOUNT_SHIFT); }

/* ---- the interrupt side ---- */

struct storm {
    ebb_task task;
    ebb_timer timer;
    uint32_t seq;
    uint32_t rs; /* its own generator: the thread's is not interrupt-safe */
};

static ebb_poll_t storm_poll(ebb_task *self, ebb_cx *cx)
{
    struct storm *s = EBB_CONTAINER_OF(self, struct storm, task);
    EBB_BEGIN(cx, &self->co);
    s->rs = 0x9E3779B9u;
    while (irqs < FW_STORM_IRQS) {
        EBB_AWAIT(ebb_sleep_for(&s->timer, storm_period(rnd(&s->rs))));
        if (ebb_sem_give(&sem) == EBB_OK) {
            gives++;
        }
        if (ebb_channel_try_send(&chan, &s->seq) == EBB_OK) {
            s->seq++;
            sent++;
        } else {
            full++;
        }
        struct block *b = handed;
        if (b != NULL) {
            handed = NULL;
            FW_CHECK(b->owner_tag == TAG_HELD);
            b->owner_tag = TAG_FREE;
            FW_CHECK(ebb_pool_free(&pool, b) == EBB_OK);
            frees++;
        }
        irqs++;
    }
    EBB_END();
}

static EBB_TASK_DEFINE(storm, struct storm, storm_poll);

/* ---- the thread side ---- */

struct taker {
    ebb_task task;
    ebb_wait wait;
};

static ebb_poll_t taker_poll(ebb_task *self, ebb_cx *cx)
{
    struct taker *t = EBB_CONTAINER_OF(self, struct taker, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_sem_take(&t->wait, &sem));
        taken++;
    }
    EBB_END();
}

struct receiver {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    uint32_t value;
};

static ebb_poll_t receiver_poll(ebb_task *self, ebb_cx *cx)
{
    struct receiver *r = EBB_CONTAINER_OF(self, struct receiver, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_channel_recv(&r->wait, &chan, &r->value));
        FW_CHECK(r->value == received); /* in order, none lost, none twice */
        received++;
        if (received % 64u == 0) {
            /* Fall behind now and then: the channel fills, sends fail. */
            EBB_AWAIT(ebb_sleep_for(&r->timer, EBB_US(16u << FW_ICOUNT_SHIFT)));
        }
    }
    EBB_END();
}

struct allocator {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    void *block;
};

static ebb_poll_t allocator_poll(ebb_task *self, ebb_cx *cx)
{
    struct allocator *a = EBB_CONTAINER_OF(self, struct allocator, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_pool_alloc(&a->wait, &pool, &a->block));
        {
            struct block *b = a->block;
            FW_CHECK(b->owner_tag == TAG_FREE); /* never handed out twice */
            b->owner_tag = TAG_HELD;
            allocs++;
        }
        while (handed != NULL) {
            EBB_AWAIT(ebb_sleep_for(&a->timer, EBB_US(1u << FW_ICOUNT_SHIFT)));
        }
        handed = a->block;
    }
    EBB_END();
}

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
};

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        s->deadline = ebb_now() + EBB_US((1u + (rnd(&rnd_state) & 15u)) << FW_ICOUNT_SHIFT);
        EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
        FW_CHECK(ebb_now() >= s->deadline);
        sleeper_wakes++;
    }
    EBB_END();
}

static EBB_TASK_DEFINE(taker, struct taker, taker_poll);
static EBB_TASK_DEFINE(receiver, struct receiver, receiver_poll);
static EBB_TASK_DEFINE(allocator, struct allocator, allocator_poll);
static struct sleeper sleepers[SLEEPERS];
static EBB_EXECUTOR_DEFINE(exec, NULL);

/* The invariants, on a snapshot taken with the interrupt kept out. */
static void check(void)
{
    ebb_irq_state s = ebb_port_lock();
    uint32_t const g = gives, t = taken, c = ebb_sem_count(&sem);
    uint32_t const se = sent, re = received, q = ebb_channel_count(&chan);
    uint32_t const al = allocs, fr = frees;
    uint16_t const free_blocks = ebb_pool_free_count(&pool);
    ebb_port_unlock(s);
    FW_CHECK(g - t - c <= 1u);   /* a token handed to the taker, not yet counted */
    FW_CHECK(se - re - q <= 1u); /* an item handed to the receiver, not yet counted */
    /* In use: allocated and not freed, plus at most one block handed to
     * the allocator's wait and not yet counted. */
    uint32_t const in_use = (uint32_t)ebb_pool_capacity(&pool) - free_blocks;
    FW_CHECK(in_use - (al - fr) <= 1u);
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_irq_storm\n");
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &taker.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &receiver.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &allocator.task) == EBB_OK);
    for (unsigned i = 0; i < SLEEPERS; i++) {
        EBB_SET_UNLINKED(sleepers[i].task, (ebb_task)EBB_TASK_INITIALIZER(sleeper_poll));
        FW_CHECK(ebb_task_spawn(&exec, &sleepers[i].task) == EBB_OK);
    }
    ebb_executor *irqx = fw_irq_executor_start(FW_IRQX_OK);
    FW_CHECK(ebb_task_spawn(irqx, &storm.task) == EBB_OK);
    uint32_t next_check = BURST;
    while (ebb_task_state(&storm.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec)) {
            ebb_port_idle(&exec);
        }
        if (irqs >= next_check) {
            check();
            next_check += BURST;
        }
    }
    /* Let the thread side take what is left, then the books must close. */
    ebb_ticks const until = ebb_now() + EBB_MS(100);
    while ((taken != gives || received != sent) && ebb_now() < until) {
        if (!ebb_executor_poll(&exec)) {
            ebb_port_idle(&exec);
        }
    }
    check();
    FW_CHECK(taken == gives && received == sent && ebb_channel_count(&chan) == 0);
    ebb_board_puts("interrupts ");
    fw_put_u64(irqs);
    ebb_board_puts(", tokens ");
    fw_put_u64(taken);
    ebb_board_puts(", items ");
    fw_put_u64(received);
    ebb_board_puts(" (channel full ");
    fw_put_u64(full);
    ebb_board_puts("), blocks ");
    fw_put_u64(allocs);
    ebb_board_puts(", timer wakes ");
    fw_put_u64(sleeper_wakes + irqs);
    ebb_board_puts("\n");
    FW_CHECK(irqs == FW_STORM_IRQS && full > 0 && allocs > 3u && sleeper_wakes > 0);
    /* The painted peak, for the static bound's test (stack.bound_storm). */
    ebb_board_puts("stack peak ");
    fw_put_u64(fw_stack_peak_bytes());
    ebb_board_puts(" B\n");
    ebb_board_puts("PASS\n");
    return 0;
}
