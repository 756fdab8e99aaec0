/*
 * test_spi_stm32.c - the SPI class (hal/common/spi.c) with the STM32F4
 * driver (hal/stm32f4/stm32_spi.c) on a simulated SPI1 with shift time
 * (sim_spi.h): transfers complete with the device's answer and never
 * overrun the receiver; a cancel at every bus tick of a transfer - before
 * its first echo, mid-byte, between bytes, after it completed but before
 * its task resumed - leaves the interrupt sources off, nothing fed or
 * completed afterwards, every byte reported received in place, a
 * completion that came first reported (ebb_spi_last), and the next
 * transfer correct (the stopped transfer's echo still on the wire is
 * dropped, not taken for the next one's); the last echo landing inside
 * each critical section of a cancel, or of a start, loses nothing.
 */
#include <setjmp.h> /* cmocka.h needs it first */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "expect_panic.h"
#include "ebb_host.h"
#include "sim_spi.h"

#define GUARD 0xA5u
#define MAXLEN 64u

static ebb_spi spi = EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI1_BASE, EBB_STM32_IRQ_SPI1, 84000000u, 3);
void SPI1_IRQHandler(void) { ebb_spi_isr(&spi); }

static EBB_EXECUTOR_DEFINE(exec, NULL);

static uint8_t answer(uint8_t b) { return sim_spi_loopback ? b : (uint8_t)~b; }
#include "spi_user.h"

static void setup_bus(unsigned ticks, bool loopback)
{
    ebb_host_reset(0);
    sim_spi_reset(ticks, loopback);
    EBB_SET_UNLINKED(spi, (ebb_spi)EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI1_BASE, EBB_STM32_IRQ_SPI1, 84000000u, 3));
    assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE0, 10000000u), 84000000u / 16u);
    assert_true(sim_rcc.APB2ENR & EBB_STM32_RCC_APB2ENR_SPI1EN);
    assert_true(sim_spi.CR1 & EBB_STM32_SPI_CR1_MSTR);
    assert_true(sim_spi.CR1 & EBB_STM32_SPI_CR1_SPE);
    assert_true(sim_spi_nvic_enabled);
}

/* Run the bus and the executor until the user's transfer is READY. */
static void run_to_end(void)
{
    for (unsigned i = 0; i < 100000u && !user.done; i++) {
        sim_spi_run(1);
        (void)ebb_executor_poll(&exec);
    }
    assert_true(user.done);
    assert_int_equal(user.result, (int32_t)user.len);
    check_rx(user.len);
    assert_int_equal(sim_spi.CR2, 0); /* no interrupt source left on */
    assert_false(ebb_spi_busy(&spi));
    assert_true(ebb_spi_last(&spi));
}

static void test_transfers(void **state)
{
    (void)state;
    static const unsigned shifts[] = {1, 2, 5, 40};
    static const uint32_t lens[] = {1, 2, 7, 64};
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned l = 0; l < 4; l++) {
            setup_bus(shifts[s], s & 1u);
            start_user(lens[l], (uint8_t)(s * 4 + l), false, false);
            run_to_end();
            assert_int_equal(sim_spi_overruns, 0);
            assert_int_equal(sim_spi_bytes, lens[l]);
        }
    }
}

/* A second transfer while one runs: EBUSY, nothing touched. */
static struct user other;
static ebb_poll_t other_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_spi_transfer(&u->wait, &spi, tx, rx + 32, 4, &u->result));
    u->done = true;
    EBB_END();
}

static void test_second_transfer_refused(void **state)
{
    (void)state;
    setup_bus(5, false);
    start_user(8, 1, false, false);
    memset(&other, 0, sizeof other);
    EBB_SET_UNLINKED(other.task, (ebb_task)EBB_TASK_INITIALIZER(other_poll));
    assert_int_equal(ebb_task_spawn(&exec, &other.task), EBB_OK);
    (void)ebb_executor_poll(&exec);
    assert_true(other.done);
    assert_int_equal(other.result, EBB_EBUSY);
    run_to_end(); /* rx + 32 untouched: checked with the guard */
}

/* After a cancel: nothing more happens however long the bus runs, and the
 * next transfer is correct. */
static void check_stopped_then_next(uint32_t received, bool completed)
{
    assert_int_equal(sim_spi.CR2, 0);
    assert_false(ebb_spi_busy(&spi));
    assert_int_equal(ebb_spi_last(&spi), completed);
    assert_int_equal(ebb_spi_received(&spi), received);
    if (completed) {
        assert_int_equal(received, user.len);
    } else {
        assert_true(received < user.len);
    }
    assert_false(user.done);
    check_rx(received);
    sim_spi_run(500);
    (void)ebb_executor_poll(&exec);
    assert_int_equal(ebb_spi_received(&spi), received);
    check_rx(received);
    assert_false(user.done);
    assert_int_equal(sim_spi_overruns, 0);
    start_user(5, 77, false, false);
    run_to_end();
    assert_int_equal(sim_spi_overruns, 0);
}

