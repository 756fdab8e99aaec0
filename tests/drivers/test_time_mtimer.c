/*
 * test_time_mtimer.c - port/riscv/time/time_mtimer.c on the host, against a
 * simulated RISC-V machine timer whose counter moves by a chosen number of
 * 10 MHz ticks at every register access the driver makes: from 0 (a fast
 * core) to thousands (an emulator that ran something else, or a core
 * preempted between two accesses).  The driver must be right whatever the
 * steps are:
 *   - now() is mtime / 10 for a value mtime held during the read, and never
 *     goes back, also when the low word carries between the two halves;
 *   - the timer interrupt (level: mtime >= mtimecmp, taken at any access
 *     made with the lock free and mie.MTIE set, or at the outermost unlock)
 *     never fires before the alarm that was asked for, also when the
 *     compare value straddles a change of the high word (the driver writes
 *     the compare with the lock held, so a transient value between its
 *     two halves is never seen: this test cannot tell the write orders
 *     apart, and does not claim to);
 *   - no alarm is lost: every sleep ends, at its deadline or later, and
 *     ebb_now() at the wake is >= the deadline.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb/port.h"
#include "ebb_host.h"
#include "ebb_time_mtimer.h"

#define RATIO 10u /* 10 MHz mtime, 1 MHz ticks */

void ebb_rv_mtimer_isr(void); /* the driver's handler */

/* ---- the simulated timer ---- */

static volatile uint32_t regs[4]; /* addresses only: mtime lo/hi, cmp lo/hi */
static uint64_t sim_mtime, sim_cmp;
static uint32_t step_min, step_max, rng = 1;
static bool in_isr, mtie;
static ebb_ticks armed_at = EBB_TICKS_NEVER;
static unsigned alarms_taken, early_alarms;
static bool raised; /* handed to ebb_host_irq(), not yet run */

static uint32_t rand32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void advance(void)
{
    uint32_t span = step_max - step_min;
    sim_mtime += step_min + (span ? rand32() % (span + 1u) : 0u);
}

/* The interrupt is taken between accesses when nothing masks it: the host
 * port of ebb::core runs it at once, or at the outermost unlock of the port
 * lock (mstatus.MIE on the target).  The line is a level: it is looked at
 * again when the handler is entered. */
static void take(void *arg)
{
    (void)arg;
    raised = false;
    if (mtie && !in_isr && sim_mtime >= sim_cmp) {
        in_isr = true;
        ebb_rv_mtimer_isr();
        in_isr = false;
    }
}

static void maybe_interrupt(void)
{
    if (mtie && !in_isr && !raised && sim_mtime >= sim_cmp) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
}

uint64_t sim_driver_epoch(void);

void ebb_mtimer_sim_enable(void)
{
    mtie = true; /* mie.MTIE */
    maybe_interrupt();
}

uint32_t ebb_mtimer_sim_read(volatile uint32_t *reg)
{
    advance();
    uint32_t v = 0;
    if (reg == &regs[0]) {
        v = (uint32_t)sim_mtime;
    } else if (reg == &regs[1]) {
        v = (uint32_t)(sim_mtime >> 32);
    } else {
        fail_msg("read of an unexpected register");
    }
    maybe_interrupt();
    return v;
}

void ebb_mtimer_sim_write(volatile uint32_t *reg, uint32_t v)
{
    advance();
    if (reg == &regs[2]) {
        sim_cmp = (sim_cmp & 0xFFFFFFFF00000000ull) | v;
    } else if (reg == &regs[3]) {
        sim_cmp = (sim_cmp & 0xFFFFFFFFull) | ((uint64_t)v << 32);
    } else {
        fail_msg("write of an unexpected register");
    }
    maybe_interrupt();
}

/* The core's alarm entry, called by the driver's handler. */
void sim_alarm_isr(void)
{
    alarms_taken++;
    /* The interrupt may only come once the armed tick has been reached. */
    if (armed_at == EBB_TICKS_NEVER || (sim_mtime - sim_driver_epoch()) / RATIO < armed_at) {
        early_alarms++;
    }
    armed_at = EBB_TICKS_NEVER;
    ebb_time_alarm_isr();
}

