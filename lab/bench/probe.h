/*
 * probe.h - the harness lab/bench/ops.c and lab/bench/scale.c share: the counter
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

/* Spawn `t` on `ex`; a refusal (a bug of the bench's) ends the run with
 * exit status 1, so no figure is printed for a task that never ran. */
__attribute__((unused, noinline, cold)) static void probe_spawn(ebb_executor *ex, ebb_task *t)
{
    if (ebb_task_spawn(ex, t) != EBB_OK) {
        ebb_board_puts("bench: a spawn was refused\n");
        ebb_board_exit(1);
    }
}

/* Measure `overhead`: first thing in main. */
static inline __attribute__((always_inline)) void probe_calibrate(void)
{
    uint32_t a = stamp(), b = stamp();
    overhead = b - a;
}

/* `out` = the instructions `stmt` takes, the counter's own cost taken off. */
#define PROBE_SAMPLE(out, ...)                                                 \
    do {                                                                       \
        uint32_t t0_ = stamp();                                                \
        __VA_ARGS__;                                                           \
        uint32_t t1_ = stamp();                                                \
        (out) = t1_ - t0_ - overhead;                                          \
    } while (0)

/* One "<kind> <name> <value>" line for the checking scripts
 * (lab/bench/check_ops.py reads "op" lines). */
/* (Out of line: the measured code around each call stays the same.) */
static EBB_UNUSED __attribute__((noinline)) void probe_put(const char *kind, const char *name,
                                                          int32_t v)
{
    char line[80];
    (void)ebb_fmt(line, sizeof line, "%s %s %ld\n", kind, name, (long)v);
    ebb_board_puts(line);
}

/* Measure `stmt` and print it as operation `name`. */
#define PROBE_MEASURE(name, ...)                                               \
    do {                                                                       \
        uint32_t v_;                                                           \
        PROBE_SAMPLE(v_, __VA_ARGS__);                                         \
        probe_put("op", name, (int32_t)v_);                                    \
    } while (0)

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
