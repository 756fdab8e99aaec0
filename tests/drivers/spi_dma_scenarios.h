/*
 * spi_dma_scenarios.h - the SPI class's DMA mode (hal/common/spi.c) put
 * through the same scenarios on every chip simulation that runs it
 * (test_spi_dma.c: the STM32F4 SPI and DMA streams; test_spi_dma_pl022.c:
 * the PL022 and a PL081): transfers of several lengths and bus speeds with
 * tx and rx NULL; a cancel at every bus tick; a completion held off at the
 * NVIC; the transfer ending inside every critical section of a cancel and
 * bytes moving inside every critical section of a start; bus errors; the
 * fall-back to interrupts (too long for a channel, or stale echoes of a
 * cancelled interrupt-driven transfer).  What differs between the chips -
 * their registers, how deep their transmit side is, what counts their
 * channels keep - comes from the hooks and the figures below, which the
 * test file defines before including this one (after spi_user.h).
 *
 * Hooks (static, in the test file):
 *   setup_bus(ticks, loopback)  a fresh bus with DMA attached, `ticks` bus
 *                               ticks per frame
 *   attach_dma()                attach the channels again (ebb_spi_use_dma)
 *   check_quiet()               both channels idle with no status, the
 *                               chip's requests and interrupt sources off,
 *                               nothing on the wire or received
 *   check_programmed(v)         after a start: the channels' registers for
 *                               shape v (0 both buffers, 1 tx NULL, 2 rx NULL)
 *   check_transfer_irqs()       after a completed transfer: the channels'
 *                               interrupts it took
 *   bus_run(ticks)              let the bus run (interrupts taken)
 *   bus_busy(), bus_backlog()   a frame shifts; bytes wait behind it
 *   bus_bytes(), bus_irqs()     frames shifted; the chip's own interrupts
 *   bus_overruns()              echoes lost (a pointer: the test clears it)
 *   rx_items(), tx_items()      items the channels moved
 *   dma_irqs()                  the channels' interrupts taken
 *   rx_running(), rx_pending()  the receive channel moves; its completion
 *                               waits at the NVIC
 *   hold_rx_completion(on)      hold the receive channel's line at the NVIC
 *   check_late_completion()     after that line is let in again
 *   set_bad(lo, hi)             addresses [lo, hi) answer with a bus error
 *   before_cancel(t)            a chip's own variation for cancel t
 *   rx_chan()                   the receive channel (ebb_dma_chan)
 * Figures: the test file defines `figures` (struct spi_dma_figures, below)
 * after including this file.
 */
#ifndef SPI_DMA_SCENARIOS_H
#define SPI_DMA_SCENARIOS_H

struct spi_dma_figures {
    const uint32_t *lens; /* test_transfers' lengths */
    unsigned nlens;
    uint32_t cancel_len;   /* a cancelled transfer: long enough to fill the chip's transmit side */
    unsigned cancel_ticks; /* cancels per (shift + 4) */
    unsigned min_cancelled, min_on_wire, min_backlog; /* what the cancels must have met */
    uint32_t cs_cancel_len; /* the transfer cancelled inside each critical section */
    unsigned long_shift_step; /* test_long_transfer_on_interrupts: shifts 1, 1 + step, ... <= 9 */
    uint32_t long_len;        /* more than the 8 items the receive channel is cut to */
    unsigned long_min_irqs;   /* the chip's interrupts that transfer takes at least */
    unsigned stale_tries;     /* test_stale_echo_then_dma's cancels */
    uint32_t stale_len;
};
static const struct spi_dma_figures figures; /* the test file's */

static void run_to_end(void)
{
    for (unsigned i = 0; i < 1000000u && !user.done; i++) {
        bus_run(1);
        (void)ebb_executor_poll(&exec);
    }
    assert_true(user.done);
    assert_int_equal(user.result, (int32_t)user.len);
    check_rx(user.len);
    bus_run(3); /* a transmit channel's line latched late: taken, harmless */
    check_quiet();
    assert_false(ebb_spi_busy(&spi));
    assert_true(ebb_spi_last(&spi));
    assert_int_equal(ebb_spi_received(&spi), user.len);
    assert_int_equal(*bus_overruns(), 0);
}

static void test_transfers(void **state)
{
    (void)state;
    static const unsigned shifts[] = {1, 2, 5, 40};
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned l = 0; l < figures.nlens; l++) {
            for (unsigned v = 0; v < 3; v++) { /* both buffers, tx NULL, rx NULL */
                setup_bus(shifts[s], s & 1u);
                start_user(figures.lens[l], (uint8_t)(s * figures.nlens + l), v == 1, v == 2);
                check_programmed(v);
                run_to_end();
                assert_int_equal(bus_bytes(), figures.lens[l]);
                assert_int_equal(rx_items(), figures.lens[l]);
                assert_int_equal(tx_items(), figures.lens[l]);
                assert_int_equal(bus_irqs(), 0); /* no interrupt per byte */
                check_transfer_irqs();
            }
        }
    }
}

/* After a cancel: the hardware was quiet when it returned, no echo is left
 * stale, nothing happens however long the bus runs, and the next transfer
 * is correct and on DMA. */
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
    unsigned long const irqs = dma_irqs(), bytes = bus_bytes();
    bus_run(500);
    (void)ebb_executor_poll(&exec);
    assert_int_equal(dma_irqs(), irqs);
    assert_int_equal(bus_irqs(), 0);
    assert_int_equal(bus_bytes(), bytes);
    assert_int_equal(ebb_spi_received(&spi), received);
    check_rx(received);
    check_quiet();
    assert_int_equal(*bus_overruns(), 0);
    unsigned long const items = rx_items();
    start_user(5, 77, false, false);
    run_to_end();
    assert_int_equal(rx_items(), items + 5u); /* on DMA again */
}

