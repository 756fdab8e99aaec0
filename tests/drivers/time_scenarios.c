/*
 * time_scenarios.c - see time_scenarios.h.  The test plays the hardware: it
 * counts clocks (sim_advance), the simulation raises the timer's interrupt
 * at the exact clock of its event and takes the driver's handler the way
 * the interrupt controller would: at once, or at the outermost unlock when
 * the port lock is held.
 *
 * "Exact": ebb_now() equals floor(c / div) where c is the clock at which
 * the driver read its counter (sim_driver.sampled), and a driver that keeps
 * its own count of clocks has no drift.  An alarm at tick `at` is on time
 * when the driver calls the core at a clock in [at * div, (at + 1) * div):
 * at the deadline's tick, never before it.
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
#include "ebb/driver/time_driver.h"
#include "time_scenarios.h"

#define D (&sim_driver)
#define DIV (sim_driver.div)
#define PERIOD (sim_driver.period)
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

EBB_EXECUTOR_DEFINE(exec, NULL);
ebb_ticks last_now;
bool in_wake;

int setup(void **state)
{
    (void)state;
    ebb_host_reset_port();
    sim_reset();
    memset(&exec, 0, sizeof exec);
    ebb_executor_init(&exec, NULL);
    D->init();
    last_now = 0;
    in_wake = false;
    return 0;
}

ebb_ticks now(void) { return ebb_time_driver_now(); }
ebb_ticks ref_ticks(void) { return sim_ref() / DIV; }

static unsigned long reprograms(void) { return D->reprograms ? D->reprograms() : 0; }

/* now() is exact and never goes back: as a task calls it (the driver's own
 * locking, if any: an interrupt may land inside it), then with the lock
 * held, where the driver's own count is compared too. */
void check_now(void)
{
    ebb_ticks t1 = now();
    assert_int_equal(t1, D->sampled() / DIV);
    assert_true(t1 >= last_now);
    ebb_irq_state s = ebb_port_lock();
    ebb_ticks t = now();
    uint64_t c = D->sampled();
    int64_t drift = D->drift != NULL ? D->drift() : 0;
    ebb_port_unlock(s);
    assert_int_equal(drift, 0);
    assert_int_equal(t, c / DIV);
    assert_true(t >= t1);
    last_now = t;
}

/* The core calls set_alarm with the lock held; so do the tests. */
bool arm(ebb_ticks at)
{
    unsigned long fires = sim_fires;
    unsigned long taken = sim_irqs_taken;
    ebb_irq_state s = ebb_port_lock();
    bool r = ebb_time_driver_set_alarm(at);
    ebb_port_unlock(s);
    if (at != EBB_TICKS_NEVER && at > ref_ticks()) {
        assert_int_equal(sim_fires, fires); /* a future alarm fires nobody now */
        if (D->quiet_arm) {
            assert_int_equal(sim_irqs_taken, taken);
        }
    }
    return r;
}

/* Time is exact, also with the counter's interrupt pending under the lock.
 * A lost count hides behind a read's tolerance of one pending interrupt;
 * the next one, pending, shows it. */
static void check_now_strict(void)
{
    last_now = 0;
    check_now();
    ebb_irq_state s = ebb_port_lock();
    sim_advance(D->to_irq() + 1);
    check_now();
    ebb_port_unlock(s);
    check_now();
}

/* Count clocks until the counter is `before` clocks short of raising its
 * interrupt (0: just raised). */
static void advance_to_irq(uint64_t before)
{
    uint64_t d = D->to_irq();
    sim_advance(d >= before ? d - before : d + PERIOD - before);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
uint64_t rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return rng >> 33; /* 31 bits */
}

/* ---- init ---- */

static void expect_init_panic(uint32_t hz)
{
    sim_panic_module = NULL;
    sim_panic_id = 0;
    sim_panic_armed = 1;
    if (setjmp(sim_panic_jmp) == 0) {
        D->init_at(hz);
        sim_panic_armed = 0;
        fail_msg("%s init(%u) did not panic", D->name, (unsigned)hz);
    }
    assert_non_null(sim_panic_module);
    assert_string_equal(sim_panic_module, D->name);
    assert_int_equal(sim_panic_id, 1);
}

