/*
 * test_time_systick.c - port/cortex-m/time/time_systick.c on the host,
 * against the simulated SysTick of sim_systick.c: 64-bit time from the
 * 24-bit down-counter, alarms by reprogramming LOAD ("cuts"), and the
 * core's sleeps on top of them.  The scenarios are those of
 * test_time_tim.c, under the same names, translated to a counter of core
 * cycles (168 MHz) that the driver turns into ticks (1 MHz, 168 cycles).
 *
 * "Exact": ebb_now() equals floor(c / 168) where c is the cycle at which
 * the driver sampled VAL (sim_sample_cycle), and the driver's own count of
 * cycles equals c (sim_driver_drift() == 0) because the simulated cut costs
 * what the driver assumes (SIM_CUT_CYCLES = EBB_CONFIG_SYSTICK_CUT_CYCLES_X16
 * / 16).  An alarm at tick `at` is on time when the driver calls the core at
 * a cycle in [at * 168, (at + 1) * 168): at the deadline's tick, never
 * before it.  The exception that does it may enter up to one cycle before
 * at * 168 (VAL reaches 0 in the last cycle of a period); ebb_now() at the
 * wake is `at`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb/port.h"
#include "ebb_host.h"
#include "sim_systick.h"

#define DIV SIM_DIV
#define PERIOD SIM_PERIOD /* cycles of an unarmed count-down */
#define PT (PERIOD / DIV) /* 99864 whole ticks in it */

#if EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 != SIM_CUT_CYCLES * 16
#error "the driver must assume the simulated cut cost"
#endif

static EBB_EXECUTOR_DEFINE(exec, NULL);
static ebb_ticks last_now;
static uint32_t cuts0; /* the driver's count is not reset by init */

static uint32_t cuts(void) { return ebb_systick_cuts() - cuts0; }

static int setup(void **state)
{
    (void)state;
    ebb_host_reset_port();
    sim_reset();
    memset(&exec, 0, sizeof exec);
    exec.id = 0xFF;
    ebb_executor_init(&exec, NULL);
    ebb_systick_time_init(SIM_CORE_HZ);
    cuts0 = ebb_systick_cuts();
    last_now = 0;
    return 0;
}

static ebb_ticks now(void) { return ebb_time_driver_now(); }
static ebb_ticks ref_ticks(void) { return sim_ref() / DIV; }

/* now() is exact (the ticks of the cycle it sampled VAL at, and the
 * driver's cycle count has no drift) and never goes back. */
static void check_now(void)
{
    ebb_irq_state s = ebb_port_lock(); /* keep the sample of now()'s read */
    ebb_ticks t = now();
    uint64_t c = sim_sample_cycle();
    int64_t drift = sim_driver_drift();
    ebb_port_unlock(s);
    assert_int_equal(drift, 0);
    assert_int_equal(t, c / DIV);
    assert_true(t >= last_now);
    last_now = t;
    ebb_ticks t2 = now(); /* and unlocked, an exception maybe taken at its unlock */
    assert_true(t2 >= t && t2 <= ref_ticks());
    last_now = t2;
}

/* The core calls set_alarm with the lock held; so do the tests. */
static bool arm(ebb_ticks at)
{
    unsigned long fires = sim_fires;
    ebb_irq_state s = ebb_port_lock();
    bool r = ebb_time_driver_set_alarm(at);
    ebb_port_unlock(s);
    if (at != EBB_TICKS_NEVER && at > ref_ticks()) {
        assert_int_equal(sim_fires, fires); /* a future alarm fires nobody now */
    }
    return r;
}

/* Time is exact, also with a wrap pending under the lock. */
static void check_now_strict(void)
{
    last_now = 0;
    check_now();
    ebb_irq_state s = ebb_port_lock();
    sim_advance(PERIOD - 100);
    check_now();
    ebb_port_unlock(s);
    check_now();
}

/* Count cycles until VAL reads `v` (an unarmed count-down of PERIOD). */
static void advance_to_val(uint32_t v)
{
    assert_int_equal(sim_driver_cur_load(), PERIOD - 1);
    sim_advance(sim_val >= v ? sim_val - v : sim_val + PERIOD - v);
    /* (an interrupt taken on the way, with its after-irq hook, may have
     * moved it on: the test's own code takes cycles) */
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return rng >> 33; /* 31 bits */
}

/* ---- init ---- */

