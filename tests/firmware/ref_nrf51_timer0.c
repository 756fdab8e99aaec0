/* ref_nrf51_timer0.c - the reference clock of the micro:bit's firmware suite
 * when SysTick is the time driver (preset microbit-systick): TIMER0 at
 * 8 MHz (prescaler 1), 32-bit, free-running, no interrupt, read by a
 * capture (wraps every 537 s).
 *
 * Not 16 MHz: QEMU 7.2's nRF51 TIMER converts the ticks counted at each
 * read back to nanoseconds rounded down, so at 16 MHz (62.5 ns) a read
 * that counted an odd number of ticks moves its time base 0.5 ns short
 * and the counter gains that much: measured when the reference was chosen
 * (commit db821b1; no test repeats it), 25,333 back-to-back reads put it
 * 7.6 us ahead of SysTick within 0.4 s (no cut, so SysTick exact),
 * which made ebb's clock look slow by the number of reads a test does.
 * At 8 MHz a tick is 125 ns exactly: 29,759 reads, no gain (within the
 * 1 us of a tick).  docs/boards-microbit.md. */
#include "ebb_nrf51_regs.h"
#include "fwtest.h"

#define T(off) EBB_NRF51_REG(EBB_NRF51_TIMER0_BASE, off)
#define CC_READ 3u
#define NS_PER_COUNT 125u /* 16 MHz / 2^1 */

static uint32_t count(void);

void fw_ref_start(void)
{
    T(EBB_NRF51_TIMER_TASKS_STOP) = 1;
    T(EBB_NRF51_TIMER_TASKS_CLEAR) = 1;
    T(EBB_NRF51_TIMER_INTENCLR) = 0xFFFFFFFFu;
    T(EBB_NRF51_TIMER_SHORTS) = 0;
    T(EBB_NRF51_TIMER_MODE) = 0;
    T(EBB_NRF51_TIMER_BITMODE) = EBB_NRF51_TIMER_BITMODE_32;
    T(EBB_NRF51_TIMER_PRESCALER) = 1; /* 8 MHz: whole nanoseconds per count */
    T(EBB_NRF51_TIMER_TASKS_START) = 1;
}

static uint32_t count(void)
{
    T(EBB_NRF51_TIMER_TASKS_CAPTURE(CC_READ)) = 1;
    return T(EBB_NRF51_TIMER_CC(CC_READ));
}

uint64_t fw_ref_ns(void)
{
    return fw_ref_extend(count(), 0xFFFFFFFFu) * NS_PER_COUNT;
}