static void test_init_rejects_bad_clocks(void **state)
{
    (void)state;
    if (D->init_at == NULL) {
        skip(); /* given no clock: nothing to reject */
    }
    expect_init_panic(D->bad_clock); /* not a multiple of the tick */
    expect_init_panic(0);            /* quotient 0 */
    expect_init_panic(500000u);      /* slower than the tick */
}

/* ---- 1. now() ---- */

static void test_now_exact_across_many_wraps(void **state)
{
    (void)state;
    sim_set_after_irq(check_now); /* exact inside every interrupt too */
    check_now();
    for (int round = 0; round < 40; round++) {
        advance_to_irq(1);
        check_now();
        advance_to_irq(0); /* the interrupt, taken */
        check_now();
        sim_advance(1);
        check_now();
        advance_to_irq(PERIOD / 2);
        check_now();
        sim_advance(1);
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
    assert_true(sim_ref() > (1ull << 37));
    /* No alarm was armed: nothing reprogrammed, exactly one interrupt per
     * period, each at its clock. */
    assert_int_equal(reprograms(), 0);
    assert_int_equal(sim_irqs_taken, (sim_ref() + D->irq_early) / PERIOD * D->period_irqs);
    assert_int_equal(sim_fires, 0);
}

/* The counter raises its interrupt while it cannot be taken: time must stay
 * exact for up to (almost) a period of delay. */
static void pending_boundary(uint64_t before, void (*mask)(void), void (*unmask)(void))
{
    for (int round = 0; round < 3; round++) {
        check_now();
        unsigned long taken = sim_irqs_taken;
        mask();
        advance_to_irq(before);
        for (uint64_t i = 0; i < before + 4; i++) {
            sim_advance(1);
            check_now();
        }
        assert_true(sim_irq_pending() || D->period_irqs == 0);
        assert_int_equal(sim_irqs_taken, taken);
        /* Arming an alarm meanwhile (it writes the flags, or the counter)
         * must not lose the pending interrupt. */
        unsigned long fires = sim_fires;
        ebb_irq_state s = ebb_port_lock();
        assert_true(ebb_time_driver_set_alarm(now() + 0x10000u));
        ebb_port_unlock(s);
        sim_advance(PERIOD - 1000); /* past the alarm, short of the next period */
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

static uint64_t hook_clocks;
static void hook_advance(void) { sim_advance(hook_clocks); }

/* The counter raises its interrupt inside now(), before or between its
 * reads, with the lock free (a lock-free now() sees the handler run between
 * its reads) and held (the interrupt waits for the unlock). */
static void test_now_preempted_between_its_two_reads(void **state)
{
    (void)state;
    const uint64_t before[] = {1, 2, 3, 0, PERIOD - 1};
    const uint64_t clocks[] = {1, 2, 3, 1000, PERIOD / 2};
    unsigned crossed = 0;
    for (unsigned locked = 0; locked < 2; locked++) {
        for (unsigned b = 0; b < COUNT(before); b++) {
            for (unsigned k = 0; k < COUNT(clocks); k++) {
                for (unsigned n = 1; n <= 3; n++) {
                    check_now();
                    unsigned long taken = sim_irqs_taken;
                    if (locked) {
                        lock();
                    }
                    advance_to_irq(before[b]);
                    hook_clocks = clocks[k];
                    sim_hook_at_access(n, hook_advance);
                    check_now(); /* its first now() holds access 1 */
                    sim_hook_at_access(0, NULL);
                    if (locked) {
                        unlock();
                    }
                    check_now();
                    if (sim_irqs_taken != taken) {
                        assert_int_equal(sim_irqs_taken, taken + 1);
                        crossed++;
                    }
                }
            }
        }
    }
    print_message("%s: interrupt inside now() in %u runs\n", D->name, crossed);
    assert_true(crossed >= (D->period_irqs ? 40u : 0u));
}

/* ---- 2. set_alarm ---- */

/* Nothing fires before `at`, one alarm fires in at's tick, nothing after. */
static void expect_fire_at(ebb_ticks at)
{
    unsigned long fires = sim_fires;
    unsigned long taken = sim_irqs_taken;
    unsigned long most = D->irqs_until(at * DIV);
    assert_true(at > ref_ticks());
    sim_advance(at * DIV - 1 - sim_ref());
    /* (an interrupt taken in the last clock before at's tick may run into
     * it: SysTick's count-down ending at at * div) */
    if (sim_fires != fires) {
        assert_int_equal(sim_fires, fires + 1);
        assert_true(sim_last_fire_ref >= at * DIV);
    } else {
        check_now();
        assert_int_equal(sim_fires, fires);
    }
    sim_advance(DIV);
    assert_int_equal(sim_fires, fires + 1);
    /* The periods' interrupts on the way, and the alarm's: no tick, and an
     * alarm out of the counter's reach is not armed early. */
    assert_true(sim_irqs_taken - taken <= most);
    assert_true(sim_last_fire_ref >= at * DIV);
    assert_true(sim_last_fire_ref < at * DIV + DIV);
    assert_true(sim_last_irq_ref + D->irq_early >= at * DIV);
    assert_int_equal(sim_last_fire_now, at);
    check_now();
    sim_advance(4 * PERIOD + 12345);
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
        bool armed = arm(t + 1);
        if (!armed) { /* reached while arming, and said so: the core fires it */
            assert_true(ref_ticks() > t);
            assert_int_equal(sim_fires, fires);
        } else if (ref_ticks() > t) { /* reached while arming: at once */
            uint64_t armed_at = sim_ref();
            sim_advance(DIV);
            assert_int_equal(sim_fires, fires + 1);
            assert_true(sim_last_fire_ref >= (t + 1) * DIV);
            assert_true(sim_last_fire_ref - armed_at < D->reached_within);
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
    for (size_t s = 0; s < D->n_far_starts; s++) {
        for (size_t d = 0; d < D->n_far_deltas; d++) {
            setup(NULL);
            sim_advance(D->far_starts[s]);
            check_now();
            ebb_ticks at = now() + D->far_deltas[d];
            assert_true(arm(at));
            expect_fire_at(at);
        }
    }
    /* Alarms on the ends of the counter's periods, where the alarm's match
     * comes with the period's interrupt, and one tick after. */
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
    sim_advance(2 * PERIOD + 5000 * DIV);
    assert_false(arm(now()));
    assert_false(arm(now() - 1));
    assert_false(arm(0));
    sim_advance(6 * PERIOD);
    assert_int_equal(sim_fires, 0);
    assert_int_equal(reprograms(), 0);
    check_now();
}

static void test_alarm_never_disarms(void **state)
{
    (void)state;
    sim_advance(10 * DIV);
    assert_true(arm(now() + 100));
    assert_true(arm(EBB_TICKS_NEVER));
    sim_advance(6 * PERIOD);
    assert_int_equal(sim_fires, 0);
    check_now();

    /* Disarmed while its interrupt is already pending: no fire. */
    assert_true(arm(now() + 1));
    ebb_irq_state s = ebb_port_lock();
    sim_advance(2 * DIV);
    assert_true(sim_irq_pending());
    assert_true(ebb_time_driver_set_alarm(EBB_TICKS_NEVER));
    ebb_port_unlock(s);
    sim_advance(6 * PERIOD);
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
    assert_true(arm(t + D->far));
    assert_true(arm(t + 3)); /* far, then near */
    expect_fire_at(t + 3);

    t = now();
    assert_true(arm(t + 3));
    assert_true(arm(t + D->far)); /* near, then far */
    expect_fire_at(t + D->far);
}

/* ---- 3. through the core ---- */

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
    ebb_ticks woke_at;
    uint64_t woke_ref;
    bool woke_in_irq;
    int id;
};

static int order[32];
static int n_order;

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
    s->woke_at = ebb_now();
    s->woke_ref = sim_ref();
    s->woke_in_irq = in_wake;
    order[n_order++] = s->id;
    EBB_END();
}

void drain(void)
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
    enum { N = 16 };
    const ebb_ticks *deadlines = D->sleep_deadlines;
    struct sleeper s[N];
    n_order = 0;
    ebb_ticks last = 0;
    for (int i = 0; i < N; i++) {
        EBB_SET_UNLINKED(s[i], (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                                .deadline = deadlines[i], .id = i});
        assert_int_equal(ebb_task_spawn(&exec, &s[i].task), EBB_OK);
        last = deadlines[i] > last ? deadlines[i] : last;
    }
    drain(); /* every task arms its timer */
    sim_set_after_irq(drain);
    while (n_order < N) {
        sim_advance(1 + rnd() % (1u << 29));
        /* Only the timer interrupt wakes a task, and drain ran after it. */
        assert_false(ebb_executor_has_work(&exec));
        assert_true(sim_ref() < (last + 1) * DIV + (1u << 29));
    }
    /* Deadline order, ties in arming order, each in its exact tick. */
    unsigned distinct = 0;
    for (int i = 0; i < N; i++) {
        assert_int_equal(s[i].woke_at, deadlines[i]);
        assert_true(s[i].woke_ref >= deadlines[i] * DIV);
        assert_true(s[i].woke_ref < deadlines[i] * DIV + DIV);
        assert_true(s[i].woke_in_irq);
        assert_int_equal(ebb_task_state(&s[i].task), EBB_TASK_DONE);
        if (i > 0) {
            const struct sleeper *a = &s[order[i - 1]];
            const struct sleeper *b = &s[order[i]];
            assert_true(a->deadline < b->deadline || (a->deadline == b->deadline && a->id < b->id));
            distinct += a->deadline != b->deadline;
        }
    }
    assert_int_equal(distinct + 1, 13);
    /* Tickless: the interrupts of the periods and of the deadlines, not
     * one per tick. */
    D->sleepers_cost(N, distinct + 1);
    check_now();
    /* And once they are done, the timer is silent but for its periods. */
    unsigned long taken = sim_irqs_taken;
    sim_advance(4 * PERIOD);
    assert_int_equal(sim_irqs_taken, taken + 4 * D->period_irqs);
}

/* ---- 4. the deadline is reached while it is being armed ---- */

static void test_alarm_reached_while_arming(void **state)
{
    (void)state;
    unsigned swept = 0;
    for (size_t b = 0; b < D->n_arming_at; b++) {
        for (size_t a = 0; a < D->n_arming_advs; a++) {
            uint64_t adv = D->arming_advs[a];
            for (unsigned n = 1;; n++) {
                setup(NULL);
                sim_advance(PERIOD + 7 * DIV);
                advance_to_irq(D->arming_at[b] + D->arming_pre);
                ebb_ticks at = ref_ticks() + 1;
                unsigned long before = sim_accesses;
                hook_clocks = adv;
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
                    assert_true(sim_last_fire_ref >= (D->late_by_hook ? at : due) * DIV);
                    /* late by at most what the hook took from the driver */
                    assert_true(sim_last_fire_ref < due * DIV + DIV + (D->late_by_hook ? adv : 0));
                } else {
                    assert_int_equal(sim_fires, 0); /* the core handles it */
                    assert_true(hooked);
                }
                if (!hooked) {
                    assert_true(sim_last_fire_ref < at * DIV + DIV); /* undisturbed */
                    break;
                }
                swept++;
            }
        }
    }
    print_message("%s: reached while arming: %u hooked runs\n", D->name, swept);
    assert_true(swept >= D->arming_min_swept);
}

