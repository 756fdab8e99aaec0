/** @file
 * ebb/time_driver.h - what a time driver provides to ebb's core, and what
 * it MUST guarantee.  One driver per build: SysTick
 * (port/cortex-m/time/), an STM32 TIM (hal/stm32f4/time_tim.c), the CMSDK
 * timers (hal/cmsdk/), the RISC-V machine timer (port/riscv/), the host's
 * virtual clock (port/host/host.c, driven by the tests).
 *
 * The core keeps every timer in its own queue and asks the driver for ONE
 * alarm at a time, at the nearest deadline; the driver never sees timers.
 *
 * A driver MUST guarantee, on silicon and on every emulator it may run on
 * (QEMU with and without -icount), whatever the timing of its hardware:
 *   T1 now() never decreases, and never runs ahead of real time: an error
 *      may only make ebb's clock lag (a lost count-down period on an
 *      emulator that stalls), never jump forward or back.
 *   T2 now() is exact to within one tick plus the driver's documented drift
 *      (e.g. the SysTick cut constant), with no accumulating error when no
 *      alarm is armed.
 *   T3 After set_alarm(at) returned true, ebb_time_alarm_isr() is called
 *      exactly once, at a moment when now() >= at (never early), unless a
 *      later set_alarm() replaced the request first.  Late by at most the
 *      driver's documented bound plus the time its interrupt was masked.
 *   T4 set_alarm(at) returns false exactly when at <= now(): nothing is
 *      armed and the core expires the timers itself.  EBB_TICKS_NEVER
 *      cancels and returns true.  An alarm is never lost when `at` is
 *      reached while it is being armed: either false is returned or the
 *      interrupt comes (the driver re-checks after programming the
 *      hardware).
 *   T5 The driver's interrupt runs at a priority at or below the port's
 *      ceiling (it calls the core) and takes the port lock for its own
 *      state; it extends a narrow hardware counter to 64 bits without
 *      losing a wrap while its interrupt is masked for up to one counter
 *      period (document that period).
 *   T6 No wait for a hardware event is bounded by an iteration count that
 *      assumes a timing: wait for the event itself (an emulator can show a
 *      reload or a compare much later than silicon).
 *   T7 A bad configuration (a clock that is not a multiple of
 *      EBB_CONFIG_TICK_HZ, ...) ends in ebb_port_panic(<driver>, id), never
 *      a silently wrong clock.
 * Tests: tests/drivers runs drivers on the host against simulated
 * registers, including late reloads and stalls; tests/firmware's
 * test_realtime checks T1/T3 on QEMU without -icount on every board.
 */
#ifndef EBB_TIME_DRIVER_H
#define EBB_TIME_DRIVER_H

#include "ebb/config.h"

#include <stdbool.h>

#include "ebb/time.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The three functions are declared in ebb/time.h (the core's side of the
 * contract); this header is what a driver includes, and where the rules
 * above live. */

#ifdef __cplusplus
}
#endif

#endif /* EBB_TIME_DRIVER_H */
