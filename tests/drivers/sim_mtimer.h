/*
 * sim_mtimer.h - a simulated RISC-V machine timer (mtime, mtimecmp as two
 * 32-bit halves each) for host tests of port/riscv/time/mtimer_time.c.
 *
 * The driver's register accesses go through ebb_mtimer_sim_read/write (its
 * EBB_MTIMER_HOST_SIM hook), so the simulation gets control at each one:
 * it runs a test hook at the n-th access (sim_time.h), moves the counter by
 * a chosen step if asked (an emulator or a preempted core between two
 * accesses), and takes the interrupt there if nothing masks it.
 *
 * What is modelled: mtime counting clocks (10 MHz: 10 per 1 MHz tick); the
 * interrupt pending exactly while mtime >= mtimecmp and mie.MTIE is set (a
 * level: looked at again when the handler is entered and after it), taken
 * at once unless the port lock is held (mstatus.MIE), the handler already
 * runs, or a simulated higher-priority context is active.  mtimecmp resets
 * to 0 (QEMU virt), so the interrupt is pending until the driver writes it.
 * There is no periodic interrupt: the scenarios' "period" is the low word's
 * carry (2^32 clocks), a boundary of the two-halves reads, not an event.
 *
 * The interface the scenarios use is sim_time.h; clocks are mtime ticks,
 * counted from the mtime at reset (sim_mtimer_set).
 */
#ifndef SIM_MTIMER_H
#define SIM_MTIMER_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_time.h"

/* The register block the driver is given (mtime lo/hi, mtimecmp lo/hi). */
extern volatile uint32_t sim_mtimer_regs[4];

/* After sim_reset: mtime starts at `mtime0` (sim_ref() counts from there),
 * and each register access first moves it by smin..smax clocks (random,
 * the same run every time; 0..0: only hooks and sim_advance move it). */
void sim_mtimer_set(uint64_t mtime0, uint32_t smin, uint32_t smax);

uint64_t sim_mtimer_mtime(void);
uint64_t sim_mtimer_cmp(void);

/* The clock of the driver's last read of mtime's low word from outside its
 * handler: the one its last now() used. */
uint64_t sim_sample_ref(void);

#endif /* SIM_MTIMER_H */
