/*
 * ebb_time_systick.h - ebb's clock on the Cortex-M SysTick timer (tickless).
 *
 * SysTick counts core cycles down from a 24-bit reload value.  The driver
 * keeps a 64-bit time as (ticks, cycles) at the start of the current count-
 * down period; a period that runs out is added whole (exact), and to bring an
 * alarm closer the driver "cuts" the running period short (writes VAL),
 * adding the cycles counted so far plus a constant for the cut itself.
 *
 * Error bound: natural wraps are exact.  A cut assumes the counter restarts
 * EBB_CONFIG_SYSTICK_CUT_CYCLES after the sample of VAL it is based on; on a
 * Cortex-M4 running from flash the true figure can differ by about +-2
 * cycles, so each cut may shift the clock by that much (it happens at most
 * once per alarm programmed, i.e. up to ~2 per timer expiry).  At 168 MHz and
 * 1000 expiries/s that is a worst case of 24 ppm, typically far less because
 * the errors have both signs.  On QEMU the cut is exact to a cycle.
 * An alarm fires at most a few dozen cycles (the programming path) late.
 *
 * With no alarm armed SysTick still interrupts once per 2^24 cycles (100 ms
 * at 168 MHz) to extend the counter: the only "tick" an idle system takes.
 */
#ifndef EBB_TIME_SYSTICK_H
#define EBB_TIME_SYSTICK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Cycles between sampling VAL and the restart of the counter in a cut. */
#ifndef EBB_CONFIG_SYSTICK_CUT_CYCLES
#define EBB_CONFIG_SYSTICK_CUT_CYCLES 6u
#endif

/* Logical NVIC priority of the SysTick exception (0 = most urgent); must be
 * >= EBB_CONFIG_PORT_CEILING_PRIO because the handler calls ebb. */
#ifndef EBB_CONFIG_SYSTICK_PRIO
#define EBB_CONFIG_SYSTICK_PRIO 15u
#endif

/**
 * Start SysTick as ebb's time driver, clocked by the core clock (CLKSOURCE=1)
 * of `core_hz`, which must be a multiple of EBB_CONFIG_TICK_HZ (otherwise
 * ebb_port_panic("systick", 1)).  Time starts at 0.
 * Context: main, before the first ebb_now()/sleep.  Cost: a few stores.
 */
void ebb_systick_time_init(uint32_t core_hz);

/** Number of period cuts so far (a diagnostic: each may add the small error
 *  described above).  Context: any.  Cost: 1 load. */
uint32_t ebb_systick_cuts(void);

#ifdef __cplusplus
}
#endif

#endif /* EBB_TIME_SYSTICK_H */
