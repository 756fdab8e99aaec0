/*
 * test_spi_dma.c - the SPI class's DMA mode (hal/common/spi.c) with the
 * STM32F4 SPI (hal/stm32f4/stm32_spi.c) and DMA streams
 * (hal/stm32f4/stm32_dma.c) on simulated SPI1 and DMA2 (sim_spi.h,
 * sim_dma.h; QEMU 7.2 models neither the F4's DMA nor SPI1's requests):
 * transfers of several lengths and bus speeds, tx and rx NULL, moved by
 * the streams with no SPI interrupt and no overrun; a cancel at every bus
 * tick leaves both streams disabled, the requests off and the wire
 * drained before the cancel returns, no interrupt afterwards, the bytes
 * reported received in place and nothing beyond, a completion kept, and
 * the next transfer correct (no stale echo); a completion held off at the
 * NVIC; the transfer ending inside every critical section of a cancel,
 * bytes moving inside every critical section of a start; bus errors; the
 * fall-back to interrupts (too long, stale echoes of a cancelled
 * interrupt-driven transfer); contracts spi:3 and spi:5.
 */
#include <setjmp.h> /* cmocka.h needs it first */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "expect_panic.h"
#include "ebb_cortex_m.h"
#include "ebb_host.h"
#include "sim_dma.h"

#define GUARD 0xA5u
#define MAXLEN 300u
#define RX_S 0u /* DMA2 stream 0, channel 3: SPI1_RX (RM0390 table 29) */
#define TX_S 3u /* DMA2 stream 3, channel 3: SPI1_TX */

static ebb_spi spi = EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI1_BASE, EBB_STM32_IRQ_SPI1, 84000000u, 3);
void SPI1_IRQHandler(void) { ebb_spi_isr(&spi); }
static ebb_stm32_dma_stream rxs, txs;
static void rx_isr(void) { ebb_stm32_dma_isr(&rxs); }
static void tx_isr(void) { ebb_stm32_dma_isr(&txs); }

static EBB_EXECUTOR_DEFINE(exec, NULL);

static uint8_t answer(uint8_t b) { return sim_spi_loopback ? b : (uint8_t)~b; }
#include "spi_user.h"

static void setup_bus(unsigned ticks, bool loopback)
{
    ebb_host_reset(0);
    sim_spi_reset(ticks, loopback);
    sim_dma_reset();
    sim_dma_handler[1][RX_S] = rx_isr;
    sim_dma_handler[1][TX_S] = tx_isr;
    spi = (ebb_spi)EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI1_BASE, EBB_STM32_IRQ_SPI1, 84000000u, 3);
    assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE0, 10000000u), 84000000u / 16u);
    ebb_stm32_dma_init(&rxs, EBB_STM32_DMA2_BASE, RX_S, EBB_STM32_IRQ_DMA2_STREAM(RX_S), 3);
    ebb_stm32_dma_init(&txs, EBB_STM32_DMA2_BASE, TX_S, EBB_STM32_IRQ_DMA2_STREAM(TX_S), 3);
    assert_int_equal(ebb_spi_use_dma(&spi, &txs.dma, 3, &rxs.dma, 3), EBB_OK);
}

/* The hardware is quiet: both streams disabled with no flag, the SPI's
 * requests and interrupt sources off, nothing on the wire or in RXNE. */
static void check_quiet(void)
{
    assert_false(sim_dma_running(1, RX_S));
    assert_false(sim_dma_running(1, TX_S));
    assert_int_equal(sim_dma[1].S[RX_S].CR & EBB_STM32_DMA_CR_EN, 0);
    assert_int_equal(sim_dma[1].S[TX_S].CR & EBB_STM32_DMA_CR_EN, 0);
    assert_int_equal(sim_dma[1].LISR, 0);
    assert_int_equal(sim_spi.CR2, 0);
    assert_false(sim_spi_busy());
    assert_false(sim_spi_rxne());
    assert_false(ebb_dma_busy(&rxs.dma));
    assert_false(ebb_dma_busy(&txs.dma));
}

