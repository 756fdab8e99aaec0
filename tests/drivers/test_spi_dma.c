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
 * interrupt-driven transfer) - the scenarios the PL022's test runs too
 * (spi_dma_scenarios.h), over this file's hooks into sim_spi.c and
 * sim_dma.c; then a late transmit-stream interrupt and contracts spi:3
 * and spi:5.
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

static void attach_dma(void)
{
    assert_int_equal(ebb_spi_use_dma(&spi, &txs.dma, 3, &rxs.dma, 3), EBB_OK);
}

static void setup_bus(unsigned ticks, bool loopback)
{
    ebb_host_reset(0);
    sim_spi_reset(ticks, loopback);
    sim_dma_reset();
    sim_dma_handler[1][RX_S] = rx_isr;
    sim_dma_handler[1][TX_S] = tx_isr;
    EBB_SET_UNLINKED(spi, (ebb_spi)EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI1_BASE, EBB_STM32_IRQ_SPI1, 84000000u, 3));
    assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE0, 10000000u), 84000000u / 16u);
    ebb_stm32_dma_init(&rxs, EBB_STM32_DMA2_BASE, RX_S, EBB_STM32_IRQ_DMA2_STREAM(RX_S), 3);
    ebb_stm32_dma_init(&txs, EBB_STM32_DMA2_BASE, TX_S, EBB_STM32_IRQ_DMA2_STREAM(TX_S), 3);
    attach_dma();
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

/* The streams as RM0390 wants them for SPI1's requests (channel 3). */
static void check_programmed(unsigned v)
{
    uint32_t const rxcr = sim_dma[1].S[RX_S].CR, txcr = sim_dma[1].S[TX_S].CR;
    assert_int_equal(rxcr & EBB_STM32_DMA_CR_DIR_MASK, EBB_STM32_DMA_CR_DIR_P2M);
    assert_int_equal(txcr & EBB_STM32_DMA_CR_DIR_MASK, EBB_STM32_DMA_CR_DIR_M2P);
    assert_int_equal(rxcr & EBB_STM32_DMA_CR_CHSEL_MASK, EBB_STM32_DMA_CR_CHSEL(3));
    assert_int_equal(txcr & EBB_STM32_DMA_CR_CHSEL_MASK, EBB_STM32_DMA_CR_CHSEL(3));
    assert_int_equal(!!(rxcr & EBB_STM32_DMA_CR_MINC), v != 2); /* the sink stays put */
    assert_int_equal(!!(txcr & EBB_STM32_DMA_CR_MINC), v != 1); /* so does the fill byte */
    assert_false(rxcr & EBB_STM32_DMA_CR_PINC);
}

/* One completion interrupt of the receive stream per transfer. */
static void check_transfer_irqs(void) { assert_int_equal(sim_dma_irqs[1][RX_S], 1); }

static void bus_run(unsigned long ticks) { sim_spi_run(ticks); }
static bool bus_busy(void) { return sim_spi_busy(); }
static bool bus_backlog(void) { return sim_spi_busy() && !sim_spi_txe(); } /* a byte in the transmit buffer */
static unsigned long bus_bytes(void) { return sim_spi_bytes; }
static unsigned long bus_irqs(void) { return sim_spi_irqs; }
static unsigned long *bus_overruns(void) { return &sim_spi_overruns; }
static unsigned long rx_items(void) { return sim_dma_items[1][RX_S]; }
static unsigned long tx_items(void) { return sim_dma_items[1][TX_S]; }
static unsigned long dma_irqs(void) { return sim_dma_irqs[1][RX_S] + sim_dma_irqs[1][TX_S]; }
static bool rx_running(void) { return sim_dma_running(1, RX_S); }
static bool rx_pending(void) { return sim_dma_pending(1, RX_S); }
static void hold_rx_completion(bool on)
{
    if (on) {
        ebb_cm_irq_disable(EBB_STM32_IRQ_DMA2_STREAM(RX_S));
    } else {
        ebb_cm_irq_enable(EBB_STM32_IRQ_DMA2_STREAM(RX_S));
    }
}
/* The late interrupt is taken and finds no flag. */
static void check_late_completion(void) { assert_int_equal(sim_dma_irqs[1][RX_S], 1); }
static void set_bad(uintptr_t lo, uintptr_t hi)
{
    sim_dma_bad_lo = lo;
    sim_dma_bad_hi = hi;
}
/* An abort takes one or three bus ticks to stop its stream. */
static void before_cancel(unsigned t) { sim_dma_stop_ticks = 1u + (t & 1u) * 2u; }
static ebb_dma_chan *rx_chan(void) { return &rxs.dma; }

#include "spi_dma_scenarios.h"

static const uint32_t lens[] = {1, 2, 7, 64, 300};
static const struct spi_dma_figures figures = {
    .lens = lens, .nlens = 5,
    .cancel_len = 8, .cancel_ticks = 10, .min_cancelled = 60, .min_on_wire = 20, .min_backlog = 5,
    .cs_cancel_len = 8,
    .long_shift_step = 4, .long_len = 9, .long_min_irqs = 9,
    .stale_tries = 40, .stale_len = 8,
};

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

static void test_contracts(void **state)
{
    (void)state;
    setup_bus(40, false);
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, &txs.dma, 3, NULL, 3));
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, &txs.dma, 3, &txs.dma, 3));
    start_user(8, 0, false, false);
    EXPECT_PANIC("spi", 3, (void)ebb_spi_use_dma(&spi, NULL, 0, NULL, 0));
    run_to_end(); /* still on DMA */
    assert_int_equal(rx_items(), 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SPI_DMA_SCENARIOS,
        cmocka_unit_test(test_tx_interrupt_late),
        cmocka_unit_test(test_contracts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
