/*
 * ops.c - what each core operation costs, in executed instructions, on the
 * Cortex-M4 (run on QEMU under -icount, where TIM2's counter advances by
 * exactly one per executed instruction).  Prints one line per operation,
 * "op <name> <instructions>", for lab/bench/check_ops.py to hold against
 * lab/bench/ops_budget.json.  The cost of reading the counter itself is
 * measured first and subtracted.
 */
#include "probe.h" /* stamp(), overhead, the waiter task */

/* Its own report and MEASURE rather than probe.h's PROBE_MEASURE: the
 * subtraction inside the call keeps the code around each measured window
 * as lab/bench/ops_budget.json's ceilings were taken on (PROBE_MEASURE moves
 * pool_free by an instruction). */
static void report(const char *name, uint32_t t0, uint32_t t1)
{
    char line[80];
    ebb_fmt(line, sizeof line, "op %s %ld\n", name, (long)(int32_t)(t1 - t0 - overhead));
    ebb_board_puts(line);
}

#define MEASURE(name, stmt)                                                    \
    do {                                                                       \
        uint32_t t0_ = stamp();                                                \
        stmt;                                                                  \
        uint32_t t1_ = stamp();                                                \
        report(name, t0_, t1_);                                                \
    } while (0)

/* A task that takes a semaphore forever. */
static EBB_SEM_DEFINE(sem_irq, 0, 10);
static ebb_poll_t sem_waiter_poll(ebb_task *self, ebb_cx *cx)
{
    struct waiter *w = EBB_CONTAINER_OF(self, struct waiter, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_sem_take(&w->wait, &sem_irq));
        w->resumes++;
    }
    EBB_END();
}
static EBB_TASK_DEFINE(sem_waiter, struct waiter, sem_waiter_poll);

/* A task that measures what only a task may call. */
static EBB_MUTEX_DEFINE(mutex);
static EBB_SEM_DEFINE(sem, 0, 10);
typedef struct { char b[32]; } msg32;
EBB_POOL_DEFINE(pool, msg32, 4);
static volatile ebb_poll_t sink;
struct prober {
    ebb_task task;
    ebb_timer timer;
    ebb_wait wait;
    void *blk;
};
static ebb_poll_t prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct prober *p = EBB_CONTAINER_OF(self, struct prober, task);
    EBB_BEGIN(cx, &self->co);
    MEASURE("mutex_lock_if_free+unlock", (void)ebb_mutex_lock_if_free(cx, &mutex); ebb_mutex_unlock(cx, &mutex));
    MEASURE("sleep_start(arm_timer)", ebb_poll_t r = EBB_POLL(ebb_sleep_for)(cx, &p->timer, EBB_MS(10)); (void)r);
    MEASURE("sleep_cancel(disarm_timer)", EBB__CANCEL(EBB_POLL(ebb_sleep_for)(cx, &p->timer, EBB_MS(10))));

    /* Semaphore.  The give runs here, but executes exactly what it executes
     * in an interrupt handler; the take is the task's side once the give
     * handed it the token (the executor's dispatch is executor_poll's). */
    sink = EBB_POLL(ebb_sem_take)(cx, &p->wait, &sem); /* no token: the prober waits */
    MEASURE("sem_give(1_waiter)+take(handed)", (void)ebb_sem_give(&sem); sink = EBB_POLL(ebb_sem_take)(cx, &p->wait, &sem));
    sink = EBB_POLL(ebb_sem_take)(cx, &p->wait, &sem);
    (void)ebb_sem_give(&sem);
    MEASURE("sem_take(handed)", sink = EBB_POLL(ebb_sem_take)(cx, &p->wait, &sem));
    MEASURE("sem_give(no_waiter)", (void)ebb_sem_give(&sem));
    MEASURE("sem_take(available)", sink = EBB_POLL(ebb_sem_take)(cx, &p->wait, &sem));
    (void)ebb_sem_give(&sem);
    MEASURE("sem_try_take", (void)ebb_sem_try_take(&sem));

    MEASURE("pool_alloc(available)", sink = EBB_POLL(ebb_pool_alloc)(cx, &p->wait, &pool, &p->blk));
    (void)ebb_pool_free(&pool, p->blk);

    EBB_END();
}
static EBB_TASK_DEFINE(prober, struct prober, prober_poll);