static void run_to_end(void)
{
    for (unsigned i = 0; i < 1000000u && !user.done; i++) {
        sim_spi_run(1);
        (void)ebb_executor_poll(&exec);
    }
    assert_true(user.done);
    assert_int_equal(user.result, (int32_t)user.len);
    check_rx(user.len);
    sim_spi_run(3); /* a transmit stream's line latched late: taken, harmless */
    check_quiet();
    assert_false(ebb_spi_busy(&spi));
    assert_true(ebb_spi_last(&spi));
    assert_int_equal(ebb_spi_received(&spi), user.len);
    assert_int_equal(sim_spi_overruns, 0);
}

static void test_transfers(void **state)
{
    (void)state;
    static const unsigned shifts[] = {1, 2, 5, 40};
    static const uint32_t lens[] = {1, 2, 7, 64, 300};
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned l = 0; l < 5; l++) {
            for (unsigned v = 0; v < 3; v++) { /* both buffers, tx NULL, rx NULL */
                setup_bus(shifts[s], s & 1u);
                start_user(lens[l], (uint8_t)(s * 4 + l), v == 1, v == 2);
                uint32_t const rxcr = sim_dma[1].S[RX_S].CR, txcr = sim_dma[1].S[TX_S].CR;
                assert_int_equal(rxcr & EBB_STM32_DMA_CR_DIR_MASK, EBB_STM32_DMA_CR_DIR_P2M);
                assert_int_equal(txcr & EBB_STM32_DMA_CR_DIR_MASK, EBB_STM32_DMA_CR_DIR_M2P);
                assert_int_equal(rxcr & EBB_STM32_DMA_CR_CHSEL_MASK, EBB_STM32_DMA_CR_CHSEL(3));
                assert_int_equal(txcr & EBB_STM32_DMA_CR_CHSEL_MASK, EBB_STM32_DMA_CR_CHSEL(3));
                assert_int_equal(!!(rxcr & EBB_STM32_DMA_CR_MINC), v != 2); /* the sink stays put */
                assert_int_equal(!!(txcr & EBB_STM32_DMA_CR_MINC), v != 1); /* so does the fill byte */
                assert_false(rxcr & EBB_STM32_DMA_CR_PINC);
                run_to_end();
                assert_int_equal(sim_spi_bytes, lens[l]);
                assert_int_equal(sim_dma_items[1][RX_S], lens[l]);
                assert_int_equal(sim_dma_items[1][TX_S], lens[l]);
                assert_int_equal(sim_spi_irqs, 0); /* no interrupt per byte */
                assert_int_equal(sim_dma_irqs[1][RX_S], 1);
            }
        }
    }
}

/* After a cancel: the hardware was quiet when it returned, nothing happens
 * however long the bus runs, and the next transfer is correct. */
static void check_stopped_then_next(bool completed)
{
    uint32_t const received = ebb_spi_received(&spi);
    check_quiet();
    assert_false(ebb_spi_busy(&spi));
    assert_int_equal(ebb_spi_last(&spi), completed);
    if (completed) {
        assert_int_equal(received, user.len);
    } else {
        assert_true(received < user.len);
    }
    assert_false(user.done);
    check_rx(received); /* in place, and nothing written beyond */
    unsigned long const irqs = sim_dma_irqs[1][RX_S] + sim_dma_irqs[1][TX_S];
    unsigned long const bytes = sim_spi_bytes;
    sim_spi_run(500);
    (void)ebb_executor_poll(&exec);
    assert_int_equal(sim_dma_irqs[1][RX_S] + sim_dma_irqs[1][TX_S], irqs);
    assert_int_equal(sim_spi_irqs, 0);
    assert_int_equal(sim_spi_bytes, bytes);
    assert_int_equal(ebb_spi_received(&spi), received);
    check_rx(received);
    check_quiet();
    assert_int_equal(sim_spi_overruns, 0);
    unsigned long const items = sim_dma_items[1][RX_S];
    start_user(5, 77, false, false);
    run_to_end();
    assert_int_equal(sim_dma_items[1][RX_S], items + 5u); /* on DMA again */
}

