/*
 * test_pl081 - the DMA class on the PL081 driver (hal/pl081), DMA0 of
 * mps2-an505 on QEMU:
 *   1. ebb_dma_copy of several sizes and alignments (word, halfword and
 *      byte items), checked byte by byte, the bytes around untouched, each
 *      completed by the terminal-count interrupt (counted);
 *   2. a copy from an address nothing answers: QEMU reports no error (its
 *      model never raises one), so the copy completes with all its bytes
 *      and zeros - checked as measured, the error path is the class's
 *      host test;
 *   3. a long copy (4095 words) in a select completes in its first poll
 *      (QEMU finishes it in the enabling store); a cancel of a task whose
 *      copy completion was reported but not yet awaited keeps that
 *      completion (ebb_dma_last());
 *   4. a cancel that reaches the transfer before its completion is
 *      reported (the DMA line held off at the NVIC): the abort wins, the
 *      channel is disabled, its status cleared, and no completion comes
 *      once the line is taken again; ebb_dma_last() reports the bytes
 *      read; the next copy works;
 *   5. ebb_dma_start refuses a second transfer while one runs (EBB_EBUSY).
 */
#include "fwtest.h"
#include "ebb_cortex_m.h"
#include "ebb_pl081.h"

static ebb_pl081 dma0;
static volatile unsigned isr_count;

void EBB_BOARD_DMA0_HANDLER(void)
{
    isr_count++;
    ebb_pl081_isr(&dma0);
}

#define BIG_WORDS 4095u
static uint32_t big_src[BIG_WORDS], big_dst[BIG_WORDS];
static uint8_t src[300], dst[300 + 8];

struct copier {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    int32_t result;
    int which;
    unsigned k;
};

/* A task whose copy is cancelled (parts 3 and 4). */
struct victim {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
    bool finished;
};
static ebb_poll_t victim_poll(ebb_task *self, ebb_cx *cx)
{
    struct victim *v = EBB_CONTAINER_OF(self, struct victim, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_dma_copy(&v->wait, ebb_pl081_channel(&dma0, 0), big_dst, big_src, sizeof big_src, &v->result));
    v->finished = true;
    EBB_END();
}
static struct victim victim;
static EBB_EXECUTOR_DEFINE(exec, NULL);

static const struct { uint16_t len, soff, doff; } cases[] = {
    {4, 0, 0}, {64, 0, 0}, {256, 4, 8}, {2, 2, 2}, {6, 2, 6}, {1, 0, 0},
    {3, 1, 0}, {17, 3, 5}, {255, 1, 3}, {300, 0, 1},
};
#define NCASES (sizeof cases / sizeof cases[0])

static void fill(void)
{
    for (unsigned i = 0; i < sizeof src; i++) {
        src[i] = (uint8_t)(i * 13u + 5u);
    }
    for (unsigned i = 0; i < sizeof dst; i++) {
        dst[i] = 0xA5;
    }
}

static void check_copy(unsigned k)
{
    unsigned const len = cases[k].len, so = cases[k].soff, d0 = cases[k].doff;
    for (unsigned i = 0; i < sizeof dst; i++) {
        uint8_t const want = (i >= d0 && i < d0 + len) ? src[so + i - d0] : 0xA5;
        if (dst[i] != want) {
            ebb_board_puts("case ");
            fw_put_u64(k);
            fw_put_line(" byte ", i);
            FW_CHECK(0);
        }
    }
}

