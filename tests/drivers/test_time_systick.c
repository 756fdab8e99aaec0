/*
 * test_time_systick.c - port/cortex-m/time/systick_time.c on the host,
 * against the simulated SysTick of sim_systick.c: 64-bit time from the
 * 24-bit down-counter, alarms by reprogramming LOAD ("cuts").  The shared
 * scenarios (time_scenarios.c) run against it through the description
 * below, in core cycles (168 MHz) that the driver turns into ticks (1 MHz,
 * 168 cycles); what follows them here is SysTick's own: its register
 * set-up, the drift a miscalibrated cut constant causes, and an emulator's
 * late reloads and stalls inside the cut.
 *
 * The driver's own count of cycles equals the cycle of its sample
 * (sim_driver_drift() == 0) because the simulated cut costs what the driver
 * assumes (SIM_CUT_CYCLES = EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 / 16).  An
 * alarm's exception may enter up to one cycle before at * 168 (VAL reaches
 * 0 in the last cycle of a period); ebb_now() at the wake is `at`.
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
#include "sim_systick.h"
#include "time_scenarios.h"

#define DIV SIM_DIV
#define PERIOD SIM_PERIOD /* cycles of an unarmed count-down */
#define PT (PERIOD / DIV) /* 99864 whole ticks in it */

#if EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 != SIM_CUT_CYCLES * 16
#error "the driver must assume the simulated cut cost"
#endif

static uint32_t cuts0; /* the driver's count is not reset by init */

static uint32_t cuts(void) { return ebb_systick_cuts() - cuts0; }

/* ---- the description the shared scenarios use ---- */

static void init(void)
{
    ebb_systick_time_init(SIM_CORE_HZ);
    cuts0 = ebb_systick_cuts();
}

static void init_at(uint32_t hz) { ebb_systick_time_init(hz); }

static uint64_t to_irq(void) { return sim_val; } /* VAL counts down to 0 */

static unsigned long reprograms(void) { return cuts(); }

/* One interrupt per count-down on the way, and the alarm's (a count-down
 * the cut ended may add one). */
static unsigned long irqs_until(uint64_t at)
{
    return (unsigned long)((at - sim_ref()) / PERIOD) + 2u;
}

/* One interrupt per count-down and one per distinct deadline (the one
 * that ends a count-down may come on its own), not one per tick; at most
 * two cuts per deadline (when armed, and at the last count-down before
 * it). */
static void sleepers_cost(unsigned n, unsigned distinct)
{
    unsigned long periods = (unsigned long)(sim_ref() / PERIOD);
    assert_true(sim_irqs_taken <= periods + distinct + 1);
    assert_true(cuts() <= 2 * n);
}

static const uint64_t far_starts[] = {0, 5, PERIOD - 200, PERIOD - 33, PERIOD - 1, PERIOD,
                                      PERIOD + 1, 0x1234567890ull};
/* PT ticks fit in one count-down, the (PT + 1)-th ends past it. */
static const ebb_ticks far_deltas[] = {1, 2, 100, PT - 1, PT, PT + 1, PT + 2, 2 * PT, 2 * PT + 1,
                                       0x10000, 0xFFFFFF, 0x1000000, 0x1000001, 12345678,
                                       0x40000000ull + 7};
static const ebb_ticks sleep_deadlines[16] = {5, 1000, 999, 1000, 3, PT - 1, PT, PT, PT + 1,
                                              2 * PT, 0xFFFFFF, 0x1000000, 0x1000001,
                                              0x7000007, 0x7000007, 0x10000001};
/* VAL when arming: mid-period, and around the driver's GUARD (32) and the
 * natural end of the count-down. */
static const uint64_t arming_at[] = {0x800000u, 200, 160, 150, 40, 33, 32, 20, 3, 1};
static const uint64_t arming_advs[] = {1, 40, DIV, 2 * DIV + 5};
static const uint64_t moving_bases[] = {5000 * DIV + 17, PERIOD - 2 * DIV + 100};
static const uint64_t moving_advs[] = {1, 40, DIV};

const struct sim_driver sim_driver = {
    .name = "systick",
    .init = init,
    .init_at = init_at,
    .bad_clock = SIM_CORE_HZ + 1u,
    .div = DIV,
    .period = PERIOD,
    .period_irqs = 1,
    .irq_early = 1,
    .to_irq = to_irq,
    .sampled = sim_sample_cycle,
    .drift = sim_driver_drift,
    .reprograms = reprograms,
    .irqs_until = irqs_until,
    .sleepers_cost = sleepers_cost,
    .quiet_arm = false,
    .late_by_hook = true,
    .reached_within = 64 + SIM_CUT_CYCLES + 12 + 20,
    SIM_ARRAY(far_starts),
    SIM_ARRAY(far_deltas),
    .far = 0x28000000ull,
    .sleep_deadlines = sleep_deadlines,
    SIM_ARRAY(arming_at),
    SIM_ARRAY(arming_advs),
    .arming_min_swept = 8 * 4 * 2,
    .arming_pre = 4, /* the test's own accesses */
    SIM_ARRAY(moving_bases),
    SIM_ARRAY(moving_advs),
    .moving_accesses = 60,
    .soak_hook_max = 2 * DIV,
    .soak_far = 1u << 26, /* many count-downs away */
    .soak_shift = 4,
    .soak_late = PERIOD - 1, /* the longest masked stretch */
    .soak_delay = 2 * DIV + 100,
};

/* ---- SysTick's own ---- */

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
        assert_true(sim_last_fire_ref >= at * DIV);   /* and never early for real */
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

static ebb_poll_t ticker_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    EBB_BEGIN(cx, &self->co);
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
        EBB_SET_UNLINKED(tk.task, (ebb_task)EBB_TASK_INITIALIZER(ticker_poll));
        assert_int_equal(ebb_task_spawn(&exec, &tk.task), EBB_OK);
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
        cmocka_unit_test_setup(test_drift_matched_is_zero, setup),
        cmocka_unit_test_setup(test_drift_mismatch_bounded_per_cut, setup),
        cmocka_unit_test_setup(test_reload_lag_alarms, setup),
        cmocka_unit_test_setup(test_reload_lag_ticker, setup),
        cmocka_unit_test_setup(test_stall_inside_the_cut, setup),
    };
    int failed = time_scenarios_run();
    return failed + cmocka_run_group_tests_name("systick's own", tests, NULL, NULL);
}