static void test_cancel_at_every_tick(void **state)
{
    (void)state;
    unsigned cancelled = 0, on_wire = 0, completed_first = 0, two_on_wire = 0;
    for (unsigned shift = 1; shift <= 6; shift += 5) {
        for (unsigned t = 0; t < 10u * (shift + 4u); t++) {
            setup_bus(shift, false);
            sim_dma_stop_ticks = 1u + (t & 1u) * 2u;
            start_user(8, (uint8_t)t, false, false);
            sim_spi_run(t); /* the task is not polled: a completion waits */
            if (user.done) {
                continue;
            }
            bool const wire = sim_spi_busy();
            two_on_wire += wire && !sim_spi_txe();
            assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
            cancelled++;
            on_wire += wire && !ebb_spi_last(&spi);
            completed_first += ebb_spi_last(&spi);
            check_stopped_then_next(ebb_spi_last(&spi));
        }
    }
    assert_true(cancelled > 60);
    assert_true(on_wire > 20);     /* echoes drained, not left for the next */
    assert_true(two_on_wire > 5);  /* with a byte waiting behind the shifting one */
    assert_true(completed_first > 5);
}

/* The last echo is in memory but the receive stream's interrupt is held
 * off at the NVIC: the cancel's abort finds every byte received - the
 * transfer completed; the late interrupt reports nothing. */
static void test_completion_held_off(void **state)
{
    (void)state;
    setup_bus(3, true);
    ebb_cm_irq_disable(EBB_STM32_IRQ_DMA2_STREAM(RX_S));
    start_user(6, 5, false, false);
    for (unsigned i = 0; i < 1000u && sim_dma_running(1, RX_S); i++) {
        sim_spi_run(1);
    }
    assert_true(sim_dma_pending(1, RX_S));
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    assert_true(ebb_spi_last(&spi));
    ebb_cm_irq_enable(EBB_STM32_IRQ_DMA2_STREAM(RX_S));
    assert_int_equal(sim_dma_irqs[1][RX_S], 1); /* taken, found no flag */
    check_stopped_then_next(true);
}

/* The transfer ends (its interrupts follow) inside the n-th critical
 * section of a cancel. */
static void finish(void *arg)
{
    (void)arg;
    for (unsigned i = 0; i < 1000u && (sim_dma_running(1, RX_S) || sim_spi_busy()); i++) {
        sim_spi_run(1);
    }
}

static void test_end_in_every_critical_section_of_a_cancel(void **state)
{
    (void)state;
    unsigned kept = 0, stopped = 0;
    for (unsigned n = 1; n <= 12; n++) {
        setup_bus(4, true);
        start_user(8, (uint8_t)n, false, false);
        sim_spi_run(2);
        ebb_host_irq_in_lock(n, finish, NULL);
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        ebb_host_irq_in_lock(0, NULL, NULL);
        kept += ebb_spi_last(&spi);
        stopped += !ebb_spi_last(&spi);
        check_stopped_then_next(ebb_spi_last(&spi));
    }
    assert_true(kept > 0);
    assert_true(stopped > 0);
}

/* Bytes move (and streams end) inside the n-th critical section of a
 * start. */
static void some_ticks(void *arg)
{
    (void)arg;
    sim_spi_run(3);
}

static void test_bytes_in_every_critical_section_of_a_start(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 10; n++) {
        setup_bus(1, false);
        ebb_host_irq_in_lock(n, some_ticks, NULL);
        start_user(2, (uint8_t)n, false, false);
        ebb_host_irq_in_lock(0, NULL, NULL);
        run_to_end();
        assert_int_equal(sim_dma_items[1][RX_S], 2);
    }
}

/* The transmit stream's interrupt comes late (held off at the NVIC, as a
 * lower priority would): the receive stream's completion retires the
 * transmit channel, so that the next transfer finds it idle and runs on
 * DMA; the late interrupt reports nothing. */
static void test_tx_interrupt_late(void **state)
{
    (void)state;
    setup_bus(2, false);
    ebb_cm_irq_disable(EBB_STM32_IRQ_DMA2_STREAM(TX_S));
    start_user(4, 1, false, false);
    run_to_end();
    assert_true(sim_dma_pending(1, TX_S));
    start_user(6, 2, false, false);
    run_to_end();
    assert_int_equal(sim_dma_items[1][TX_S], 10);
    assert_int_equal(sim_dma_irqs[1][TX_S], 0);
    ebb_cm_irq_enable(EBB_STM32_IRQ_DMA2_STREAM(TX_S));
    assert_int_equal(sim_dma_irqs[1][TX_S], 1);
    check_quiet();
    assert_true(ebb_spi_last(&spi));
}