/* The same through the core: tasks one tick apart, and the counter moves
 * at every possible register access from the first alarm on. */
static void test_sleepers_one_tick_apart_with_counter_moving(void **state)
{
    (void)state;
    for (size_t b = 0; b < D->n_moving_bases; b++) {
        uint64_t base = D->moving_bases[b];
        for (unsigned n = 1; n <= D->moving_accesses; n++) {
            for (size_t k = 0; k < D->n_moving_advs; k++) {
                uint64_t adv = D->moving_advs[k];
                setup(NULL);
                struct sleeper s[3];
                n_order = 0;
                ebb_ticks first = base / DIV + 1;
                for (int j = 0; j < 3; j++) {
                    EBB_SET_UNLINKED(s[j], (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll),
                                                            .deadline = first + (ebb_ticks)j, .id = j});
                    assert_int_equal(ebb_task_spawn(&exec, &s[j].task), EBB_OK);
                }
                drain();
                sim_set_after_irq(drain);
                sim_advance(base - sim_ref());
                hook_clocks = adv;
                sim_hook_at_access(n, hook_advance);
                sim_advance(10 * DIV);
                sim_hook_at_access(0, NULL);
                sim_advance(PERIOD);
                check_now_strict(); /* no period lost to a flag cleared blindly */
                assert_int_equal(n_order, 3);
                for (int j = 0; j < 3; j++) {
                    assert_int_equal(ebb_task_state(&s[j].task), EBB_TASK_DONE);
                    assert_true(s[j].woke_at >= s[j].deadline);
                    assert_true(s[j].woke_ref < (s[j].deadline + 1) * DIV + adv);
                }
            }
        }
    }
}

