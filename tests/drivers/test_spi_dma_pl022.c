/*
 * test_spi_dma_pl022.c - the SPI class's DMA mode (hal/common/spi.c) with
 * the PL022 (hal/pl022/pl022.c) and a PL081 (hal/pl081/pl081.c) on their
 * register simulations (sim_pl022.h, sim_pl081.h; QEMU 7.2's PL081 serves
 * no request line, so none of this can run there): transfers of several
 * lengths and bus speeds, tx and rx NULL, moved by the channels with no
 * SSP interrupt and no overrun; a cancel at every bus tick leaves both
 * channels disabled, the requests off and the wire and receive FIFO empty
 * before the cancel returns, no interrupt afterwards, the bytes reported
 * received in place and nothing beyond, a completion kept, and the next
 * transfer correct (no stale echo, though up to nine frames were on the
 * wire); a completion held off at the NVIC; the transfer ending inside
 * every critical section of a cancel, bytes moving inside every critical
 * section of a start; bus errors; the fall-back to interrupts (the PL022's
 * interrupt path on the same simulation) - the scenarios the STM32's test
 * runs too (spi_dma_scenarios.h), over this file's hooks into
 * sim_pl022.c and sim_pl081.c; then contracts spi:3, spi:5 and dma:5, a
 * drain that gives up on a stopped clock, and the PL081 alone: memory to
 * memory copies and an abort.
 */
#include <setjmp.h> /* cmocka.h needs it first */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb_cortex_m.h"
#include "ebb_host.h"
#include "expect_panic.h"
#include "sim_pl081.h"

#define GUARD 0xA5u
#define MAXLEN 300u
#define RX_CH 0u   /* the receive channel: channel 0, the higher priority */
#define TX_CH 1u
#define RX_LINE 4u /* the test's wiring of the PL022's requests (sim_pl081.h) */
#define TX_LINE 5u

static ebb_spi spi = EBB_PL022_SPI_INITIALIZER(SIM_PL022_BASE, SIM_PL022_IRQ, 20000000u, 3);
void SSP_IRQHandler(void) { ebb_spi_isr(&spi); }
static ebb_pl081 dmac;
static void dma_isr(void) { ebb_pl081_isr(&dmac); }

static EBB_EXECUTOR_DEFINE(exec, NULL);

static uint8_t answer(uint8_t b) { return sim_pl022_loopback ? b : (uint8_t)~b; }
#include "spi_user.h"

static void attach_dma(void)
{
    assert_int_equal(ebb_spi_use_dma(&spi, ebb_pl081_channel(&dmac, TX_CH), TX_LINE, ebb_pl081_channel(&dmac, RX_CH),
                                     RX_LINE),
                     EBB_OK);
}

static void setup_bus(unsigned ticks, bool loopback)
{
    ebb_host_reset(0);
    sim_pl022_reset(ticks, loopback);
    sim_pl081_reset();
    sim_pl081_rx_line = RX_LINE;
    sim_pl081_tx_line = TX_LINE;
    sim_pl081_handler = dma_isr;
    EBB_SET_UNLINKED(spi, (ebb_spi)EBB_PL022_SPI_INITIALIZER(SIM_PL022_BASE, SIM_PL022_IRQ, 20000000u, 3));
    assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE0, 1000000u), 1000000u);
    ebb_pl081_init(&dmac, SIM_PL081_BASE, SIM_PL081_IRQ, 3);
    attach_dma();
}

/* The hardware is quiet: both channels disabled with no status, the
 * PL022's requests and interrupt sources off, nothing on the wire or in
 * either FIFO. */
static void check_quiet(void)
{
    assert_false(sim_pl081_running(RX_CH));
    assert_false(sim_pl081_running(TX_CH));
    assert_int_equal(sim_pl081.CH[RX_CH].CONFIG & EBB_PL081_CCFG_E, 0);
    assert_int_equal(sim_pl081.CH[TX_CH].CONFIG & EBB_PL081_CCFG_E, 0);
    assert_int_equal(sim_pl081.RAW_TC_STATUS | sim_pl081.RAW_ERR_STATUS, 0);
    assert_int_equal(sim_pl022.DMACR, 0);
    assert_int_equal(sim_pl022.IMSC, 0);
    assert_false(sim_pl022_busy());
    assert_int_equal(sim_pl022_rx_level(), 0);
    assert_false(ebb_dma_busy(ebb_pl081_channel(&dmac, RX_CH)));
    assert_false(ebb_dma_busy(ebb_pl081_channel(&dmac, TX_CH)));
}

/* The channels as the TRM wants them for the PL022's single requests:
 * peripheral to memory on RX_LINE, memory to peripheral on TX_LINE. */
