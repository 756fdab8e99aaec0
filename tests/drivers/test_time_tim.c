/*
 * test_time_tim.c - hal/stm32f4/time_tim.c on the host, against the
 * simulated timer and NVIC of sim_tim.c: 64-bit time from the 32-bit
 * counter, compare-match alarms, and the core's sleeps on top of them.
 *
 * The test plays the hardware: it counts ticks (sim_advance), the simulation
 * raises UIF/CC1IF/CC2IF at the exact tick and takes TIM2_IRQHandler (or
 * TIM5's) the way the NVIC would - at once, or at the outermost unlock when
 * the port lock is held.
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
#include "sim_tim.h"

#define HALF 0x80000000ull
#define WRAP 0x100000000ull

#if EBB_CONFIG_STM32_TIME_TIM == 5
#define TIM_RCC_EN EBB_RCC_APB1ENR_TIM5EN
#else
#define TIM_RCC_EN EBB_RCC_APB1ENR_TIM2EN
#endif

static EBB_EXECUTOR_DEFINE(exec, NULL);
static ebb_ticks last_now;

static int setup(void **state)
{
    (void)state;
    ebb_host_reset_port();
    sim_reset();
    memset(&exec, 0, sizeof exec);
    exec.id = 0xFF;
    ebb_executor_init(&exec, NULL);
    ebb_tim_time_init(90000000u); /* the F446's TIM2 clock at 180 MHz */
    last_now = 0;
    return 0;
}

static ebb_ticks now(void) { return ebb_time_driver_now(); }

/* now() is exact (equals the ticks counted) and never goes back. */
static void check_now(void)
{
    ebb_ticks t = now();
    assert_int_equal(t, sim_ref());
    assert_true(t >= last_now);
    last_now = t;
}

/* The core calls set_alarm with the lock held; so do the tests. */
static bool arm(ebb_ticks at)
{
    unsigned long taken = sim_irqs_taken;
    ebb_irq_state s = ebb_port_lock();
    bool r = ebb_time_driver_set_alarm(at);
    ebb_port_unlock(s);
    if (at > sim_ref()) {
        /* An alarm in the future interrupts nobody now (a stale CC1IF
         * from an old compare value must not fire the interrupt). */
        assert_int_equal(sim_irqs_taken, taken);
    }
    return r;
}

/* Time is exact, also while a half-period interrupt is pending.  A lost
 * half-period count hides behind the read's tolerance of one pending
 * interrupt; a second one, pending, shows it. */
static void check_now_strict(void)
{
    last_now = 0;
    check_now();
    sim_advance(HALF - sim_ref() % HALF - 1);
    ebb_irq_state s = ebb_port_lock();
    sim_advance(2);
    check_now();
    ebb_port_unlock(s);
    check_now();
}

/* Count ticks until the counter reads `cnt` (0 ticks if it does now). */
static void advance_to_cnt(uint32_t cnt)
{
    sim_advance((uint32_t)(cnt - sim_tim.CNT));
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
    assert_true(sim_rcc.APB1ENR & TIM_RCC_EN);
    assert_int_equal(sim_tim.PSC, 89); /* 90 MHz / 1 MHz - 1 */
    assert_int_equal(sim_tim.ARR, 0xFFFFFFFFu);
    assert_int_equal(sim_tim.CCR[1], 0x80000000u);
    assert_int_equal(sim_tim.CNT, 0);
    assert_int_equal(sim_tim.DIER, EBB_TIM_DIER_UIE | EBB_TIM_DIER_CC2IE);
    assert_true(sim_tim.CR1 & EBB_TIM_CR1_CEN);
    assert_false(sim_irq_pending()); /* UG raised no UIF (URS) */
    assert_true(sim_nvic_enabled);
    assert_int_equal(sim_nvic_prio, EBB_CONFIG_STM32_TIME_TIM_PRIO);
    assert_int_equal(now(), 0);
}

static void expect_init_panic(uint32_t hz)
{
    sim_panic_module = NULL;
    sim_panic_id = 0;
    sim_panic_armed = 1;
    if (setjmp(sim_panic_jmp) == 0) {
        ebb_tim_time_init(hz);
        sim_panic_armed = 0;
        fail_msg("ebb_tim_time_init(%u) did not panic", (unsigned)hz);
    }
    assert_non_null(sim_panic_module);
    assert_string_equal(sim_panic_module, "tim");
    assert_int_equal(sim_panic_id, 1);
}

