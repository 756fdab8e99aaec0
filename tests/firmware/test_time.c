/*
 * test_time - timers and tickers: the board's time driver keeps time with
 * a reference clock it does not use (fw_ref_ns(), ref_<clock>.c) and its
 * alarms fire on time.
 *
 * Checked under -icount: ebb_now() read back to back never goes backwards
 * and tracks the reference, across the counter's wrap or period (read from
 * 95 to 105 ms after an alarm: SysTick runs a full 2^24-cycle period,
 * 99.86 ms at 168 MHz, after an alarm with nothing else armed; the CMSDK
 * test build wraps every 4 ms); a sleep never ends early, by ebb's clock nor
 * by the reference, and ends at most LATE_NS late, including sleeps longer
 * than one alarm load or counter range (re-armed alarms); three tickers with
 * coprime periods stay on time; at the end ebb's clock has not drifted.
 * The bounds are the board's (tests/firmware/CMakeLists.txt).
 */
#include "fw_time.h"

#ifndef LATE_NS
#define LATE_NS 40000u /* wake-up path: a few hundred instructions of up to 64 ns */
#endif
#ifndef EARLY_NS
#define EARLY_NS 1000u /* one reference clock + tick alignment */
#endif
#ifndef DRIFT_NS
#define DRIFT_NS 1000u
#endif

static uint64_t ref0; /* reference at ebb time 0 */

/* DRIFT_LAG_PS_PER_CUT / DRIFT_AHEAD_PS_PER_CUT (microbit-systick): the
 * drift each cut of the SysTick driver may add, ebb behind / ahead of the
 * reference, when the phase of its VAL sample follows the code rather than
 * chance (derived in tests/settings/microbit.cmake). */
#ifdef DRIFT_LAG_PS_PER_CUT
extern uint32_t ebb_systick_cuts(void);
#endif

/* FW_TIME_PAD (cmake -DEBB_FW_TIME_PAD=<n>): n more instructions per
 * check, to measure how the code's length moves the figures above. */
#ifdef FW_TIME_PAD
#define FW_TIME_STR(x) #x
#define FW_TIME_XSTR(x) FW_TIME_STR(x)
#define FW_TIME_PADDING() __asm volatile(".rept " FW_TIME_XSTR(FW_TIME_PAD) "\n\tnop\n\t.endr")
#else
#define FW_TIME_PADDING() ((void)0)
#endif

/* FW_TIME_LATEST (cmake -DEBB_FW_TIME_LATEST=ON) prints how late the wakes
 * of each phase ended at worst, ns by the reference: the figures the late
 * bounds of the boards' test settings (tests/settings/<board>.cmake) derive
 * from.  Off by default: on the micro:bit with SysTick, a few more
 * instructions per check move the sample phases of the driver's cuts and so
 * the drift this test bounds. */
#ifdef FW_TIME_LATEST
static int32_t latest; /* 32 bits: the bounds are microseconds */
/* And each wake of the first LOG_N of the tickers' phase, where the
 * tickers' deadlines come closest (deadline, ns late), so that the cost of
 * wakes served one after another can be read off (tests/firmware/
 * fw_time_wakes.py, tests/settings/microbit.cmake). */
#define LOG_N 128u
static bool logging;
static uint32_t log_deadline[LOG_N];
static int32_t log_late[LOG_N];
static uint32_t log_n;
#define LATEST_KEEP(late)                                                                          \
    do {                                                                                           \
        if ((int32_t)(late) > latest) {                                                            \
            latest = (int32_t)(late);                                                              \
        }                                                                                          \
        if (logging && log_n < LOG_N) {                                                            \
            log_deadline[log_n] = (uint32_t)deadline;                                              \
            log_late[log_n++] = (int32_t)(late);                                                   \
        }                                                                                          \
    } while (0)
#else
#define LATEST_KEEP(late) ((void)0)
#endif

