/*
 * test_time_host - ebb's clock on the machine timer WITHOUT -icount, the way
 * `make run` runs: QEMU's mtime then follows the host's clock, advancing by
 * however much host time passed between two instructions.
 *
 * A 10 ms ticker runs until at least 5 s have passed on both ebb's clock
 * and the host's (the machine's Goldfish RTC, which QEMU drives from the
 * host clock: an independent reference).  Checks:
 *   - ebb_now() never goes backwards (sampled in bursts at every tick);
 *   - no step between two ticks' readings, and no tick's lateness, exceeds
 *     STEP_BOUND_MS (a loaded host may deschedule QEMU for a while; a
 *     counter bug shows up as a jump of seconds);
 *   - every tick is delivered: exactly one per 10 ms of ebb time;
 *   - ebb's elapsed time agrees with the RTC's within 2% + 50 ms.
 */
#include "ebb_time_mtimer.h"
#include "rvtest.h"

#define STEP_BOUND_MS 250u
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

static ebb_executor exec = EBB_EXECUTOR_INITIALIZER;

struct ticker_task {
    ebb_task task;
    ebb_ticker ticker;
    ebb_ticks t0, last;
    uint64_t rtc0;
    uint32_t ticks, max_step, max_late;
};

static ebb_poll_t tick_poll(ebb_task *self)
{
    struct ticker_task *t = EBB_CONTAINER_OF(self, struct ticker_task, task);
    EBB_BEGIN(&self->co);
    t->rtc0 = rtc_ns();
    t->t0 = t->last = ebb_now();
    ebb_ticker_start(&t->ticker, EBB_MS(PERIOD_MS));
    for (;;) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        t->ticks++;
        ebb_ticks now = ebb_now();
        ebb_ticks deadline = t->t0 + (ebb_ticks)t->ticks * EBB_MS(PERIOD_MS);
        RV_CHECK(now >= t->last);
        RV_CHECK(now >= deadline);
        uint32_t step = (uint32_t)(now - t->last);
        uint32_t late = (uint32_t)(now - deadline);
        if (step > t->max_step) {
            t->max_step = step;
        }
        if (late > t->max_late) {
            t->max_late = late;
        }
        RV_CHECK(step <= EBB_MS(STEP_BOUND_MS));
        RV_CHECK(late <= EBB_MS(STEP_BOUND_MS));
        ebb_ticks prev = now;
        for (unsigned k = 0; k < 64; k++) {
            ebb_ticks n = ebb_now();
            RV_CHECK(n >= prev);
            prev = n;
        }
        t->last = prev;
        if (now - t->t0 >= EBB_SEC(5) && rtc_ns() - t->rtc0 >= 5000000000u) {
            break;
        }
    }
    {
        uint64_t ebb_us = (ebb_now() - t->t0) / EBB_US(1);
        uint64_t rtc_us = (rtc_ns() - t->rtc0) / 1000u;
        /* every tick delivered, none twice */
        RV_CHECK(t->ticks == (ebb_now() - t->t0) / EBB_MS(PERIOD_MS) ||
                 t->ticks + 1u == (ebb_now() - t->t0) / EBB_MS(PERIOD_MS));
        rv_put_u32("ticks: ", t->ticks);
        rv_put_u32("max step (us): ", t->max_step);
        rv_put_u32("max lateness (us): ", t->max_late);
        rv_put_u32("ebb elapsed (ms): ", (uint32_t)(ebb_us / 1000u));
        rv_put_u32("rtc elapsed (ms): ", (uint32_t)(rtc_us / 1000u));
        uint64_t diff = ebb_us > rtc_us ? ebb_us - rtc_us : rtc_us - ebb_us;
        RV_CHECK(diff <= rtc_us / 50u + 50000u);
    }
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}
static EBB_TASK_DEFINE(struct ticker_task, ticker_task, tick_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_time_host\n");
    ebb_executor_init(&exec, NULL);
    (void)ebb_task_spawn(&exec, &ticker_task.task);
    ebb_executor_run(&exec);
}
