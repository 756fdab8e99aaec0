/*
 * test_timers - ebb's timers fire at the right virtual times.
 *
 * The reference is QEMU's TIM2 counter (1 GHz virtual clock, independent of
 * SysTick).  Checked: ebb_now() read continuously never goes backwards
 * across SysTick wraps and tracks the reference; a sleep never ends early (by ebb's clock nor by the
 * reference), ends at most LATE_NS late by the reference, including sleeps
 * beyond SysTick's 24-bit range (~100 ms at 168 MHz); three tickers with
 * coprime periods running together (thousands of SysTick period cuts) stay
 * on time; and at the end ebb's clock has not drifted from the reference.
 */
#include "fwtest.h"

#include "ebb_time_systick.h"

#define LATE_NS 15000u  /* wake-up path (a few hundred instructions) + drift */
#define EARLY_NS 10000u /* reference alignment + accumulated drift */
#define DRIFT_NS 10000u /* 10 us over the ~1.3 s run */

static uint64_t ref0; /* reference at ebb time 0 */

static int64_t ref_us_now(void) /* reference, in ebb's microseconds */
{
    return (int64_t)((fw_ref_ns() - ref0) / 1000u);
}

static void check_on_time(ebb_ticks deadline)
{
    ebb_ticks now = ebb_now();
    uint64_t ref = fw_ref_ns() - ref0;
    uint64_t want = deadline * (1000000000u / EBB_CONFIG_TICK_HZ);
    /* not early by ebb's clock, nor by the reference (EARLY_NS: the tick-edge alignment) */
    bool ok = now >= deadline && ref + EARLY_NS >= want && ref <= want + LATE_NS;
    if (!ok) {
        ebb_board_puts("deadline us: ");
        fw_put_u64(deadline);
        ebb_board_puts(" now us: ");
        fw_put_u64(now);
        ebb_board_puts(" reference - deadline ns: ");
        fw_put_i64((int64_t)(ref - want));
        ebb_board_puts("\n");
        FW_CHECK(ok);
    }
}

/* ---- single sleeps of many lengths ---- */

static const uint32_t lengths_us[] = {0, 1, 2, 5, 10, 50, 100, 999, 1000, 12345, 99863, 99864,
                                      99865, 100000, 150000, 250000, 3};

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    size_t i;
    ebb_ticks deadline;
};

static ebb_poll_t sleeper_poll(ebb_task *self)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(&self->co);
    for (s->i = 0; s->i < sizeof lengths_us / sizeof lengths_us[0]; s->i++) {
        s->deadline = ebb_now() + EBB_US(lengths_us[s->i]);
        EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
        check_on_time(s->deadline);
    }
    EBB_END();
}

/* ---- tickers running together ---- */

struct ticking {
    ebb_task task;
    ebb_ticker ticker;
    uint32_t period_us;
    uint32_t ticks;
    uint32_t until_us;
};

static ebb_poll_t ticking_poll(ebb_task *self)
{
    struct ticking *t = EBB_CONTAINER_OF(self, struct ticking, task);
    EBB_BEGIN(&self->co);
    ebb_ticker_start(&t->ticker, EBB_US(t->period_us));
    while (t->ticker.timer.deadline <= EBB_US(t->until_us)) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        t->ticks++;
        check_on_time(t->ticker.timer.deadline - t->ticker.period);
    }
    EBB_END();
}

static ebb_poll_t nap_poll(ebb_task *self)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(&self->co);
    s->deadline = ebb_now() + EBB_US(10);
    EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
    EBB_END();
}

