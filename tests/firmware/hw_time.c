/*
 * hw_time - the time driver against the DWT cycle counter, on hardware.
 *
 * For boards that run on a real chip (built for the NUCLEO-F446ZE with its
 * TIM2 driver; QEMU's DWT counter reads 0, so it is not built there).  Not
 * run in CI: flash it, open the console, and read the verdict:
 *   "hw_time: PASS, drift <n> ns over <s> s" or "FAIL ...", then "EXIT <code>".
 * Checked: sleeps of 1 us .. 1.5 s (beyond any 24/32-bit range) never end
 * early by the DWT reference and at most LATE_NS late; three tickers run
 * together for 2 s; the drift between ebb's clock and the core clock.
 * With the SysTick driver (-DEBB_NUCLEO_TIME=systick) it also prints the
 * correction for EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 that would cancel the
 * measured drift.  The DWT counter wraps every 23.8 s at 180 MHz; it is
 * read more often.
 */
#include "fw_time.h"

/* Present only when the board runs the SysTick driver (weak reference). */
extern uint32_t ebb_systick_cuts(void) __attribute__((weak));

#define LATE_NS 20000u
#define DRIFT_NS 5000u

static uint64_t cyc_total;
static uint32_t cyc_last;
static uint64_t ref0_ns;

static uint64_t ref_ns(void)
{
    uint32_t now = ebb_cm_cyccnt();
    cyc_total += (uint32_t)(now - cyc_last);
    cyc_last = now;
    return cyc_total * 1000u / (ebb_board_core_hz() / 1000000u);
}

static void check(ebb_ticks deadline)
{
    uint64_t ref = ref_ns() - ref0_ns;
    uint64_t want = deadline * (1000000000u / EBB_CONFIG_TICK_HZ);
    if (ebb_now() < deadline || ref + 1000u < want || ref > want + LATE_NS) {
        ebb_board_puts("deadline us ");
        fw_put_u64(deadline);
        ebb_board_puts(" reference - deadline ns ");
        fw_put_i64((int64_t)(ref - want));
        ebb_board_puts("\n");
        FW_CHECK(0);
    }
}

static const uint32_t lengths_us[] = {1, 2, 10, 100, 1000, 99999, 100000, 1500000, 7};

static struct fw_sleeper sleeper = FW_SLEEPER_INITIALIZER(lengths_us, check);
static struct fw_ticking ta = FW_TICKING_INITIALIZER(1000, check);
static struct fw_ticking tb = FW_TICKING_INITIALIZER(7001, check);
static struct fw_ticking tc = FW_TICKING_INITIALIZER(333, check);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("hw_time on " EBB_BOARD_NAME "\n");
    ebb_cm_cyccnt_start(); /* the reference; the board leaves it off */
    cyc_last = ebb_cm_cyccnt();
    ebb_ticks t0 = ebb_now();
    while (ebb_now() == t0) {
    }
    ref0_ns = ref_ns() - (t0 + 1u) * (1000000000u / EBB_CONFIG_TICK_HZ);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &sleeper.task) == EBB_OK);
    fw_time_run(&exec, &sleeper.task, NULL, NULL);
    ta.duration_us = tb.duration_us = tc.duration_us = 2000000u;
    FW_CHECK(ebb_task_spawn(&exec, &ta.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &tb.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &tc.task) == EBB_OK);
    fw_time_run(&exec, &ta.task, &tb.task, &tc.task);
    int64_t drift = (int64_t)(ref_ns() - ref0_ns) - (int64_t)(ebb_now() * 1000u);
    ebb_board_puts("hw_time: drift ns ");
    fw_put_i64(drift);
    ebb_board_puts(" over s ");
    fw_put_u64(ebb_now() / EBB_SEC(1));
    ebb_board_puts("\n");
    if (ebb_systick_cuts != NULL && ebb_systick_cuts() != 0) {
        /* Calibration of the SysTick cut constant: a positive drift means
         * ebb's clock ran slow, i.e. each cut added too few cycles. */
        int64_t cycles16 = drift * (int64_t)(ebb_board_core_hz() / 1000000u) * 16 / 1000;
        ebb_board_puts("hw_time: systick cuts ");
        fw_put_u64(ebb_systick_cuts());
        ebb_board_puts(", suggested EBB_CONFIG_SYSTICK_CUT_CYCLES_X16 = current + ");
        fw_put_i64(cycles16 / (int64_t)ebb_systick_cuts());
        ebb_board_puts("\n");
    }
    FW_CHECK(drift < (int64_t)DRIFT_NS && drift > -(int64_t)DRIFT_NS);
    ebb_board_puts("hw_time: PASS\n");
    ebb_board_exit(0);
}
