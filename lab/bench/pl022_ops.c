/*
 * pl022_ops.c - what an SPI transfer costs, in executed instructions, on
 * the Cortex-M33 of mps2-an505 with the PL022 driver under the SPI class
 * (ebb_spi.h), counted with the dual timer (dualtimer_probe.h): a 32-byte
 * transfer taken apart into its set-up (the first poll: the operation
 * started, a FIFO's worth - 8 bytes - handed over), an interrupt that
 * takes eight echoes and hands the next eight over, the last interrupt
 * (the last echoes taken, the transfer completed, its task woken) and the
 * poll that takes the result.  The interrupt line stays masked at the
 * NVIC and the handler's body runs here in turn, so that each piece is
 * measured alone; QEMU's PL022 in loop-back moves a byte inside the store
 * that queues it, so a FIFO's worth of echoes waits each time the handler
 * runs (and a transfer of 8 bytes or fewer completes within its first
 * poll).  Prints one line
 * per figure for lab/bench/check_ops.py to hold against
 * lab/bench/pl022_ops_budget.json.
 *
 * Then the same transfer in the class's DMA mode, on two channels of the
 * board's first PL081 (ebb_spi_use_dma()): the set-up, the transmit and
 * the receive channel's terminal-count interrupts (the second completes
 * the transfer and wakes its task), the poll that takes the result, and a
 * cancel.  QEMU's PL081 serves no peripheral request, so after its set-up
 * the controller's register block is moved into RAM (ebb_pl081.regs),
 * where the bench raises each channel's terminal count as the controller
 * would once its bytes are through and runs the handler.  The code is the
 * chip's; only the addresses it loads differ, so the counts are the
 * chip's.  The PL022 stays QEMU's: the cancel's drain finds it idle (no
 * byte was moved to it), as after a transfer whose bytes are all out.
 */
#include "dualtimer_probe.h"
#include "ebb_cortex_m.h"
#include "ebb_pl022.h"
#include "ebb_pl081.h"

static uint64_t irq_sums[2], dma_sums[2];
/* Where the polls' windows go: [0] the first poll's, [1] the later ones;
 * NULL: not timed (a transfer set up only to be cancelled). */
static uint64_t *sums = irq_sums;

static struct prober {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
    unsigned polls;
} prober;
static uint8_t buf[32];

static ebb_poll_t prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct prober *p = EBB_CONTAINER_OF(self, struct prober, task);
    if (ebb_cx_cancelling(cx)) { /* inside a measured cancel: the await's own path only */
        return EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, buf, buf, sizeof buf, &p->result);
    }
    uint32_t const t0 = probe_begin();
    ebb_poll_t const r = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, buf, buf, sizeof buf, &p->result);
    uint32_t const t1 = probe_stamp();
    if (sums != NULL) {
        sums[p->polls == 0 ? 0 : 1] += t1 - t0;
    }
    p->polls++;
    return r;
}

static EBB_EXECUTOR_DEFINE(exec, NULL);

static ebb_pl081 dmac;
static ebb_pl081_regs dmac_in_ram;
#define TX_CH 0u
#define RX_CH 1u

static void fail(const char *what, unsigned run)
{
    char line[96];
    ebb_fmt(line, sizeof line, "spi: run %u: %s: state %d result %ld polls %u received %lu\n", run, what,
            (int)ebb_task_state(&prober.task), (long)prober.result, prober.polls,
            (unsigned long)ebb_spi_received(ebb_board_spi));
    ebb_board_puts(line);
    ebb_board_exit(1);
}

static void spawn(void)
{
    EBB_SET_UNLINKED(prober.task, (ebb_task)EBB_TASK_INITIALIZER(prober_poll));
    prober.polls = 0;
    if (ebb_task_spawn(&exec, &prober.task) != EBB_OK) {
        ebb_board_exit(1);
    }
    (void)ebb_executor_poll(&exec); /* the set-up */
}

/* The handler's run, measured: a function of its own, so that every
 * window holds the same few instructions around the call, whatever the
 * caller keeps in registers. */
static __attribute__((noinline)) uint32_t timed_spi_isr(ebb_spi *spi)
{
    uint32_t const t0 = probe_begin();
    ebb_spi_isr(spi);
    uint32_t const t1 = probe_stamp();
    return t1 - t0;
}

/* Channel `ch`'s bytes are through: its count at 0, its terminal count
 * raised; then the handler, measured. */