static EBB_TASK_DEFINE(struct sleeper, sleeper, sleeper_poll);
static EBB_TASK_DEFINE(struct sleeper, nap, nap_poll);
static struct ticking tick_a = {.task = EBB_TASK_INITIALIZER(ticking_poll), .period_us = 1000};
static struct ticking tick_b = {.task = EBB_TASK_INITIALIZER(ticking_poll), .period_us = 7001};
static struct ticking tick_c = {.task = EBB_TASK_INITIALIZER(ticking_poll), .period_us = 333};
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    /* Align the reference with a tick edge of ebb's clock, so that the
     * comparison below has no sub-tick phase error. */
    ebb_ticks t0 = ebb_now();
    while (ebb_now() == t0) {
    }
    ref0 = fw_ref_ns() - (t0 + 1u) * (1000000000u / EBB_CONFIG_TICK_HZ);
    ebb_board_puts("test_timers\n");
    ebb_executor_init(&exec, NULL);

    /* Phase 0: ebb_now() read back to back across a SysTick wrap never goes
     * backwards and tracks the reference.  When an alarm has fired and no
     * other is armed, the counter runs a full 2^24-cycle period (99.86 ms
     * at 168 MHz) from the alarm; read continuously from 95 to 105 ms. */
    {
        ebb_task_spawn(&exec, &nap.task);
        while (ebb_task_state(&nap.task) == EBB_TASK_RUNNING) {
            (void)ebb_executor_poll(&exec);
        }
        ebb_ticks t = nap.deadline;
        ebb_ticks prev = ebb_now();
        while (prev < t + EBB_MS(95)) {
            for (volatile int i = 0; i < 2000; i++) {
            }
            prev = ebb_now();
        }
        for (uint32_t n = 0; prev < t + EBB_MS(105); n++) {
            ebb_ticks now = ebb_now();
            FW_CHECK(now >= prev);
            if (n % 16u == 0) { /* reference reads are slow on QEMU (MMIO) */
                uint64_t ref = fw_ref_ns() - ref0;
                FW_CHECK(ref + EARLY_NS >= now * 1000u && ref <= now * 1000u + 2000u + EARLY_NS);
            }
            prev = now;
        }
    }

    /* Phase 1: sleeps one at a time. */
    ebb_task_spawn(&exec, &sleeper.task);
    while (ebb_task_state(&sleeper.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec)) {
            ebb_port_idle(&exec);
        }
    }

    /* Phase 2: three tickers for 0.6 s (stay below the 4 s reference wrap
     * between reads: every tick reads it). */
    uint32_t start_us = (uint32_t)(ebb_now() / EBB_US(1));
    tick_a.until_us = tick_b.until_us = tick_c.until_us = start_us + 600000u;
    ebb_task_spawn(&exec, &tick_a.task);
    ebb_task_spawn(&exec, &tick_b.task);
    ebb_task_spawn(&exec, &tick_c.task);
    while (ebb_task_state(&tick_a.task) == EBB_TASK_RUNNING ||
           ebb_task_state(&tick_b.task) == EBB_TASK_RUNNING ||
           ebb_task_state(&tick_c.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec)) {
            ebb_port_idle(&exec);
        }
    }
    FW_CHECK(tick_a.ticks == 600u);
    FW_CHECK(tick_b.ticks == 600000u / 7001u);
    FW_CHECK(tick_c.ticks == 600000u / 333u);

    int64_t drift = (int64_t)(fw_ref_ns() - ref0) - (int64_t)(ebb_now() * 1000u);
    ebb_board_puts("drift ns: ");
    fw_put_i64(drift);
    ebb_board_puts(", systick cuts: ");
    fw_put_u64(ebb_systick_cuts());
    ebb_board_puts(", stack peak bytes: ");
    fw_put_u64(ebb_cm_stack_peak_bytes());
    ebb_board_puts("\n");
    FW_CHECK(drift < (int64_t)DRIFT_NS && drift > -(int64_t)DRIFT_NS);
    FW_CHECK(ebb_cm_stack_peak_bytes() > 32u);
    FW_CHECK(ebb_cm_stack_peak_bytes() < ebb_cm_stack_size_bytes());
    (void)ref_us_now;
    ebb_board_puts("PASS\n");
    return 0;
}
