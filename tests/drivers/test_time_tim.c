/*
 * test_time_tim.c - hal/stm32f4/stm32_tim_time.c on the host, against the
 * simulated timer and NVIC of sim_tim.c: 64-bit time from the 32-bit
 * counter and compare-match alarms.  The shared scenarios
 * (time_scenarios.c) run against it through the description below, in
 * ticks (the counter counts 1 MHz ticks: one clock is one tick); its
 * register set-up is checked here.
 *
 * The unarmed counter interrupts every half period: UIF at the wrap, CC2IF
 * at 0x80000000.  An alarm within the compare's reach is CC1's match, at
 * its exact tick.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb/driver/port.h"
#include "ebb_host.h"
#include "sim_tim.h"
#include "time_scenarios.h"

#define HALF 0x80000000ull
#define WRAP 0x100000000ull

#if EBB_CONFIG_STM32_TIME_TIM == 5
#define TIM_RCC_EN EBB_STM32_RCC_APB1ENR_TIM5EN
#else
#define TIM_RCC_EN EBB_STM32_RCC_APB1ENR_TIM2EN
#endif

/* ---- the description the shared scenarios use ---- */

static void init(void) { ebb_stm32_tim_time_init(90000000u); } /* the F446's TIM2 clock at 180 MHz */

static void init_at(uint32_t hz) { ebb_stm32_tim_time_init(hz); }

static uint64_t to_irq(void) { return (HALF - sim_tim.CNT % HALF) % HALF; }

/* One interrupt per half-period boundary on the way, and one for the
 * alarm: an alarm out of the compare's reach is not armed early. */
static unsigned long irqs_until(uint64_t at)
{
    return (unsigned long)(at / HALF - sim_ref() / HALF) + 1u;
}

static const ebb_ticks sleep_deadlines[16] = {
    5, 1000, 999, 1000, 3, 0x7FFFFFFFu, 0x80000000u, 0x80000000u, 0xFFFFFFFFu,
    WRAP, WRAP + 1, 0x17FFFFFFFull + 2, 0x2C0000000ull, 0x380000007ull,
    0x380000007ull, 0x500000001ull};

/* Exactly one interrupt per half period and one per distinct deadline,
 * not per tick; a deadline on a half-period boundary shares its
 * interrupt. */
static void sleepers_cost(unsigned n, unsigned distinct)
{
    unsigned on_boundary = 0;
    for (unsigned i = 0; i < n; i++) {
        bool first = true;
        for (unsigned j = 0; j < i; j++) {
            first = first && sleep_deadlines[j] != sleep_deadlines[i];
        }
        on_boundary += first && sleep_deadlines[i] % HALF == 0;
    }
    assert_int_equal(on_boundary, 2);
    assert_int_equal(sim_irqs_taken, sim_ref() / HALF + distinct - on_boundary);
}

static const uint64_t far_starts[] = {0, 5, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x1234567890ull};
static const ebb_ticks far_deltas[] = {
    2, 0x7FFFFFFFu, 0x80000000u, 0xBFFFFFFFu, 0xC0000000u, 0xC0000001u,
    0xFFFFFFFFu, WRAP, WRAP + 1, 3 * HALF - 1, 3 * HALF, 3 * HALF + 1,
    0x300000000ull + 12345, 0x500000000ull};
/* Ticks before a half-period boundary to arm at: clear of it, and next to
 * it, where the compare's match comes with the update or CC2 event. */
static const uint64_t arming_at[] = {HALF / 2, 2, 1, 0};
static const uint64_t arming_advs[] = {1, 2};
static const uint64_t moving_bases[] = {5000, 0xFFFFFFFDu}; /* clear of / at a wrap */
static const uint64_t moving_advs[] = {1, 2};

const struct sim_driver sim_driver = {
    .name = "tim",
    .init = init,
    .init_at = init_at,
    .bad_clock = 90000001u,
    .div = 1,
    .period = HALF,
    .period_irqs = 1,
    .irq_early = 0,
    .to_irq = to_irq,
    .sampled = sim_sample_ref,
    .drift = NULL,      /* it keeps no count: CNT is the time */
    .reprograms = NULL, /* an alarm is a compare; the period stays */
    .irqs_until = irqs_until,
    .sleepers_cost = sleepers_cost,
    .quiet_arm = true,
    .late_by_hook = false,
    .reached_within = 1, /* at the unlock */
    SIM_ARRAY(far_starts),
    SIM_ARRAY(far_deltas),
    .far = 0x280000000ull,
    .sleep_deadlines = sleep_deadlines,
    SIM_ARRAY(arming_at),
    SIM_ARRAY(arming_advs),
    .arming_min_swept = 8 * 4,
    .arming_pre = 0,
    SIM_ARRAY(moving_bases),
    SIM_ARRAY(moving_advs),
    .moving_accesses = 120,
    .soak_hook_max = 3,
    .soak_far = 1ull << 34,
    .soak_shift = 0,
    .soak_late = (1u << 30) + 8, /* the longest masked stretch, and hooks */
    .soak_delay = 0,             /* due: fired, never delayed */
};

/* ---- TIM's own ---- */

static void test_init_programs_the_timer(void **state)
{
    (void)state;
    assert_true(sim_rcc.APB1ENR & TIM_RCC_EN);
    assert_int_equal(sim_tim.PSC, 89); /* 90 MHz / 1 MHz - 1 */
    assert_int_equal(sim_tim.ARR, 0xFFFFFFFFu);
    assert_int_equal(sim_tim.CCR[1], 0x80000000u);
    assert_int_equal(sim_tim.CNT, 0);
    assert_int_equal(sim_tim.DIER, EBB_STM32_TIM_DIER_UIE | EBB_STM32_TIM_DIER_CC2IE);
    assert_true(sim_tim.CR1 & EBB_STM32_TIM_CR1_CEN);
    assert_false(sim_irq_pending()); /* UG raised no UIF (URS) */
    assert_true(sim_nvic_enabled);
    assert_int_equal(sim_nvic_prio, EBB_CONFIG_STM32_TIME_TIM_PRIO);
    assert_int_equal(now(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_init_programs_the_timer, setup),
    };
    int failed = cmocka_run_group_tests_name("tim's own", tests, NULL, NULL);
    return failed + time_scenarios_run();
}
