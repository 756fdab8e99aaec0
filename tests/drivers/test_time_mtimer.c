/*
 * test_time_mtimer.c - port/riscv/time/mtimer_time.c on the host, against
 * the simulated machine timer of sim_mtimer.c: 64-bit time and alarms from
 * a 64-bit counter and compare read and written as 32-bit halves.  The
 * shared scenarios (time_scenarios.c) run against it through the
 * description below, in mtime clocks (10 MHz) that the driver turns into
 * ticks (1 MHz, 10 clocks); their "period" is the low word's carry, where
 * the halves change together, and an unarmed timer takes no interrupt.
 *
 * What follows them here is the machine timer's own: the counter moving
 * by a chosen number of clocks at every register access the driver makes,
 * from 0 (a fast core) to 30,000 (an emulator that ran something else, or
 * a core preempted between two accesses).  The driver must be right
 * whatever the steps are:
 *   - now() is mtime / 10 for a value mtime held during the read, and never
 *     goes back, also when the low word carries between the two halves;
 *   - the timer interrupt never fires before the alarm that was asked for,
 *     also when the compare value straddles a change of the high word (the
 *     driver writes the compare with the lock held, so a transient value
 *     between its two halves is never seen: this test cannot tell the write
 *     orders apart, and does not claim to);
 *   - no alarm is lost: every sleep ends, at its deadline or later, and
 *     ebb_now() at the wake is >= the deadline;
 *   - mtimecmp's reset value (0) takes no spurious alarm.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb/driver/port.h"
#include "ebb_host.h"
#include "ebb_mtimer_time.h"
#include "ebb/driver/time_driver.h"
#include "sim_mtimer.h"
#include "time_scenarios.h"

#define RATIO 10u /* 10 MHz mtime, 1 MHz ticks */
#define CARRY 0x100000000ull

uint64_t sim_driver_epoch(void);          /* time_mtimer_host.c */
bool sim_driver_set_alarm(ebb_ticks at); /* the driver's, renamed */

/* The alarm asked for last, and the alarms that came before it. */
static ebb_ticks armed_at = EBB_TICKS_NEVER;
static unsigned alarms_taken, early_alarms;

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    armed_at = at;
    bool armed = sim_driver_set_alarm(at);
    if (!armed) {
        armed_at = EBB_TICKS_NEVER;
    }
    return armed;
}

/* The driver's call into the core (renamed): the interrupt may only come
 * once the armed tick has been reached. */
void mtimer_alarm_isr(void)
{
    alarms_taken++;
    if (armed_at == EBB_TICKS_NEVER ||
        (sim_mtimer_mtime() - sim_driver_epoch()) / RATIO < armed_at) {
        early_alarms++;
    }
    armed_at = EBB_TICKS_NEVER;
    sim_alarm_isr();
}

/* ---- the description the shared scenarios use ---- */

static void init(void)
{
    armed_at = EBB_TICKS_NEVER;
    alarms_taken = early_alarms = 0;
    ebb_mtimer_time_init((uintptr_t)&sim_mtimer_regs[0], (uintptr_t)&sim_mtimer_regs[2]);
}

static uint64_t to_irq(void) { return (CARRY - sim_ref() % CARRY) % CARRY; }

/* Only the alarm's: no period interrupts. */
static unsigned long irqs_until(uint64_t at)
{
    (void)at;
    return 1;
}

/* Around the low word's carries (2^32 clocks = 429,496,729.6 ticks). */
static const ebb_ticks sleep_deadlines[16] = {
    5, 1000, 999, 1000, 3, 429496729, 429496730, 429496730, 858993459,
    858993460, 1288490188, 1288490189, 1717986918, 0x80000000u, 0x80000000u, 0x80000001u};

/* One interrupt per distinct deadline, nothing else. */
static void sleepers_cost(unsigned n, unsigned distinct)
{
    (void)n;
    assert_int_equal(sim_irqs_taken, distinct);
    assert_int_equal(early_alarms, 0);
}

