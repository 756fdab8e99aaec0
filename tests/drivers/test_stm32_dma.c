/*
 * test_stm32_dma.c - hal/stm32f4/stm32_dma.c with the DMA class
 * (hal/common/dma.c) on simulated DMA streams (sim_dma.h), memory to
 * memory on DMA2 stream 1: copies of every width complete with one
 * interrupt, the data in place and the stream's registers as RM0390 wants
 * them; a bus error ends a copy with EBB_DMA_EBUS; a cancel at every bus
 * tick of a copy leaves the stream disabled and its flags clear before
 * the cancel returns, no interrupt reporting anything afterwards, the
 * bytes reported read in place, a completion that came first kept; a
 * completion whose interrupt is held off at the NVIC is reported by the
 * abort; the transfer ending inside each critical section of a cancel
 * loses nothing; contracts stm32_dma:1 and :2.
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

void SPI1_IRQHandler(void) {} /* sim_spi.c's line: never enabled here */

static ebb_stm32_dma_stream stream, stream1;
static void stream_isr(void) { ebb_stm32_dma_isr(&stream); }
static EBB_EXECUTOR_DEFINE(exec, NULL);

struct user {
    ebb_task task;
    ebb_wait wait;
    void *dst;
    const void *src;
    size_t len;
    int32_t result;
    bool done;
};
static struct user user;
static _Alignas(4) uint8_t src[256], dst[256 + 8];

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_dma_copy(&u->wait, &stream.dma, u->dst, u->src, u->len, &u->result));
    u->done = true;
    EBB_END();
}

static void setup(void)
{
    ebb_host_reset(0);
    sim_spi_reset(1, false);
    sim_dma_reset();
    sim_dma_handler[1][1] = stream_isr;
    ebb_stm32_dma_init(&stream, EBB_STM32_DMA2_BASE, 1, EBB_STM32_IRQ_DMA2_STREAM(1), 3);
    assert_true(sim_rcc.AHB1ENR & EBB_STM32_RCC_AHB1ENR_DMA2EN);
    assert_true(sim_dma_nvic_enabled[1][1]);
    assert_int_equal(stream.dma.max_items, 65535u);
}

static void start_copy(size_t off, size_t len, uint8_t seed)
{
    for (unsigned i = 0; i < sizeof src; i++) {
        src[i] = (uint8_t)(i * 7u + seed);
    }
    memset(dst, GUARD, sizeof dst);
    memset(&user, 0, sizeof user);
    EBB_SET_UNLINKED(user.task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    user.dst = dst + off;
    user.src = src + off;
    user.len = len;
    assert_int_equal(ebb_task_spawn(&exec, &user.task), EBB_OK);
    (void)ebb_executor_poll(&exec);
}

/* dst holds the first n bytes of the copy, the rest is untouched. */
static void check_dst(size_t n)
{
    size_t const off = (size_t)((uint8_t *)user.dst - dst);
    for (size_t i = 0; i < sizeof dst; i++) {
        uint8_t const want = i >= off && i < off + n ? src[i] : GUARD;
        assert_int_equal(dst[i], want);
    }
}

static void check_idle_stream(void)
{
    assert_false(sim_dma_running(1, 1));
    assert_int_equal(sim_dma[1].S[1].CR & EBB_STM32_DMA_CR_EN, 0);
    assert_int_equal(sim_dma[1].LISR & (EBB_STM32_DMA_FLAGS << EBB_STM32_DMA_FLAG_SHIFT(1)), 0);
}

static void run_to_end(void)
{
    for (unsigned i = 0; i < 100000u && !user.done; i++) {
        sim_spi_run(1);
        (void)ebb_executor_poll(&exec);
    }
    assert_true(user.done);
}

static void test_copies(void **state)
{
    (void)state;
    static const struct {
        size_t off, len;
        unsigned width;
    } shapes[] = {{0, 4, 4}, {0, 64, 4}, {4, 12, 4}, {2, 6, 2}, {0, 2, 2}, {1, 1, 1}, {3, 17, 1}, {0, 255, 1}};
    for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        setup();
        start_copy(shapes[k].off, shapes[k].len, (uint8_t)k);
        uint32_t const cr = sim_dma[1].S[1].CR;
        assert_int_equal(cr & EBB_STM32_DMA_CR_DIR_MASK, EBB_STM32_DMA_CR_DIR_M2M);
        assert_true(cr & EBB_STM32_DMA_CR_PINC);
        assert_true(cr & EBB_STM32_DMA_CR_MINC);
        assert_true(cr & EBB_STM32_DMA_CR_TCIE);
        assert_true(cr & EBB_STM32_DMA_CR_TEIE);
        assert_int_equal(1u << ((cr >> 11) & 3u), shapes[k].width);
        assert_true(sim_dma[1].S[1].FCR & EBB_STM32_DMA_FCR_DMDIS);
        run_to_end();
        assert_int_equal(user.result, (int32_t)shapes[k].len);
        check_dst(shapes[k].len);
        assert_int_equal(sim_dma_items[1][1], shapes[k].len / shapes[k].width);
        assert_int_equal(sim_dma_irqs[1][1], 1);
        check_idle_stream();
        assert_false(ebb_dma_busy(&stream.dma));
    }
}

