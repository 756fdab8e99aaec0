/*
 * probe.h - the harness bench/ops.c and bench/scale.c share: the counter
 * they read (TIM2 on QEMU netduinoplus2, which under -icount advances by
 * exactly one per executed instruction), what reading it twice costs (taken
 * off every figure), and the task that waits on a list forever - the shape
 * of every event wait.  One copy, so both benchmarks measure the same way.
 */
#ifndef EBB_BENCH_PROBE_H
#define EBB_BENCH_PROBE_H

#include "ebb_board.h"

#define TIM2_CNT (*(volatile uint32_t *)0x40000024u)

/* Instructions a stamp() pair costs by itself (probe_calibrate()). */
static uint32_t overhead;

/* The counter, with nothing moved across the read. */
static inline uint32_t stamp(void)
{
    __asm volatile("" ::: "memory");
    uint32_t t = TIM2_CNT;
    __asm volatile("" ::: "memory");
    return t;
}

/* Measure `overhead`: first thing in main. */
static inline __attribute__((always_inline)) void probe_calibrate(void)
{
    uint32_t a = stamp(), b = stamp();
    overhead = b - a;
}

/* A task that waits on probe_events forever, counting its resumes. */
static ebb_waitlist probe_events = EBB_WAITLIST_INITIALIZER;
struct waiter {
    ebb_task task;
    ebb_wait wait;
    uint32_t resumes;
};
static ebb_poll_t waiter_poll(ebb_task *self, ebb_cx *cx)
{
    struct waiter *w = EBB_CONTAINER_OF(self, struct waiter, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&w->wait, &probe_events));
        w->resumes++;
    }
    EBB_END();
}
/* Unused by a benchmark without waiters (trace_cost.c). */
static EBB_UNUSED EBB_TASK_DEFINE(waiter, struct waiter, waiter_poll);

#endif /* EBB_BENCH_PROBE_H */