static ebb_poll_t copier_poll(ebb_task *self, ebb_cx *cx)
{
    struct copier *c = EBB_CONTAINER_OF(self, struct copier, task);
    ebb_dma_chan *ch = ebb_pl081_channel(&dma0, 0);
    EBB_BEGIN(cx, &self->co);

    /* 1 */
    for (c->k = 0; c->k < NCASES; c->k++) {
        fill();
        isr_count = 0;
        EBB_AWAIT(ebb_dma_copy(&c->wait, ch, dst + cases[c->k].doff, src + cases[c->k].soff,
                               cases[c->k].len, &c->result));
        FW_CHECK(c->result == (int32_t)cases[c->k].len);
        FW_CHECK(isr_count == 1u);
        check_copy(c->k);
        FW_CHECK(!ebb_dma_busy(ch));
    }
    ebb_board_puts("copies ok\n");

    /* 2 */
    fill();
    EBB_AWAIT(ebb_dma_copy(&c->wait, ch, dst, (const void *)EBB_FW_PL081_BAD_ADDRESS, 16, &c->result));
    FW_CHECK(c->result == 16);
    for (unsigned i = 0; i < 16u; i++) {
        FW_CHECK(dst[i] == 0);
    }
    ebb_board_puts("bad source: completes, zeros (QEMU)\n");

    /* 3: a select whose copy completes in its first poll (QEMU). */
    for (unsigned i = 0; i < BIG_WORDS; i++) {
        big_src[i] = i * 2654435761u;
        big_dst[i] = 0;
    }
    isr_count = 0;
    EBB_AWAIT_ANY(c->which, ebb_dma_copy(&c->wait, ch, big_dst, big_src, sizeof big_src, &c->result),
                  ebb_sleep_for(&c->timer, EBB_MS(1)));
    FW_CHECK(c->which == 0 && c->result == (int32_t)sizeof big_src && isr_count == 1u);
    for (unsigned i = 0; i < BIG_WORDS; i++) {
        FW_CHECK(big_dst[i] == big_src[i]);
    }
    /* A cancel that comes after the completion was reported (the line
     * held off at the NVIC until the victim waits, then taken, then the
     * victim cancelled before it runs): the completion is kept. */
    ebb_cm_irq_disable(EBB_BOARD_DMA0_IRQ);
    EBB_SET_UNLINKED(victim.task, (ebb_task)EBB_TASK_INITIALIZER(victim_poll));
    FW_CHECK(ebb_task_spawn(&exec, &victim.task) == EBB_OK);
    EBB_YIELD(); /* the victim starts its copy and waits */
    FW_CHECK(ebb_dma_busy(ch));
    ebb_cm_irq_enable(EBB_BOARD_DMA0_IRQ); /* completes it at once */
    FW_CHECK(!ebb_dma_busy(ch));
    FW_CHECK(ebb_task_cancel(&victim.task) == EBB_OK);
    {
        int32_t r = 0;
        FW_CHECK(ebb_dma_last(ch, &r) && r == (int32_t)sizeof big_src);
        FW_CHECK(!victim.finished);
    }
    ebb_board_puts("cancel after completion: kept\n");

    /* 4: the completion held off at the NVIC, the cancel comes first. */
    ebb_cm_irq_disable(EBB_BOARD_DMA0_IRQ);
    isr_count = 0;
    for (unsigned i = 0; i < BIG_WORDS; i++) {
        big_dst[i] = 0;
    }
    EBB_SET_UNLINKED(victim.task, (ebb_task)EBB_TASK_INITIALIZER(victim_poll));
    FW_CHECK(ebb_task_spawn(&exec, &victim.task) == EBB_OK);
    EBB_YIELD();
    FW_CHECK(ebb_dma_busy(ch));
    FW_CHECK(ebb_task_cancel(&victim.task) == EBB_OK);
    {
        int32_t r = -1;
        FW_CHECK(!ebb_dma_last(ch, &r));
        FW_CHECK(r == (int32_t)sizeof big_src); /* QEMU had read them all */
        FW_CHECK((dma0.regs->CH[0].CONFIG & EBB_PL081_CCFG_E) == 0);
        FW_CHECK((dma0.regs->RAW_TC_STATUS & 1u) == 0);
        FW_CHECK(!ebb_dma_busy(ch));
    }
    ebb_cm_irq_enable(EBB_BOARD_DMA0_IRQ); /* a latched line is taken now */
    EBB_AWAIT(ebb_sleep_for(&c->timer, EBB_MS(1)));
    {
        int32_t r = -1;
        FW_CHECK(!ebb_dma_last(ch, &r)); /* nothing completed it later */
        FW_CHECK(!victim.finished);
    }
    fill();
    isr_count = 0;
    EBB_AWAIT(ebb_dma_copy(&c->wait, ch, dst, src, 64, &c->result));
    FW_CHECK(c->result == 64 && isr_count == 1u);
    for (unsigned i = 0; i < 64u; i++) {
        FW_CHECK(dst[i] == src[i]);
    }
    ebb_board_puts("cancel before completion: stopped, next copy ok\n");

    /* 5 */
    ebb_cm_irq_disable(EBB_BOARD_DMA0_IRQ);
    {
        ebb_dma_xfer const x = {.src = (uintptr_t)src, .dst = (uintptr_t)dst, .len = 8, .width = 4,
                                .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
        FW_CHECK(ebb_dma_start(ch, &x, NULL, NULL) == EBB_OK);
        FW_CHECK(ebb_dma_busy(ch));
        FW_CHECK(ebb_dma_start(ch, &x, NULL, NULL) == EBB_EBUSY);
    }
    ebb_cm_irq_enable(EBB_BOARD_DMA0_IRQ);
    EBB_AWAIT(ebb_dma_wait(&c->wait, ch, &c->result));
    FW_CHECK(c->result == 8);
    ebb_board_puts("busy refused\nPASS\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(copier, struct copier, copier_poll);

int main(void)
{
    ebb_board_init();
    ebb_pl081_init(&dma0, EBB_BOARD_DMA0_BASE, EBB_BOARD_DMA0_IRQ, EBB_BOARD_PRIO_CONSOLE);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &copier.task) == EBB_OK);
    ebb_executor_run(&exec);
}