static void test_init_programs_the_timer(void **state)
{
    (void)state;
    assert_int_equal(sim_csr, EBB_CM_SYST_CSR_CLKSOURCE | EBB_CM_SYST_CSR_TICKINT |
                                  EBB_CM_SYST_CSR_ENABLE);
    assert_int_equal(sim_rvr, 0xFFFFFFu);
    assert_int_equal(sim_exc_prio, EBB_CONFIG_SYSTICK_PRIO);
    assert_false(sim_irq_pending());
    assert_int_equal(now(), 0);
    assert_int_equal(sim_val, 0xFFFFFFu - sim_ref()); /* from LOAD at time 0 */
    check_now();
    assert_int_equal(cuts(), 0);
}

static void expect_init_panic(uint32_t hz)
{
    sim_panic_module = NULL;
    sim_panic_id = 0;
    sim_panic_armed = 1;
    if (setjmp(sim_panic_jmp) == 0) {
        ebb_systick_time_init(hz);
        sim_panic_armed = 0;
        fail_msg("ebb_systick_time_init(%u) did not panic", (unsigned)hz);
    }
    assert_non_null(sim_panic_module);
    assert_string_equal(sim_panic_module, "systick");
    assert_int_equal(sim_panic_id, 1);
}

static void test_init_rejects_bad_clocks(void **state)
{
    (void)state;
    expect_init_panic(SIM_CORE_HZ + 1u); /* not a multiple of the tick */
    expect_init_panic(0);
    expect_init_panic(500000u); /* slower than the tick */
}

/* ---- 1. now() ---- */

static void test_now_exact_across_many_wraps(void **state)
{
    (void)state;
    sim_set_after_irq(check_now); /* exact inside every interrupt too */
    check_now();
    for (int round = 0; round < 40; round++) {
        advance_to_val(1);
        check_now();
        advance_to_val(0); /* counted to 0: COUNTFLAG, SysTick taken */
        check_now();
        advance_to_val(0xFFFFFFu); /* the reload */
        check_now();
        sim_advance(1);
        check_now();
        advance_to_val(0x800000u);
        check_now();
        sim_advance(rnd() % 1000 + 1);
        check_now();
        sim_advance(rnd() % PERIOD);
        check_now();
        switch (round % 4) {
        case 0: sim_advance(PERIOD); break;
        case 1: sim_advance(PERIOD + 1); break;
        case 2: sim_advance(3 * PERIOD / 2 - 1); break;
        default: sim_advance((uint64_t)rnd() << 8); break; /* up to 2^39 */
        }
        check_now();
    }
    assert_true(sim_ref() > (1ull << 40)); /* 1.8 hours at 168 MHz */
    /* No alarm was armed: no cut, exactly one interrupt per count-down,
     * each taken when VAL reached 0 (the last cycle of its period). */
    assert_int_equal(cuts(), 0);
    assert_int_equal(sim_irqs_taken, (sim_ref() + 1) / PERIOD);
    assert_int_equal(sim_fires, 0);
}

/* VAL counts to 0 while the exception cannot be taken: time must stay
 * exact for up to (almost) a count-down of delay. */
static void pending_boundary(uint32_t before, void (*mask)(void), void (*unmask)(void))
{
    for (int round = 0; round < 3; round++) {
        check_now();
        unsigned long taken = sim_irqs_taken;
        mask();
        advance_to_val(before);
        assert_int_equal(sim_val, before);
        for (uint32_t i = 0; i < before + 4; i++) {
            sim_advance(1);
            check_now();
        }
        assert_true(sim_irq_pending());
        assert_int_equal(sim_irqs_taken, taken);
        /* Arming an alarm meanwhile (a cut writes VAL, which clears
         * COUNTFLAG) must not lose the pending count-down. */
        unsigned long fires = sim_fires;
        ebb_irq_state s = ebb_port_lock();
        assert_true(ebb_time_driver_set_alarm(now() + 0x10000u)); /* 65 ms: a cut */
        ebb_port_unlock(s);
        sim_advance(PERIOD - 1000); /* past the alarm, short of a second wrap */
        check_now();
        assert_int_equal(sim_irqs_taken, taken);
        unmask();
        assert_int_equal(sim_irqs_taken, taken + 1); /* one entry for both */
        assert_int_equal(sim_fires, fires + 1);
        assert_false(sim_irq_pending());
        check_now();
    }
}

static ebb_irq_state held;
static void lock(void) { held = ebb_port_lock(); }
static void unlock(void) { ebb_port_unlock(held); }

static void test_now_with_overflow_pending_under_lock(void **state)
{
    (void)state;
    pending_boundary(3, lock, unlock);
    pending_boundary(1, lock, unlock);
    pending_boundary(40, lock, unlock);
}

static void test_now_with_overflow_pending_in_higher_priority_isr(void **state)
{
    (void)state;
    pending_boundary(3, sim_hp_enter, sim_hp_exit);
    pending_boundary(0, sim_hp_enter, sim_hp_exit);
}

