/* host.c - the host port: simulated interrupts, idle, panic.  Its time
 * driver, the virtual clock, is time_virtual.c: a separate object, so a test
 * that brings a real time driver (tests/drivers: a driver against simulated
 * registers) links ebb::core and the linker never pulls the virtual clock
 * out of the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb/driver/port.h"
#include "ebb/trace.h"
#include "ebb/wait.h"
#include "ebb_host.h"
#include "ebb/driver/time_driver.h"

#define MAX_PENDING 64

unsigned ebb__host_lock_depth;
unsigned ebb__host_lock_countdown;
static ebb_host_isr_fn in_lock_fn;
static void *in_lock_arg;

static struct {
    ebb_host_isr_fn fn;
    void *arg;
} pending[MAX_PENDING];
static unsigned n_pending;
static unsigned isr_depth;
static ebb_host_panic_fn panic_hook;

static void run_isr(ebb_host_isr_fn fn, void *arg)
{
    isr_depth++;
    fn(arg);
    isr_depth--;
    ebb__host_run_pending_irqs();
}

void ebb__host_run_pending_irqs(void)
{
    /* Handlers raised while masked run in the order they were raised.  All
     * simulated interrupts share one priority: one raised inside a handler
     * runs after it, never nested in it (a handler cannot preempt itself). */
    while (n_pending > 0 && ebb__host_lock_depth == 0 && isr_depth == 0) {
        ebb_host_isr_fn fn = pending[0].fn;
        void *arg = pending[0].arg;
        memmove(&pending[0], &pending[1], (n_pending - 1) * sizeof pending[0]);
        n_pending--;
        run_isr(fn, arg);
    }
}

void ebb_host_irq(ebb_host_isr_fn fn, void *arg)
{
    if (ebb__host_lock_depth == 0 && isr_depth == 0) {
        run_isr(fn, arg);
        return;
    }
    if (n_pending == MAX_PENDING) {
        fprintf(stderr, "ebb host: more than %d simulated interrupts pending\n", MAX_PENDING);
        abort();
    }
    pending[n_pending].fn = fn;
    pending[n_pending].arg = arg;
    n_pending++;
}

void ebb_host_irq_in_lock(unsigned n, ebb_host_isr_fn fn, void *arg)
{
    in_lock_fn = fn;
    in_lock_arg = arg;
    ebb__host_lock_countdown = n;
}

void ebb__host_lock_hook(void)
{
    if (--ebb__host_lock_countdown == 0) {
        /* Called just before the lock is taken: count it as held so the
         * interrupt pends until this section's unlock. */
        ebb__host_lock_depth++;
        ebb_host_irq(in_lock_fn, in_lock_arg);
        ebb__host_lock_depth--;
    }
}

bool ebb_host_in_isr(void) { return isr_depth > 0; }

void ebb_host_forget_queues(void) { ebb__executor_reset_all(false); }

void ebb_host_reset_port(void)
{
    ebb__host_lock_depth = 0;
    n_pending = 0;
    isr_depth = 0;
    ebb__host_lock_countdown = 0;
    panic_hook = NULL;
    ebb__time_reset();
    ebb__executor_reset_all(true);
}

/* The virtual clock (time_virtual.c) defines the strong one: idle jumps to
 * the next alarm.  With any other time driver nothing on the host passes
 * time for an idle executor, so idling is a test bug. */
EBB_WEAK void ebb__host_idle(void)
{
    fprintf(stderr, "ebb host: idle without the virtual clock - a test with its own time "
                    "driver runs the executor itself\n");
    abort();
}

void ebb_port_idle(ebb_executor *ex)
{
    if (ebb_executor_has_work(ex)) {
        return;
    }
    ebb__host_idle();
}

void ebb_host_set_panic_hook(ebb_host_panic_fn fn) { panic_hook = fn; }

#if EBB_CONFIG_TRACE
static ebb_host_trace_fn trace_output;
void ebb_host_set_trace_output(ebb_host_trace_fn fn) { trace_output = fn; }
void ebb_trace_output(const void *bytes, size_t n)
{
    if (trace_output != NULL) {
        trace_output(bytes, n);
    }
}
#endif

void ebb_port_panic_at(const char *module, int id, uintptr_t at, const char *task)
{
    if (panic_hook != NULL) {
        panic_hook(module, id); /* a test's longjmp out, or back to here */
    }
    char line[160];
    fputs(ebb_panic_format(line, sizeof line, module, id, at, task), stderr);
    abort();
}
