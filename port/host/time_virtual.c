/*
 * time_virtual.c - the host port's time driver: a virtual clock that stands
 * still until a test advances it (ebb_host_advance), firing each alarm at
 * its exact deadline through a simulated interrupt.  A time driver like the
 * others (ebb/driver/time_driver.h: T1..T7 hold trivially: time only moves
 * forward, by whole ticks, and an alarm fires once at its deadline).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb/driver/port.h"
#include "ebb/driver/time_driver.h"
#include "ebb_host.h"

static ebb_ticks now_ticks;
static ebb_ticks alarm_at = EBB_TICKS_NEVER;
static unsigned long alarm_requests;

void ebb_host_reset(ebb_ticks start)
{
    ebb_host_reset_port();
    now_ticks = start;
    alarm_at = EBB_TICKS_NEVER;
    alarm_requests = 0;
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

/* ebb_port_idle() (host.c) with nothing ready: sleep until the alarm. */
void ebb__host_idle(void)
{
    if (alarm_at == EBB_TICKS_NEVER) {
        /* Nothing can ever wake a host executor now: stopping beats spinning. */
        fprintf(stderr, "ebb host: idle with no timer armed - nothing can wake the executor\n");
        exit(0);
    }
    ebb_host_advance(alarm_at - now_ticks);
}