static void test_init_rejects_bad_clocks(void **state)
{
    (void)state;
    expect_init_panic(90000001u); /* not a multiple of the tick */
    expect_init_panic(0);         /* quotient 0 */
    expect_init_panic(500000u);   /* slower than the tick */
}

/* ---- 1. now() ---- */

static void test_now_exact_across_many_wraps(void **state)
{
    (void)state;
    sim_set_after_irq(check_now); /* exact inside every interrupt too */
    check_now();
    for (int round = 0; round < 40; round++) {
        advance_to_cnt(0xFFFFFFFFu); /* exactly to the top */
        check_now();
        sim_advance(1); /* the wrap: k * 2^32 */
        check_now();
        assert_int_equal(sim_ref() % WRAP, 0);
        sim_advance(1);
        check_now();
        advance_to_cnt(0x7FFFFFFFu);
        check_now();
        sim_advance(1); /* the half period */
        check_now();
        sim_advance(rnd() % 1000 + 1);
        check_now();
        sim_advance(rnd());
        check_now();
        switch (round % 4) {
        case 0: sim_advance(WRAP); break;
        case 1: sim_advance(WRAP + 1); break;
        case 2: sim_advance(3 * HALF - 1); break;
        default: sim_advance(HALF); break;
        }
        check_now();
    }
    assert_true(sim_ref() > (1ull << 37));
    /* No alarm was armed: exactly one interrupt per half period, each at
     * its tick. */
    assert_int_equal(sim_irqs_taken, sim_ref() / HALF);
    assert_int_equal(sim_fires, 0);
}

/* The counter crosses a half-period boundary while the interrupt cannot be
 * taken: time must stay exact for up to (almost) half a period of delay. */