static uint64_t hook_cycles;
static void hook_advance(void) { sim_advance(hook_cycles); }

/* The counter counts to 0 inside now(), before or between its reads of VAL
 * and of COUNTFLAG (now() holds the lock: the exception waits for it). */
static void test_now_preempted_between_its_two_reads(void **state)
{
    (void)state;
    static const uint32_t vals[] = {1, 2, 3, 0, 0xFFFFFFu};
    static const uint64_t cycles[] = {1, 2, 3, 1000, PERIOD / 2};
    unsigned crossed = 0;
    for (unsigned b = 0; b < sizeof vals / sizeof vals[0]; b++) {
        for (unsigned k = 0; k < sizeof cycles / sizeof cycles[0]; k++) {
            for (unsigned n = 1; n <= 3; n++) {
                check_now();
                unsigned long taken = sim_irqs_taken;
                lock();
                advance_to_val(vals[b]);
                assert_int_equal(sim_val, vals[b]);
                hook_cycles = cycles[k];
                sim_hook_at_access(n, hook_advance);
                check_now(); /* its now() is the first call: access n is in it */
                sim_hook_at_access(0, NULL);
                unlock();
                check_now();
                if (sim_irqs_taken != taken) {
                    assert_int_equal(sim_irqs_taken, taken + 1); /* after the unlock */
                    crossed++;
                }
            }
        }
    }
    assert_true(crossed >= 20);
}

/* ---- 2. set_alarm ---- */

/* Nothing fires before `at`, one alarm fires in at's tick, nothing after. */
static void expect_fire_at(ebb_ticks at)
{
    unsigned long fires = sim_fires;
    unsigned long taken = sim_irqs_taken;
    uint64_t periods = (at * DIV - sim_ref()) / PERIOD;
    assert_true(at > ref_ticks());
    sim_advance(at * DIV - 1 - sim_ref());
    /* (a count-down ending at at * DIV interrupts in its last cycle, and
     * its handler may run into at's tick) */
    if (sim_fires != fires) {
        assert_int_equal(sim_fires, fires + 1);
        assert_true(sim_last_fire_cycle >= at * DIV);
    } else {
        check_now();
        assert_int_equal(sim_fires, fires);
    }
    sim_advance(DIV);
    assert_int_equal(sim_fires, fires + 1);
    /* One interrupt per count-down on the way, and the alarm's: no tick. */
    assert_true(sim_irqs_taken - taken <= periods + 2);
    assert_true(sim_last_fire_cycle >= at * DIV);
    assert_true(sim_last_fire_cycle < at * DIV + DIV);
    assert_true(sim_last_irq_cycle + 1 >= at * DIV);
    assert_int_equal(sim_last_fire_now, at);
    check_now();
    sim_advance(2 * PERIOD + 12345);
    assert_int_equal(sim_fires, fires + 1);
    check_now();
}

static void test_alarm_near(void **state)
{
    (void)state;
    sim_advance(777 * DIV);
    assert_true(arm(now() + 1));
    expect_fire_at(778);
    assert_true(arm(now() + 1000));
    expect_fire_at(ref_ticks() + 1000);
    for (uint64_t c = 0; c < 2 * DIV; c += 7) { /* every phase within a tick */
        sim_advance(c);
        ebb_ticks t = now();
        unsigned long fires = sim_fires;
        assert_true(arm(t + 1));
        if (ref_ticks() > t) { /* reached while arming: a shortest cut */
            uint64_t armed = sim_ref();
            sim_advance(DIV);
            assert_int_equal(sim_fires, fires + 1);
            assert_true(sim_last_fire_cycle - armed < 64 + SIM_CUT_CYCLES + 12 + 20);
        } else {
            expect_fire_at(t + 1);
        }
        assert_true(arm(now() + 2));
        expect_fire_at(ref_ticks() + 2);
    }
}