static __attribute__((noinline)) uint32_t terminal_count(unsigned ch)
{
    dmac_in_ram.CH[ch].CTRL &= ~EBB_PL081_CTRL_SIZE_MASK;
    dmac_in_ram.INT_TC_STATUS = 1u << ch;
    uint32_t const t0 = probe_begin();
    ebb_pl081_isr(&dmac);
    uint32_t const t1 = probe_stamp();
    dmac_in_ram.INT_TC_STATUS = 0;
    return t1 - t0;
}

static void measure_dma(void)
{
    ebb_spi *const spi = ebb_board_spi;
    ebb_pl081_init(&dmac, EBB_BOARD_DMA0_BASE, EBB_BOARD_DMA0_IRQ, EBB_BOARD_PRIO_CONSOLE);
    ebb_cm_irq_disable(EBB_BOARD_DMA0_IRQ);
    dmac.regs = &dmac_in_ram;
    if (ebb_spi_use_dma(spi, ebb_pl081_channel(&dmac, TX_CH), 0u, ebb_pl081_channel(&dmac, RX_CH), 1u) != EBB_OK) {
        ebb_board_puts("spi: DMA refused\n");
        ebb_board_exit(1);
    }
    uint64_t tx_sum = 0, rx_sum = 0, cancel_sum = 0;
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        sums = dma_sums;
        spawn();
        if (!ebb_dma_busy(ebb_pl081_channel(&dmac, TX_CH)) || !ebb_dma_busy(ebb_pl081_channel(&dmac, RX_CH))) {
            fail("not on DMA", i);
        }
        tx_sum += terminal_count(TX_CH);
        rx_sum += terminal_count(RX_CH);
        (void)ebb_executor_poll(&exec); /* the result */
        if (ebb_task_state(&prober.task) != EBB_TASK_DONE || prober.result != (int32_t)sizeof buf ||
            prober.polls != 2) {
            fail("DMA completion", i);
        }
        sums = NULL;
        spawn();
        uint32_t const t0 = probe_begin();
        int const rc = ebb_task_cancel(&prober.task);
        uint32_t const t1 = probe_stamp();
        cancel_sum += t1 - t0;
        if (rc != EBB_OK || ebb_spi_busy(spi) || ebb_dma_busy(ebb_pl081_channel(&dmac, TX_CH)) ||
            ebb_dma_busy(ebb_pl081_channel(&dmac, RX_CH))) {
            fail("DMA cancel", i);
        }
    }
    probe_report("pl022_transfer(dma_set_up,32B)", dma_sums[0]);
    probe_report("pl081_isr(tx_complete)", tx_sum);
    probe_report("pl081_isr(rx_complete+wake)", rx_sum);
    probe_report("pl022_transfer(dma_ready)", dma_sums[1]);
    probe_report("pl022_transfer(dma_cancel)", cancel_sum);
}

int main(void)
{
    ebb_board_init();
    probe_start();
    ebb_spi *const spi = ebb_board_spi;
    if (ebb_spi_configure(spi, EBB_SPI_MODE0, 1000000u) == 0) {
        ebb_board_exit(1);
    }
    ebb_pl022_loopback(spi, true); /* as fw.test_spi runs the board's bus */
    ebb_cm_irq_disable(spi->irq);
    ebb_executor_init(&exec, NULL);
    uint64_t refill_sum = 0, last_sum = 0;
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        spawn();                          /* bytes 0-7 */
        refill_sum += timed_spi_isr(spi); /* echoes 0-7 in, bytes 8-15 out */
        (void)timed_spi_isr(spi);         /* echoes 8-15 in, bytes 16-23 out */
        last_sum += timed_spi_isr(spi);   /* echoes 16-23 in, bytes 24-31 out, their echoes in */
        (void)ebb_executor_poll(&exec); /* the result */
        if (ebb_task_state(&prober.task) != EBB_TASK_DONE || prober.result != (int32_t)sizeof buf ||
            prober.polls != 2) {
            fail("interrupt transfer", i);
        }
    }
    probe_report("pl022_transfer(set_up,32B)", irq_sums[0]);
    probe_report("pl022_isr(8_echoes,8_bytes)", refill_sum);
    probe_report("pl022_isr(last_8+complete)", last_sum);
    probe_report("pl022_transfer(ready)", irq_sums[1]);
    measure_dma();
    ebb_board_exit(0);
}