static void test_cancel_at_every_tick(void **state)
{
    (void)state;
    unsigned cancelled = 0, mid_byte = 0, completed_first = 0;
    for (unsigned shift = 1; shift <= 6; shift += 5) {
        for (unsigned t = 0; t < 8u * (shift + 8u); t++) {
            setup_bus(shift, false);
            start_user(8, (uint8_t)t, false, false);
            sim_spi_run(t); /* the task is not polled: a completion waits */
            if (user.done) {
                continue; /* a bus as fast as the accesses: over in its first poll */
            }
            bool const shifting = sim_spi_busy();
            assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
            cancelled++;
            mid_byte += shifting && !ebb_spi_last(&spi);
            completed_first += ebb_spi_last(&spi);
            check_stopped_then_next(ebb_spi_received(&spi), ebb_spi_received(&spi) == 8u);
        }
    }
    /* Every kind of moment was hit: mid-byte (an echo still to come, dropped
     * by the next transfer) and after the completion. */
    assert_true(cancelled > 40);
    assert_true(mid_byte > 10);
    assert_true(completed_first > 0);
}

/* A configure right after a cancel, with a frame of the stopped transfer
 * still on the wire: SPE goes off only once the wire is idle (the
 * simulation dies on a frame cut), and the next transfer, at the new rate,
 * gets its own echoes only. */
static void test_configure_after_cancel(void **state)
{
    (void)state;
    unsigned busy = 0;
    for (unsigned t = 0; t < 60u; t++) {
        setup_bus(6, false);
        start_user(8, (uint8_t)t, false, false);
        sim_spi_run(t);
        if (user.done) {
            continue;
        }
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        busy += sim_spi_busy();
        assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE3, 5000000u), 84000000u / 32u);
        assert_false(sim_spi_busy());
        assert_int_equal(spi.stale, 0);
        start_user(5, 99, false, false);
        run_to_end();
        assert_int_equal(sim_spi_overruns, 0);
    }
    assert_true(busy > 10);
}

/* The last echo lands inside the n-th critical section of the cancel (or
 * of the start): whatever the order, nothing reported done is lost. */
static void test_echo_in_every_critical_section_of_a_cancel(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 8; n++) {
        setup_bus(5, true);
        start_user(3, (uint8_t)n, false, false);
        while (spi.sent != 3u) {
            sim_spi_run(1);
        }
        ebb_host_irq_in_lock(n, sim_spi_finish_shift, NULL);
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        ebb_host_irq_in_lock(0, NULL, NULL);
        uint32_t const got = ebb_spi_received(&spi);
        check_stopped_then_next(got, ebb_spi_last(&spi));
    }
}

static void test_echo_in_every_critical_section_of_a_start(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= 6; n++) {
        setup_bus(1, false);
        ebb_host_irq_in_lock(n, sim_spi_finish_shift, NULL);
        start_user(4, (uint8_t)n, false, false);
        ebb_host_irq_in_lock(0, NULL, NULL);
        run_to_end();
        assert_int_equal(sim_spi_overruns, 0);
    }
}

/* Misuse: contracts with their fallbacks. */
static void test_contracts(void **state)
{
    (void)state;
    setup_bus(1, false);
    EXPECT_PANIC("spi", 2, (void)ebb_spi_configure(&spi, (ebb_spi_mode)4, 1000u));
    EXPECT_PANIC("spi", 2, (void)ebb_spi_configure(&spi, EBB_SPI_MODE0, 0));
    setup_bus(40, false);
    start_user(8, 0, false, false); /* running */
    assert_true(ebb_spi_busy(&spi));
    EXPECT_PANIC("spi", 3, (void)ebb_spi_configure(&spi, EBB_SPI_MODE0, 1000000u));
    run_to_end();
    /* Slower than the divider reaches: no rate, nothing changed. */
    assert_int_equal(ebb_spi_configure(&spi, EBB_SPI_MODE3, 1000u), 0);
    assert_false(sim_spi.CR1 & EBB_STM32_SPI_CR1_CPOL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transfers),
        cmocka_unit_test(test_second_transfer_refused),
        cmocka_unit_test(test_cancel_at_every_tick),
        cmocka_unit_test(test_configure_after_cancel),
        cmocka_unit_test(test_echo_in_every_critical_section_of_a_cancel),
        cmocka_unit_test(test_echo_in_every_critical_section_of_a_start),
        cmocka_unit_test(test_contracts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
