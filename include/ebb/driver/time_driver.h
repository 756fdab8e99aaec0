/** @file
 * ebb/driver/time_driver.h - what a time driver provides to ebb's core, and what
 * it MUST guarantee.  One driver per build: SysTick
 * (port/cortex-m/time/), an STM32 TIM (hal/stm32f4/stm32_tim_time.c), the CMSDK
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

/** Driver: current time in ticks, monotonic (T1, T2).  Context: any,
 *  including with the port lock held.  Cost: the driver's, O(1). */
ebb_ticks ebb_time_driver_now(void);

/**
 * Driver: arrange for ebb_time_alarm_isr() to run once the time reaches
 * `at`, replacing any earlier request.  EBB_TICKS_NEVER cancels.  Returns
 * false, arming nothing, when `at` has already been reached (the core then
 * handles the expired timers itself) (T3, T4).  Context: called with the
 * port lock held.  Cost: the driver's, O(1).
 */
bool ebb_time_driver_set_alarm(ebb_ticks at);

/**
 * Core: the driver's alarm interrupt calls this.  Wakes every expired timer
 * (deadline order; equal deadlines in address order) and asks for the next
 * alarm.
 * Takes the port lock once per expired timer, so interrupts wait for at
 * most one expiry (O(log n)), however many timers expire together.
 * Context: interrupt (or any context: the core calls it itself when an
 * alarm could not be armed because its deadline had passed).
 * Cost: O(expired timers x log n).
 */
void ebb_time_alarm_isr(void);

/* Internal: forget every armed timer (host port's reset between tests). */
void ebb__time_reset(void);


#ifdef __cplusplus
}
#endif

#endif /* EBB_TIME_DRIVER_H */