/* Two tasks that yield to each other: the cost from one task's yield to the
 * other's next statement. */
static uint32_t yield_t0, yield_t1;
static ebb_poll_t yield_a_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_YIELD();           /* pass 1: queue behind b */
    yield_t0 = stamp();    /* pass 2 */
    EBB_YIELD();
    EBB_END();
}
static ebb_poll_t yield_b_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_YIELD();           /* pass 1 */
    yield_t1 = stamp();    /* pass 2, right after a yields */
    EBB_END();
}
struct plain { ebb_task task; };
static EBB_TASK_DEFINE(yield_a, struct plain, yield_a_poll);
static EBB_TASK_DEFINE(yield_b, struct plain, yield_b_poll);

EBB_CHANNEL_DEFINE(chan, msg32, 8);
typedef struct { char b[16]; } msg16;
EBB_CHANNEL_DEFINE(chan16, msg16, 8);
static EBB_SPSC_DEFINE(spsc, msg32, 8);
static EBB_SIGNAL_DEFINE(sig);
static EBB_EXECUTOR_DEFINE(exec, NULL);

/* The formatter (ebb/fmt.h) into a buffer: a short line with two small
 * numbers, the longest 32-bit and 64-bit decimals, and a conversion with
 * flags and width (its general path).  A function of its own, so that
 * main()'s code around the other measurements stays as it was. */
__attribute__((noinline)) static void measure_fmt(void)
{
    static char text[48];
    MEASURE("fmt(14_bytes+%u+%lu)", (void)ebb_fmt(text, sizeof text, "Button is %u (%lu)\n", 1u, 123ul));
    MEASURE("fmt(%lu,10_digits)", (void)ebb_fmt(text, sizeof text, "%lu", 4294967295ul));
    MEASURE("fmt(%llu,20_digits)", (void)ebb_fmt(text, sizeof text, "%llu", 18446744073709551615ull));
    MEASURE("fmt(%08lx)", (void)ebb_fmt(text, sizeof text, "%08lx", 0xbeeful));
}

#if EBB_BOARD_HAS_SPI
#include "ebb_stm32_dma.h"
#include "ebb_stm32_i2c.h"

/* The SPI class with the board's chip driver (ebb_spi.h), an 8-byte
 * transfer taken apart: the set-up (the first poll: the operation started,
 * the first byte handed over), one interrupt per further byte, the last
 * interrupt (echo in, transfer completed, task woken), and the poll that
 * takes the result.  The interrupt line stays masked at the NVIC, and the
 * handler's body runs here in turn, so that each piece is measured alone
 * (QEMU's SPI moves a byte at once: every echo is in at the next call). */
static struct spi_prober {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
} spi_prober;
static uint8_t spi_buf[8];
static ebb_poll_t spi_prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct spi_prober *p = EBB_CONTAINER_OF(self, struct spi_prober, task);
    MEASURE("spi_transfer(set_up,8B)",
            sink = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, spi_buf, spi_buf, 8, &p->result));
    MEASURE("spi_isr(next_byte)", ebb_spi_isr(ebb_board_spi));
    for (unsigned i = 0; i < 6; i++) {
        ebb_spi_isr(ebb_board_spi);
    }
    MEASURE("spi_isr(last_byte+complete)", ebb_spi_isr(ebb_board_spi));
    MEASURE("spi_transfer(ready)",
            sink = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, spi_buf, spi_buf, 8, &p->result));
    return p->result == 8 ? EBB_READY : EBB_PENDING;
}

