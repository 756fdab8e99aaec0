/*
 * template_time.c - TEMPLATE of a time driver (ebb/driver/time_driver.h)
 * on a free-running 32-bit up-counter at EBB_CONFIG_TICK_HZ with one
 * compare interrupt, the commonest timer shape.  It keeps the rules T1-T7:
 *   - the counter is extended to 64 bits from its last value: a wrap is
 *     seen as the counter going backwards, which is exact as long as now()
 *     or the interrupt runs at least once per counter period (2^32 ticks:
 *     71 minutes at 1 MHz) - the alarm set below guarantees one;
 *   - set_alarm() programs the compare, then re-reads the counter: if the
 *     deadline was reached meanwhile it reports false (T4), so no alarm is
 *     lost while it is armed;
 *   - the interrupt clears its own enable before calling the core, which
 *     re-arms through set_alarm() (T3: once).
 * A counter that is not at EBB_CONFIG_TICK_HZ scales in now() (see
 * port/riscv/time/mtimer_time.c for a divided clock).
 */
#include "ebb/driver/port.h"
#include "ebb/driver/time_driver.h"
#include "ebb_template.h"

volatile uint32_t ebb_template_counter;
volatile uint32_t ebb_template_compare;
volatile uint32_t ebb_template_compare_on;

static uint32_t last_low;   /* the counter at the last read */
static uint64_t high;       /* wraps seen, << 32 */
static ebb_ticks alarm = EBB_TICKS_NEVER;

/* Lock held. */
static ebb_ticks now_locked(void)
{
    uint32_t const low = ebb_template_counter; /* TEMPLATE: read the counter */
    if (low < last_low) {
        high += (uint64_t)1 << 32;
    }
    last_low = low;
    return high | low;
}

ebb_ticks ebb_time_driver_now(void)
{
    ebb_irq_state s = ebb_port_lock();
    ebb_ticks const t = now_locked();
    ebb_port_unlock(s);
    return t;
}

/* Lock held (the core calls it so). */
bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    alarm = at;
    if (at == EBB_TICKS_NEVER) {
        ebb_template_compare_on = 0; /* TEMPLATE: disable the compare interrupt */
        return true;
    }
    ebb_ticks const now = now_locked();
    if (at <= now) {
        ebb_template_compare_on = 0;
        return false; /* due already: the core expires it */
    }
    /* A deadline beyond one counter period gets an intermediate compare,
     * which also keeps the wrap count exact. */
    ebb_ticks const target = at - now > 0x7FFFFFFFu ? now + 0x7FFFFFFFu : at;
    ebb_template_compare = (uint32_t)target; /* TEMPLATE: program the compare */
    ebb_template_compare_on = 1;
    if (now_locked() >= at) { /* reached while programming: T4 */
        ebb_template_compare_on = 0;
        return false;
    }
    return true;
}

void ebb_template_timer_isr(void) /* TEMPLATE: the timer's vector */
{
    ebb_irq_state s = ebb_port_lock();
    ebb_template_compare_on = 0; /* TEMPLATE: clear and disable the compare */
    bool const due = alarm != EBB_TICKS_NEVER && now_locked() >= alarm;
    bool rearmed = false;
    if (!due && alarm != EBB_TICKS_NEVER) {
        rearmed = ebb_time_driver_set_alarm(alarm); /* an intermediate compare */
    }
    ebb_port_unlock(s);
    if (due || (!rearmed && alarm != EBB_TICKS_NEVER)) {
        ebb_time_alarm_isr();
    }
}

