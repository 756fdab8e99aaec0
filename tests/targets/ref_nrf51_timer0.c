/* ref_nrf51_timer0.c - the reference clock of the micro:bit's target tests
 * when SysTick is the time driver (preset microbit-systick): TIMER0 at
 * 16 MHz (prescaler 0), 32-bit, free-running, no interrupt, read by a
 * capture. */
#include "ebb_nrf51_regs.h"
#include "tgtest.h"

#define T(off) EBB_NRF51_REG(EBB_NRF51_TIMER0_BASE, off)
#define CC_READ 3u

const uint32_t tg_ref_mask = 0xFFFFFFFFu;

uint32_t tg_ref_start(void)
{
    T(EBB_NRF51_TIMER_TASKS_STOP) = 1;
    T(EBB_NRF51_TIMER_TASKS_CLEAR) = 1;
    T(EBB_NRF51_TIMER_INTENCLR) = 0xFFFFFFFFu;
    T(EBB_NRF51_TIMER_SHORTS) = 0;
    T(EBB_NRF51_TIMER_MODE) = 0;
    T(EBB_NRF51_TIMER_BITMODE) = EBB_NRF51_TIMER_BITMODE_32;
    T(EBB_NRF51_TIMER_PRESCALER) = 0; /* 16 MHz = EBB_BOARD_TIMER_HZ */
    T(EBB_NRF51_TIMER_TASKS_START) = 1;
    return tg_ref_count();
}

uint32_t tg_ref_count(void)
{
    T(EBB_NRF51_TIMER_TASKS_CAPTURE(CC_READ)) = 1;
    return T(EBB_NRF51_TIMER_CC(CC_READ));
}
