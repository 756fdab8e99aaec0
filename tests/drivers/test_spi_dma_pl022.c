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
 * interrupt path on the same simulation); contracts spi:3 and spi:5; and
 * the PL081 alone: memory to memory copies and an abort.
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

static void setup_bus(unsigned ticks, bool loopback)
{
    ebb_host_reset(0);
    sim_pl022_reset(ticks, loopback);
    sim_pl081_reset();
    sim_pl081_rx_line = RX_LINE;
    sim_pl081_tx_line = TX_LINE;
    sim_pl081_handler = dma_isr;
    spi = (ebb_spi)EBB_PL022_SPI_INITIALIZER(SIM_PL022_BASE, SIM_PL022_IRQ, 20000000u, 3);
    assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE0, 1000000u), 1000000u);
    ebb_pl081_init(&dmac, SIM_PL081_BASE, SIM_PL081_IRQ, 3);
    assert_int_equal(ebb_spi_use_dma(&spi, ebb_pl081_channel(&dmac, TX_CH), TX_LINE, ebb_pl081_channel(&dmac, RX_CH),
                                     RX_LINE),
                     EBB_OK);
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

static void run_to_end(void)
{
    for (unsigned i = 0; i < 1000000u && !user.done; i++) {
        sim_pl022_run(1);
        (void)ebb_executor_poll(&exec);
    }
    assert_true(user.done);
    assert_int_equal(user.result, (int32_t)user.len);
    check_rx(user.len);
    sim_pl022_run(3);
    check_quiet();
    assert_false(ebb_spi_busy(&spi));
    assert_true(ebb_spi_last(&spi));
    assert_int_equal(ebb_spi_received(&spi), user.len);
    assert_int_equal(sim_pl022_overruns, 0);
}