static const uint64_t far_starts[] = {0, 5, 0xFFFFFFFFu, CARRY, 2 * CARRY - 10, 0x1234567890ull};
static const ebb_ticks far_deltas[] = {
    2, 429496729, 429496730, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x100000000ull,
    0x123456789ull};
/* Clocks before a carry to arm at: clear of it, and next to it, where the
 * compare's halves both change. */
static const uint64_t arming_at[] = {CARRY / 2, 10, 2, 1, 0};
static const uint64_t arming_advs[] = {1, RATIO}; /* RATIO: passes the tick for sure */
static const uint64_t moving_bases[] = {5000, CARRY - 3 * RATIO}; /* clear of / at a carry */
static const uint64_t moving_advs[] = {1, RATIO};

const struct sim_driver sim_driver = {
    .name = "mtimer",
    .init = init,
    .init_at = NULL, /* it takes no clock: nothing to reject */
    .div = RATIO,
    .period = CARRY,
    .period_irqs = 0,
    .irq_early = 0,
    .to_irq = to_irq,
    .sampled = sim_sample_ref,
    .drift = NULL,      /* it keeps no count: mtime is the time */
    .reprograms = NULL, /* an alarm is a compare */
    .irqs_until = irqs_until,
    .sleepers_cost = sleepers_cost,
    .quiet_arm = true,
    .late_by_hook = false,
    .reached_within = 1, /* at the unlock */
    SIM_ARRAY(far_starts),
    SIM_ARRAY(far_deltas),
    .far = 0x280000000ull,
    .sleep_deadlines = sleep_deadlines,
    SIM_ARRAY(arming_at),
    SIM_ARRAY(arming_advs),
    .arming_min_swept = 10 * 6,
    .arming_pre = 0,
    SIM_ARRAY(moving_bases),
    SIM_ARRAY(moving_advs),
    .moving_accesses = 120,
    .soak_hook_max = 2 * RATIO,
    .soak_far = 1ull << 34,
    .soak_shift = 0,
    .soak_late = CARRY / 2 + 2 * RATIO, /* the longest masked stretch, and hooks */
    .soak_delay = 0,                    /* due: fired, never delayed */
};

/* ---- the machine timer's own: the counter moving at every access ---- */

static void start(uint64_t mtime0, uint32_t smin, uint32_t smax)
{
    ebb_host_reset_port();
    sim_reset();
    sim_mtimer_set(mtime0, smin, smax);
    memset(&exec, 0, sizeof exec);
    ebb_executor_init(&exec, NULL);
    init();
}

static void check_now_across(uint64_t mtime0, uint32_t smin, uint32_t smax, unsigned reads)
{
    start(mtime0, smin, smax);
    /* init took its epoch E from one read in [mtime0, now] */
    uint64_t e_lo = mtime0, e_hi = sim_mtimer_mtime();
    ebb_ticks last = 0;
    for (unsigned i = 0; i < reads; i++) {
        uint64_t before = sim_mtimer_mtime();
        ebb_ticks t = ebb_time_driver_now();
        uint64_t after = sim_mtimer_mtime();
        assert_true(t >= last);
        /* t = (m - E) / 10 for some m in [before, after] */
        assert_true(t * RATIO <= after - e_lo);
        assert_true((t + 1u) * RATIO + (e_hi - e_lo) > before - e_lo);
        last = t;
    }
}

static void test_now_carry_between_halves(void **state)
{
    (void)state;
    /* The low word wraps every few reads: 2^32 - 40, steps of 1..7. */
    for (uint64_t base = 0xFFFFFFD8ull; base < 6 * CARRY; base += CARRY) {
        check_now_across(base, 1, 7, 200);
    }
}

static void test_now_fast_and_slow(void **state)
{
    (void)state;
    check_now_across(0, 0, 0, 1000);               /* frozen counter */
    check_now_across(0xFFFF0000ull, 0, 3, 100000); /* wraps the low word */
    check_now_across(123, 1000, 100000, 10000);    /* 0.1..10 ms per access */
}

struct stepper {
    ebb_task task;
    ebb_timer timer;
    unsigned n, i;
    uint32_t max_us;
    ebb_ticks deadline;
    uint32_t max_late;
    bool done;
};

