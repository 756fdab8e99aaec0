/*
 * ebb_cmsdk_time.h - ebb's clock on two CMSDK APB timers (tickless).
 *
 * One timer (the "counter") runs free, never reprogrammed: it counts down
 * from RELOAD = div * 2^k - 1 (div = clock / EBB_CONFIG_TICK_HZ, k as large
 * as 32 bits allow), so each wrap is exactly 2^k ticks and now() is
 * wraps * 2^k + (RELOAD - VALUE) / div.  Its interrupt only counts wraps
 * (once per 171 s at 25 MHz).  The other timer (the "alarm") is loaded with
 * the number of clock cycles from now to the alarm and interrupts when it
 * reaches zero; its handler reads now() again and, if the deadline has not
 * been reached (a far alarm beyond 2^32 cycles, or a model that counts
 * differently), loads the remainder.
 *
 * So time never depends on how fast the emulator or the silicon delivers
 * interrupts or executes the programming path: now() comes from a counter
 * nobody writes, and an alarm can only fire late (by the cycles between the
 * read of now() and the load of the alarm timer, plus interrupt latency),
 * never early.  Resolution: one timer clock; error: none (no cuts).
 *
 * QEMU 7.2 facts the driver relies on (measured, docs/boards-mps2.md): the
 * period of a running timer is RELOAD + 1 clocks; a write of RELOAD also
 * loads VALUE; INTSTATUS only latches while CTRL.IRQEN is set; VALUE = 0
 * with RELOAD = 0 stops the timer (the driver never loads 0).
 */
#ifndef EBB_CMSDK_TIME_H
#define EBB_CMSDK_TIME_H

#include <stdint.h>

#include "ebb/config.h"
#include "ebb_port_impl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Logical NVIC priority of both timer interrupts (0 = most urgent); must be
 * >= EBB_CONFIG_PORT_CEILING_PRIO.  Default: the lowest level. */
#ifndef EBB_CONFIG_CMSDK_TIME_PRIO
#define EBB_CONFIG_CMSDK_TIME_PRIO ((1u << (EBB_CONFIG_PORT_PRIO_BITS)) - 1u)
#endif

/* Test knobs (tests/targets builds both small, so that counter wraps and
 * alarm re-arms happen every few milliseconds instead of every 2.9 minutes):
 * the counter wraps after at most 2^EBB_CONFIG_CMSDK_TIME_MAX_SHIFT ticks,
 * and an alarm load is capped at EBB_CONFIG_CMSDK_TIME_MAX_LOAD clocks. */
#ifndef EBB_CONFIG_CMSDK_TIME_MAX_SHIFT
#define EBB_CONFIG_CMSDK_TIME_MAX_SHIFT 31u
#endif
#ifndef EBB_CONFIG_CMSDK_TIME_MAX_LOAD
#define EBB_CONFIG_CMSDK_TIME_MAX_LOAD 0xFFFFFFFFu
#endif

/**
 * Start the driver: the CMSDK timer at `counter_base` (interrupt
 * `counter_irq`) runs free, the one at `alarm_base` (`alarm_irq`) serves
 * alarms; both count `clk_hz`, which must be a non-zero multiple of
 * EBB_CONFIG_TICK_HZ (contract cmsdk_time:1).  Time starts at 0.  The board
 * calls ebb_cmsdk_time_counter_isr() and ebb_cmsdk_time_alarm_isr() from the
 * two timers' vectors.
 * Context: main, before the first ebb_now()/sleep.  Cost: a few stores.
 */
void ebb_cmsdk_time_init(uintptr_t counter_base, unsigned counter_irq, uintptr_t alarm_base,
                         unsigned alarm_irq, uint32_t clk_hz);

/** Counter timer interrupt body (counts a wrap).  Context: interrupt. */
void ebb_cmsdk_time_counter_isr(void);

/** Alarm timer interrupt body (fires ebb's expired timers or re-arms).
 *  Context: interrupt.  Cost: now() plus O(expired timers). */
void ebb_cmsdk_time_alarm_isr(void);

/** Number of alarm interrupts that found the deadline not yet reached and
 *  re-armed (a diagnostic: 0 unless alarms lie beyond 2^32 clocks or the
 *  model counts short).  Context: any.  Cost: 1 load. */
uint32_t ebb_cmsdk_time_rearms(void);

#ifdef __cplusplus
}
#endif

#endif /* EBB_CMSDK_TIME_H */
