/*
 * mtimer_time.c - tickless time driver on the RISC-V machine timer.
 * See ebb_mtimer_time.h for the design and the register access rules.
 */
#include "ebb_mtimer_time.h"

#include "ebb/driver/port.h"
#include "ebb/driver/time_driver.h"

#ifdef EBB_MTIMER_HOST_SIM /* tests/drivers runs this file on simulated registers */
uint32_t ebb_mtimer_sim_read(volatile uint32_t *reg);
void ebb_mtimer_sim_write(volatile uint32_t *reg, uint32_t v);
void ebb_mtimer_sim_enable(void);
#define RD(reg) ebb_mtimer_sim_read(reg)
#define WR(reg, v) ebb_mtimer_sim_write(reg, v)
#define ENABLE_MTIE() ebb_mtimer_sim_enable()
#else
#include "ebb_riscv.h"
#define RD(reg) (*(reg))
#define WR(reg, v) (*(reg) = (v))
#define ENABLE_MTIE() EBB_RV_CSR_SET(mie, EBB_RV_MIE_MTIE)
#endif

#define RATIO ((uint64_t)(EBB_CONFIG_MTIMER_HZ / EBB_CONFIG_TICK_HZ))

static volatile uint32_t *mtime_lo, *mtime_hi;
static volatile uint32_t *cmp_lo, *cmp_hi;
static uint64_t epoch; /* mtime at init: ebb time 0 */
static volatile uint32_t alarms; /* counted by the ISR, read by anyone */

uint64_t ebb_mtimer_read(void)
{
    uint32_t hi, lo;
    do {
        hi = RD(mtime_hi);
        lo = RD(mtime_lo);
    } while (RD(mtime_hi) != hi);
    return ((uint64_t)hi << 32) | lo;
}

static void cmp_write(uint64_t v)
{
    WR(cmp_lo, UINT32_MAX);
    WR(cmp_hi, (uint32_t)(v >> 32));
    WR(cmp_lo, (uint32_t)v);
}

ebb_ticks ebb_time_driver_now(void)
{
    return (ebb_mtimer_read() - epoch) / RATIO;
}

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    if (at == EBB_TICKS_NEVER || at > (UINT64_MAX - epoch) / RATIO) {
        cmp_write(UINT64_MAX);
        return true;
    }
    cmp_write(epoch + at * RATIO);
    if (ebb_time_driver_now() >= at) {
        /* Already due: the core handles it; do not interrupt as well. */
        cmp_write(UINT64_MAX);
        return false;
    }
    return true;
}

/* Called by the trap dispatcher on a machine timer interrupt, with the
 * timer interrupt masked in mie and MIE set: a device handler may preempt
 * it, so the compare is written under the lock, as every other write of it
 * is (a set_alarm() of a preempting handler cannot be half overwritten). */
void ebb_rv_mtimer_isr(void)
{
    ebb_irq_state s = ebb_port_lock();
    alarms++;
    cmp_write(UINT64_MAX); /* lowers the interrupt; the core re-arms */
    ebb_port_unlock(s);
    ebb_time_alarm_isr(); /* one expiry per critical section */
}

uint32_t ebb_mtimer_alarms(void)
{
    return alarms;
}

void ebb_mtimer_time_init(uintptr_t mtime_addr, uintptr_t mtimecmp_addr)
{
    mtime_lo = (volatile uint32_t *)mtime_addr;
    mtime_hi = mtime_lo + 1;
    cmp_lo = (volatile uint32_t *)mtimecmp_addr;
    cmp_hi = cmp_lo + 1;
    cmp_write(UINT64_MAX);
    epoch = ebb_mtimer_read();
    alarms = 0;
    ENABLE_MTIE();
}