static void test_bus_error(void **state)
{
    (void)state;
    setup();
    sim_dma_bad_lo = (uintptr_t)(src + 8);
    sim_dma_bad_hi = sim_dma_bad_lo + 1;
    start_copy(0, 32, 1);
    run_to_end();
    assert_int_equal(user.result, EBB_DMA_EBUS);
    assert_int_equal(sim_dma_irqs[1][1], 1);
    check_idle_stream();
    sim_dma_bad_lo = sim_dma_bad_hi = 0;
    start_copy(0, 32, 2); /* the stream works again */
    run_to_end();
    assert_int_equal(user.result, 32);
    check_dst(32);
}

/* After a cancel: nothing reported however long the bus runs. */
static void check_cancelled(bool completed, int32_t r)
{
    check_idle_stream();
    assert_false(ebb_dma_busy(&stream.dma));
    int32_t got;
    assert_int_equal(ebb_dma_last(&stream.dma, &got), completed);
    assert_int_equal(got, r);
    unsigned long const irqs = sim_dma_irqs[1][1];
    sim_spi_run(200);
    (void)ebb_executor_poll(&exec);
    assert_false(user.done);
    assert_int_equal(ebb_dma_last(&stream.dma, &got), completed);
    assert_int_equal(got, r);
    /* a line latched before the abort may still be taken: it reports nothing */
    assert_true(sim_dma_irqs[1][1] <= irqs + 1u);
    start_copy(0, 16, 9);
    run_to_end();
    assert_int_equal(user.result, 16);
    check_dst(16);
}

static void test_cancel_at_every_tick(void **state)
{
    (void)state;
    unsigned in_flight = 0, completed_first = 0;
    for (unsigned t = 0; t < 80u; t++) {
        setup();
        sim_dma_stop_ticks = 1u + (t & 1u) * 3u; /* the item in progress lands 1 or 4 ticks after the clear */
        start_copy(1, 16, (uint8_t)t); /* odd: 16 byte items */
        sim_spi_run(t);
        bool const running = sim_dma_running(1, 1);
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        int32_t got;
        bool const completed = ebb_dma_last(&stream.dma, &got);
        if (completed) {
            completed_first++;
            assert_int_equal(got, 16);
            check_dst(16);
        } else {
            in_flight += running;
            assert_true(got >= 0 && got <= 16);
            check_dst((size_t)got); /* the bytes read are written: single accesses */
        }
        check_cancelled(completed, got);
    }
    assert_true(in_flight > 10);
    assert_true(completed_first > 10);
}

/* The copy is over in hardware but its interrupt is held off at the NVIC:
 * the abort finds every byte moved and says so; the late interrupt
 * reports nothing. */