static void test_alarm_far_and_at_boundaries(void **state)
{
    (void)state;
    /* Start positions (cycles) and distances (ticks) around a count-down:
     * PT ticks fit in one, the (PT + 1)-th ends past it. */
    static const uint64_t starts[] = {0, 5, PERIOD - 200, PERIOD - 33, PERIOD - 1, PERIOD,
                                      PERIOD + 1, 0x1234567890ull};
    static const ebb_ticks deltas[] = {
        1, 2, 100, PT - 1, PT, PT + 1, PT + 2, 2 * PT, 2 * PT + 1, 0x10000, 0xFFFFFF,
        0x1000000, 0x1000001, 12345678, 0x40000000ull + 7};
    for (unsigned s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        for (unsigned d = 0; d < sizeof deltas / sizeof deltas[0]; d++) {
            setup(NULL);
            sim_advance(starts[s]);
            check_now();
            ebb_ticks at = now() + deltas[d];
            assert_true(arm(at));
            expect_fire_at(at);
        }
    }
    /* Alarms on the natural ends of count-downs (k * 2^24 cycles), where
     * no cut is needed: the tick that contains it. */
    for (uint64_t k = 1; k <= 6; k++) {
        setup(NULL);
        sim_advance(3);
        assert_true(arm(k * PERIOD / DIV));
        expect_fire_at(k * PERIOD / DIV);
        setup(NULL);
        sim_advance(3);
        assert_true(arm(k * PERIOD / DIV + 1));
        expect_fire_at(k * PERIOD / DIV + 1);
    }
}

static void test_alarm_in_the_past(void **state)
{
    (void)state;
    sim_advance(PERIOD + 5000 * DIV);
    assert_false(arm(now()));
    assert_false(arm(now() - 1));
    assert_false(arm(0));
    sim_advance(3 * PERIOD);
    assert_int_equal(sim_fires, 0);
    assert_int_equal(cuts(), 0);
    check_now();
}

static void test_alarm_never_disarms(void **state)
{
    (void)state;
    sim_advance(10 * DIV);
    assert_true(arm(now() + 100));
    assert_true(arm(EBB_TICKS_NEVER));
    sim_advance(3 * PERIOD);
    assert_int_equal(sim_fires, 0);
    check_now();

    /* Disarmed while its count to 0 is already pending: no fire. */
    assert_true(arm(now() + 1));
    ebb_irq_state s = ebb_port_lock();
    sim_advance(2 * DIV);
    assert_true(sim_irq_pending());
    assert_true(ebb_time_driver_set_alarm(EBB_TICKS_NEVER));
    ebb_port_unlock(s);
    sim_advance(3 * PERIOD);
    assert_int_equal(sim_fires, 0);
    check_now();
}

static void test_alarm_replaced(void **state)
{
    (void)state;
    ebb_ticks t = now();
    assert_true(arm(t + 1000));
    assert_true(arm(t + 500)); /* earlier */
    expect_fire_at(t + 500);

    t = now();
    assert_true(arm(t + 500));
    assert_true(arm(t + 2000)); /* later: nothing at +500 */
    expect_fire_at(t + 2000);

    t = now();
    assert_true(arm(t + 0x28000000ull));
    assert_true(arm(t + 3)); /* far, then near */
    expect_fire_at(t + 3);

    t = now();
    assert_true(arm(t + 3));
    assert_true(arm(t + 0x28000000ull)); /* near, then far */
    expect_fire_at(t + 0x28000000ull);
}

/* ---- 3. through the core ---- */

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
    ebb_ticks woke_at;
    uint64_t woke_cycle;
    bool woke_in_irq;
    int id;
};

static int order[32];
static int n_order;
static bool in_wake;

static ebb_poll_t sleeper_poll(ebb_task *self)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(&self->co);
    EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
    s->woke_at = ebb_now();
    s->woke_cycle = sim_ref();
    s->woke_in_irq = in_wake;
    order[n_order++] = s->id;
    EBB_END();
}

/* The thread, woken from WFI by the SysTick exception: run what is ready. */
static void drain(void)
{
    if (in_wake) {
        return;
    }
    in_wake = true;
    while (ebb_executor_has_work(&exec)) {
        (void)ebb_executor_poll(&exec);
    }
    in_wake = false;
}

static void test_sleepers_wake_exactly_tickless(void **state)
{
    (void)state;
    static const ebb_ticks deadlines[] = {
        5, 1000, 999, 1000, 3, PT - 1, PT, PT, PT + 1, 2 * PT, 0xFFFFFF, 0x1000000,
        0x1000001, 0x7000007, 0x7000007, 0x10000001};
    enum { N = sizeof deadlines / sizeof deadlines[0] };
    struct sleeper s[N];
    n_order = 0;
    for (int i = 0; i < N; i++) {
        s[i] = (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                .deadline = deadlines[i], .id = i};
        ebb_task_spawn(&exec, &s[i].task);
    }
    drain();
    in_wake = false;
    sim_set_after_irq(drain);
    while (n_order < N) {
        sim_advance(1 + rnd() % (1u << 29));
        assert_false(ebb_executor_has_work(&exec));
        assert_true(sim_ref() < 0x11000000ull * DIV);
    }
    for (int i = 0; i < N; i++) {
        assert_int_equal(s[i].woke_at, deadlines[i]);
        assert_true(s[i].woke_cycle >= deadlines[i] * DIV);
        assert_true(s[i].woke_cycle < deadlines[i] * DIV + DIV);
        assert_true(s[i].woke_in_irq);
        assert_int_equal(ebb_task_state(&s[i].task), EBB_TASK_DONE);
        if (i > 0) {
            const struct sleeper *a = &s[order[i - 1]];
            const struct sleeper *b = &s[order[i]];
            assert_true(a->deadline < b->deadline || (a->deadline == b->deadline && a->id < b->id));
        }
    }
    /* Tickless: one interrupt per count-down and one per distinct deadline
     * (13), not one per tick; at most two cuts per deadline (when armed, and
     * at the last count-down before it). */
    unsigned long periods = (unsigned long)(sim_ref() / PERIOD);
    assert_true(sim_irqs_taken <= periods + 13 + 1);
    assert_true(cuts() <= 2 * N);
    check_now();
    /* Once they are done, SysTick is silent but for its count-downs. */
    unsigned long taken = sim_irqs_taken;
    sim_advance(4 * PERIOD);
    assert_int_equal(sim_irqs_taken, taken + 4);
}