static void pending_boundary(uint32_t boundary, void (*mask)(void), void (*unmask)(void))
{
    for (int round = 0; round < 3; round++) {
        advance_to_cnt(boundary - 3u);
        check_now();
        unsigned long taken = sim_irqs_taken;
        mask();
        for (int i = 0; i < 6; i++) {
            sim_advance(1);
            check_now();
        }
        assert_true(sim_irq_pending());
        assert_int_equal(sim_irqs_taken, taken);
        /* Arming an alarm meanwhile (it writes SR) must not lose the
         * pending overflow flag. */
        unsigned long fires = sim_fires;
        ebb_irq_state s = ebb_port_lock();
        assert_true(ebb_time_driver_set_alarm(now() + 0x10000u));
        ebb_port_unlock(s);
        sim_advance(HALF - 16); /* still short of the next boundary */
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
    pending_boundary(0u, lock, unlock);          /* UIF pending */
    pending_boundary(0x80000000u, lock, unlock); /* CC2IF pending */
    pending_boundary(0u, lock, unlock);
}

static void test_now_with_overflow_pending_in_higher_priority_isr(void **state)
{
    (void)state;
    pending_boundary(0x80000000u, sim_hp_enter, sim_hp_exit);
    pending_boundary(0u, sim_hp_enter, sim_hp_exit);
}

static ebb_ticks hook_ticks;
static void hook_advance(void) { sim_advance(hook_ticks); }

/* The interrupt lands inside now(), between its read of the half-period
 * count and its read of the counter. */
static void test_now_preempted_between_its_two_reads(void **state)
{
    (void)state;
    static const uint32_t boundaries[] = {0x80000000u, 0u, 0x80000000u, 0u};
    static const ebb_ticks ticks[] = {1, 2, 1000, 0x7FFFFFF0u};
    for (unsigned b = 0; b < 4; b++) {
        for (unsigned k = 0; k < 4; k++) {
            advance_to_cnt(boundaries[b] - 1u);
            check_now();
            unsigned long taken = sim_irqs_taken;
            hook_ticks = ticks[k];
            sim_hook_at_access(1, hook_advance); /* now()'s read of CNT */
            check_now();
            assert_int_equal(sim_irqs_taken, taken + 1); /* it did land there */
        }
    }
}

/* ---- 2. set_alarm ---- */

/* Nothing fires before `at`, one alarm fires exactly at `at`, nothing after. */
static void expect_fire_at(ebb_ticks at)
{
    unsigned long fires = sim_fires;
    unsigned long taken = sim_irqs_taken;
    ebb_ticks halves = at / HALF - sim_ref() / HALF;
    assert_true(at > sim_ref());
    sim_advance(at - 1 - sim_ref());
    check_now();
    assert_int_equal(sim_fires, fires);
    sim_advance(1);
    assert_int_equal(sim_fires, fires + 1);
    /* One interrupt per half period on the way, and one for the alarm: an
     * alarm out of the compare's reach is not armed early. */
    assert_true(sim_irqs_taken - taken <= halves + 1);
    assert_int_equal(sim_last_fire_ref, at);
    assert_int_equal(sim_last_fire_now, at);
    check_now();
    sim_advance(2 * WRAP + 12345);
    assert_int_equal(sim_fires, fires + 1);
    check_now();
}

static void test_alarm_near(void **state)
{
    (void)state;
    sim_advance(777);
    assert_true(arm(now() + 1));
    expect_fire_at(778);
    assert_true(arm(now() + 1000));
    expect_fire_at(sim_ref() + 1000);
}

static void test_alarm_far_and_at_boundaries(void **state)
{
    (void)state;
    static const ebb_ticks starts[] = {0, 5, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x1234567890ull};
    static const ebb_ticks deltas[] = {
        2, 0x7FFFFFFFu, 0x80000000u, 0xBFFFFFFFu, 0xC0000000u, 0xC0000001u,
        0xFFFFFFFFu, WRAP, WRAP + 1, 3 * HALF - 1, 3 * HALF, 3 * HALF + 1,
        0x300000000ull + 12345, 0x500000000ull};
    for (unsigned s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        for (unsigned d = 0; d < sizeof deltas / sizeof deltas[0]; d++) {
            setup(NULL);
            sim_advance(starts[s]);
            last_now = 0;
            check_now();
            assert_true(arm(starts[s] + deltas[d]));
            expect_fire_at(starts[s] + deltas[d]);
        }
    }
    /* Alarms exactly on the boundaries, where CC1 matches together with
     * the update or CC2 event. */
    for (ebb_ticks k = 1; k <= 6; k++) {
        setup(NULL);
        sim_advance(3);
        assert_true(arm(k * HALF));
        expect_fire_at(k * HALF);
    }
}

static void test_alarm_in_the_past(void **state)
{
    (void)state;
    sim_advance(WRAP + 5000);
    assert_false(arm(now()));
    assert_false(arm(now() - 1));
    assert_false(arm(0));
    sim_advance(3 * WRAP);
    assert_int_equal(sim_fires, 0);
    check_now();
}

static void test_alarm_never_disarms(void **state)
{
    (void)state;
    sim_advance(10);
    assert_true(arm(now() + 100));
    assert_true(arm(EBB_TICKS_NEVER));
    sim_advance(3 * WRAP);
    assert_int_equal(sim_fires, 0);

    /* Disarmed while its match is already pending: it must not fire. */
    assert_true(arm(now() + 1));
    ebb_irq_state s = ebb_port_lock();
    sim_advance(1);
    assert_true(sim_irq_pending());
    assert_true(ebb_time_driver_set_alarm(EBB_TICKS_NEVER));
    ebb_port_unlock(s);
    sim_advance(3 * WRAP);
    assert_int_equal(sim_fires, 0);
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
    assert_true(arm(t + 0x280000000ull));
    assert_true(arm(t + 3)); /* far, then near */
    expect_fire_at(t + 3);

    t = now();
    assert_true(arm(t + 3));
    assert_true(arm(t + 0x280000000ull)); /* near, then far */
    expect_fire_at(t + 0x280000000ull);
}

/* ---- 3. through the core ---- */

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
    ebb_ticks woke_at;
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
    s->woke_in_irq = in_wake;
    order[n_order++] = s->id;
    EBB_END();
}

