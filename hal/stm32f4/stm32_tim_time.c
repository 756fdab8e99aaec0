/* stm32_tim_time.c - see ebb_stm32_tim_time.h (TIM registers: RM0390 18.4). */
#include "ebb_stm32_tim_time.h"

#include "ebb/driver/port.h"
#include "ebb/time.h"
#include "ebb_cortex_m.h"
#include "ebb/driver/time_driver.h"
#include "regs/rcc.h"
#include "regs/tim.h"

#if EBB_CONFIG_STM32_TIME_TIM == 2
#define TIM EBB_STM32_TIM2
#define TIM_IRQ EBB_STM32_IRQ_TIM2
#define TIM_RCC_EN EBB_STM32_RCC_APB1ENR_TIM2EN
#define TIM_HANDLER TIM2_IRQHandler
#elif EBB_CONFIG_STM32_TIME_TIM == 5
#define TIM EBB_STM32_TIM5
#define TIM_IRQ EBB_STM32_IRQ_TIM5
#define TIM_RCC_EN EBB_STM32_RCC_APB1ENR_TIM5EN
#define TIM_HANDLER TIM5_IRQHandler
#else
#error "EBB_CONFIG_STM32_TIME_TIM must be 2 or 5 (the 32-bit timers)"
#endif

#define HALF 0x80000000u

static volatile uint32_t half_periods;
/* The alarm (EBB_TICKS_NEVER: none) lives in the timer's compare unit, not
 * in RAM: its low word in CC1's compare register, which is where the match
 * needs it anyway, its high word in CC3's, a channel this driver owns and
 * never enables (CC3S = 00, CC3E = 0, CC3IE = 0: RM0390 18.4.7-18.4.9), so
 * the register only stores what is written (a match there sets CC3IF,
 * which nothing reads).  Both are written at once (no preload: OC1PE and
 * OC3PE stay 0); CCR1 only matters while CC1IE is set, which program() does
 * only for an alarm within the compare's reach. */
#define ALARM_HI (TIM->CCR[2])

static ebb_ticks alarm_at(void) { return ((ebb_ticks)ALARM_HI << 32) | TIM->CCR[0]; }

static void alarm_set(ebb_ticks at)
{
    ALARM_HI = (uint32_t)(at >> 32);
    TIM->CCR[0] = (uint32_t)at;
}

/* cold: set-up (and panic) code runs once; at -O3 it would otherwise be
 * unrolled and inlined for a speed nobody can measure.  It is compiled for
 * size and kept away from the code that runs all the time. */
__attribute__((cold)) void ebb_stm32_tim_time_init(uint32_t timclk_hz)
{
    if (timclk_hz % EBB_CONFIG_TICK_HZ != 0 || timclk_hz / EBB_CONFIG_TICK_HZ == 0 ||
        timclk_hz / EBB_CONFIG_TICK_HZ > 65536u) {
        ebb_port_panic("tim", 1);
    }
    EBB_STM32_RCC->APB1ENR |= TIM_RCC_EN;
    (void)EBB_STM32_RCC->APB1ENR;
    TIM->CR1 = EBB_STM32_TIM_CR1_URS; /* UG below must not raise UIF */
    TIM->PSC = timclk_hz / EBB_CONFIG_TICK_HZ - 1u;
    TIM->ARR = 0xFFFFFFFFu;
    TIM->CCR[1] = HALF;
    TIM->CNT = 0;
    TIM->EGR = EBB_STM32_TIM_EGR_UG; /* load PSC now, not at the first wrap */
    TIM->SR = 0;
    half_periods = 0;
    alarm_set(EBB_TICKS_NEVER);
    TIM->DIER = EBB_STM32_TIM_DIER_UIE | EBB_STM32_TIM_DIER_CC2IE;
    ebb_cm_irq_set_prio(TIM_IRQ, EBB_CONFIG_STM32_TIME_TIM_PRIO);
    ebb_cm_irq_enable(TIM_IRQ);
    TIM->CR1 = EBB_STM32_TIM_CR1_URS | EBB_STM32_TIM_CR1_CEN;
}

ebb_ticks ebb_time_driver_now(void)
{
    uint32_t p = half_periods;
    __asm volatile("" ::: "memory"); /* the count is read after p */
    uint32_t cnt = TIM->CNT;
    return ((ebb_ticks)p << 31) + (uint32_t)(cnt ^ ((p & 1u) << 31));
}

/* Arm CC1 if the alarm lies within reach of the 32-bit compare.  Returns
 * false when it has been reached.  Lock held. */
static bool program(ebb_ticks at)
{
    ebb_ticks now = ebb_time_driver_now();
    if (at <= now) {
        TIM->DIER &= ~EBB_STM32_TIM_DIER_CC1IE;
        return false;
    }
    if (at - now > 0xC0000000u) {
        TIM->DIER &= ~EBB_STM32_TIM_DIER_CC1IE; /* a half-period interrupt comes first */
        return true;
    }
    /* CCR1 holds the low word already (alarm_set). */
    TIM->SR = ~EBB_STM32_TIM_SR_CC1IF;
    TIM->DIER |= EBB_STM32_TIM_DIER_CC1IE;
    /* The compare only fires on equality: if the counter passed it while we
     * were setting it, report the alarm as reached. */
    if (ebb_time_driver_now() >= at) {
        TIM->DIER &= ~EBB_STM32_TIM_DIER_CC1IE;
        return false;
    }
    return true;
}

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    /* The old alarm's match off first: CCR1 changes below. */
    TIM->DIER &= ~EBB_STM32_TIM_DIER_CC1IE;
    alarm_set(at);
    if (at == EBB_TICKS_NEVER) {
        return true;
    }
    if (!program(at)) {
        alarm_set(EBB_TICKS_NEVER);
        return false;
    }
    return true;
}

void TIM_HANDLER(void)
{
    uint32_t sr = TIM->SR;
    ebb_irq_state s = ebb_port_lock();
    /* Clear exactly the flags handled (rc_w0: writing 1 leaves a flag). */
    TIM->SR = ~(sr & (EBB_STM32_TIM_SR_UIF | EBB_STM32_TIM_SR_CC1IF | EBB_STM32_TIM_SR_CC2IF));
    if (sr & (EBB_STM32_TIM_SR_UIF | EBB_STM32_TIM_SR_CC2IF)) {
        /* Both set means the handler ran more than half a period late,
         * which the design excludes; count each. */
        half_periods += ((sr & EBB_STM32_TIM_SR_UIF) ? 1u : 0u) + ((sr & EBB_STM32_TIM_SR_CC2IF) ? 1u : 0u);
    }
    /* The alarm again, as set: re-armed if still ahead (after a half
     * period), reached otherwise (then NEVER until service() sets the
     * next). */
    bool fire = !ebb_time_driver_set_alarm(alarm_at());
    ebb_port_unlock(s);
    if (fire) {
        ebb_time_alarm_isr();
    }
}