/* ---- 4. the deadline is reached while it is being armed ---- */

static void test_alarm_reached_while_arming(void **state)
{
    (void)state;
    /* VAL when arming: mid-period, and around the driver's GUARD (32) and
     * the natural end of the count-down. */
    static const uint32_t vals[] = {0x800000u, 200, 160, 150, 40, 33, 32, 20, 3, 1};
    static const uint64_t advs[] = {1, 40, DIV, 2 * DIV + 5};
    unsigned swept = 0;
    for (unsigned b = 0; b < sizeof vals / sizeof vals[0]; b++) {
        for (unsigned a = 0; a < sizeof advs / sizeof advs[0]; a++) {
            for (unsigned n = 1;; n++) {
                setup(NULL);
                sim_advance(PERIOD + 7 * DIV);
                advance_to_val(vals[b] + 4); /* the test's own accesses */
                ebb_ticks at = ref_ticks() + 1;
                unsigned long before = sim_accesses;
                hook_cycles = advs[a];
                sim_hook_at_access(n, hook_advance);
                bool armed = arm(at);
                bool hooked = sim_accesses - before >= n;
                sim_hook_at_access(0, NULL);
                /* Due at `at`, or at the unlock if the counter passed it. */
                ebb_ticks due = ref_ticks() > at ? ref_ticks() : at;
                sim_advance(3 * PERIOD);
                check_now_strict();
                if (armed) {
                    assert_int_equal(sim_fires, 1); /* never lost */
                    assert_true(sim_last_fire_cycle >= at * DIV);
                    /* late by at most what the hook took from the driver */
                    assert_true(sim_last_fire_cycle < due * DIV + DIV + advs[a]);
                } else {
                    assert_int_equal(sim_fires, 0); /* the core handles it */
                    assert_true(hooked);
                }
                if (!hooked) {
                    assert_true(sim_last_fire_cycle < at * DIV + DIV); /* undisturbed */
                    break;
                }
                swept++;
            }
        }
    }
    print_message("reached while arming: %u hooked runs\n", swept);
    assert_true(swept >= 8 * 4 * 2);
}

/* The same through the core: tasks one tick apart, and the counter moves
 * at every possible register access from the first alarm on. */
static void test_sleepers_one_tick_apart_with_counter_moving(void **state)
{
    (void)state;
    static const uint64_t bases[] = {5000 * DIV + 17, PERIOD - 2 * DIV + 100};
    for (unsigned i = 0; i < 2 * 60; i++) {
        uint64_t base = bases[i / 60];
        unsigned n = i % 60 + 1;
        for (unsigned k = 0; k < 3; k++) {
            static const uint64_t advs[] = {1, 40, DIV};
            setup(NULL);
            struct sleeper s[3];
            n_order = 0;
            ebb_ticks first = base / DIV + 1;
            for (int j = 0; j < 3; j++) {
                s[j] = (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                        .deadline = first + (ebb_ticks)j, .id = j};
                ebb_task_spawn(&exec, &s[j].task);
            }
            in_wake = false;
            drain();
            sim_set_after_irq(drain);
            sim_advance(base - sim_ref());
            hook_cycles = advs[k];
            sim_hook_at_access(n, hook_advance);
            sim_advance(10 * DIV);
            sim_hook_at_access(0, NULL);
            sim_advance(PERIOD);
            check_now_strict();
            assert_int_equal(n_order, 3);
            for (int j = 0; j < 3; j++) {
                assert_int_equal(ebb_task_state(&s[j].task), EBB_TASK_DONE);
                assert_true(s[j].woke_at >= s[j].deadline);
                assert_true(s[j].woke_cycle < (s[j].deadline + 1) * DIV + advs[k]);
            }
        }
    }
}