static void check_programmed(unsigned v)
{
    uint32_t const rxcfg = sim_pl081.CH[RX_CH].CONFIG, txcfg = sim_pl081.CH[TX_CH].CONFIG;
    uint32_t const rxctl = sim_pl081.CH[RX_CH].CTRL, txctl = sim_pl081.CH[TX_CH].CTRL;
    assert_int_equal((rxcfg >> EBB_PL081_CCFG_FLOW_SHIFT) & 7u, EBB_PL081_FLOW_P2M);
    assert_int_equal((txcfg >> EBB_PL081_CCFG_FLOW_SHIFT) & 7u, EBB_PL081_FLOW_M2P);
    assert_int_equal((rxcfg >> EBB_PL081_CCFG_SRCPERIPH_SHIFT) & 15u, RX_LINE);
    assert_int_equal((txcfg >> EBB_PL081_CCFG_DSTPERIPH_SHIFT) & 15u, TX_LINE);
    assert_int_equal(!!(rxctl & EBB_PL081_CTRL_DI), v != 2); /* the sink stays put */
    assert_int_equal(!!(txctl & EBB_PL081_CTRL_SI), v != 1); /* so does the fill byte */
    assert_false(rxctl & EBB_PL081_CTRL_SI);
    assert_false(txctl & EBB_PL081_CTRL_DI);
}

/* The controller's one line: the two terminal counts in one interrupt or
 * two. */
static void check_transfer_irqs(void) { assert_true(sim_pl081_irqs >= 1 && sim_pl081_irqs <= 2); }

static void bus_run(unsigned long ticks) { sim_pl022_run(ticks); }
static bool bus_busy(void) { return sim_pl022_busy(); }
static bool bus_backlog(void) { return sim_pl022_tx_level() == EBB_PL022_FIFO_DEPTH; } /* eight waiting */
static unsigned long bus_bytes(void) { return sim_pl022_bytes; }
static unsigned long bus_irqs(void) { return sim_pl022_irqs; }
static unsigned long *bus_overruns(void) { return &sim_pl022_overruns; }
static unsigned long rx_items(void) { return sim_pl081_items[RX_CH]; }
static unsigned long tx_items(void) { return sim_pl081_items[TX_CH]; }
static unsigned long dma_irqs(void) { return sim_pl081_irqs; }
static bool rx_running(void) { return sim_pl081_running(RX_CH); }
static bool rx_pending(void) { return sim_pl081_pending(); }
static void hold_rx_completion(bool on)
{
    if (on) {
        ebb_cm_irq_disable(SIM_PL081_IRQ);
    } else {
        ebb_cm_irq_enable(SIM_PL081_IRQ);
    }
}
static void check_late_completion(void) {}
static void set_bad(uintptr_t lo, uintptr_t hi)
{
    sim_pl081_bad_lo = lo;
    sim_pl081_bad_hi = hi;
}
static void before_cancel(unsigned t) { (void)t; } /* the PL081 aborts at once */
static ebb_dma_chan *rx_chan(void) { return ebb_pl081_channel(&dmac, RX_CH); }

/* Longer transfers than the STM32's: the PL022's transmit FIFO holds
 * eight, and 8 and 9 bytes cross it. */
#include "spi_dma_scenarios.h"

static const uint32_t lens[] = {1, 2, 7, 8, 9, 64, 300};
static const struct spi_dma_figures figures = {
    .lens = lens, .nlens = 7,
    .cancel_len = 16, .cancel_ticks = 16, .min_cancelled = 80, .min_on_wire = 40, .min_backlog = 10,
    .cs_cancel_len = 12,
    .long_shift_step = 4, .long_len = 41, .long_min_irqs = 5,
    .stale_tries = 60, .stale_len = 12,
};

static void copy_cb_early(void *arg, int32_t result)
{
    (void)arg;
    (void)result;
    fail_msg("a refused transfer reported an end");
}

/* ebb_spi_use_dma() accepts the PL022 (setup_bus() checks EBB_OK);
 * spi:5 still refuses a bad pair of channels, spi:3 a change during a
 * transfer. */
static void test_contracts(void **state)
{
    (void)state;
    setup_bus(40, false);
    assert_int_equal(ebb_pl022_spi_ops.dma_addr(&spi), (uintptr_t)&sim_pl022.DR);
    ebb_dma_chan *const txc = ebb_pl081_channel(&dmac, TX_CH);
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, txc, TX_LINE, NULL, RX_LINE));
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, txc, TX_LINE, txc, RX_LINE));
    start_user(8, 0, false, false);
    EXPECT_PANIC("spi", 3, (void)ebb_spi_use_dma(&spi, NULL, 0, NULL, 0));
    run_to_end(); /* still on DMA */
    assert_int_equal(rx_items(), 8);
    /* dma:5: a request line past the controller's 16, refused by the
     * class before the channel is claimed; spi:5 refuses it when wired. */
    assert_int_equal(ebb_dma_max_request(txc), 15);
    ebb_dma_xfer const x = {.src = (uintptr_t)tx, .dst = (uintptr_t)&sim_pl022.DR, .len = 4, .width = 1,
                            .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_PERIPH, .request = 16};
    EXPECT_PANIC("dma", 5, {
        int const rc = ebb_dma_start(txc, &x, copy_cb_early, NULL);
        (void)rc;
    });
    assert_int_equal(sim_pl081.CH[TX_CH].CONFIG & EBB_PL081_CCFG_E, 0); /* nothing started */
    assert_false(ebb_dma_busy(txc));
    ebb_dma_chan *const rxc = ebb_pl081_channel(&dmac, RX_CH);
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, txc, 16, rxc, RX_LINE));
    EXPECT_PANIC("spi", 5, (void)ebb_spi_use_dma(&spi, txc, TX_LINE, rxc, 16));
}