static void test_completion_held_off(void **state)
{
    (void)state;
    setup();
    ebb_cm_irq_disable(EBB_STM32_IRQ_DMA2_STREAM(1));
    start_copy(0, 16, 3);
    sim_spi_run(100);
    assert_false(sim_dma_running(1, 1));
    assert_true(sim_dma_pending(1, 1));
    assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
    int32_t got;
    assert_false(ebb_dma_last(&stream.dma, &got)); /* the abort stopped it... */
    assert_int_equal(got, 16);                    /* ...with everything moved */
    check_idle_stream();                          /* its TC flag cleared */
    check_dst(16);
    ebb_cm_irq_enable(EBB_STM32_IRQ_DMA2_STREAM(1));
    assert_int_equal(sim_dma_irqs[1][1], 1); /* taken, found no flag */
    check_cancelled(false, 16);
}

/* The copy ends (and its interrupt follows) inside the n-th critical
 * section of a cancel. */
static void finish(void *arg)
{
    (void)arg;
    for (unsigned i = 0; i < 100u && sim_dma_running(1, 1); i++) {
        sim_spi_run(1);
    }
}

static void test_end_in_every_critical_section_of_a_cancel(void **state)
{
    (void)state;
    unsigned kept = 0, stopped = 0;
    for (unsigned n = 1; n <= 8; n++) {
        setup();
        start_copy(0, 64, (uint8_t)n);
        sim_spi_run(3);
        ebb_host_irq_in_lock(n, finish, NULL);
        assert_int_equal(ebb_task_cancel(&user.task), EBB_OK);
        ebb_host_irq_in_lock(0, NULL, NULL);
        int32_t got;
        bool const completed = ebb_dma_last(&stream.dma, &got);
        kept += completed;
        stopped += !completed;
        check_dst(completed ? 64u : (size_t)got);
        check_cancelled(completed, got);
    }
    assert_true(kept > 0);
    assert_true(stopped > 0);
}

static void test_contracts(void **state)
{
    (void)state;
    setup();
    EXPECT_PANIC("stm32_dma", 1,
                 ebb_stm32_dma_init(&stream1, EBB_STM32_DMA2_BASE, 8, EBB_STM32_IRQ_DMA2_STREAM(7), 3));
    ebb_stm32_dma_init(&stream1, EBB_STM32_DMA1_BASE, 4, EBB_STM32_IRQ_DMA1_STREAM(4), 3);
    assert_true(sim_rcc.AHB1ENR & EBB_STM32_RCC_AHB1ENR_DMA1EN);
    ebb_dma_xfer const x = {.src = (uintptr_t)src, .dst = (uintptr_t)dst, .len = 4, .width = 1,
                            .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
    EXPECT_PANIC("stm32_dma", 2, {
        int const rc = ebb_dma_start(&stream1.dma, &x, NULL, NULL); /* memory to memory on DMA1 */
        (void)rc;
    });
    assert_int_equal(sim_dma[0].S[4].CR & EBB_STM32_DMA_CR_EN, 0); /* nothing started */
    /* A request channel past CHSEL's 0..7 (the stream set up afresh: the
     * jump left the last one claimed). */
    ebb_stm32_dma_init(&stream1, EBB_STM32_DMA1_BASE, 4, EBB_STM32_IRQ_DMA1_STREAM(4), 3);
    ebb_dma_xfer const p = {.src = (uintptr_t)src, .dst = (uintptr_t)dst, .len = 4, .width = 1,
                            .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_PERIPH, .request = 8};
    assert_int_equal(ebb_dma_max_request(&stream1.dma), 7);
    EXPECT_PANIC("dma", 5, {
        int const rc = ebb_dma_start(&stream1.dma, &p, NULL, NULL);
        (void)rc;
    });
    assert_int_equal(sim_dma[0].S[4].CR & EBB_STM32_DMA_CR_EN, 0); /* nothing started */
    assert_false(ebb_dma_busy(&stream1.dma));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copies),
        cmocka_unit_test(test_bus_error),
        cmocka_unit_test(test_cancel_at_every_tick),
        cmocka_unit_test(test_completion_held_off),
        cmocka_unit_test(test_end_in_every_critical_section_of_a_cancel),
        cmocka_unit_test(test_contracts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