/* ---- 5. a random soak of everything above ---- */

static ebb_ticks soak_expect;
static unsigned long soak_fires;

static void soak_check(uint64_t late)
{
    check_now();
    if (soak_expect != EBB_TICKS_NEVER && soak_expect <= ref_ticks() && sim_fires == soak_fires &&
        sim_ref() - soak_expect * DIV < 2 * DIV + 100) {
        return; /* a hook delayed the driver between its sample and its cut:
                 * the alarm comes that much later (checked next step) */
    }
    if (soak_expect != EBB_TICKS_NEVER && soak_expect <= ref_ticks()) {
        assert_int_equal(sim_fires, soak_fires + 1);
        assert_true(sim_last_fire_cycle >= soak_expect * DIV);
        assert_true(sim_last_fire_cycle - soak_expect * DIV <= late);
        soak_expect = EBB_TICKS_NEVER;
    } else {
        assert_int_equal(sim_fires, soak_fires);
    }
    soak_fires = sim_fires;
}

static ebb_ticks soak_target(void)
{
    ebb_ticks t = ref_ticks();
    switch (rnd() % 6) {
    case 0: return t + 1 + rnd() % 4;
    case 1: return t + 1 + rnd() % 100000;
    case 2: return t + 1 + rnd() % (1u << 26); /* many count-downs away */
    case 3: return t - rnd() % 1000;           /* reached already */
    case 4: return EBB_TICKS_NEVER;
    default: { /* next to the natural end of the count-down */
        uint64_t end = sim_ref() + sim_val + 1;
        return end / DIV - 1 + rnd() % 3;
    }
    }
}

static void soak_set(ebb_ticks at)
{
    bool r = ebb_time_driver_set_alarm(at);
    if (!r) {
        assert_true(at != EBB_TICKS_NEVER && at <= ref_ticks());
    }
    soak_expect = r ? at : EBB_TICKS_NEVER;
}

static void test_random_soak(void **state)
{
    (void)state;
    const uint64_t late_max = PERIOD - 1; /* the longest masked stretch */
    soak_expect = EBB_TICKS_NEVER;
    soak_fires = 0;
    for (int i = 0; i < 20000; i++) {
        if (rnd() % 4 == 0) {
            hook_cycles = 1 + rnd() % (2 * DIV); /* the counter moves mid-access */
            sim_hook_at_access(1 + (unsigned)(rnd() % 10), hook_advance);
        }
        switch (rnd() % 4) {
        case 0: {
            ebb_irq_state s = ebb_port_lock();
            soak_set(soak_target());
            ebb_port_unlock(s);
            break;
        }
        case 1:
            sim_advance(rnd() % 2 ? rnd() % 2000 : (uint64_t)rnd() << 4);
            break;
        case 2: { /* masked, shorter than a count-down, maybe arming meanwhile */
            ebb_irq_state s = ebb_port_lock();
            sim_advance(rnd() % 2 ? rnd() % 2000 : rnd() % (PERIOD / 2));
            check_now();
            if (rnd() % 2) {
                soak_set(soak_target());
            }
            ebb_port_unlock(s);
            break;
        }
        default:
            sim_hp_enter();
            sim_advance(rnd() % 2000);
            check_now();
            sim_hp_exit();
            break;
        }
        sim_hook_at_access(0, NULL);
        soak_check(late_max);
    }
    assert_true(sim_ref() > (1ull << 36));
    assert_true(sim_fires > 1000);
    assert_true(cuts() > 1000);
}

/* ---- 6. drift: the cut constant against the real cost of a cut ---- */

/* Arm and reach `n` alarms 2..601 ticks apart (each one cut); return the
 * driver's drift in cycles afterwards. */
static int64_t drift_after_cuts(unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        ebb_ticks t = now();
        ebb_ticks at = t + 2 + rnd() % 600; /* +2: now() may be at the end of its tick */
        assert_true(arm(at));
        sim_advance((at - t + 1) * DIV); /* past it in the driver's time */
    }
    return sim_driver_drift();
}

static void test_drift_matched_is_zero(void **state)
{
    (void)state;
    assert_int_equal(drift_after_cuts(10000), 0);
    assert_true(cuts() >= 10000);
    check_now();
}

/* A miscalibrated constant: each cut is off by the error, which adds up
 * (the documented systematic bias); the driver keeps time otherwise. */
