/*
 * lock_bound.c - the longest stretch with interrupts masked while N timers
 * (N = 1, 10, 100, 1000) are armed and while they expire in one burst, in
 * executed instructions under QEMU -icount.  Prints "mask <op> <N>
 * <instructions>" lines for bench/check_lock_bound.py, which holds them
 * against bench/lock_bound_budget.json, and "burst <pattern> <N>
 * <instructions>" (the whole burst, probe included: for reading only).
 *
 * Built on a copy of the core whose masking is timed:
 *   Cortex-M (qemu-netduinoplus2, the MPS2 boards, the micro:bit):
 *     bench/lockprobe/ebb_port_impl.h, every outermost ebb_port_lock() ..
 *     ebb_port_unlock() (BASEPRI raised to the ceiling: the only masking
 *     ebb does; PRIMASK on the micro:bit's Cortex-M0) on TIM2's counter,
 *     or on the MPS2 boards and the micro:bit on SysTick's, converted to
 *     instructions by a calibration loop (the micro:bit: N up to 100);
 *   RISC-V (qemu-riscv-virt): bench/maskprobe/ebb_port_impl.h, every
 *     stretch with mstatus.MIE clear - locks, the port's own masked code,
 *     and each trap from its entry to mret - on minstret.
 *
 * Three patterns of N deadlines, each armed by N tasks in spawn order:
 *   together    all N equal;
 *   decreasing  each earlier than the one before (every arm changes the
 *               earliest deadline: the time driver is re-armed N times);
 *   increasing  each later than the one before.
 * "arm(<pattern>)": arming them (deadlines far enough ahead that none
 * falls due meanwhile).  "fire(<pattern>)": their expiry as one burst.
 * For the burst the time interrupt alone is held off until the last
 * deadline has passed (RISC-V: mie.MTIE; Cortex-M: BASEPRI at SysTick's
 * priority, 15) and then let in: every timer is due when its handler runs.
 * The hold is outside every measured window.
 */
#include "ebb_board.h"
#include "sample_max.h"

#if defined(LOCK_BOUND_NMAX)
#define NMAX LOCK_BOUND_NMAX
#else
#define NMAX 1000
#endif

#if defined(__riscv)
#include "ebb_riscv.h"
uint32_t ebb_maskprobe_t0, ebb_maskprobe_max, ebb_maskprobe_head, ebb_maskprobe_tail;
uint32_t ebb_maskprobe_in, ebb_maskprobe_out;
#define PROBE_MAX ebb_maskprobe_max
static inline uint32_t counter(void) { return ebb_maskprobe_now(); }
static void probe_start(void) {}
static uint32_t to_insns(uint32_t counts) { return counts; }
#define ELAPSED(t0, t1) ((t1) - (t0))
#define ARM_US_PER_TIMER 5u
static void hold_time_irq(bool hold)
{
    if (hold) {
        EBB_RV_CSR_CLEAR(mie, EBB_RV_MIE_MTIE);
    } else {
        EBB_RV_CSR_SET(mie, EBB_RV_MIE_MTIE);
    }
}
#else
#include "ebb_cortex_m.h"
uint32_t ebb_lockprobe_t0, ebb_lockprobe_max;
#define PROBE_MAX ebb_lockprobe_max
static inline uint32_t counter(void) { return EBB_LOCKPROBE_CNT; }
#if defined(EBB_LOCKPROBE_SYSTICK)
/* Counts to instructions: SysTick counts the core clock, not the
 * instructions, so a loop of a known number of instructions is timed once
 * (insns per `cal_counts`). */
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define CAL_LOOPS 20000u
static uint32_t cal_counts;
static void probe_start(void)
{
    SYST_RVR = 0x00FFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5u; /* enabled, core clock, no interrupt */
    uint32_t t0 = counter();
    uint32_t n = CAL_LOOPS;
#if defined(__thumb2__)
    __asm volatile("1: subs %0, #1\n\tbne 1b" : "+l"(n) : : "cc"); /* 2 instructions a loop */
#else /* ARMv6-M: GCC writes Thumb-1 in divided syntax, where sub sets the flags */
    __asm volatile("1: sub %0, #1\n\tbne 1b" : "+l"(n) : : "cc");
#endif
    cal_counts = EBB_LOCKPROBE_ELAPSED(t0, counter());
}
static uint32_t to_insns(uint32_t counts)
{
    return (uint32_t)(((uint64_t)counts * (2u * CAL_LOOPS) + cal_counts / 2u) / cal_counts);
}
#define ELAPSED(t0, t1) EBB_LOCKPROBE_ELAPSED(t0, t1)
#define ARM_US_PER_TIMER 200u
#else
static void probe_start(void) {}
static uint32_t to_insns(uint32_t counts) { return counts; }
#define ELAPSED(t0, t1) ((t1) - (t0))
#define ARM_US_PER_TIMER 5u
#endif
#if defined(LOCK_BOUND_TIME_IRQ)
/* The board's time driver has one interrupt line (the micro:bit's
 * TIMER0): hold it off at the NVIC. */
