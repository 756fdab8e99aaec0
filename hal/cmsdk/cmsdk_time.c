/* cmsdk_time.c - see ebb_cmsdk_time.h (CMSDK TRM, "APB timer"). */
#include "ebb_cmsdk_time.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb/time.h"
#include "ebb_cmsdk_regs.h"
#include "ebb_cortex_m.h"
#include "ebb/driver/time_driver.h"
#include "ebb/trace.h"

EBB_MODULE("cmsdk_time");

static ebb_cmsdk_timer_regs *counter;
static ebb_cmsdk_timer_regs *alarm;
static uint32_t div;       /* timer clocks per tick */
static uint32_t shift;     /* ticks per counter wrap = 2^shift */
static uint32_t reload;    /* div << shift, minus 1 */
static uint32_t wraps;     /* counter wraps handled so far */
static ebb_ticks alarm_at = EBB_TICKS_NEVER;
static uint32_t rearms;

void ebb_cmsdk_time_init(uintptr_t counter_base, unsigned counter_irq, uintptr_t alarm_base,
                         unsigned alarm_irq, uint32_t clk_hz)
{
    EBB_REQUIRE(1, clk_hz != 0 && clk_hz % EBB_CONFIG_TICK_HZ == 0);
    counter = (ebb_cmsdk_timer_regs *)counter_base;
    alarm = (ebb_cmsdk_timer_regs *)alarm_base;
    div = clk_hz / EBB_CONFIG_TICK_HZ;
    shift = 0;
    while (shift < EBB_CONFIG_CMSDK_TIME_MAX_SHIFT && ((uint64_t)div << (shift + 1u)) <= 0x100000000ull) {
        shift++;
    }
    /* A running timer's period is RELOAD + 1 clocks (measured on QEMU 7.2:
     * 1000 periods of RELOAD = 99 took 100,000 clocks of another timer). */
    reload = (uint32_t)(((uint64_t)div << shift) - 1u);
    wraps = 0;
    alarm_at = EBB_TICKS_NEVER;
    rearms = 0;

    alarm->CTRL = 0;
    alarm->INTSTATUS = 1u;
    counter->CTRL = 0;
    counter->RELOAD = reload;
    counter->VALUE = reload;
    counter->INTSTATUS = 1u;
    ebb_cm_irq_set_prio(counter_irq, EBB_CONFIG_CMSDK_TIME_PRIO);
    ebb_cm_irq_set_prio(alarm_irq, EBB_CONFIG_CMSDK_TIME_PRIO);
    ebb_cm_irq_unpend(alarm_irq);
    ebb_cm_irq_enable(counter_irq);
    ebb_cm_irq_enable(alarm_irq);
    /* INTSTATUS only latches while IRQEN is set (QEMU), and now() needs it. */
    counter->CTRL = EBB_CMSDK_TIMER_CTRL_EN | EBB_CMSDK_TIMER_CTRL_IRQEN;
}

/* The counter's position: *w whole wraps plus the returned clocks into the
 * current one.  Lock held. */
static uint32_t position_locked(uint32_t *w)
{
    uint32_t n = wraps;
    uint32_t v1 = counter->VALUE;
    uint32_t pending = counter->INTSTATUS & 1u;
    uint32_t v2 = counter->VALUE;
    /* A wrap the handler has not counted yet: if it was flagged before the
     * second read, that read is from the new period; otherwise the first
     * read precedes the wrap. */
    uint32_t v = v1;
    if (pending) {
        n++;
        v = v2;
    }
    *w = n;
    return reload - v;
}

/* Timer clocks since time 0.  Lock held. */
static uint64_t cycles_locked(void)
{
    uint32_t w;
    uint32_t e = position_locked(&w);
    return (uint64_t)w * ((uint64_t)reload + 1u) + e;
}

ebb_ticks ebb_time_driver_now(void)
{
    uint32_t w;
    ebb_irq_state s = ebb_port_lock();
    uint32_t e = position_locked(&w);
    ebb_port_unlock(s);
    /* A wrap is exactly 2^shift ticks: no 64-bit division. */
    return ((ebb_ticks)w << shift) + e / div;
}

/* Load the alarm timer for alarm_at; false when alarm_at has been reached
 * (the timer is then stopped).  Lock held. */
static bool program(void)
{
    uint64_t now = cycles_locked();
    uint64_t target = (alarm_at > UINT64_MAX / div) ? UINT64_MAX : alarm_at * div;
    if (target <= now) {
        alarm->CTRL = 0;
        alarm->INTSTATUS = 1u;
        return false;
    }
    uint64_t delta = target - now;
    uint32_t load = delta > EBB_CONFIG_CMSDK_TIME_MAX_LOAD ? EBB_CONFIG_CMSDK_TIME_MAX_LOAD
                                                           : (uint32_t)delta; /* >= 1 */
    alarm->CTRL = 0;
    alarm->INTSTATUS = 1u;
    alarm->RELOAD = load;
    alarm->VALUE = load;
    alarm->CTRL = EBB_CMSDK_TIMER_CTRL_EN | EBB_CMSDK_TIMER_CTRL_IRQEN;
    return true;
}

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    alarm_at = at;
    if (at == EBB_TICKS_NEVER) {
        alarm->CTRL = 0;
        alarm->INTSTATUS = 1u;
        return true;
    }
    if (!program()) {
        alarm_at = EBB_TICKS_NEVER;
        return false;
    }
    return true;
}

void ebb_cmsdk_time_counter_isr(void)
{
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    ebb_irq_state s = ebb_port_lock();
    if (counter->INTSTATUS & 1u) {
        counter->INTSTATUS = 1u;
        wraps++;
    }
    ebb_port_unlock(s);
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
}

void ebb_cmsdk_time_alarm_isr(void)
{
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    bool fire = false;
    ebb_irq_state s = ebb_port_lock();
    alarm->INTSTATUS = 1u;
    if (alarm_at == EBB_TICKS_NEVER) {
        alarm->CTRL = 0;
    } else if (!program()) {
        alarm_at = EBB_TICKS_NEVER;
        fire = true;
    } else {
        rearms++;
    }
    ebb_port_unlock(s);
    if (fire) {
        ebb_time_alarm_isr();
    }
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
}

uint32_t ebb_cmsdk_time_rearms(void)
{
    return rearms;
}