static void test_cancel_at_every_tick(void **state)
{
    (void)state;
    unsigned cancelled = 0, on_wire = 0, completed_first = 0, backlog = 0;
    for (unsigned shift = 1; shift <= 6; shift += 5) {
        for (unsigned t = 0; t < figures.cancel_ticks * (shift + 4u); t++) {
            setup_bus(shift, false);
            before_cancel(t);
            start_user(figures.cancel_len, (uint8_t)t, false, false);
            bus_run(t); /* the task is not polled: a completion waits */
            if (user.done) {
                continue;
            }
            bool const wire = bus_busy();
            backlog += bus_backlog();
            assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
            cancelled++;
            on_wire += wire && !ebb_spi_last(&spi);
            completed_first += ebb_spi_last(&spi);
            check_stopped_then_next(ebb_spi_last(&spi));
        }
    }
    assert_true(cancelled > figures.min_cancelled);
    assert_true(on_wire > figures.min_on_wire); /* echoes drained, not left for the next */
    assert_true(backlog > figures.min_backlog); /* with bytes waiting behind the shifting one */
    assert_true(completed_first > 5);
}

/* The last echo is in memory but the receive channel's interrupt is held
 * off at the NVIC: the cancel's abort finds every byte received - the
 * transfer completed; the late interrupt reports nothing. */
static void test_completion_held_off(void **state)
{
    (void)state;
    setup_bus(3, true);
    hold_rx_completion(true);
    start_user(6, 5, false, false);
    for (unsigned i = 0; i < 1000u && rx_running(); i++) {
        bus_run(1);
    }
    assert_true(rx_pending());
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    assert_true(ebb_spi_last(&spi));
    hold_rx_completion(false);
    check_late_completion();
    check_stopped_then_next(true);
}

/* The transfer ends (its interrupts follow) inside the n-th critical
 * section of a cancel. */
static void finish(void *arg)
{
    (void)arg;
    for (unsigned i = 0; i < 1000u && (rx_running() || bus_busy()); i++) {
        bus_run(1);
    }
}

static void test_end_in_every_critical_section_of_a_cancel(void **state)
{
    (void)state;
    unsigned kept = 0, stopped = 0;
    for (unsigned n = 1; n <= 12; n++) {
        setup_bus(4, true);
        start_user(figures.cs_cancel_len, (uint8_t)n, false, false);
        bus_run(2);
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
    bus_run(3);
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
        assert_int_equal(rx_items(), 2);
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
        set_bad(bad, bad + 1);
        start_user(16, 3, false, false);
        for (unsigned i = 0; i < 10000u && !user.done; i++) {
            bus_run(1);
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
        /* The echoes that came after the failed channel stopped and before
         * its interrupt turned the requests off overran (as on the chip);
         * dropped, nothing of them reaches the next transfer. */
        *bus_overruns() = 0;
        set_bad(0, 0);
        start_user(9, 1, false, false);
        run_to_end();
    }
}

/* Too long for a channel: on interrupts, the chip's interrupt path on the
 * same simulation (the test lowers the count the receive channel takes,
 * instead of moving a channel's whole count). */
static void test_long_transfer_on_interrupts(void **state)
{
    (void)state;
    for (unsigned shift = 1; shift <= 9; shift += figures.long_shift_step) {
        setup_bus(shift, false);
        rx_chan()->max_items = 8;
        start_user(figures.long_len, 4, false, false);
        run_to_end();
        assert_int_equal(rx_items(), 0);
        assert_true(bus_irqs() >= figures.long_min_irqs);
        start_user(8, 5, false, false);
        run_to_end();
        assert_int_equal(rx_items(), 8);
    }
}

/* A cancelled interrupt-driven transfer leaves echoes on the wire (stale);
 * the next transfer, with DMA attached, runs on interrupts and drops them;
 * the one after runs on DMA. */
static void test_stale_echo_then_dma(void **state)
{
    (void)state;
    unsigned seen = 0;
    for (unsigned t = 0; t < figures.stale_tries; t++) {
        setup_bus(6, false);
        assert_int_equal(ebb_spi_use_dma(&spi, NULL, 0, NULL, 0), EBB_OK);
        start_user(figures.stale_len, (uint8_t)t, false, false);
        bus_run(t);
        if (user.done) {
            continue;
        }
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        bool const stale = spi.stale != 0;
        seen += stale;
        attach_dma();
        start_user(5, 9, false, false);
        run_to_end();
        assert_int_equal(rx_items(), stale ? 0u : 5u);
        start_user(5, 10, false, false);
        run_to_end();
        assert_int_equal(rx_items(), stale ? 5u : 10u);
    }
    assert_true(seen > 5);
}

/* The scenarios, for the test file's cmocka list. */
#define SPI_DMA_SCENARIOS                                                      \
    cmocka_unit_test(test_transfers), cmocka_unit_test(test_cancel_at_every_tick),  \
        cmocka_unit_test(test_completion_held_off),                            \
        cmocka_unit_test(test_end_in_every_critical_section_of_a_cancel),      \
        cmocka_unit_test(test_bytes_in_every_critical_section_of_a_start),     \
        cmocka_unit_test(test_bus_errors), cmocka_unit_test(test_long_transfer_on_interrupts), \
        cmocka_unit_test(test_stale_echo_then_dma)

#endif
