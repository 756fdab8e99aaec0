/*
 * fw_time.h - the sleeper and tickers that test_time.c (QEMU, against the
 * board's reference clock) and hw_time.c (hardware, against the DWT cycle
 * counter) run: each wake is handed to the test's check, which compares
 * it with its own reference.
 */
#ifndef EBB_FW_TIME_H
#define EBB_FW_TIME_H

#include "fwtest.h"

/* Called at each wake with the deadline it was for. */
typedef void (*fw_time_check_fn)(ebb_ticks deadline);

/* Sleeps one at a time, `n` lengths in microseconds. */
struct fw_sleeper {
    ebb_task task;
    ebb_timer timer;
    const uint32_t *lengths_us;
    size_t n, i;
    ebb_ticks deadline;
    fw_time_check_fn check;
};

static inline ebb_poll_t fw_sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct fw_sleeper *s = EBB_CONTAINER_OF(self, struct fw_sleeper, task);
    EBB_BEGIN(cx, &self->co);
    for (s->i = 0; s->i < s->n; s->i++) {
        s->deadline = ebb_now() + EBB_US(s->lengths_us[s->i]);
        EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
        s->check(s->deadline);
    }
    EBB_END();
}

#define FW_SLEEPER_INITIALIZER(lengths, fn)                                                        \
    {                                                                                              \
        .task = EBB_TASK_INITIALIZER(fw_sleeper_poll), .lengths_us = (lengths),                    \
        .n = sizeof(lengths) / sizeof((lengths)[0]), .check = (fn)                                 \
    }

/* A ticker of `period_us` for `duration_us` from its start; counts its
 * ticks. */
struct fw_ticking {
    ebb_task task;
    ebb_ticker ticker;
    uint32_t period_us;
    uint32_t duration_us;
    uint32_t ticks;
    ebb_ticks end;
    fw_time_check_fn check;
};

static inline ebb_poll_t fw_ticking_poll(ebb_task *self, ebb_cx *cx)
{
    struct fw_ticking *t = EBB_CONTAINER_OF(self, struct fw_ticking, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&t->ticker, EBB_US(t->period_us));
    t->end = t->ticker.timer.deadline - t->ticker.period + EBB_US(t->duration_us);
    while (t->ticker.timer.deadline <= t->end) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        t->ticks++;
        t->check(t->ticker.timer.deadline - t->ticker.period);
    }
    EBB_END();
}

#define FW_TICKING_INITIALIZER(period, fn)                                                         \
    {                                                                                              \
        .task = EBB_TASK_INITIALIZER(fw_ticking_poll), .period_us = (period), .check = (fn)        \
    }

static inline bool fw_time_running(ebb_task *a, ebb_task *b, ebb_task *c)
{
    return ebb_task_state(a) == EBB_TASK_RUNNING || (b && ebb_task_state(b) == EBB_TASK_RUNNING) ||
           (c && ebb_task_state(c) == EBB_TASK_RUNNING);
}

/* Poll `ex` until the tasks (b and c may be NULL) have ended.  Idle only
 * while a task still waits: with WFI idle (RISC-V) and nothing armed after
 * the last task ended, an idle would never return. */
static inline void fw_time_run(ebb_executor *ex, ebb_task *a, ebb_task *b, ebb_task *c)
{
    while (fw_time_running(a, b, c)) {
        if (!ebb_executor_poll(ex) && fw_time_running(a, b, c)) {
            ebb_port_idle(ex);
        }
    }
}

#endif /* EBB_FW_TIME_H */
