/*
 * test_time_host - ebb's clock on the machine timer WITHOUT -icount, the way
 * `make run` runs: QEMU's mtime then follows the host's clock, advancing by
 * however much host time passed between two instructions.
 *
 * A 10 ms ticker runs until at least 5 s have passed on both ebb's clock
 * and the host's (the machine's Goldfish RTC, which QEMU drives from the
 * host clock: an independent reference).  Checks:
 *   - ebb_now() never goes backwards (sampled in bursts at every tick);
 *   - ebb's clock tracks the host's: every reading of ebb_now(), bracketed
 *     by two RTC reads, lies between them within TRACK_US (clock rate
 *     differences and the start-up bracket); so no step of ebb's clock is
 *     larger than the host time that passed (a counter bug shows up as a
 *     jump of seconds);
 *   - no tick is later than LATE_BOUND_MS (a loaded host may deschedule
 *     QEMU for a while; it cannot make ebb skip or lose a tick);
 *   - every tick is delivered, none twice: after the k-th wake the ticker's
 *     next deadline is exactly first + k periods (a late QEMU gets the
 *     missed ticks back to back, never skipped).
 */
#include "ebb_mtimer_time.h"
#include "fwtest.h"

#define LATE_BOUND_MS 1000u
#define TRACK_US 5000u
#define PERIOD_MS 10u

/* Goldfish RTC: nanoseconds of host time; reading TIME_LOW latches the
 * high word for the next read of TIME_HIGH. */
#define RTC_TIME_LOW EBB_RV_REG32(0x00101000u)
#define RTC_TIME_HIGH EBB_RV_REG32(0x00101004u)

static uint64_t rtc_ns(void)
{
    uint32_t lo = RTC_TIME_LOW;
    uint32_t hi = RTC_TIME_HIGH;
    return ((uint64_t)hi << 32) | lo;
}

static EBB_EXECUTOR_DEFINE(exec, NULL);

struct ticker_task {
    ebb_task task;
    ebb_ticker ticker;
    ebb_ticks t0, last, first_due;
    uint64_t rtc0, bracket0;
    uint32_t ticks, max_step, max_late, max_track;
};

static void report_fail(const char *what, uint32_t v)
{
    fw_put_line(what, v);
    FW_CHECK(0);
}

/* ebb time since t0 must lie within the RTC's [r1, r2] since rtc0, give or
 * take TRACK_US plus the width of the start's own bracket. */
static void check_track(struct ticker_task *t)
{
    uint64_t r1 = rtc_ns();
    ebb_ticks e = ebb_now();
    uint64_t r2 = rtc_ns();
    uint64_t ebb_us = (e - t->t0) / EBB_US(1);
    uint64_t lo_us = (r1 - t->rtc0) / 1000u;
    uint64_t hi_us = (r2 - t->rtc0) / 1000u;
    uint64_t tol = TRACK_US + t->bracket0 / 1000u;
    uint64_t off = ebb_us < lo_us ? lo_us - ebb_us : ebb_us > hi_us ? ebb_us - hi_us : 0;
    if (off > t->max_track) {
        t->max_track = (uint32_t)off;
    }
    if (off > tol) {
        report_fail("ebb clock off the host's by (us): ", (uint32_t)off);
    }
}

static ebb_poll_t tick_poll(ebb_task *self, ebb_cx *cx)
{
    struct ticker_task *t = EBB_CONTAINER_OF(self, struct ticker_task, task);
    EBB_BEGIN(cx, &self->co);
    {
        uint64_t r1 = rtc_ns();
        t->t0 = t->last = ebb_now();
        uint64_t r2 = rtc_ns();
        t->rtc0 = r1;
        t->bracket0 = r2 - r1;
    }
    ebb_ticker_start(&t->ticker, EBB_MS(PERIOD_MS));
    t->first_due = t->ticker.timer.deadline;
    for (;;) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        ebb_ticks deadline = t->first_due + (ebb_ticks)t->ticks * EBB_MS(PERIOD_MS);
        t->ticks++;
        ebb_ticks now = ebb_now();
        /* every tick delivered, none twice: the next one is one period on */
        FW_CHECK(t->ticker.timer.deadline == deadline + EBB_MS(PERIOD_MS));
        FW_CHECK(now >= t->last);
        FW_CHECK(now >= deadline);
        uint32_t step = (uint32_t)(now - t->last);
        uint32_t late = (uint32_t)(now - deadline);
        if (step > t->max_step) {
            t->max_step = step;
        }
        if (late > t->max_late) {
            t->max_late = late;
        }
        if (late > EBB_MS(LATE_BOUND_MS)) {
            report_fail("tick late by (us): ", late);
        }
        check_track(t);
        ebb_ticks prev = now;
        for (unsigned k = 0; k < 64; k++) {
            ebb_ticks n = ebb_now();
            FW_CHECK(n >= prev);
            prev = n;
        }
        t->last = prev;
        if (now - t->t0 >= EBB_SEC(5) && rtc_ns() - t->rtc0 >= 5000000000u) {
            break;
        }
    }
    {
        ebb_ticks elapsed = ebb_now() - t->t0;
        fw_put_line("ticks: ", t->ticks);
        fw_put_line("max step between ticks (us): ", t->max_step);
        fw_put_line("max lateness (us): ", t->max_late);
        fw_put_line("max distance from the host clock (us): ", t->max_track);
        fw_put_line("ebb elapsed (ms): ", (uint32_t)(elapsed / EBB_MS(1)));
        fw_put_line("rtc elapsed (ms): ", (uint32_t)((rtc_ns() - t->rtc0) / 1000000u));
    }
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}
static EBB_TASK_DEFINE(ticker_task, struct ticker_task, tick_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_time_host\n");
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &ticker_task.task) == EBB_OK);
    ebb_executor_run(&exec);
}