/* The same transfer moved by DMA (ebb_spi_use_dma(): SPI1's streams on
 * DMA2, RM0390's request channel 3): the set-up poll (both streams
 * programmed and enabled, the chip's requests on) and a cancel of the
 * awaiting task (both streams aborted, the wire drained, the requests
 * off).  QEMU models no DMA controller (its registers read 0): the
 * streams never move a byte, an abort finds its stream disabled at once,
 * and SxNDTR reads 0, so the cancel takes its branch for a transfer whose
 * every byte came in.  The completion is measured after it, against the
 * streams' registers moved into RAM (measure_spi_dma_completion()). */
static ebb_stm32_dma_stream spi_dma_rx, spi_dma_tx;
static ebb_poll_t spi_dma_prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct spi_prober *p = EBB_CONTAINER_OF(self, struct spi_prober, task);
    if (ebb_cx_cancelling(cx)) { /* the cancel's poll: the await's own path only */
        return EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, spi_buf, spi_buf, 8, &p->result);
    }
    MEASURE("spi_transfer(dma_set_up,8B)",
            sink = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, spi_buf, spi_buf, 8, &p->result));
    return sink;
}

/* The completion of a DMA transfer, measured against register blocks in
 * RAM.  QEMU models no STM32 DMA controller, so the streams' registers are
 * moved, after their set-up, to a block the bench writes: it raises each
 * stream's transfer-complete flag as the controller would once the bytes
 * are through, and runs the stream's handler.  The handlers' code is the
 * one a chip runs; only the addresses they load differ, so the counts are
 * the chip's (a flag read from RAM takes the instructions a read of the
 * controller takes).  The SPI's own registers stay QEMU's SPI1.  The
 * transmit stream's interrupt comes first (its last byte leaves the
 * memory before its echo arrives), then the receive stream's, which
 * completes the transfer and wakes the task; then the poll that takes the
 * result. */
static ebb_stm32_dma_regs dma_in_ram;
static ebb_poll_t spi_dma_done_prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct spi_prober *p = EBB_CONTAINER_OF(self, struct spi_prober, task);
    sink = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, spi_buf, spi_buf, 8, &p->result);
    dma_in_ram.S[0].NDTR = 0; /* every echo in */
    dma_in_ram.S[3].NDTR = 0;
    dma_in_ram.LISR = EBB_STM32_DMA_TCIF << EBB_STM32_DMA_FLAG_SHIFT(3u);
    MEASURE("spi_dma_isr(tx_complete)", ebb_stm32_dma_isr(&spi_dma_tx));
    dma_in_ram.LISR = EBB_STM32_DMA_TCIF << EBB_STM32_DMA_FLAG_SHIFT(0u);
    MEASURE("spi_dma_isr(rx_complete+wake)", ebb_stm32_dma_isr(&spi_dma_rx));
    MEASURE("spi_transfer(dma_ready)",
            sink = EBB_POLL(ebb_spi_transfer)(cx, &p->wait, ebb_board_spi, spi_buf, spi_buf, 8, &p->result));
    return p->result == 8 ? EBB_READY : EBB_PENDING;
}

__attribute__((noinline)) static void measure_spi_dma_completion(void)
{
    spi_dma_rx.base = spi_dma_tx.base = (uintptr_t)&dma_in_ram;
    EBB_SET_UNLINKED(spi_prober.task, (ebb_task)EBB_TASK_INITIALIZER(spi_dma_done_prober_poll));
    probe_spawn(&exec, &spi_prober.task);
    (void)ebb_executor_poll(&exec);
    if (ebb_task_state(&spi_prober.task) != EBB_TASK_DONE || ebb_spi_busy(ebb_board_spi) ||
        ebb_dma_busy(&spi_dma_rx.dma) || ebb_dma_busy(&spi_dma_tx.dma)) {
        ebb_board_puts("spi: the DMA transfer did not complete\n");
        ebb_board_exit(1);
    }
}