/* A buffer the controller cannot reach: EBB_DMA_EBUS, the hardware
 * stopped, the next transfer fine. */
static void test_bus_errors(void **state)
{
    (void)state;
    for (unsigned which = 0; which < 2; which++) {
        setup_bus(2, true);
        uintptr_t const bad = which == 0 ? (uintptr_t)&rx[5] : (uintptr_t)&tx[5];
        sim_dma_bad_lo = bad;
        sim_dma_bad_hi = bad + 1;
        start_user(16, 3, false, false);
        for (unsigned i = 0; i < 10000u && !user.done; i++) {
            sim_spi_run(1);
            (void)ebb_executor_poll(&exec);
        }
        assert_true(user.done);
        assert_int_equal(user.result, EBB_DMA_EBUS);
        check_quiet();
        if (which == 0) {
            assert_int_equal(ebb_spi_received(&spi), 0);
        } else {
            assert_true(ebb_spi_received(&spi) <= 5u); /* the echoes of what went out */
            check_rx(ebb_spi_received(&spi));
        }
        /* The echoes that came after the failed stream stopped and before
         * its interrupt turned the requests off overran each other (as on
         * the chip); drained, nothing of them reaches the next transfer. */
        sim_spi_overruns = 0;
        sim_dma_bad_lo = sim_dma_bad_hi = 0;
        start_user(9, 1, false, false);
        run_to_end();
    }
}

/* Too long for a channel: on interrupts (the test lowers the count the
 * receive channel takes, instead of moving 64 KiB). */
static void test_long_transfer_on_interrupts(void **state)
{
    (void)state;
    setup_bus(2, false);
    rxs.dma.max_items = 8;
    start_user(9, 4, false, false);
    run_to_end();
    assert_int_equal(sim_dma_items[1][RX_S], 0);
    assert_true(sim_spi_irqs >= 9u);
    start_user(8, 5, false, false);
    run_to_end();
    assert_int_equal(sim_dma_items[1][RX_S], 8);
}

/* A cancelled interrupt-driven transfer leaves an echo on the wire (stale);
 * the next transfer, with DMA attached, runs on interrupts and drops it;
 * the one after runs on DMA. */
static void test_stale_echo_then_dma(void **state)
{
    (void)state;
    unsigned seen = 0;
    for (unsigned t = 0; t < 40u; t++) {
        setup_bus(6, false);
        assert_int_equal(ebb_spi_use_dma(&spi, NULL, 0, NULL, 0), EBB_OK);
        start_user(8, (uint8_t)t, false, false);
        sim_spi_run(t);
        if (user.done) {
            continue;
        }
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        bool const stale = spi.stale != 0;
        seen += stale;
        assert_int_equal(ebb_spi_use_dma(&spi, &txs.dma, 3, &rxs.dma, 3), EBB_OK);
        start_user(5, 9, false, false);
        run_to_end();
        assert_int_equal(sim_dma_items[1][RX_S], stale ? 0u : 5u);
        start_user(5, 10, false, false);
        run_to_end();
        assert_int_equal(sim_dma_items[1][RX_S], stale ? 5u : 10u);
    }
    assert_true(seen > 5);
}

static void test_contracts(void **state)
{
    (void)state;
    setup_bus(40, false);
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, &txs.dma, 3, NULL, 3));
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, &txs.dma, 3, &txs.dma, 3));
    start_user(8, 0, false, false);
    EXPECT_PANIC("spi", 3, (void)ebb_spi_use_dma(&spi, NULL, 0, NULL, 0));
    run_to_end(); /* still on DMA */
    assert_int_equal(sim_dma_items[1][RX_S], 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transfers),
        cmocka_unit_test(test_cancel_at_every_tick),
        cmocka_unit_test(test_completion_held_off),
        cmocka_unit_test(test_end_in_every_critical_section_of_a_cancel),
        cmocka_unit_test(test_bytes_in_every_critical_section_of_a_start),
        cmocka_unit_test(test_tx_interrupt_late),
        cmocka_unit_test(test_bus_errors),
        cmocka_unit_test(test_long_transfer_on_interrupts),
        cmocka_unit_test(test_stale_echo_then_dma),
        cmocka_unit_test(test_contracts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