/* A clock that stopped mid-frame (SSPCLK off): a cancel's drain gives up
 * after the wire's time at the configured rate - nine frames at 1 MHz, 72
 * us; the driver's bound, counted in ticks, is 74 - not at once, and not
 * never.  Each register access takes a microsecond of virtual time here. */
static void one_us_per_access(void) { ebb_host_advance(EBB_US(1)); }

static void test_drain_gives_up_on_a_stopped_clock(void **state)
{
    (void)state;
    setup_bus(40, false);
    start_user(64, 3, false, false);
    sim_pl022_run(100); /* bytes on the wire, the transmit FIFO filled */
    assert_true(sim_pl022_busy());
    sim_pl022_stalled = true;
    sim_pl022_on_access = one_us_per_access;
    ebb_ticks const t0 = ebb_now();
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    ebb_ticks const waited = ebb_now() - t0;
    sim_pl022_on_access = NULL;
    assert_true(waited >= EBB_US(72));
    assert_true(waited <= EBB_US(90));
    assert_false(ebb_spi_busy(&spi));
}

/* ---- the PL081 alone: memory to memory ---- */

static int32_t copy_result;
static bool copy_done;
static void copy_cb(void *arg, int32_t result)
{
    (void)arg;
    copy_result = result;
    copy_done = true;
}

static void test_pl081_memory_to_memory(void **state)
{
    (void)state;
    static uint32_t src[64], dst[66];
    for (unsigned w = 1; w <= 4; w *= 2) {
        for (unsigned ci = 0; ci < 2; ci++) {
            setup_bus(1, false);
            for (unsigned i = 0; i < 64; i++) {
                src[i] = 0x01020304u * (i + w);
            }
            memset(dst, 0xEE, sizeof dst);
            ebb_dma_chan *c = ebb_pl081_channel(&dmac, ci);
            ebb_dma_xfer const x = {.src = (uintptr_t)src,
                                    .dst = (uintptr_t)&dst[1],
                                    .len = 200u,
                                    .width = (uint8_t)w,
                                    .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
            copy_done = false;
            assert_int_equal(ebb_dma_start(c, &x, copy_cb, NULL), EBB_OK);
            for (unsigned i = 0; i < 1000u && !copy_done; i++) {
                sim_pl022_run(1);
            }
            assert_true(copy_done);
            assert_int_equal(copy_result, 200);
            assert_int_equal(sim_pl081_items[ci], 200u / w);
            assert_memory_equal(&dst[1], src, 200);
            assert_int_equal(((uint8_t *)&dst[1])[200], 0xEE);
            assert_int_equal(dst[0], 0xEEEEEEEEu);
            assert_false(ebb_dma_busy(c));
            assert_int_equal(sim_pl081.RAW_TC_STATUS, 0);
        }
    }
    /* An abort part-way: the bytes reported are the items moved, nothing
     * beyond them written, no completion later. */
    for (unsigned t = 1; t < 40; t += 3) {
        setup_bus(1, false);
        memset(dst, 0xEE, sizeof dst);
        ebb_dma_chan *c = ebb_pl081_channel(&dmac, 0);
        ebb_dma_xfer const x = {.src = (uintptr_t)src, .dst = (uintptr_t)dst, .len = 64, .width = 2,
                                .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
        copy_done = false;
        assert_int_equal(ebb_dma_start(c, &x, copy_cb, NULL), EBB_OK);
        sim_pl022_run(t);
        uint32_t bytes = 0;
        bool const stopped = ebb_dma_abort(c, &bytes);
        assert_int_equal(stopped, !copy_done);
        if (stopped) {
            assert_int_equal(bytes, sim_pl081_items[0] * 2u);
            assert_memory_equal(dst, src, bytes);
            assert_int_equal(((uint8_t *)dst)[bytes], 0xEE);
        }
        unsigned long const irqs = sim_pl081_irqs, items = sim_pl081_items[0];
        sim_pl022_run(100);
        assert_int_equal(sim_pl081_irqs, irqs);
        assert_int_equal(sim_pl081_items[0], items);
        assert_false(sim_pl081_running(0));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SPI_DMA_SCENARIOS,
        cmocka_unit_test(test_contracts),
        cmocka_unit_test(test_drain_gives_up_on_a_stopped_clock),
        cmocka_unit_test(test_pl081_memory_to_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
