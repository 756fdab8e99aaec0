/*
 * sim_systick.h - a simulated Cortex-M SysTick (ARMv7-M ARM B3.3) and its
 * exception, for host tests of port/cortex-m/time/systick_time.c.
 *
 * Time is counted in core cycles (SIM_CORE_HZ).  The driver's register
 * accesses go through sim_syst_reg() (shim/ebb_cortex_m.h), which gets
 * control before each load or store, as sim_periph() does for sim_tim.c:
 * it gives the previous access its hardware meaning (a read of CSR clears
 * COUNTFLAG, a write to CVR clears VAL and COUNTFLAG), charges the access
 * SIM_ACCESS_CYCLES core cycles, runs a test hook at the n-th access (the
 * counter moving while the driver runs: slow code or a preemption above the
 * lock; never while PRIMASK is set, which only the cut's few instructions
 * do), and takes the SysTick exception there if nothing masks it.
 *
 * The counter: with CSR.ENABLE, VAL counts down by one per cycle; when it
 * reaches 0 it sets COUNTFLAG and, with TICKINT, pends SysTick; at the next
 * cycle it reloads RVR (24 bits).  The pending state is a latch (ICSR
 * PENDSTSET): cleared on entry, set again by the next count to 0, also
 * while the handler runs (tail-chained).  Entry costs sim_entry_cycles.
 *
 * The driver's cut (its assembly: PRIMASK set, sample VAL, store RVR, store
 * 0 to VAL) is ebb_systick_sim_cut(): the sample is an ordinary access, and
 * VAL holds the new reload value exactly sim_cut_cycles cycles after it
 * (the store of 0 lands at sim_cut_cycles - 1, the reload one cycle later).
 * The driver assumes EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 / 16 cycles:
 * SIM_CUT_CYCLES is the matching default (the CMake target compiles the
 * driver with SIM_CUT_CYCLES * 16); a test may change sim_cut_cycles (or
 * jitter it) to measure the drift a miscalibrated constant causes.
 *
 * Not modelled: the external reference clock (CLKSOURCE=0), RVR = 0, SysTick
 * calibration (CALIB), reads of CSR changing anything but COUNTFLAG, code
 * timing other than SIM_ACCESS_CYCLES per access, the cut and the exception
 * entry (the driver's C code between accesses takes no time), and other
 * exceptions than SysTick (PRIMASK, the port lock and a simulated
 * higher-priority context only mask it).
 *
 * The interface the scenarios use is sim_time.h (clocks are core cycles
 * here); what follows is SysTick's own.
 */
#ifndef SIM_SYSTICK_H
#define SIM_SYSTICK_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "ebb_cortex_m.h"
#include "ebb_systick_time.h"
#include "sim_time.h"

#define SIM_CORE_HZ 168000000u
#define SIM_DIV (SIM_CORE_HZ / EBB_CONFIG_TICK_HZ) /* cycles per tick */
#define SIM_ACCESS_CYCLES 1u
#ifndef SIM_CUT_CYCLES
#define SIM_CUT_CYCLES 7u
#endif
#define SIM_PERIOD 0x1000000ull /* 2^24 cycles: LOAD = 0xFFFFFF */

void SysTick_Handler(void);

/* Registers as the driver last saw them. */
extern uint32_t sim_csr, sim_rvr;
extern uint32_t sim_val;          /* the counter */
extern unsigned sim_exc_prio;     /* ebb_cm_exc_set_prio(15, ...) */
extern unsigned long sim_sim_cuts; /* cuts the simulation performed */
extern uint32_t sim_cut_cycles;   /* cost of a cut (see above) */
extern uint32_t sim_cut_jitter;   /* +- this, at random, per cut */
extern uint32_t sim_entry_cycles; /* exception entry */
/* Cycles from a count to 0 (or a store of 0) to the reload; 1 = silicon.
 * More models QEMU without -icount, whose SysTick follows host time: VAL
 * reads 0 until QEMU's timer callback runs, which then sets COUNTFLAG,
 * pends the exception and reloads from RVR as it is then, all at once (no
 * COUNTFLAG after a store of 0). */
extern uint32_t sim_reload_lag;
/* Cycles the core stalls inside the cut (PRIMASK set), between seeing the
 * reload and restoring RVR: what a host that deschedules QEMU's vCPU
 * thread does.  0 = silicon. */
extern uint32_t sim_cut_stall;

/* The cycle of the driver's last read of CVR from outside its handler
 * (relative to time 0, the first reload of the counter after it was
 * enabled: VAL = LOAD, the driver's origin). */
uint64_t sim_sample_cycle(void);

/* The driver's time (ticks * div + rem + elapsed cycles) minus the true
 * cycle of its sample of VAL: 0 when its accounting is exact.
 * (time_systick_host.c; takes the lock.) */
int64_t sim_driver_drift(void);
uint32_t sim_driver_cur_load(void);

#endif /* SIM_SYSTICK_H */