static ebb_poll_t stepper_poll(ebb_task *self, ebb_cx *cx)
{
    struct stepper *s = EBB_CONTAINER_OF(self, struct stepper, task);
    EBB_BEGIN(cx, &self->co);
    for (s->i = 0; s->i < s->n; s->i++) {
        s->deadline = ebb_now() + (rnd() % s->max_us); /* sometimes due at once */
        EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
        {
            ebb_ticks t = ebb_now();
            assert_true(t >= s->deadline);
            if (t - s->deadline > s->max_late) {
                s->max_late = (uint32_t)(t - s->deadline);
            }
        }
    }
    s->done = true;
    EBB_END();
}

/* A wake is late by the accesses between the compare match and the task's
 * ebb_now() (the interrupt is taken at the first access after the match;
 * about a dozen follow), each up to the step, plus the idle step. */
#define WAKE_ACCESSES 16u

static void run_sleeps(uint64_t mtime0, uint32_t smin, uint32_t smax, unsigned n)
{
    start(mtime0, smin, smax);
    /* Idle: time passes (as if in WFI) until something is ready; in fine
     * steps (one mtime clock) unless the test simulates a slow emulator. */
    uint32_t idle_step = smax > 1u ? smax : 1u;
    uint32_t late_bound = (WAKE_ACCESSES * smax + idle_step) / RATIO + 1u;
    static struct stepper s;
    memset(&s, 0, sizeof s);
    EBB_SET_UNLINKED(s.task, (ebb_task)EBB_TASK_INITIALIZER(stepper_poll));
    s.n = n;
    s.max_us = 20u + smax * 2u; /* a few accesses' worth: some due, most not */
    assert_int_equal(ebb_task_spawn(&exec, &s.task), 0);
    for (unsigned guard = 0; !s.done; guard++) {
        assert_true(guard < 10000u * n); /* a lost alarm hangs here */
        if (!ebb_executor_poll(&exec)) {
            sim_advance(idle_step);
        }
    }
    assert_int_equal(early_alarms, 0);
    print_message("steps %u..%u: %u sleeps, %u alarm interrupts, max lateness %u us (bound %u)\n",
                  smin, smax, n, alarms_taken, s.max_late, late_bound);
    assert_true(s.max_late <= late_bound);
}

static void test_sleeps_fast_core(void **state)
{
    (void)state;
    /* 0..2 mtime clocks (0.2 us) per access: a wake within a few ticks. */
    run_sleeps(0, 0, 2, 500);
}

static void test_sleeps_across_high_word(void **state)
{
    (void)state;
    /* Deadlines whose compare value straddles 2^32 and 2^33: the compare's
     * halves change together; the write order must not fire early. */
    run_sleeps(0xFFFFF000ull, 1, 5, 500);
    run_sleeps(0x1FFFFF000ull, 1, 5, 500);
}

static void test_sleeps_slow_emulator(void **state)
{
    (void)state;
    /* Up to 3 ms between two accesses: alarms are often already due when
     * written.  None may be lost or early; lateness is what the slowness
     * allows: a handful of accesses. */
    run_sleeps(0, 0, 30000, 2000);
}

static void test_reset_compare_is_pending(void **state)
{
    (void)state;
    /* mtimecmp resets to 0 (QEMU virt): init must disarm it before the
     * interrupt is enabled, or the first unlock takes a spurious alarm. */
    start(5000, 1, 1);
    ebb_irq_state s = ebb_port_lock();
    ebb_port_unlock(s);
    assert_int_equal(alarms_taken, 0);
    assert_int_equal(sim_irqs_taken, 0);
    assert_true(sim_mtimer_cmp() == UINT64_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_now_carry_between_halves),
        cmocka_unit_test(test_now_fast_and_slow),
        cmocka_unit_test(test_sleeps_fast_core),
        cmocka_unit_test(test_sleeps_across_high_word),
        cmocka_unit_test(test_sleeps_slow_emulator),
        cmocka_unit_test(test_reset_compare_is_pending),
    };
    int failed = cmocka_run_group_tests_name("mtimer's own", tests, NULL, NULL);
    return failed + time_scenarios_run();
}