__attribute__((noinline)) static void measure_spi_dma(void)
{
    ebb_stm32_dma_init(&spi_dma_rx, EBB_STM32_DMA2_BASE, 0, EBB_STM32_IRQ_DMA2_STREAM(0), 3u);
    ebb_stm32_dma_init(&spi_dma_tx, EBB_STM32_DMA2_BASE, 3, EBB_STM32_IRQ_DMA2_STREAM(3), 3u);
    if (ebb_spi_use_dma(ebb_board_spi, &spi_dma_tx.dma, 3u, &spi_dma_rx.dma, 3u) != EBB_OK) {
        ebb_board_puts("spi: DMA refused\n");
        ebb_board_exit(1);
    }
    EBB_SET_UNLINKED(spi_prober.task, (ebb_task)EBB_TASK_INITIALIZER(spi_dma_prober_poll));
    probe_spawn(&exec, &spi_prober.task);
    (void)ebb_executor_poll(&exec);
    if (!ebb_dma_busy(&spi_dma_rx.dma) || !ebb_dma_busy(&spi_dma_tx.dma)) {
        ebb_board_puts("spi: the transfer did not start on DMA\n");
        ebb_board_exit(1);
    }
    int rc = EBB_EINVAL;
    MEASURE("spi_transfer(dma_cancel)", rc = ebb_task_cancel(&spi_prober.task));
    if (rc != EBB_OK || ebb_spi_busy(ebb_board_spi) || ebb_dma_busy(&spi_dma_rx.dma) ||
        ebb_dma_busy(&spi_dma_tx.dma)) {
        ebb_board_puts("spi: the DMA transfer did not stop\n");
        ebb_board_exit(1);
    }
    measure_spi_dma_completion();
    (void)ebb_spi_use_dma(ebb_board_spi, NULL, 0u, NULL, 0u);
}

/* The I2C class with the STM32F4 driver (ebb_i2c.h, ebb_stm32_i2c.h): a
 * 4-byte write to a device's address, its first poll (the operation
 * started, its timeout armed, START asked for) and a cancel of the
 * awaiting task (the timeout disarmed; the peripheral, which has not
 * become master, reset and programmed again).  QEMU models no F4 I2C (its
 * registers read 0): no event ever comes, so only these two can be
 * driven against them; the event handlers' costs are measured after it,
 * against the registers moved into RAM (measure_i2c_events()). */
static ebb_stm32_i2c i2c1;
static const uint8_t i2c_out[4] = {0x10, 1, 2, 3};
static ebb_poll_t i2c_prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct spi_prober *p = EBB_CONTAINER_OF(self, struct spi_prober, task);
    if (ebb_cx_cancelling(cx)) { /* the cancel's poll: the await's own path only */
        return EBB_POLL(ebb_i2c_transfer)(cx, &p->wait, &i2c1.bus, 0x50u, i2c_out, 4, NULL, 0, &p->result);
    }
    MEASURE("i2c_transfer(set_up,4B)",
            sink = EBB_POLL(ebb_i2c_transfer)(cx, &p->wait, &i2c1.bus, 0x50u, i2c_out, 4, NULL, 0, &p->result));
    return sink;
}

/* The event handler through a register read (write one byte, a device's
 * register number, then read four), against a register block in RAM that
 * the bench sets to each event's flags as RM0390's master sequences show
 * them (QEMU models no F4 I2C; as for the DMA completion above, the code is
 * the chip's and only the addresses differ).  Every path a transfer takes
 * runs once: START sent, address acknowledged, the last byte written, the
 * repeated START, the read's address, a byte read while four are left, the
 * two BTF steps of the end of a read, and the last byte, which completes
 * the transfer and wakes the task. */
static ebb_stm32_i2c_regs i2c_in_ram;
static uint8_t i2c_in[4];
#define I2C_EVENT(sr1, sr2)                                                    \
    (i2c_in_ram.SR1 = (sr1), i2c_in_ram.SR2 = (sr2), ebb_stm32_i2c_ev_isr(&i2c1))
