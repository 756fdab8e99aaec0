/** @file
 * ebb/stats.h - CPU load and run time per task, counted as the program
 * runs (EBB_CONFIG_TASK_STATS=1, CMake option EBB_TASK_STATS), and the
 * clock they and the trace (ebb/trace.h) are measured with.
 *
 * Each poll of a task adds one to its poll count and its length to its run
 * time; each sleep of an executor in ebb_executor_run() (or in a run loop
 * of one's own that marks it with EBB_EXECUTOR_IDLE_ENTER/EXIT) adds to the
 * executor's idle time.  A poll's length includes the interrupts that
 * preempted it.  CPU load over an interval is 1 - idle / elapsed, both read
 * from ebb_profile_clock():
 *
 *     uint32_t t0 = ebb_profile_clock(), i0 = ebb_executor_idle_time(&exec);
 *     ...
 *     uint32_t load_permille = 1000u - 1000u * (ebb_executor_idle_time(&exec) - i0)
 *                                          / (ebb_profile_clock() - t0);
 *
 * The counters wrap at 2^32 clock ticks; differences stay right across one
 * wrap.  `ebb-tasks` in gdb (tools/gdb/ebb.py) shows them.
 */
#ifndef EBB_STATS_H
#define EBB_STATS_H

#include <stdint.h>

#include "ebb/config.h"
#include "ebb/executor.h"
#include "ebb/task.h"
#include "ebb/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#if EBB_CONFIG_TASK_STATS || EBB_CONFIG_TRACE
/**
 * The clock of the statistics and of the trace's timestamps.  Weak
 * default: the low 32 bits of ebb's clock (EBB_CONFIG_TICK_HZ); a board
 * may supply a cycle counter instead, with ebb_profile_clock_hz() its rate.
 * The default needs the time driver started: a board starts it first in
 * ebb_board_init(), before any task of its own is spawned.
 * Context: any, also with the lock held (it must not block).
 */
uint32_t ebb_profile_clock(void);
/** Rate of ebb_profile_clock() in Hz (weak default: EBB_CONFIG_TICK_HZ). */
uint32_t ebb_profile_clock_hz(void);

/* Internal (the trace and the statistics): ebb_profile_clock(), read
 * inline where the board named its counter (EBB_CONFIG_PROFILE_COUNTER). */
static inline uint32_t ebb__profile_now(void)
{
#ifdef EBB_CONFIG_PROFILE_COUNTER
    return *(volatile const uint32_t *)(uintptr_t)(EBB_CONFIG_PROFILE_COUNTER);
#else
    return ebb_profile_clock();
#endif
}
#endif

#if EBB_CONFIG_TASK_STATS
/** Polls of `t` so far.  Context: any.  Cost: one load. */
static inline uint32_t ebb_task_polls(const ebb_task *t) { return t->polls; }
/** Time the polls of `t` took so far, in ebb_profile_clock() ticks.
 *  Context: any.  Cost: one load. */
static inline uint32_t ebb_task_run_time(const ebb_task *t) { return t->run; }
/** Time `ex` slept in its run loop so far, in ebb_profile_clock() ticks.
 *  Context: any.  Cost: one load. */
static inline uint32_t ebb_executor_idle_time(const ebb_executor *ex) { return ex->idle; }

#define EBB__STATS_IDLE_ENTER(ex) ((ex)->idle_since = ebb_profile_clock())
#define EBB__STATS_IDLE_EXIT(ex) ((ex)->idle += ebb_profile_clock() - (ex)->idle_since)
#else
#define EBB__STATS_IDLE_ENTER(ex) ((void)0)
#define EBB__STATS_IDLE_EXIT(ex) ((void)0)
#endif

/** In a run loop of one's own (ebb_executor_run() has these): executor
 *  `ex` found no work and goes to sleep - its idle time starts (statistics)
 *  and the trace records it and drains its ring (ebb_trace_flush(), the
 *  sleep being what the drain may take time from).  Nothing when both are
 *  off.  Context: the loop's thread.  Cost: a clock read, a record and the
 *  drain, as enabled. */
#define EBB_EXECUTOR_IDLE_ENTER(ex)                                            \
    do {                                                                       \
        EBB__TRACE_IDLE_ENTER(ex);                                             \
        EBB__STATS_IDLE_ENTER(ex);                                             \
    } while (0)
/** ... and is awake with work again. */
#define EBB_EXECUTOR_IDLE_EXIT(ex)                                             \
    do {                                                                       \
        EBB__STATS_IDLE_EXIT(ex);                                              \
        EBB__TRACE(EBB_TRACE_IDLE_END, (ex), 0);                               \
    } while (0)

#ifdef __cplusplus
}
#endif

#endif /* EBB_STATS_H */
