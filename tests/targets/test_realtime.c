/*
 * test_realtime - time as `make run` sees it: run WITHOUT -icount, so the
 * emulator's virtual clock follows the host's and interrupts arrive when
 * the host gets to them.  A 10 ms ticker runs for 5 s (the harness checks
 * that at least 5 s of host time passed).  Checked: every tick delivered
 * (500, never two for one period, never early); ebb_now(), sampled all the
 * time in between, never goes backwards and never steps by more than
 * MAX_STEP_US; a tick is at most MAX_LATE_US late (the host may deschedule
 * QEMU); and ebb's clock agrees with the reference clock at the end.
 */
#include "tgtest.h"

#define PERIOD_US 10000u
#define TICKS 500u
#define MAX_LATE_US 200000u /* a loaded host can stall QEMU this long */
#define MAX_STEP_US 200000u

struct ticking {
    ebb_task task;
    ebb_ticker ticker;
    uint32_t ticks;
    ebb_ticks worst_late;
    ebb_ticks last_due;
};

static ebb_poll_t ticking_poll(ebb_task *self)
{
    struct ticking *t = EBB_CONTAINER_OF(self, struct ticking, task);
    EBB_BEGIN(&self->co);
    ebb_ticker_start(&t->ticker, EBB_US(PERIOD_US));
    while (t->ticks < TICKS) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        t->ticks++;
        ebb_ticks due = t->ticker.timer.deadline - t->ticker.period;
        ebb_ticks now = ebb_now();
        TG_CHECK(now >= due);
        /* one tick per period: the deadlines follow each other exactly */
        TG_CHECK(t->ticks == 1u || due == t->last_due + EBB_US(PERIOD_US));
        t->last_due = due;
        if (now - due > t->worst_late) {
            t->worst_late = now - due;
        }
        TG_CHECK(now - due <= EBB_US(MAX_LATE_US));
    }
    EBB_END();
}

static struct ticking tick = {.task = EBB_TASK_INITIALIZER(ticking_poll)};
static ebb_executor exec = EBB_EXECUTOR_INITIALIZER;

int main(void)
{
    (void)tg_ref_start();
    ebb_board_init();
    uint64_t ref_start = tg_ref_ns();
    ebb_ticks start = ebb_now();
    ebb_board_puts("test_realtime on " EBB_BOARD_NAME ": 10 ms ticker for 5 s\n");
    ebb_executor_init(&exec, NULL);
    ebb_task_spawn(&exec, &tick.task);
    ebb_ticks prev = ebb_now();
    ebb_ticks max_step = 0;
    while (ebb_task_state(&tick.task) == EBB_TASK_RUNNING) {
        (void)ebb_executor_poll(&exec);
        (void)tg_ref_ns(); /* keep the reference extended (SysTick wraps in 1 s) */
        ebb_ticks now = ebb_now();
        TG_CHECK(now >= prev);
        if (now - prev > max_step) {
            max_step = now - prev;
        }
        TG_CHECK(now - prev <= EBB_US(MAX_STEP_US));
        prev = now;
    }
    ebb_ticks elapsed = ebb_now() - start;
    uint64_t ref_us = (tg_ref_ns() - ref_start) / 1000u;
    ebb_board_puts("ticks ");
    tg_put_u64(tick.ticks);
    ebb_board_puts(", ebb us ");
    tg_put_u64(elapsed);
    ebb_board_puts(", reference us ");
    tg_put_u64(ref_us);
    ebb_board_puts(", worst late us ");
    tg_put_u64(tick.worst_late);
    ebb_board_puts(", largest now() step us ");
    tg_put_u64(max_step);
    ebb_board_puts("\n");
    TG_CHECK(tick.ticks == TICKS);
    TG_CHECK(elapsed >= EBB_US(PERIOD_US) * TICKS);
    /* Both clocks count the same virtual time; they differ only by what
     * passed between their reads, which the host can stretch. */
    TG_CHECK(ref_us + MAX_STEP_US >= elapsed && ref_us <= elapsed + MAX_STEP_US);
    ebb_board_puts("PASS\n");
    return 0;
}
