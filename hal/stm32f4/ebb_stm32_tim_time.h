/*
 * ebb_stm32_tim_time.h - ebb's clock on a 32-bit general-purpose timer
 * (TIM2 by default, or TIM5 with EBB_CONFIG_STM32_TIME_TIM=5), tickless.
 *
 * The timer counts ticks directly (PSC = timer clock / EBB_CONFIG_TICK_HZ - 1)
 * over the full 32 bits.  64-bit time = half-periods << 31 plus the counter,
 * where the half-period count is advanced by two interrupts per wrap: update
 * (counter 0) and CC2 (counter 0x80000000).  Because the two halves are
 * told apart by the top bit of the counter, a reader that sees a stale count
 * (the interrupt is pending but has not run yet) still gets the right time,
 * as long as no interrupt is delayed by more than half a period (35 minutes
 * at 1 MHz).  Alarms use CC1; one further than 3/4 of the counter range away
 * is armed by a later half-period interrupt.  No drift: the hardware counts
 * every tick and software never writes the counter.
 *
 * Not usable on QEMU 7.2: its TIM2-5 count a 1 GHz clock regardless of PSC,
 * never wrap at ARR and have no compare interrupts.  Built for the NUCLEO.
 */
#ifndef EBB_STM32_TIM_TIME_H
#define EBB_STM32_TIM_TIME_H

#include <stdint.h>

#include "ebb/config.h" /* first: an application's ebb_config.h sets these options */

#ifdef __cplusplus
extern "C" {
#endif

/* Which 32-bit timer: 2 or 5. */
#ifndef EBB_CONFIG_STM32_TIME_TIM
#define EBB_CONFIG_STM32_TIME_TIM 2
#endif

/* Logical NVIC priority of the timer interrupt (calls ebb: >= ceiling). */
#ifndef EBB_CONFIG_STM32_TIME_TIM_PRIO
#define EBB_CONFIG_STM32_TIME_TIM_PRIO 15u
#endif

/**
 * Start the timer as ebb's time driver.  `timclk_hz` is the timer's input
 * clock (2 x APB1 when the APB1 prescaler is not 1: 90 MHz on the F446 at
 * 180 MHz); it must be a multiple of EBB_CONFIG_TICK_HZ with a quotient of
 * at most 65536, otherwise ebb_port_panic("tim", 1).  Time starts at 0.
 * Context: main, before the first ebb_now()/sleep.  Cost: a few stores.
 */
void ebb_stm32_tim_time_init(uint32_t timclk_hz);

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_TIM_TIME_H */