/* ---- 5. a random soak of everything above ---- */

static ebb_ticks soak_expect; /* the alarm the driver has accepted */
static unsigned long soak_fires;

/* After each step, with nothing masked: an accepted alarm that is due has
 * fired exactly once, in its tick or at most soak_late clocks after it (the
 * longest the test kept the interrupt masked); none fired otherwise. */
static void soak_check(void)
{
    check_now();
    if (soak_expect != EBB_TICKS_NEVER && soak_expect <= ref_ticks() && sim_fires == soak_fires &&
        sim_ref() - soak_expect * DIV < D->soak_delay) {
        return; /* a hook delayed the driver between its sample and its
                 * reprogramming: the alarm comes that much later (checked
                 * next step) */
    }
    if (soak_expect != EBB_TICKS_NEVER && soak_expect <= ref_ticks()) {
        assert_int_equal(sim_fires, soak_fires + 1);
        assert_true(sim_last_fire_ref >= soak_expect * DIV);
        assert_true(sim_last_fire_ref - soak_expect * DIV <= D->soak_late);
        soak_expect = EBB_TICKS_NEVER;
    } else {
        assert_int_equal(sim_fires, soak_fires);
    }
    soak_fires = sim_fires;
}

static ebb_ticks soak_target(void)
{
    ebb_ticks t = ref_ticks();
    switch (rnd() % 7) {
    case 0: return t + 1 + rnd() % 4;
    case 1: return t + 1 + rnd() % 100000;
    case 2: return t + 1 + ((rnd() << 3) ^ rnd()) % D->soak_far; /* far */
    case 3: return t - rnd() % 1000;                               /* reached already */
    case 4: return EBB_TICKS_NEVER;
    case 5: return t + PERIOD / DIV - 2 + rnd() % 5; /* about a period away */
    default: return (sim_ref() + D->to_irq()) / DIV - 1 + rnd() % 3; /* at the period's end */
    }
}