static void test_drift_mismatch_bounded_per_cut(void **state)
{
    (void)state;
    sim_cut_cycles = SIM_CUT_CYCLES + 1; /* a cut really costs 1 cycle more */
    uint32_t c0 = cuts();
    int64_t d = drift_after_cuts(10000);
    int64_t nc = (int64_t)(cuts() - c0);
    print_message("cut 1 cycle dearer than assumed: drift %lld cycles after %lld cuts\n",
                  (long long)d, (long long)nc);
    assert_int_equal(d, -nc); /* exactly -1 cycle per cut: the clock lags */

    setup(NULL);
    sim_cut_cycles = SIM_CUT_CYCLES - 2;
    c0 = cuts();
    d = drift_after_cuts(5000);
    nc = (int64_t)(cuts() - c0);
    print_message("cut 2 cycles cheaper: drift %lld cycles after %lld cuts\n", (long long)d,
                  (long long)nc);
    assert_int_equal(d, 2 * nc);

    /* The sample's phase: +-1 cycle at random, zero mean (the constant is
     * right on average): bounded by one cycle per cut, and small. */
    setup(NULL);
    sim_cut_jitter = 1;
    c0 = cuts();
    d = drift_after_cuts(10000);
    nc = (int64_t)(cuts() - c0);
    print_message("cut cost 7 +- 1 at random: drift %lld cycles after %lld cuts\n",
                  (long long)d, (long long)nc);
    assert_true(d <= nc && d >= -nc);
    assert_true(d * d < 16 * nc); /* a random walk: ~sqrt(2/3 n) */
}


/* ---- 7. a reload that lags (an emulator's SysTick) ---- */

/* The driver's time against the true cycle count when the counter reads 0
 * for `lag` cycles before each reload (QEMU without -icount): never ahead
 * of the truth, behind by at most the lag per reload, monotonic. */
static void check_lagging(uint32_t lag)
{
    ebb_irq_state s = ebb_port_lock();
    ebb_ticks t = now();
    int64_t drift = sim_driver_drift();
    ebb_port_unlock(s);
    int64_t reloads = (int64_t)cuts() + (int64_t)sim_irqs_taken + 1;
    assert_true(t >= last_now);
    last_now = t;
    assert_true(drift <= 0);
    assert_true(-drift <= (int64_t)lag * reloads);
}

/* Start the driver again with the reload lagging: time starts at 0 and
 * does not move back once the first reload shows. */
static void lagging_init(uint32_t lag)
{
    setup(NULL);
    sim_reset(); /* time 0 again: the first reload after this init */
    sim_reload_lag = lag;
    ebb_systick_time_init(SIM_CORE_HZ);
    cuts0 = ebb_systick_cuts();
    last_now = 0;
    check_lagging(lag);
    assert_true(now() < 2);
    sim_advance(lag + 1u);
    check_lagging(lag);
}

static void lagging_alarms(uint32_t lag, uint32_t stall_max)
{
    lagging_init(lag);
    uint64_t stalled = 0;
    sim_advance(3 * DIV);
    for (int i = 0; i < 1000; i++) {
        ebb_ticks t = now();
        ebb_ticks at;
        switch (rnd() % 4) {
        case 0: at = t + 1; break;
        case 1: at = t + 1 + rnd() % 20000; break;
        case 2: at = t + PT - 2 + rnd() % 5; break; /* about a count-down */
        default: {                                  /* next to its natural end */
            uint64_t end = sim_ref() + sim_val + 1;
            at = end / DIV + rnd() % 3;
            if (at <= t) {
                at = t + 1;
            }
            break;
        }
        }
        unsigned long fires = sim_fires;
        sim_cut_stall = stall_max != 0 && rnd() % 2 ? (uint32_t)(rnd() % stall_max) : 0u;
        stalled += sim_cut_stall;
        bool armed = arm(at);
        sim_cut_stall = 0;
        check_lagging(lag + stall_max);
        if (!armed) {
            assert_true(ref_ticks() >= at);
            continue;
        }
        /* Step in small random chunks until it fires: it must, within the
         * distance plus what the lag can have cost the driver. */
        uint64_t limit = sim_ref() + (at - t + 2) * DIV + 4ull * lag * (at - t + 4);
        while (sim_fires == fires) {
            assert_true(sim_ref() < limit);
            sim_advance(1 + rnd() % (rnd() % 2 ? 50 : 20000));
            check_lagging(lag + stall_max);
        }
        assert_int_equal(sim_fires, fires + 1);
        assert_true(sim_last_fire_now >= at);           /* on the driver's clock */
        assert_true(sim_last_fire_cycle >= at * DIV);   /* and never early for real */
    }
    print_message("reload lag %u, stalls < %u cycles: %u cuts, %lu interrupts, %llu cycles "
                  "stalled, drift %lld cycles\n", (unsigned)lag, (unsigned)stall_max,
                  (unsigned)cuts(), sim_irqs_taken, (unsigned long long)stalled,
                  (long long)sim_driver_drift());
}

