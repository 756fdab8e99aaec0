/* ref_nrf51_timer0.c - the reference clock of the micro:bit's firmware suite
 * when SysTick is the time driver (preset microbit-systick): TIMER0 at
 * 16 MHz (prescaler 0), 32-bit, free-running, no interrupt, read by a
 * capture. */
#include "ebb_nrf51_regs.h"
#include "fwtest.h"

#define T(off) EBB_NRF51_REG(EBB_NRF51_TIMER0_BASE, off)
#define CC_READ 3u

static uint32_t count(void);

void fw_ref_start(void)
{
    T(EBB_NRF51_TIMER_TASKS_STOP) = 1;
    T(EBB_NRF51_TIMER_TASKS_CLEAR) = 1;
    T(EBB_NRF51_TIMER_INTENCLR) = 0xFFFFFFFFu;
    T(EBB_NRF51_TIMER_SHORTS) = 0;
    T(EBB_NRF51_TIMER_MODE) = 0;
    T(EBB_NRF51_TIMER_BITMODE) = EBB_NRF51_TIMER_BITMODE_32;
    T(EBB_NRF51_TIMER_PRESCALER) = 0; /* 16 MHz = EBB_BOARD_TIMER_HZ */
    T(EBB_NRF51_TIMER_TASKS_START) = 1;
}

static uint32_t count(void)
{
    T(EBB_NRF51_TIMER_TASKS_CAPTURE(CC_READ)) = 1;
    return T(EBB_NRF51_TIMER_CC(CC_READ));
}

/* Clocks of a whole number of MHz: on the micro:bit (16 MHz) this is a
 * shift, not a 64-bit division the Cortex-M0 does in software. */
uint64_t fw_ref_ns(void)
{
    return fw_ref_extend(count(), 0xFFFFFFFFu) * 1000u / (EBB_BOARD_TIMER_HZ / 1000000u);
}