static ebb_poll_t i2c_events_prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct spi_prober *p = EBB_CONTAINER_OF(self, struct spi_prober, task);
    uint32_t const msl = EBB_STM32_I2C_SR2_MSL | EBB_STM32_I2C_SR2_BUSY;
    sink = EBB_POLL(ebb_i2c_transfer)(cx, &p->wait, &i2c1.bus, 0x50u, i2c_out, 1, i2c_in, 4, &p->result);
    MEASURE("i2c_isr(start)", I2C_EVENT(EBB_STM32_I2C_SR1_SB, msl));
    MEASURE("i2c_isr(address)", I2C_EVENT(EBB_STM32_I2C_SR1_ADDR | EBB_STM32_I2C_SR1_TXE, msl | EBB_STM32_I2C_SR2_TRA));
    MEASURE("i2c_isr(last_tx_byte)", I2C_EVENT(EBB_STM32_I2C_SR1_TXE, msl | EBB_STM32_I2C_SR2_TRA));
    MEASURE("i2c_isr(repeated_start)",
            I2C_EVENT(EBB_STM32_I2C_SR1_TXE | EBB_STM32_I2C_SR1_BTF, msl | EBB_STM32_I2C_SR2_TRA));
    I2C_EVENT(EBB_STM32_I2C_SR1_SB, msl);
    MEASURE("i2c_isr(read_address)", I2C_EVENT(EBB_STM32_I2C_SR1_ADDR, msl));
    MEASURE("i2c_isr(rx_byte)", I2C_EVENT(EBB_STM32_I2C_SR1_RXNE, msl));
    MEASURE("i2c_isr(rx_btf_nack)", I2C_EVENT(EBB_STM32_I2C_SR1_RXNE | EBB_STM32_I2C_SR1_BTF, msl));
    MEASURE("i2c_isr(rx_btf_stop)", I2C_EVENT(EBB_STM32_I2C_SR1_RXNE | EBB_STM32_I2C_SR1_BTF, msl));
    MEASURE("i2c_isr(last_rx_byte+wake)", I2C_EVENT(EBB_STM32_I2C_SR1_RXNE, 0));
    MEASURE("i2c_transfer(ready)",
            sink = EBB_POLL(ebb_i2c_transfer)(cx, &p->wait, &i2c1.bus, 0x50u, i2c_out, 1, i2c_in, 4, &p->result));
    return p->result == EBB_OK ? EBB_READY : EBB_PENDING;
}

__attribute__((noinline)) static void measure_i2c_events(void)
{
    i2c1.regs = &i2c_in_ram;
    EBB_SET_UNLINKED(spi_prober.task, (ebb_task)EBB_TASK_INITIALIZER(i2c_events_prober_poll));
    probe_spawn(&exec, &spi_prober.task);
    (void)ebb_executor_poll(&exec);
    if (ebb_task_state(&spi_prober.task) != EBB_TASK_DONE || ebb_i2c_busy(&i2c1.bus)) {
        ebb_board_puts("i2c: the transfer did not complete\n");
        ebb_board_exit(1);
    }
}

__attribute__((noinline)) static void measure_i2c(void)
{
    ebb_stm32_i2c_init(&i2c1, EBB_STM32_I2C1_BASE, EBB_STM32_IRQ_I2C1_EV, EBB_STM32_IRQ_I2C1_ER, 42000000u,
                       100000u, 3u);
    EBB_SET_UNLINKED(spi_prober.task, (ebb_task)EBB_TASK_INITIALIZER(i2c_prober_poll));
    probe_spawn(&exec, &spi_prober.task);
    (void)ebb_executor_poll(&exec);
    if (!ebb_i2c_busy(&i2c1.bus)) {
        ebb_board_puts("i2c: the transfer did not start\n");
        ebb_board_exit(1);
    }
    int rc = EBB_EINVAL;
    MEASURE("i2c_transfer(cancel)", rc = ebb_task_cancel(&spi_prober.task));
    if (rc != EBB_OK || ebb_i2c_busy(&i2c1.bus)) {
        ebb_board_puts("i2c: the transfer did not stop\n");
        ebb_board_exit(1);
    }
    measure_i2c_events();
}