static void check_on_time(ebb_ticks deadline)
{
    FW_TIME_PADDING();
    ebb_ticks now = ebb_now();
    uint64_t ref = fw_ref_ns() - ref0;
    uint64_t want = deadline * (1000000000u / EBB_CONFIG_TICK_HZ);
    bool ok = now >= deadline && ref + EARLY_NS >= want && ref <= want + LATE_NS;
    LATEST_KEEP((uint32_t)(ref - want));
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

/* Around 2^16 us (a 16-bit or CMSDK-sized load) and 99.86 ms (SysTick's
 * 24-bit range at 168 MHz). */
static const uint32_t lengths_us[] = {0,     1,     2,     5,     10,     50,     100,
                                      999,   1000,  12345, 65535, 65536,  65537,  99863,
                                      99864, 99865, 100000, 150000, 250000, 3};

static const uint32_t nap_us[] = {10};

static struct fw_sleeper sleeper = FW_SLEEPER_INITIALIZER(lengths_us, check_on_time);
static struct fw_sleeper nap = FW_SLEEPER_INITIALIZER(nap_us, check_on_time);
static struct fw_ticking tick_a = FW_TICKING_INITIALIZER(1000, check_on_time);
static struct fw_ticking tick_b = FW_TICKING_INITIALIZER(7001, check_on_time);
static struct fw_ticking tick_c = FW_TICKING_INITIALIZER(333, check_on_time);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    fw_ref_start();
    (void)fw_ref_ns();
    ebb_board_init();
    /* Align the reference with a tick edge of ebb's clock. */
    ebb_ticks t0 = ebb_now();
    while (ebb_now() == t0) {
    }
    ref0 = fw_ref_ns() - (t0 + 1u) * (1000000000u / EBB_CONFIG_TICK_HZ);
    ebb_board_puts("test_time on " EBB_BOARD_NAME "\n");
    ebb_executor_init(&exec, NULL);

    /* Phase 0: ebb_now() read back to back from 95 to 105 ms after an
     * alarm (a 10 us nap) never goes backwards and tracks the reference. */
    {
        FW_CHECK(ebb_task_spawn(&exec, &nap.task) == EBB_OK);
        fw_time_run(&exec, &nap.task, NULL, NULL);
        ebb_ticks t = nap.deadline;
        ebb_ticks prev = ebb_now();
        while (prev < t + EBB_MS(95)) {
            for (volatile int i = 0; i < 2000; i++) {
            }
            prev = ebb_now();
            (void)fw_ref_ns(); /* at least once per reference wrap */
        }
        for (uint32_t n = 0; prev < t + EBB_MS(105); n++) {
            ebb_ticks now = ebb_now();
            FW_CHECK(now >= prev);
            if (n % 16u == 0) { /* reference reads are slow on QEMU (MMIO) */
                uint64_t ref = fw_ref_ns() - ref0;
                FW_CHECK(ref + EARLY_NS >= now * 1000u && ref <= now * 1000u + 10000u + EARLY_NS);
            }
            prev = now;
        }
    }

    /* Phase 1: sleeps one at a time. */
#ifdef FW_TIME_LATEST
    latest = 0;
#endif
    FW_CHECK(ebb_task_spawn(&exec, &sleeper.task) == EBB_OK);
    fw_time_run(&exec, &sleeper.task, NULL, NULL);
#ifdef FW_TIME_LATEST
    int32_t latest_sleeps = latest;
    latest = 0;
    logging = true;
#endif

    /* Phase 2: three tickers for 0.3 s. */
    tick_a.duration_us = tick_b.duration_us = tick_c.duration_us = 300000u;
    FW_CHECK(ebb_task_spawn(&exec, &tick_a.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &tick_b.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &tick_c.task) == EBB_OK);
    fw_time_run(&exec, &tick_a.task, &tick_b.task, &tick_c.task);
    FW_CHECK(tick_a.ticks == 300u);
    FW_CHECK(tick_b.ticks == 300000u / 7001u);
    FW_CHECK(tick_c.ticks == 300000u / 333u);

    /* Drift: the same edge alignment as at the start, so that the latency
     * of the reads cancels out. */
    ebb_ticks t1 = ebb_now();
    while (ebb_now() == t1) {
    }
    int64_t drift = (int64_t)(fw_ref_ns() - ref0) - (int64_t)((t1 + 1u) * (1000000000u / EBB_CONFIG_TICK_HZ));
    ebb_board_puts("drift ns: ");
    fw_put_i64(drift);
    ebb_board_puts("\n");
    int64_t lag_ns = DRIFT_NS, ahead_ns = DRIFT_NS;
#ifdef DRIFT_LAG_PS_PER_CUT
    uint32_t cuts = ebb_systick_cuts();
    lag_ns += (int64_t)cuts * DRIFT_LAG_PS_PER_CUT / 1000;
    ahead_ns += (int64_t)cuts * DRIFT_AHEAD_PS_PER_CUT / 1000;
    ebb_board_puts("cuts: ");
    fw_put_u64(cuts);
    ebb_board_puts(" drift bound ns: -");
    fw_put_i64(ahead_ns);
    ebb_board_puts(" to ");
    fw_put_i64(lag_ns);
    ebb_board_puts("\n");
#endif
    FW_CHECK(drift < lag_ns && drift > -ahead_ns);
#ifdef FW_TIME_LATEST
    /* Printed at the end: output between the phases would move them. */
    ebb_board_puts("latest end after the deadline ns: sleeps one at a time ");
    fw_put_i64(latest_sleeps);
    ebb_board_puts(", three tickers ");
    fw_put_i64(latest);
    ebb_board_puts("\n");
    for (uint32_t i = 0; i < log_n; i++) {
        ebb_board_puts("wake deadline us ");
        fw_put_u64(log_deadline[i]);
        ebb_board_puts(" late ns ");
        fw_put_i64(log_late[i]);
        ebb_board_puts("\n");
    }
#endif
    ebb_board_puts("PASS\n");
    return 0;
}
