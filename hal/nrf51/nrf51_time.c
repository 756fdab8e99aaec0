/* nrf51_time.c - see ebb_nrf51_time.h (nRF51 RM, "Timer/counter"). */
#include "ebb_nrf51_time.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb/time.h"
#include "ebb_cortex_m.h"
#include "ebb_nrf51_regs.h"
#include "ebb/driver/time_driver.h"
#include "ebb/trace.h"

EBB_MODULE("nrf51_time");

#define T(off) EBB_NRF51_REG(EBB_NRF51_TIMER0_BASE, off)
#define CC_ALARM 0u
#define CC_HALF 1u
#define CC_WRAP 2u
#define CC_READ 3u
/* The half-period marks sit at 2^30 and 2^30 + 2^31, not at 0 and 2^31:
 * QEMU 7.2 raises COMPARE for a CC equal to the count when the timer
 * starts (measured: CC = 0 fired at once), and the count starts at 0. */
#define MARK_A 0x40000000u
#define MARK_B 0xC0000000u

static volatile uint32_t half_periods;
static ebb_ticks alarm_at = EBB_TICKS_NEVER;

void ebb_nrf51_time_init(void)
{
    uint32_t prescaler = 0;
    while (prescaler <= 9u && (EBB_NRF51_TIMER_BASE_HZ >> prescaler) != EBB_CONFIG_TICK_HZ) {
        prescaler++;
    }
    EBB_REQUIRE(1, prescaler <= 9u);
    T(EBB_NRF51_TIMER_TASKS_STOP) = 1;
    T(EBB_NRF51_TIMER_TASKS_CLEAR) = 1;
    T(EBB_NRF51_TIMER_INTENCLR) = 0xFFFFFFFFu;
    T(EBB_NRF51_TIMER_SHORTS) = 0;
    T(EBB_NRF51_TIMER_MODE) = 0; /* timer */
    T(EBB_NRF51_TIMER_BITMODE) = EBB_NRF51_TIMER_BITMODE_32;
    T(EBB_NRF51_TIMER_PRESCALER) = prescaler;
    T(EBB_NRF51_TIMER_CC(CC_HALF)) = MARK_A;
    T(EBB_NRF51_TIMER_CC(CC_WRAP)) = MARK_B;
    for (unsigned i = 0; i < 4u; i++) {
        T(EBB_NRF51_TIMER_EVENTS_COMPARE(i)) = 0;
    }
    half_periods = 0;
    alarm_at = EBB_TICKS_NEVER;
    T(EBB_NRF51_TIMER_INTENSET) =
        EBB_NRF51_TIMER_INT_COMPARE(CC_HALF) | EBB_NRF51_TIMER_INT_COMPARE(CC_WRAP);
    ebb_cm_irq_set_prio(EBB_NRF51_TIMER0_IRQ, EBB_CONFIG_NRF51_TIME_PRIO);
    ebb_cm_irq_unpend(EBB_NRF51_TIMER0_IRQ);
    ebb_cm_irq_enable(EBB_NRF51_TIMER0_IRQ);
    T(EBB_NRF51_TIMER_TASKS_START) = 1;
}

static uint32_t count(void)
{
    /* A capture in an interrupt between these two accesses only makes the
     * value read later: still consistent with half_periods read before. */
    T(EBB_NRF51_TIMER_TASKS_CAPTURE(CC_READ)) = 1;
    return T(EBB_NRF51_TIMER_CC(CC_READ));
}

ebb_ticks ebb_time_driver_now(void)
{
    uint32_t p = half_periods;
    __asm volatile("" ::: "memory"); /* the count is read after p */
    uint32_t cnt = count();
    /* After p marks (mark k at 2^30 + k * 2^31), time lies in the 2^32-long
     * window from 2^30 + (p - 1) * 2^31, even with one mark pending and
     * not yet counted: place the count in that window. */
    int64_t w = (int64_t)((uint64_t)p << 31) - (int64_t)0x40000000;
    return (ebb_ticks)(w + (int64_t)(uint32_t)(cnt - (uint32_t)w));
}

/* Arm CC[0] if the alarm lies within reach.  False when it has been
 * reached.  Lock held. */
static bool program(void)
{
    ebb_ticks now = ebb_time_driver_now();
    if (alarm_at <= now) {
        T(EBB_NRF51_TIMER_INTENCLR) = EBB_NRF51_TIMER_INT_COMPARE(CC_ALARM);
        return false;
    }
    if (alarm_at - now > 0xC0000000u) {
        /* beyond the compare's reach: a half-period interrupt comes first */
        T(EBB_NRF51_TIMER_INTENCLR) = EBB_NRF51_TIMER_INT_COMPARE(CC_ALARM);
        return true;
    }
    T(EBB_NRF51_TIMER_CC(CC_ALARM)) = (uint32_t)alarm_at;
    T(EBB_NRF51_TIMER_EVENTS_COMPARE(CC_ALARM)) = 0;
    T(EBB_NRF51_TIMER_INTENSET) = EBB_NRF51_TIMER_INT_COMPARE(CC_ALARM);
    /* Equality only: a count that passed the value while it was written
     * raises nothing, so report the alarm as reached. */
    if (ebb_time_driver_now() >= alarm_at) {
        T(EBB_NRF51_TIMER_INTENCLR) = EBB_NRF51_TIMER_INT_COMPARE(CC_ALARM);
        return false;
    }
    return true;
}

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    alarm_at = at;
    if (at == EBB_TICKS_NEVER) {
        T(EBB_NRF51_TIMER_INTENCLR) = EBB_NRF51_TIMER_INT_COMPARE(CC_ALARM);
        return true;
    }
    if (!program()) {
        alarm_at = EBB_TICKS_NEVER;
        return false;
    }
    return true;
}

void TIMER0_IRQHandler(void)
{
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    bool fire = false;
    ebb_irq_state s = ebb_port_lock();
    if (T(EBB_NRF51_TIMER_EVENTS_COMPARE(CC_HALF))) {
        T(EBB_NRF51_TIMER_EVENTS_COMPARE(CC_HALF)) = 0;
        half_periods++;
    }
    if (T(EBB_NRF51_TIMER_EVENTS_COMPARE(CC_WRAP))) {
        T(EBB_NRF51_TIMER_EVENTS_COMPARE(CC_WRAP)) = 0;
        half_periods++;
    }
    T(EBB_NRF51_TIMER_EVENTS_COMPARE(CC_ALARM)) = 0;
    if (alarm_at != EBB_TICKS_NEVER && !program()) {
        alarm_at = EBB_TICKS_NEVER;
        fire = true;
    }
    ebb_port_unlock(s);
    if (fire) {
        ebb_time_alarm_isr();
    }
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
}