__attribute__((noinline)) static void measure_spi(void)
{
    (void)ebb_spi_configure(ebb_board_spi, EBB_SPI_MODE0, 1000000u);
    ebb_cm_irq_disable(ebb_board_spi->irq);
    EBB_SET_UNLINKED(spi_prober.task, (ebb_task)EBB_TASK_INITIALIZER(spi_prober_poll));
    probe_spawn(&exec, &spi_prober.task);
    (void)ebb_executor_poll(&exec);
    if (ebb_task_state(&spi_prober.task) != EBB_TASK_DONE) {
        ebb_board_puts("spi: the transfer did not complete\n");
        ebb_board_exit(1);
    }
    measure_spi_dma();
    measure_i2c();
}
#endif

int main(void)
{
    ebb_board_init();
    probe_calibrate();
    ebb_executor_init(&exec, NULL);
    probe_spawn(&exec, &waiter.task);
    (void)ebb_executor_poll(&exec); /* the waiter is now waiting */

    MEASURE("waitlist_wake_all(1_waiter)", ebb_waitlist_wake_all(&probe_events));
    MEASURE("executor_poll(resume+wait_again)", (void)ebb_executor_poll(&exec));
    MEASURE("wake(idle_task)", (void)ebb_wake(&waiter.task));
    MEASURE("wake(already_queued)", (void)ebb_wake(&waiter.task));
    MEASURE("executor_poll(spurious)", (void)ebb_executor_poll(&exec));
    MEASURE("executor_poll(nothing_ready)", (void)ebb_executor_poll(&exec));

    msg32 m = {{0}}, out;
    MEASURE("channel_try_send(32B)", (void)ebb_channel_try_send(&chan, &m));
    MEASURE("channel_try_recv(32B)", (void)ebb_channel_try_recv(&chan, &out));
    msg16 m16 = {{0}}, out16;
    MEASURE("channel_try_send+try_recv(16B)",
            (void)ebb_channel_try_send(&chan16, &m16); (void)ebb_channel_try_recv(&chan16, &out16));
    MEASURE("spsc_try_reserve+commit", (void)ebb_spsc_try_reserve(&spsc); (void)ebb_spsc_commit(&spsc));
    MEASURE("spsc_try_peek+release", (void)ebb_spsc_try_peek(&spsc); (void)ebb_spsc_release(&spsc));
    MEASURE("signal_raise(no_waiter)", ebb_signal_raise(&sig, 1));
    MEASURE("now()", (void)ebb_now());
    measure_fmt();

    void *blk = ebb_pool_try_alloc(&pool); /* first use of a never-used block */
    (void)ebb_pool_free(&pool, blk);
    MEASURE("pool_try_alloc+free", blk = ebb_pool_try_alloc(&pool); (void)ebb_pool_free(&pool, blk));
    MEASURE("pool_try_alloc", blk = ebb_pool_try_alloc(&pool));
    MEASURE("pool_free(no_waiter)", (void)ebb_pool_free(&pool, blk));

    probe_spawn(&exec, &sem_waiter.task);
    (void)ebb_executor_poll(&exec); /* sem_waiter now waits for a token */
    MEASURE("sem_give(1_waiter)", (void)ebb_sem_give(&sem_irq));
    (void)ebb_executor_poll(&exec);

    probe_spawn(&exec, &prober.task);
    (void)ebb_executor_poll(&exec);

    probe_spawn(&exec, &yield_a.task);
    probe_spawn(&exec, &yield_b.task);
    (void)ebb_executor_poll(&exec);
    (void)ebb_executor_poll(&exec);
    (void)ebb_executor_poll(&exec);
    report("yield(to_next_task)", yield_t0, yield_t1);
#if EBB_BOARD_HAS_SPI
    measure_spi();
#endif

    ebb_board_exit(waiter.resumes == 1 && sem_waiter.resumes == 1 ? 0 : 1); /* one real wake, one spurious */
}