static void hold_time_irq(bool hold)
{
    if (hold) {
        ebb_cm_irq_disable(LOCK_BOUND_TIME_IRQ);
    } else {
        ebb_cm_irq_enable(LOCK_BOUND_TIME_IRQ);
    }
}
#elif defined(EBB_BOARD_TIME_ALARM_IRQ)
/* The board's time driver has interrupt lines of its own (the MPS2
 * boards' CMSDK timers): hold them off at the NVIC. */
static void hold_time_irq(bool hold)
{
    if (hold) {
        ebb_cm_irq_disable(EBB_BOARD_TIME_ALARM_IRQ);
        ebb_cm_irq_disable(EBB_BOARD_TIME_COUNTER_IRQ);
    } else {
        ebb_cm_irq_enable(EBB_BOARD_TIME_COUNTER_IRQ);
        ebb_cm_irq_enable(EBB_BOARD_TIME_ALARM_IRQ);
    }
}
#else
static void hold_time_irq(bool hold)
{
    /* Logical priority 15 (SysTick's, docs/interrupts.md) and below. */
    uint32_t v = hold ? 0xF0u : 0u;
    __asm volatile("msr basepri, %0" : : "r"(v) : "memory");
}
#endif
#endif

static bool ok = true;
static uint32_t whole_run_max;

static void put(const char *kind, const char *name, unsigned n, uint32_t v)
{
    char line[80];
    ebb_fmt(line, sizeof line, "%s %s %u %lu\n", kind, name, n, (unsigned long)to_insns(v));
    ebb_board_puts(line);
}

/* The longest masked stretch inside `stmt` into `out`. */
#define SAMPLE(out, stmt) BENCH_SAMPLE_MAX(PROBE_MAX, whole_run_max, out, stmt)

static EBB_EXECUTOR_DEFINE(exec, NULL);

static void run_all(void)
{
    while (ebb_executor_poll(&exec)) {
    }
}

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
};
static struct sleeper sl[NMAX];
static volatile unsigned fired;

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
    fired++;
    EBB_END();
}

enum pattern { TOGETHER, DECREASING, INCREASING };
static const char *const arm_names[] = {"arm(together)", "arm(decreasing)", "arm(increasing)"};
static const char *const fire_names[] = {"fire(together)", "fire(decreasing)", "fire(increasing)"};
static const char *const pattern_names[] = {"together", "decreasing", "increasing"};

static void burst(enum pattern p, unsigned n)
{
    /* Ahead of the arming (a few microseconds per timer at most at one
     * nanosecond an instruction; the boards that run at their own -icount
     * shift take more). */
    ebb_ticks base = ebb_now() + EBB_US(300) + (ebb_ticks)n * EBB_US(ARM_US_PER_TIMER);
    unsigned last = 0; /* the timer that expires last */
    for (unsigned i = 0; i < n; i++) {
        ebb_ticks off = p == TOGETHER ? 0 : p == DECREASING ? n - i : i + 1;
        sl[i].deadline = base + off;
        sl[i].task = (ebb_task)EBB_TASK_INITIALIZER(sleeper_poll);
        ok &= ebb_task_spawn(&exec, &sl[i].task) == EBB_OK;
        if (p != DECREASING) {
            last = i;
        }
    }
    fired = 0;
    uint32_t v;
    SAMPLE(v, run_all());
    put("mask", arm_names[p], n, v);
    for (unsigned i = 0; i < n; i++) {
        ok &= ebb_timer_armed(&sl[i].timer); /* none due yet */
    }

    hold_time_irq(true);
    while (ebb_now() <= sl[last].deadline) {
    }
    uint32_t t0 = counter();
    SAMPLE(v, hold_time_irq(false); while (ebb_timer_armed(&sl[last].timer)) {
        __asm volatile("" ::: "memory");
    });
    uint32_t t1 = counter();
    put("mask", fire_names[p], n, v);
    put("burst", pattern_names[p], n, ELAPSED(t0, t1));
    run_all();
    ok &= fired == n;
}

#if NMAX >= 1000
static const unsigned sizes[] = {1, 10, 100, 1000};
#else
static const unsigned sizes[] = {1, 10, 100};
#endif

int main(void)
{
    ebb_board_init();
    probe_start();
#if defined(EBB_LOCKPROBE_SYSTICK)
    put("probe", "calibration", 2u * CAL_LOOPS, cal_counts);
#endif
#if defined(__riscv)
    ebb_maskprobe_calibrate((volatile uint32_t *)EBB_VIRT_MSIP);
    put("trap", "head", 0, ebb_maskprobe_head);
    put("trap", "tail", 0, ebb_maskprobe_tail);
#endif
    ebb_executor_init(&exec, NULL);
    for (unsigned si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int p = TOGETHER; p <= INCREASING; p++) {
            burst((enum pattern)p, sizes[si]);
        }
    }
    if (PROBE_MAX > whole_run_max) {
        whole_run_max = PROBE_MAX; /* stretches outside any SAMPLE */
    }
    put("mask", "whole_run", 0, whole_run_max);
    ebb_board_puts(ok ? "lock_bound: ok\n" : "lock_bound: FAILED\n");
    ebb_board_exit(ok ? 0 : 1);
}