static void soak_set(ebb_ticks at)
{
    bool r = ebb_time_driver_set_alarm(at); /* lock held by the caller */
    if (!r) {
        assert_true(at != EBB_TICKS_NEVER && at <= ref_ticks());
    }
    soak_expect = r ? at : EBB_TICKS_NEVER;
}

static void test_random_soak(void **state)
{
    (void)state;
    soak_expect = EBB_TICKS_NEVER;
    soak_fires = 0;
    for (int i = 0; i < 20000; i++) {
        if (rnd() % 4 == 0) {
            hook_clocks = 1 + rnd() % D->soak_hook_max; /* the counter moves mid-access */
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
            sim_advance(rnd() % 2 ? rnd() % 2000 : (uint64_t)rnd() << D->soak_shift);
            break;
        case 2: { /* count with the interrupt masked, maybe arming meanwhile */
            ebb_irq_state s = ebb_port_lock();
            sim_advance(rnd() % 2 ? rnd() % 2000 : rnd() % (PERIOD / 2));
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
        soak_check();
    }
    assert_true(sim_ref() > (1ull << 36));
    assert_true(sim_fires > 1000);
    if (D->reprograms != NULL) {
        assert_true(reprograms() > 1000);
    }
}

int time_scenarios_run(void)
{
    const struct CMUnitTest tests[] = {
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
    return _cmocka_run_group_tests(D->name, tests, COUNT(tests), NULL, NULL);
}
