/*
 * dma_ops.c - what a DMA transfer costs, in executed instructions, on the
 * Cortex-M33 of mps2-an505 with the PL081 driver, counted with the dual
 * timer (dualtimer_probe.h).  Prints one line per figure for
 * lab/bench/check_ops.py to hold against lab/bench/dma_ops_budget.json.
 * QEMU's PL081 moves the data inside the enabling store, at no instruction
 * cost; the exception entry of the completion interrupt is not counted
 * either (hardware stacking), its handler's code is.
 */
#include "dualtimer_probe.h"
#include "ebb_cortex_m.h"
#include "ebb_pl081.h"

static ebb_pl081 dma0;
static uint32_t src[16], dst[16];

void EBB_BOARD_DMA0_HANDLER(void) { ebb_pl081_isr(&dma0); }

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
    for (c->i = 0, c->sum = 0; c->i < PROBE_RUNS; c->i++) {
        c->t0 = probe_begin();
        EBB_AWAIT(ebb_dma_copy(&c->wait, ch, dst, src, sizeof src, &c->result));
        c->sum += probe_stamp() - c->t0;
        if (c->result != (int32_t)sizeof src) {
            ebb_board_puts("copy failed\n");
            ebb_board_exit(1);
        }
    }
    probe_report("dma_copy(64B,awaited)", c->sum);
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(copier, struct copier, copier_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    probe_start();
    ebb_pl081_init(&dma0, EBB_BOARD_DMA0_BASE, EBB_BOARD_DMA0_IRQ, EBB_BOARD_PRIO_CONSOLE);
    ebb_dma_chan *ch = ebb_pl081_channel(&dma0, 0);

    /* Set-up: a start with a callback, its completion held at the NVIC;
     * then the completion: the handler's work, called directly. */
    ebb_cm_irq_disable(EBB_BOARD_DMA0_IRQ);
    uint64_t setup = 0, complete = 0, abort = 0;
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        uint32_t const t0 = probe_begin();
        int const rc = ebb_dma_start(ch, &xfer, on_done, NULL);
        uint32_t const t1 = probe_stamp();
        ebb_pl081_isr(&dma0);
        uint32_t const t2 = probe_stamp();
        setup += t1 - t0;
        complete += t2 - t1;
        if (rc != EBB_OK) {
            ebb_board_exit(1);
        }
    }
    /* An abort that stops a transfer before its completion is reported. */
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        int const rc = ebb_dma_start(ch, &xfer, on_done, NULL);
        uint32_t const t0 = probe_begin();
        bool const stopped = ebb_dma_abort(ch, NULL);
        uint32_t const t1 = probe_stamp();
        abort += t1 - t0;
        if (rc != EBB_OK || !stopped) {
            ebb_board_exit(1);
        }
    }
    if (calls != PROBE_RUNS) {
        ebb_board_puts("completions lost\n");
        ebb_board_exit(1);
    }
    EBB_CM_NVIC_ICPR(EBB_BOARD_DMA0_IRQ >> 5) = 1u << (EBB_BOARD_DMA0_IRQ & 31u);
    ebb_cm_irq_enable(EBB_BOARD_DMA0_IRQ);
    probe_report("dma_start(callback,setup)", setup);
    probe_report("dma_complete(isr,callback)", complete);
    probe_report("dma_abort(stopped)", abort);

    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &copier.task) != EBB_OK) {
        ebb_board_exit(1);
    }
    ebb_executor_run(&exec);
}