/* The thread, woken from WFI by a timer interrupt: run what is ready. */
static void drain(void)
{
    if (in_wake) {
        return; /* an interrupt taken inside a poll: the outer drain runs it */
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
        5, 1000, 999, 1000, 3, 0x7FFFFFFFu, 0x80000000u, 0x80000000u, 0xFFFFFFFFu,
        WRAP, WRAP + 1, 0x17FFFFFFFull + 2, 0x2C0000000ull, 0x380000007ull,
        0x380000007ull, 0x500000001ull};
    enum { N = sizeof deadlines / sizeof deadlines[0] };
    struct sleeper s[N];
    n_order = 0;
    for (int i = 0; i < N; i++) {
        s[i] = (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                .deadline = deadlines[i], .id = i};
        ebb_task_spawn(&exec, &s[i].task);
    }
    drain(); /* every task arms its timer */
    in_wake = false;
    sim_set_after_irq(drain);
    while (n_order < N) {
        sim_advance(1 + rnd() % (1u << 29));
        /* Only the timer interrupt wakes a task, and drain ran after it. */
        assert_false(ebb_executor_has_work(&exec));
        assert_true(sim_ref() < 0x600000000ull);
    }
    /* Deadline order, ties in arming order, each at its exact tick. */
    for (int i = 0; i < N; i++) {
        assert_int_equal(s[i].woke_at, deadlines[i]);
        assert_true(s[i].woke_in_irq);
        assert_int_equal(ebb_task_state(&s[i].task), EBB_TASK_DONE);
        if (i > 0) {
            const struct sleeper *a = &s[order[i - 1]];
            const struct sleeper *b = &s[order[i]];
            assert_true(a->deadline < b->deadline || (a->deadline == b->deadline && a->id < b->id));
        }
    }
    /* Tickless: one interrupt per half period and one per distinct
     * deadline, not per tick: 13 distinct deadlines, two of which fall on
     * a half-period boundary and share its interrupt. */
    unsigned long halves = (unsigned long)(sim_ref() / HALF);
    assert_int_equal(sim_irqs_taken, halves + 11);
    /* And once they are done, the timer is silent but for the half periods. */
    unsigned long taken = sim_irqs_taken;
    sim_advance(4 * WRAP);
    assert_int_equal(sim_irqs_taken, taken + 8);
}

/* ---- 4. the deadline is reached while it is being armed ---- */

static void test_alarm_reached_while_arming(void **state)
{
    (void)state;
    static const ebb_ticks bases[] = {1000, 0x7FFFFFFEu, 0xFFFFFFFEu, 0x17FFFFFFFull};
    unsigned swept = 0;
    for (unsigned b = 0; b < 4; b++) {
        for (ebb_ticks adv = 1; adv <= 2; adv++) {
            for (unsigned n = 1;; n++) {
                setup(NULL);
                sim_advance(bases[b]);
                ebb_ticks at = now() + 1;
                unsigned long before = sim_accesses;
                hook_ticks = adv;
                sim_hook_at_access(n, hook_advance);
                bool armed = arm(at);
                bool hooked = sim_accesses - before >= n;
                sim_hook_at_access(0, NULL);
                /* Due at `at`, or at the unlock if the counter passed it. */
                ebb_ticks due = sim_ref() > at ? sim_ref() : at;
                sim_advance(3 * WRAP);
                check_now_strict();
                if (armed) {
                    assert_int_equal(sim_fires, 1); /* never lost, never late */
                    assert_int_equal(sim_last_fire_ref, due);
                } else {
                    assert_int_equal(sim_fires, 0); /* the core handles it */
                    assert_true(hooked);
                }
                if (!hooked) {
                    assert_int_equal(sim_last_fire_ref, at); /* undisturbed */
                    break;
                }
                swept++;
            }
        }
    }
    assert_true(swept >= 8 * 4);
}

/* The same through the core: tasks one tick apart, and the counter moves
 * at every possible register access from the first alarm on. */
