/* host.c - the host port: simulated interrupts and a virtual-time driver. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb/port.h"
#include "ebb/time_driver.h"
#include "ebb_host.h"

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
static ebb_ticks now_ticks;
static ebb_ticks alarm_at = EBB_TICKS_NEVER;
static unsigned long alarm_requests;

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

void ebb_host_reset(ebb_ticks start)
{
    ebb__host_lock_depth = 0;
    n_pending = 0;
    isr_depth = 0;
    ebb__host_lock_countdown = 0;
    now_ticks = start;
    alarm_at = EBB_TICKS_NEVER;
    alarm_requests = 0;
    ebb__cur = NULL;
    ebb__time_reset();
    memset(ebb__executors, 0, sizeof ebb__executors);
}

ebb_ticks ebb_time_driver_now(void) { return now_ticks; }

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    alarm_requests++;
    if (at != EBB_TICKS_NEVER && at <= now_ticks) {
        alarm_at = EBB_TICKS_NEVER;
        return false;
    }
    alarm_at = at;
    return true;
}

ebb_ticks ebb_host_alarm(void) { return alarm_at; }
unsigned long ebb_host_alarm_requests(void) { return alarm_requests; }

static void alarm_isr(void *arg)
{
    (void)arg;
    ebb_time_alarm_isr();
}

void ebb_host_advance(ebb_ticks ticks)
{
    /* Saturate below "never", which no clock may read. */
    ebb_ticks target = ebb_ticks_add(now_ticks, ticks);
    if (target == EBB_TICKS_NEVER) {
        target = EBB_TICKS_NEVER - 1;
    }
    while (alarm_at != EBB_TICKS_NEVER && alarm_at <= target) {
        now_ticks = alarm_at;
        alarm_at = EBB_TICKS_NEVER; /* one-shot, like a compare match */
        ebb_host_irq(alarm_isr, NULL);
    }
    now_ticks = target;
}

unsigned long ebb_host_run_until(ebb_executor *ex, ebb_ticks until)
{
    unsigned long passes = 0;
    for (;;) {
        while (ebb_executor_has_work(ex)) {
            (void)ebb_executor_poll(ex);
            passes++;
        }
        if (alarm_at != EBB_TICKS_NEVER && alarm_at <= until && alarm_at >= now_ticks) {
            ebb_host_advance(alarm_at - now_ticks);
            continue;
        }
        if (until != EBB_TICKS_NEVER && until > now_ticks) {
            ebb_host_advance(until - now_ticks);
        }
        if (!ebb_executor_has_work(ex)) {
            return passes;
        }
    }
}

unsigned long ebb_host_run_idle(ebb_executor *ex, unsigned long max_passes)
{
    unsigned long passes = 0;
    while (passes < max_passes) {
        if (ebb_executor_has_work(ex)) {
            (void)ebb_executor_poll(ex);
            passes++;
        } else if (alarm_at != EBB_TICKS_NEVER) {
            ebb_host_advance(alarm_at - now_ticks);
        } else {
            break;
        }
    }
    return passes;
}

void ebb_port_idle(ebb_executor *ex)
{
    if (ebb_executor_has_work(ex)) {
        return;
    }
    if (alarm_at == EBB_TICKS_NEVER) {
        /* Nothing can ever wake a host executor now: stopping beats spinning. */
        fprintf(stderr, "ebb host: idle with no timer armed - nothing can wake the executor\n");
        exit(0);
    }
    ebb_host_advance(alarm_at - now_ticks);
}

void ebb_port_panic(const char *module, int id)
{
    fprintf(stderr, "ebb: contract violated: %s:%d\n", module, id);
    abort();
}
