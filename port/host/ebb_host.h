/** @file
 * port/host/ebb_host.h - the host port: run and unit-test ebb code on a PC.
 *
 * Time is virtual: it stands still until a test advances it, and advancing
 * it fires every timer in deadline order at its exact deadline, so tests are
 * deterministic and instant.  Interrupts are simulated: ebb_host_irq() runs a
 * handler now, or - if the code it interrupts holds the lock - at the moment
 * the lock is released, which is how tests put an "ISR" between or inside
 * polls.
 */
#ifndef EBB_HOST_H
#define EBB_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "ebb/executor.h"
#include "ebb/time.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A simulated interrupt handler (ebb_host_irq). */
typedef void (*ebb_host_isr_fn)(void *arg);

/** Raise a simulated interrupt: run `fn(arg)` now, or at the outermost
 *  unlock if the lock is held, or after the running handler if raised from
 *  one (all simulated interrupts share one priority).  Up to 64 may be
 *  pending; more is a test bug (aborts).  Context: any.  Cost: the handler. */
void ebb_host_irq(ebb_host_isr_fn fn, void *arg);

/** Raise `fn(arg)` from inside the `n`-th critical section entered from now
 *  on (n >= 1): it becomes pending there and runs at that section's
 *  outermost unlock.  Sweeping n over every critical section of an operation
 *  checks that an interrupt can land anywhere in it without losing a wake.
 *  Context: any.  Cost: O(1) until then. */
void ebb_host_irq_in_lock(unsigned n, ebb_host_isr_fn fn, void *arg);

/** True while a simulated interrupt handler runs.  Context: any.  O(1). */
bool ebb_host_in_isr(void);

/** Forget all state (time = `start`, no alarm, no pending interrupts,
 *  every executor's run queue empty, the tasks on it unlinked) without
 *  touching the timers that were armed (a test's may have lived on its
 *  stack; the next ebb_task_reset() of its task drops a forgotten timer).
 *  The tasks still queued must exist: a test whose tasks lived on its
 *  stack ends with ebb_host_forget_queues().  Call at the start of every
 *  test.  Context: outside any poll (a test's set-up).  Cost: O(executors
 *  + tasks queued). */
void ebb_host_reset(ebb_ticks start);

/** Empty every executor's run queue without touching the tasks on it (they
 *  may be gone with a test's stack frame): a test's teardown.
 *  Context: outside any poll.  Cost: O(executors). */
void ebb_host_forget_queues(void);

/** ebb_host_reset() without the clock: the port's and the core's state
 *  only (pending interrupts, timer queue, run queues, the
 *  panic hook).  For tests that bring their own time driver instead of the
 *  virtual clock (tests/drivers: a real driver against simulated registers,
 *  linked with ebb::core); ebb_host_advance() and the run helpers below
 *  belong to the virtual clock and do not apply there.
 *  Context: a test's set-up, outside tasks and handlers.  Cost: O(number of
 *  executors). */
void ebb_host_reset_port(void);

/** A panic hook (ebb_host_set_panic_hook()): gets the module and id that
 *  ebb_port_panic() was called with. */
typedef void (*ebb_host_panic_fn)(const char *module, int id);

/** Call `fn(module, id)` on ebb_port_panic() (a driver's panic, or a
 *  contract with the default ebb_on_contract) before the port aborts: a test
 *  checks an expected panic by longjmp-ing out of `fn`.  If `fn` returns,
 *  the port prints the panic and aborts as without a hook.  NULL removes it;
 *  ebb_host_reset() and ebb_host_reset_port() remove it too.
 *  Context: any.  Cost: 1 store. */
void ebb_host_set_panic_hook(ebb_host_panic_fn fn);

/** A receiver of the trace stream (ebb_host_set_trace_output). */
typedef void (*ebb_host_trace_fn)(const void *bytes, size_t n);

/** Where the trace stream goes on the host (ebb/trace.h, built with
 *  EBB_CONFIG_TRACE=1): `fn` gets every byte ebb_trace_flush() writes; NULL
 *  (the default) discards them.  Context: outside any poll.  Cost: O(1). */
void ebb_host_set_trace_output(ebb_host_trace_fn fn);

/** Advance virtual time by `ticks`, firing each alarm at its deadline.  The
 *  clock saturates at EBB_TICKS_NEVER - 1: time never goes backwards and
 *  never reaches "never" (so an alarm at EBB_TICKS_NEVER never fires).
 *  Context: outside any poll.  Cost: the alarm handlers that run. */
void ebb_host_advance(ebb_ticks ticks);

/** The pending alarm, or EBB_TICKS_NEVER.  Context: any.  Cost: O(1). */
ebb_ticks ebb_host_alarm(void);

/** How many times the driver was asked to arm or disarm the alarm (tests use
 *  it to check that the core is tickless).  Context: any.  Cost: O(1). */
unsigned long ebb_host_alarm_requests(void);

/**
 * Run `ex` until virtual time `until`: poll while tasks are ready, else jump
 * to the next alarm if it is due by `until`, else set the time to `until`
 * and return.  Returns the number of polling passes made.
 * With `until` = EBB_TICKS_NEVER it runs until nothing is ready and no
 * alarm is armed, and leaves the clock at the last alarm that fired (as
 * ebb_host_run_idle, without a pass limit).
 * Context: outside any poll.  Cost: the passes and the alarms.
 */
unsigned long ebb_host_run_until(ebb_executor *ex, ebb_ticks until);

/** Run until nothing is ready and no alarm is armed (or `max_passes`
 *  passes were made).  Returns the number of passes.
 *  Context: outside any poll.  Cost: the passes and the alarms. */
unsigned long ebb_host_run_idle(ebb_executor *ex, unsigned long max_passes);

#ifdef __cplusplus
}
#endif

#endif /* EBB_HOST_H */
