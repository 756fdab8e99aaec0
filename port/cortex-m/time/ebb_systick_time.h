/*
 * ebb_systick_time.h - ebb's clock on the Cortex-M SysTick timer (tickless).
 *
 * SysTick counts core cycles down from a 24-bit reload value.  The driver
 * keeps a 64-bit time as (ticks, cycles) at the start of the current count-
 * down period; a period that runs out is added whole (exact), and to bring an
 * alarm closer the driver "cuts" the running period short (writes VAL),
 * adding the cycles counted so far plus a constant for the cut itself
 * (kept in sixteenths of a cycle so that fractions do not add up).
 *
 * Error bound: natural wraps are exact.  A cut assumes the counter restarts
 * EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 / 16 cycles after the sample of VAL it is
 * based on.  Each cut is off by the phase of that sample within its cycle
 * (up to +-1 cycle, zero mean) plus the calibration error of the constant
 * (a systematic bias, which is what accumulates).  A cut happens at most
 * once per alarm programmed (about one per timer expiry).  Measured on QEMU
 * (a 3.3 s version of tests/firmware/test_time.c, 9,173 cuts):
 * total drift between -0.7 and +4.1 us depending on code timing, i.e. a
 * bias under 0.1 cycle per cut (< 1.5 ppm).  On hardware, an uncalibrated
 * constant that is off by 1 cycle costs 6 ppm at 168 MHz and 1000 expiries
 * per second; calibrate it with the DWT cycle counter.
 * An alarm fires at most a few dozen cycles (the programming path) late,
 * plus, if an interrupt above ebb's ceiling preempts the programming path
 * between its first sample of VAL and the cut, the length of that
 * preemption (tests/drivers/test_time_systick.c allows for exactly this).
 *
 * Emulators: the driver makes no assumption about when a reload shows
 * after a store to VAL (QEMU without -icount shows it 10 us of host time
 * later or more; VAL reads 0 meanwhile): it waits for it, at init and in
 * each cut, with interrupts masked (one read on silicon).  If the core
 * stalls inside a cut for longer than the shortened period, the driver sees
 * it (COUNTFLAG) and folds it in; periods that passed unseen during such a
 * stall are lost, so the clock can run slow but never jumps ahead or back.
 * tests/drivers (a simulated SysTick whose reload lags, stalls in the cut)
 * and tests/firmware/test_realtime.c (QEMU without -icount) check this.
 *
 * With no alarm armed SysTick still interrupts once per 2^24 cycles (100 ms
 * at 168 MHz) to extend the counter: the only "tick" an idle system takes.
 */
#ifndef EBB_SYSTICK_TIME_H
#define EBB_SYSTICK_TIME_H

#include <stdint.h>

#include "ebb/config.h" /* first: an application's ebb_config.h sets these options */

#ifdef __cplusplus
extern "C" {
#endif

/* Cycles, in sixteenths, between sampling VAL and the restart of the
 * counter in a cut, averaged over the unknown phase of the sample within its
 * cycle.  Cortex-M4 estimate: ldr (2) + cmp, branch, two str (4) + the
 * reload edge; calibrate on hardware against the DWT cycle counter (see
 * tests/firmware/test_time.c).  The QEMU boards set their measured values
 * (derived in boards/microbit/board.cmake). */
#ifndef EBB_CONFIG_SYSTICK_CUT_CYCLES_X16
#define EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 (7u * 16u)
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

#endif /* EBB_SYSTICK_TIME_H */