static void test_sleepers_one_tick_apart_with_counter_moving(void **state)
{
    (void)state;
    static const ebb_ticks bases[] = {5000, 0xFFFFFFFDu}; /* clear of / at a wrap */
    for (unsigned i = 0; i < 2 * 120; i++) {
        ebb_ticks base = bases[i / 120];
        unsigned n = i % 120 + 1;
        for (ebb_ticks adv = 1; adv <= 2; adv++) {
            setup(NULL);
            struct sleeper s[3];
            n_order = 0;
            for (int i = 0; i < 3; i++) {
                s[i] = (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                        .deadline = base + 1 + (ebb_ticks)i, .id = i};
                ebb_task_spawn(&exec, &s[i].task);
            }
            in_wake = false;
            drain();
            sim_set_after_irq(drain);
            sim_advance(base);
            hook_ticks = adv;
            sim_hook_at_access(n, hook_advance);
            sim_advance(10);
            sim_hook_at_access(0, NULL);
            sim_advance(WRAP);
            check_now_strict(); /* no overflow lost to a flag cleared blindly */
            assert_int_equal(n_order, 3);
            for (int i = 0; i < 3; i++) {
                assert_int_equal(ebb_task_state(&s[i].task), EBB_TASK_DONE);
                assert_true(s[i].woke_at >= s[i].deadline);
                assert_true(s[i].woke_at <= s[i].deadline + adv);
            }
        }
    }
}

/* ---- 5. a random soak of everything above ---- */

static ebb_ticks soak_expect; /* the alarm the driver has accepted */
static unsigned long soak_fires;

/* After each step, with nothing masked: an accepted alarm that is due has
 * fired exactly once, at its tick or at most `late` ticks after it (the
 * longest the test kept the interrupt masked); none fired otherwise. */
static void soak_check(ebb_ticks late)
{
    check_now();
    if (soak_expect != EBB_TICKS_NEVER && soak_expect <= sim_ref()) {
        assert_int_equal(sim_fires, soak_fires + 1);
        assert_true(sim_last_fire_ref >= soak_expect);
        assert_true(sim_last_fire_ref - soak_expect <= late);
        soak_expect = EBB_TICKS_NEVER;
    } else {
        assert_int_equal(sim_fires, soak_fires);
    }
    soak_fires = sim_fires;
}

static ebb_ticks soak_target(void)
{
    ebb_ticks t = sim_ref();
    switch (rnd() % 6) {
    case 0: return t + 1 + rnd() % 4;
    case 1: return t + 1 + rnd() % 100000;
    case 2: return t + 1 + ((rnd() << 3) ^ rnd()); /* up to 2^34 */
    case 3: return t - rnd() % 1000;                /* reached already */
    case 4: return EBB_TICKS_NEVER;
    default: return t + HALF - 2 + rnd() % 5;       /* next to a boundary */
    }
}

static void soak_set(ebb_ticks at)
{
    bool r = ebb_time_driver_set_alarm(at); /* lock held by the caller */
    if (!r) {
        assert_true(at != EBB_TICKS_NEVER && at <= sim_ref());
    }
    soak_expect = r ? at : EBB_TICKS_NEVER;
}

static void test_random_soak(void **state)
{
    (void)state;
    const ebb_ticks late_max = (1u << 30) + 8;
    soak_expect = EBB_TICKS_NEVER;
    soak_fires = 0;
    for (int i = 0; i < 20000; i++) {
        if (rnd() % 4 == 0) {
            hook_ticks = 1 + rnd() % 3; /* the counter moves mid-access */
            sim_hook_at_access(1 + (unsigned)(rnd() % 10), hook_advance);
        }
        switch (rnd() % 4) {
        case 0: { /* arm or re-arm */
            ebb_irq_state s = ebb_port_lock();
            soak_set(soak_target());
            ebb_port_unlock(s);
            break;
        }
        case 1: /* count, with interrupts taken on time */
            sim_advance(rnd() % 2 ? rnd() % 2000 : rnd());
            break;
        case 2: { /* count with the interrupt masked, maybe arming meanwhile */
            ebb_irq_state s = ebb_port_lock();
            sim_advance(rnd() % 2 ? rnd() % 2000 : rnd() >> 1);
            check_now();
            if (rnd() % 2) {
                soak_set(soak_target());
            }
            ebb_port_unlock(s);
            break;
        }
        default: /* a higher-priority reader */
            sim_hp_enter();
            sim_advance(rnd() % 2000);
            check_now();
            sim_hp_exit();
            break;
        }
        sim_hook_at_access(0, NULL);
        soak_check(late_max);
    }
    assert_true(sim_ref() > (1ull << 40));
    assert_true(sim_fires > 1000);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
