/*
 * test_realtime - time as `make run` sees it, on any board: run WITHOUT
 * -icount, where the emulator's clock follows the host's and a device's
 * timing (a SysTick reload, a timer interrupt) shows whenever the host gets
 * to it.  Uses the board interface only (ebb_board.h), so every board runs
 * it (tests/firmware/suite.cmake: ebb_fw_realtime_test()).
 *
 * A 10 ms ticker runs for TICKS periods (5 s of ebb time; run_qemu.py
 * --min-seconds checks the host time, --ebb-not-ahead that ebb's clock did
 * not run ahead of the host's).  Checked here: every tick delivered, one per
 * period, none early; ebb_now(), sampled continuously in between, never
 * goes backwards and never steps by more than MAX_STEP_US.
 *
 * The bound: the emulator's vCPU thread can be descheduled by a loaded host
 * (two cores shared by many QEMUs in CI) and its clock runs on meanwhile, so
 * a step of a few hundred milliseconds is possible without any fault.  The
 * faults this catches are larger: the SysTick driver that restored RVR too
 * early made ebb_now() jump by 2^32 cycles (25.6 s at 168 MHz); a count-down
 * counted twice is 2^24 cycles and shows as ebb's clock ahead of the host's.
 */
#include "fwtest.h"

#define PERIOD_US 10000u
#define TICKS 500u
#ifndef MAX_STEP_US
#define MAX_STEP_US 1000000u
#endif

struct ticking {
    ebb_task task;
    ebb_ticker ticker;
    uint32_t ticks;
    ebb_ticks first_due;
    ebb_ticks worst_late;
};

static ebb_poll_t ticking_poll(ebb_task *self, ebb_cx *cx)
{
    struct ticking *t = EBB_CONTAINER_OF(self, struct ticking, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&t->ticker, EBB_US(PERIOD_US));
    t->first_due = t->ticker.timer.deadline;
    while (t->ticks < TICKS) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        {
            ebb_ticks due = t->first_due + (ebb_ticks)t->ticks * EBB_US(PERIOD_US);
            ebb_ticks now = ebb_now();
            t->ticks++;
            FW_CHECK(now >= due); /* never early */
            /* one tick per period: the next deadline is the next period */
            FW_CHECK(t->ticker.timer.deadline == due + EBB_US(PERIOD_US));
            if (now - due > t->worst_late) {
                t->worst_late = now - due;
            }
        }
    }
    EBB_END();
}

static struct ticking tick = {.task = EBB_TASK_INITIALIZER(ticking_poll)};
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_realtime on " EBB_BOARD_NAME ": 10 ms ticker for 5 s, no -icount\n");
    ebb_ticks start = ebb_now();
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &tick.task) == EBB_OK);
    ebb_ticks prev = ebb_now();
    ebb_ticks max_step = 0;
    uint32_t samples = 0;
    while (ebb_task_state(&tick.task) == EBB_TASK_RUNNING) {
        (void)ebb_executor_poll(&exec);
        ebb_ticks now = ebb_now();
        samples++;
        if (now < prev || now - prev > EBB_US(MAX_STEP_US)) {
            ebb_board_puts("now() stepped from ");
            fw_put_u64(prev);
            ebb_board_puts(" to ");
            fw_put_u64(now);
            ebb_board_puts(" us\n");
            FW_CHECK(now >= prev);
            FW_CHECK(now - prev <= EBB_US(MAX_STEP_US));
        }
        if (now - prev > max_step) {
            max_step = now - prev;
        }
        prev = now;
    }
    ebb_ticks elapsed = ebb_now() - start;
    ebb_board_puts("ticks ");
    fw_put_u64(tick.ticks);
    ebb_board_puts(", now() samples ");
    fw_put_u64(samples);
    ebb_board_puts(", largest step us ");
    fw_put_u64(max_step);
    ebb_board_puts(", worst late us ");
    fw_put_u64(tick.worst_late);
    ebb_board_puts("\nEBB-US ");
    fw_put_u64(elapsed);
    ebb_board_puts("\n");
    FW_CHECK(tick.ticks == TICKS);
    FW_CHECK(elapsed >= EBB_US(PERIOD_US) * TICKS);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
