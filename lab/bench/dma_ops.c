/*
 * dma_ops.c - what a DMA transfer costs, in executed instructions, on the
 * Cortex-M33 of mps2-an505 with the PL081 driver (run on QEMU under
 * -icount shift=0: one instruction per nanosecond).  Prints one line per
 * figure, "op <name> <instructions>", for lab/bench/check_ops.py to hold
 * against lab/bench/dma_ops_budget.json.
 *
 * The clock is the dual timer at 20 MHz, one tick per 50 instructions, so
 * each figure is a window summed over RUNS repetitions, less the same sum
 * for an empty window, divided by RUNS (rounded): the tick's phase drifts
 * across the repetitions and the error of the mean stays well under one
 * instruction.  QEMU's PL081 moves the data inside the enabling store, at
 * no instruction cost; the exception entry of the completion interrupt is
 * not counted either (hardware stacking), its handler's code is.
 */
#include "ebb_board.h"
#include "ebb_cmsdk_regs.h"
#include "ebb_cortex_m.h"
#include "ebb_pl081.h"
#include "ebb/fmt.h"

#define RUNS 1000u
#define DT ((ebb_cmsdk_dualtimer_regs *)EBB_BOARD_DUALTIMER_BASE)

static ebb_pl081 dma0;
static uint32_t src[16], dst[16];

void EBB_BOARD_DMA0_HANDLER(void) { ebb_pl081_isr(&dma0); }

static inline uint32_t stamp(void) { return 0xFFFFFFFFu - DT->VALUE; }

static uint64_t overhead; /* an empty window, summed over RUNS */

static void report(const char *name, uint64_t ticks)
{
    int64_t const net = (int64_t)ticks - (int64_t)overhead;
    int64_t const insns = (net * (1000000000 / EBB_BOARD_TIMER_HZ) + RUNS / 2) / RUNS;
    char line[80];
    ebb_fmt(line, sizeof line, "op %s %ld\n", name, (long)insns);
    ebb_board_puts(line);
}

static volatile unsigned calls;
static void on_done(void *arg, int32_t result)
{
    (void)arg;
    (void)result;
    calls++;
}

static const ebb_dma_xfer xfer = {.src = (uintptr_t)src, .dst = (uintptr_t)dst, .len = sizeof src,
                                  .width = 4, .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};

struct copier {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
    unsigned i;
    uint64_t sum;
    uint32_t t0;
};

static ebb_poll_t copier_poll(ebb_task *self, ebb_cx *cx)
{
    struct copier *c = EBB_CONTAINER_OF(self, struct copier, task);
    ebb_dma_chan *ch = ebb_pl081_channel(&dma0, 0);
    EBB_BEGIN(cx, &self->co);
    /* The whole awaited copy: start, the completion interrupt's handler,
     * the await's result (complete within its first poll on QEMU). */
    for (c->i = 0, c->sum = 0; c->i < RUNS; c->i++) {
        c->t0 = stamp();
        EBB_AWAIT(ebb_dma_copy(&c->wait, ch, dst, src, sizeof src, &c->result));
        c->sum += stamp() - c->t0;
        if (c->result != (int32_t)sizeof src) {
            ebb_board_puts("copy failed\n");
            ebb_board_exit(1);
        }
    }
    report("dma_copy(64B,awaited)", c->sum);
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(copier, struct copier, copier_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    DT->CONTROL = 0;
    DT->LOAD = 0xFFFFFFFFu;
    DT->CONTROL = EBB_CMSDK_DUALTIMER_EN | EBB_CMSDK_DUALTIMER_PERIODIC | EBB_CMSDK_DUALTIMER_SIZE32;
    ebb_pl081_init(&dma0, EBB_BOARD_DMA0_BASE, EBB_BOARD_DMA0_IRQ, EBB_BOARD_PRIO_CONSOLE);
    ebb_dma_chan *ch = ebb_pl081_channel(&dma0, 0);

    uint64_t sum = 0;
    for (unsigned i = 0; i < RUNS; i++) {
        uint32_t const t0 = stamp();
        uint32_t const t1 = stamp();
        sum += t1 - t0;
    }
    overhead = sum;

    /* Set-up: a start with a callback, its completion held at the NVIC;
     * then the completion: the handler's work, called directly. */
    ebb_cm_irq_disable(EBB_BOARD_DMA0_IRQ);
    uint64_t setup = 0, complete = 0, abort = 0;
    for (unsigned i = 0; i < RUNS; i++) {
        uint32_t const t0 = stamp();
        int const rc = ebb_dma_start(ch, &xfer, on_done, NULL);
        uint32_t const t1 = stamp();
        ebb_pl081_isr(&dma0);
        uint32_t const t2 = stamp();
        setup += t1 - t0;
        complete += t2 - t1;
        if (rc != EBB_OK) {
            ebb_board_exit(1);
        }
    }
    /* An abort that stops a transfer before its completion is reported. */
    for (unsigned i = 0; i < RUNS; i++) {
        int const rc = ebb_dma_start(ch, &xfer, on_done, NULL);
        uint32_t const t0 = stamp();
        bool const stopped = ebb_dma_abort(ch, NULL);
        uint32_t const t1 = stamp();
        abort += t1 - t0;
        if (rc != EBB_OK || !stopped) {
            ebb_board_exit(1);
        }
    }
    if (calls != RUNS) {
        ebb_board_puts("completions lost\n");
        ebb_board_exit(1);
    }
    EBB_CM_NVIC_ICPR(EBB_BOARD_DMA0_IRQ >> 5) = 1u << (EBB_BOARD_DMA0_IRQ & 31u);
    ebb_cm_irq_enable(EBB_BOARD_DMA0_IRQ);
    report("dma_start(callback,setup)", setup);
    report("dma_complete(isr,callback)", complete);
    report("dma_abort(stopped)", abort);

    ebb_executor_init(&exec, NULL);
    ebb_task_spawn(&exec, &copier.task);
    ebb_executor_run(&exec);
}