bool sim_driver_set_alarm(ebb_ticks at);
bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    armed_at = at;
    bool armed = sim_driver_set_alarm(at);
    if (!armed) {
        armed_at = EBB_TICKS_NEVER;
    }
    return armed;
}

/* Idle: time passes (as if in WFI) until something is ready; in fine
 * steps (one mtime tick) unless the test simulates a slow emulator. */
static uint32_t idle_step;

static void idle(void)
{
    sim_mtime += idle_step;
    maybe_interrupt();
}

/* ---- fixtures ---- */

static EBB_EXECUTOR_DEFINE(exec, NULL);

static void start(uint64_t mtime0, uint32_t smin, uint32_t smax)
{
    ebb_host_reset_port();
    memset(&exec, 0, sizeof exec);
    exec.id = 0xFF;
    ebb_executor_init(&exec, NULL);
    sim_mtime = mtime0;
    sim_cmp = 0; /* the reset value: pending until the driver writes it */
    step_min = smin;
    step_max = smax;
    alarms_taken = early_alarms = 0;
    armed_at = EBB_TICKS_NEVER;
    raised = false;
    mtie = false;
    ebb_mtimer_time_init((uintptr_t)&regs[0], (uintptr_t)&regs[2]);
}

/* ---- now() ---- */

static void check_now_across(uint64_t mtime0, uint32_t smin, uint32_t smax, unsigned reads)
{
    start(mtime0, smin, smax);
    /* init took its epoch E from one read in [mtime0, now] */
    uint64_t e_lo = mtime0, e_hi = sim_mtime;
    ebb_ticks last = 0;
    for (unsigned i = 0; i < reads; i++) {
        uint64_t before = sim_mtime;
        ebb_ticks t = ebb_time_driver_now();
        uint64_t after = sim_mtime;
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
    for (uint64_t base = 0xFFFFFFD8ull; base < (6ull << 32); base += (1ull << 32)) {
        check_now_across(base, 1, 7, 200);
    }
}

static void test_now_fast_and_slow(void **state)
{
    (void)state;
    check_now_across(0, 0, 0, 1000);           /* frozen counter */
    check_now_across(0xFFFF0000ull, 0, 3, 100000); /* wraps the low word */
    check_now_across(123, 1000, 100000, 10000);    /* 0.1..10 ms per access */
}

/* ---- sleeps ---- */

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    unsigned n, i;
    uint32_t max_us;
    ebb_ticks deadline;
    uint32_t max_late;
    bool done;
};

static ebb_poll_t sleeper_poll(ebb_task *self)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(&self->co);
    for (s->i = 0; s->i < s->n; s->i++) {
        s->deadline = ebb_now() + (rand32() % s->max_us); /* sometimes due at once */
        EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
        {
            ebb_ticks now = ebb_now();
            assert_true(now >= s->deadline);
            if (now - s->deadline > s->max_late) {
                s->max_late = (uint32_t)(now - s->deadline);
            }
        }
    }
    s->done = true;
    EBB_END();
}

/* A wake is late by the accesses between the compare match and the task's
 * ebb_now() (the interrupt is taken at the first access after the match;
 * about a dozen follow), each up to step_max, plus the idle step. */
#define WAKE_ACCESSES 16u

static void run_sleeps(uint64_t mtime0, uint32_t smin, uint32_t smax, unsigned n)
{
    start(mtime0, smin, smax);
    idle_step = smax > 1u ? smax : 1u;
    uint32_t late_bound = (WAKE_ACCESSES * smax + idle_step) / RATIO + 1u;
    static struct sleeper s;
    memset(&s, 0, sizeof s);
    s.task = (ebb_task)EBB_TASK_INITIALIZER(sleeper_poll);
    s.n = n;
    s.max_us = 20u + smax * 2u; /* a few accesses' worth: some due, most not */
    assert_int_equal(ebb_task_spawn(&exec, &s.task), 0);
    for (unsigned guard = 0; !s.done; guard++) {
        assert_true(guard < 10000u * n); /* a lost alarm hangs here */
        if (!ebb_executor_poll(&exec)) {
            idle();
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
    /* 0..2 mtime ticks (0.2 us) per access: a wake within a few ticks. */
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
    assert_true(sim_cmp == UINT64_MAX);
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
    return cmocka_run_group_tests(tests, NULL, NULL);
}