static void test_transfers(void **state)
{
    (void)state;
    static const unsigned shifts[] = {1, 2, 5, 40};
    static const uint32_t lens[] = {1, 2, 7, 8, 9, 64, 300};
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned l = 0; l < 7; l++) {
            for (unsigned v = 0; v < 3; v++) { /* both buffers, tx NULL, rx NULL */
                setup_bus(shifts[s], s & 1u);
                start_user(lens[l], (uint8_t)(s * 7 + l), v == 1, v == 2);
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
                run_to_end();
                assert_int_equal(sim_pl022_bytes, lens[l]);
                assert_int_equal(sim_pl081_items[RX_CH], lens[l]);
                assert_int_equal(sim_pl081_items[TX_CH], lens[l]);
                assert_int_equal(sim_pl022_irqs, 0); /* no interrupt per byte */
                assert_true(sim_pl081_irqs >= 1 && sim_pl081_irqs <= 2);
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
    assert_int_equal(spi.stale, 0);
    unsigned long const irqs = sim_pl081_irqs, bytes = sim_pl022_bytes;
    sim_pl022_run(500);
    (void)ebb_executor_poll(&exec);
    assert_int_equal(sim_pl081_irqs, irqs);
    assert_int_equal(sim_pl022_irqs, 0);
    assert_int_equal(sim_pl022_bytes, bytes);
    assert_int_equal(ebb_spi_received(&spi), received);
    check_rx(received);
    check_quiet();
    assert_int_equal(sim_pl022_overruns, 0);
    unsigned long const items = sim_pl081_items[RX_CH];
    start_user(5, 77, false, false);
    run_to_end();
    assert_int_equal(sim_pl081_items[RX_CH], items + 5u); /* on DMA again */
}

static void test_cancel_at_every_tick(void **state)
{
    (void)state;
    unsigned cancelled = 0, on_wire = 0, completed_first = 0, fifo_full = 0;
    for (unsigned shift = 1; shift <= 6; shift += 5) {
        for (unsigned t = 0; t < 16u * (shift + 4u); t++) {
            setup_bus(shift, false);
            start_user(16, (uint8_t)t, false, false);
            sim_pl022_run(t); /* the task is not polled: a completion waits */
            if (user.done) {
                continue;
            }
            bool const wire = sim_pl022_busy();
            fifo_full += sim_pl022_tx_level() == EBB_PL022_FIFO_DEPTH;
            assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
            cancelled++;
            on_wire += wire && !ebb_spi_last(&spi);
            completed_first += ebb_spi_last(&spi);
            check_stopped_then_next(ebb_spi_last(&spi));
        }
    }
    assert_true(cancelled > 80);
    assert_true(on_wire > 40);   /* echoes drained, not left for the next */
    assert_true(fifo_full > 10); /* with eight bytes waiting behind the shifting one */
    assert_true(completed_first > 5);
}

/* The last echo is in memory but the controller's interrupt is held off
 * at the NVIC: the cancel's abort finds every byte received - the
 * transfer completed; the late interrupt reports nothing. */
static void test_completion_held_off(void **state)
{
    (void)state;
    setup_bus(3, true);
    ebb_cm_irq_disable(SIM_PL081_IRQ);
    start_user(6, 5, false, false);
    for (unsigned i = 0; i < 1000u && sim_pl081_running(RX_CH); i++) {
        sim_pl022_run(1);
    }
    assert_true(sim_pl081_pending());
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    assert_true(ebb_spi_last(&spi));
    ebb_cm_irq_enable(SIM_PL081_IRQ);
    check_stopped_then_next(true);
}

/* The transfer ends (its interrupts follow) inside the n-th critical
 * section of a cancel. */
static void finish(void *arg)
{
    (void)arg;
    for (unsigned i = 0; i < 1000u && (sim_pl081_running(RX_CH) || sim_pl022_busy()); i++) {
        sim_pl022_run(1);
    }
}

static void test_end_in_every_critical_section_of_a_cancel(void **state)
{
    (void)state;
    unsigned kept = 0, stopped = 0;
    for (unsigned n = 1; n <= 12; n++) {
        setup_bus(4, true);
        start_user(12, (uint8_t)n, false, false);
        sim_pl022_run(2);
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

/* Bytes move (and channels end) inside the n-th critical section of a
 * start. */
static void some_ticks(void *arg)
{
    (void)arg;
    sim_pl022_run(3);
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
        assert_int_equal(sim_pl081_items[RX_CH], 2);
    }
}

/* A buffer the controller cannot reach: EBB_DMA_EBUS, the hardware
 * stopped, the next transfer fine. */
static void test_bus_errors(void **state)
{
    (void)state;
    for (unsigned which = 0; which < 2; which++) {
        setup_bus(2, true);
        uintptr_t const bad = which == 0 ? (uintptr_t)&rx[5] : (uintptr_t)&tx[5];
        sim_pl081_bad_lo = bad;
        sim_pl081_bad_hi = bad + 1;
        start_user(16, 3, false, false);
        for (unsigned i = 0; i < 10000u && !user.done; i++) {
            sim_pl022_run(1);
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
        /* A failed receive channel leaves the echoes to the FIFO, which
         * overruns until the requests go off (as on the chip); dropped,
         * nothing of them reaches the next transfer. */
        sim_pl022_overruns = 0;
        sim_pl081_bad_lo = sim_pl081_bad_hi = 0;
        start_user(9, 1, false, false);
        run_to_end();
    }
}

/* Too long for a channel: on interrupts - the PL022's interrupt path on
 * the same simulation (the test lowers the count the receive channel
 * takes, instead of moving 4096 bytes). */
static void test_long_transfer_on_interrupts(void **state)
{
    (void)state;
    for (unsigned shift = 1; shift <= 9; shift += 4) {
        setup_bus(shift, false);
        ebb_pl081_channel(&dmac, RX_CH)->max_items = 8;
        start_user(41, 4, false, false);
        run_to_end();
        assert_int_equal(sim_pl081_items[RX_CH], 0);
        assert_true(sim_pl022_irqs >= 5u);
        start_user(8, 5, false, false);
        run_to_end();
        assert_int_equal(sim_pl081_items[RX_CH], 8);
    }
}

/* A cancelled interrupt-driven transfer leaves echoes on the wire (stale);
 * the next transfer, with DMA attached, runs on interrupts and drops them;
 * the one after runs on DMA. */
static void test_stale_echo_then_dma(void **state)
{
    (void)state;
    unsigned seen = 0;
    for (unsigned t = 0; t < 60u; t++) {
        setup_bus(6, false);
        assert_int_equal(ebb_spi_use_dma(&spi, NULL, 0, NULL, 0), EBB_OK);
        start_user(12, (uint8_t)t, false, false);
        sim_pl022_run(t);
        if (user.done) {
            continue;
        }
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        bool const stale = spi.stale != 0;
        seen += stale;
        assert_int_equal(ebb_spi_use_dma(&spi, ebb_pl081_channel(&dmac, TX_CH), TX_LINE,
                                         ebb_pl081_channel(&dmac, RX_CH), RX_LINE),
                         EBB_OK);
        start_user(5, 9, false, false);
        run_to_end();
        assert_int_equal(sim_pl081_items[RX_CH], stale ? 0u : 5u);
        start_user(5, 10, false, false);
        run_to_end();
        assert_int_equal(sim_pl081_items[RX_CH], stale ? 5u : 10u);
    }
    assert_true(seen > 5);
}

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
    assert_int_equal(sim_pl081_items[RX_CH], 8);
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
        cmocka_unit_test(test_transfers),
        cmocka_unit_test(test_cancel_at_every_tick),
        cmocka_unit_test(test_completion_held_off),
        cmocka_unit_test(test_end_in_every_critical_section_of_a_cancel),
        cmocka_unit_test(test_bytes_in_every_critical_section_of_a_start),
        cmocka_unit_test(test_bus_errors),
        cmocka_unit_test(test_long_transfer_on_interrupts),
        cmocka_unit_test(test_stale_echo_then_dma),
        cmocka_unit_test(test_contracts),
        cmocka_unit_test(test_drain_gives_up_on_a_stopped_clock),
        cmocka_unit_test(test_pl081_memory_to_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
