/*
 * sim_tim.h - a simulated STM32F4 32-bit timer (TIM2 or TIM5), RCC and NVIC
 * line, for host tests of hal/stm32f4/stm32_tim_time.c.
 *
 * The driver's register accesses go through sim_periph(), which returns a
 * plain struct in host memory.  Because every access calls it first, the
 * simulation gets control before each load or store: it applies the
 * previous store's hardware meaning (SR is rc_w0, EGR.UG reinitialises the
 * counter), latches the interrupt line into the NVIC, can take the interrupt
 * there if nothing masks it, and can run a test hook at the n-th access
 * (the counter moving while the driver runs).
 *
 * What is modelled: CNT counting ticks up to ARR = 0xFFFFFFFF and wrapping
 * to 0 (UIF); CC1IF/CC2IF when the counter reaches CCR1/CCR2; flags set
 * whether or not DIER enables them, the interrupt requested when
 * SR & DIER != 0; SR rc_w0 writes; EGR.UG with CR1.URS; counting only with
 * CR1.CEN.  The NVIC latches the line as pending, clears pending on entry,
 * re-pends on exit if the line is still high, and takes the handler at once
 * unless the port lock is held, a handler already runs, or a simulated
 * higher-priority context is active (it is raised with ebb_host_irq(): the
 * host port of ebb::core holds it back while the lock is held).
 *
 * Not modelled: the prescaler (CNT moves in ticks; PSC is only checked),
 * preload/shadow registers (ARR and CCR preload are off in the driver),
 * the one-clock delay between a match and its flag, and interrupt latency
 * (a handler runs at the exact tick of its event unless masked).
 *
 * The interface the scenarios use is sim_time.h (clocks are ticks here).
 */
#ifndef SIM_TIM_H
#define SIM_TIM_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_time.h"

#include "sim_periph.h"

#include "ebb_stm32_tim_time.h"
#include "regs/rcc.h"
#include "regs/tim.h"

#if EBB_CONFIG_STM32_TIME_TIM == 5
#define SIM_TIM_ADDR 0x40000C00u
#define SIM_TIM_IRQ EBB_STM32_IRQ_TIM5
#define SIM_TIM_HANDLER TIM5_IRQHandler
#else
#define SIM_TIM_ADDR 0x40000000u
#define SIM_TIM_IRQ EBB_STM32_IRQ_TIM2
#define SIM_TIM_HANDLER TIM2_IRQHandler
#endif

void SIM_TIM_HANDLER(void); /* the driver's interrupt handler */

/* The register blocks the driver sees (read them in tests; the simulation
 * owns CNT and SR while the counter runs). */
extern ebb_stm32_tim_regs sim_tim;
extern ebb_stm32_rcc_regs sim_rcc;

/* Simulated NVIC state. */
extern bool sim_nvic_enabled;
extern unsigned sim_nvic_prio;

/* The clock of the driver's last access to the timer block from outside
 * its handler: the tick its last now() read CNT at. */
uint64_t sim_sample_ref(void);

#endif /* SIM_TIM_H */
