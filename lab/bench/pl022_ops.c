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
 */
#include "dualtimer_probe.h"
#include "ebb_cortex_m.h"
#include "ebb_pl022.h"

static uint64_t setup_sum, ready_sum;

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
    uint32_t const t0 = probe_stamp();
    ebb_poll_t const r = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, buf, buf, sizeof buf, &p->result);
    uint32_t const t1 = probe_stamp();
    *(p->polls++ == 0 ? &setup_sum : &ready_sum) += t1 - t0;
    return r;
}

static EBB_EXECUTOR_DEFINE(exec, NULL);

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
        prober.task = (ebb_task)EBB_TASK_INITIALIZER(prober_poll);
        prober.polls = 0;
        (void)ebb_task_spawn(&exec, &prober.task);
        (void)ebb_executor_poll(&exec); /* the set-up: bytes 0-7 */
        uint32_t const t0 = probe_stamp();
        ebb_spi_isr(spi); /* echoes 0-7 in, bytes 8-15 out */
        uint32_t const t1 = probe_stamp();
        ebb_spi_isr(spi); /* echoes 8-15 in, bytes 16-23 out */
        uint32_t const t2 = probe_stamp();
        ebb_spi_isr(spi); /* echoes 16-23 in, bytes 24-31 out, their echoes in */
        uint32_t const t3 = probe_stamp();
        refill_sum += t1 - t0;
        last_sum += t3 - t2;
        (void)ebb_executor_poll(&exec); /* the result */
        if (ebb_task_state(&prober.task) != EBB_TASK_DONE || prober.result != (int32_t)sizeof buf ||
            prober.polls != 2) {
            char line[96];
            ebb_fmt(line, sizeof line, "spi: run %u: state %d result %ld polls %u received %lu\n", i,
                    (int)ebb_task_state(&prober.task), (long)prober.result, prober.polls,
                    (unsigned long)ebb_spi_received(spi));
            ebb_board_puts(line);
            ebb_board_exit(1);
        }
    }
    probe_report("pl022_transfer(set_up,32B)", setup_sum);
    probe_report("pl022_isr(8_echoes,8_bytes)", refill_sum);
    probe_report("pl022_isr(last_8+complete)", last_sum);
    probe_report("pl022_transfer(ready)", ready_sum);
    ebb_board_exit(0);
}