static void test_reload_lag_alarms(void **state)
{
    (void)state;
    lagging_alarms(2, 0);
    lagging_alarms(40, 0);
    lagging_alarms(1500, 0);  /* past what a bounded wait of 1000 reads allows */
    lagging_alarms(20000, 0); /* longer than the shortest cut period */
}

/* The core stalls inside the cut, between the reload and the restore of
 * RVR, for less or more than the shortened period (several of them): the
 * driver must see that it ended, and which reload value the next period
 * took.  Time may lose the periods that passed unseen, never jump. */
static void test_stall_inside_the_cut(void **state)
{
    (void)state;
    lagging_alarms(1, 200);
    lagging_alarms(1, 5000);
    lagging_alarms(1, 3000000);
    lagging_alarms(300, 100000);
}

static struct {
    ebb_task task;
    ebb_ticker ticker;
    unsigned ticks;
    ebb_ticks start;
    bool early;
} tk;

static ebb_poll_t ticker_poll(ebb_task *self)
{
    (void)self;
    EBB_BEGIN(&self->co);
    tk.start = ebb_now();
    ebb_ticker_start(&tk.ticker, 10000); /* 10 ms */
    for (;;) {
        EBB_AWAIT(ebb_ticker_next(&tk.ticker));
        tk.ticks++;
        if (ebb_now() < tk.start + (ebb_ticks)tk.ticks * 10000u) {
            tk.early = true;
        }
    }
    EBB_END();
}

/* The failing app: a 10 ms ticker under `make run` (time jumped
 * by 2^32 cycles in about 2 of 5 runs).  Every tick, none early, time
 * monotonic and never ahead of the counter. */
static void test_reload_lag_ticker(void **state)
{
    (void)state;
    static const uint32_t lags[] = {1, 3, 1700, 60000};
    for (unsigned l = 0; l < sizeof lags / sizeof lags[0]; l++) {
        lagging_init(lags[l]);
        memset(&tk, 0, sizeof tk);
        tk.task = (ebb_task)EBB_TASK_INITIALIZER(ticker_poll);
        ebb_task_spawn(&exec, &tk.task);
        in_wake = false;
        drain();
        sim_set_after_irq(drain);
        last_now = 0;
        while (sim_ref() < 2ull * SIM_CORE_HZ) { /* 2 s */
            sim_advance(1 + rnd() % 300000);
            check_lagging(lags[l]);
        }
        ebb_ticks n = now();
        assert_false(tk.early);
        /* every tick up to now, give or take the one being delivered */
        assert_true(tk.ticks + 1 >= (n - tk.start) / 10000u);
        assert_true(tk.ticks <= (n - tk.start) / 10000u);
        assert_true(tk.ticks >= 150); /* the lag slows the clock: 60000 cycles a reload */
        sim_set_after_irq(NULL);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_init_programs_the_timer, setup),
        cmocka_unit_test_setup(test_init_rejects_bad_clocks, setup),
        cmocka_unit_test_setup(test_now_exact_across_many_wraps, setup),
        cmocka_unit_test_setup(test_now_with_overflow_pending_under_lock, setup),
        cmocka_unit_test_setup(test_now_with_overflow_pending_in_higher_priority_isr, setup),
        cmocka_unit_test_setup(test_now_preempted_between_its_two_reads, setup),
        cmocka_unit_test_setup(test_alarm_near, setup),
        cmocka_unit_test_setup(test_alarm_far_and_at_boundaries, setup),
        cmocka_unit_test_setup(test_alarm_in_the_past, setup),
        cmocka_unit_test_setup(test_alarm_never_disarms, setup),
        cmocka_unit_test_setup(test_alarm_replaced, setup),
        cmocka_unit_test_setup(test_sleepers_wake_exactly_tickless, setup),
        cmocka_unit_test_setup(test_alarm_reached_while_arming, setup),
        cmocka_unit_test_setup(test_sleepers_one_tick_apart_with_counter_moving, setup),
        cmocka_unit_test_setup(test_random_soak, setup),
        cmocka_unit_test_setup(test_drift_matched_is_zero, setup),
        cmocka_unit_test_setup(test_drift_mismatch_bounded_per_cut, setup),
        cmocka_unit_test_setup(test_reload_lag_alarms, setup),
        cmocka_unit_test_setup(test_reload_lag_ticker, setup),
        cmocka_unit_test_setup(test_stall_inside_the_cut, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
