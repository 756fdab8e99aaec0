/*
 * lock_bound.c - the longest stretch with interrupts masked during each
 * operation a task or an interrupt handler can perform on ebb's public API,
 * with N = 1, 10, 100, 1000 tasks, timers or waiters involved (the
 * micro:bit: N up to 100, what its 16 KiB hold), in executed instructions
 * under QEMU -icount.  Prints "mask <op> <N> <instructions>" lines for
 * lab/bench/check_lock_bound.py, which holds each op against its ceiling
 * a + b*log2(N) in lab/bench/lock_bound_budget.json, and "burst <pattern> <N>
 * <instructions>" (a whole timer burst, probe included: for reading only).
 *
 * Built on a copy of the core (ebb::reset's src/reset/reset.c included)
 * whose masking is timed:
 *   Cortex-M (qemu-netduinoplus2, the MPS2 boards, the micro:bit):
 *     lab/bench/lockprobe/ebb_port_impl.h, every outermost ebb_port_lock() ..
 *     ebb_port_unlock() (BASEPRI raised to the ceiling: the only masking
 *     ebb does; PRIMASK on the micro:bit's Cortex-M0) on TIM2's counter,
 *     or on the MPS2 boards and the micro:bit on SysTick's (microbit-systick,
 *     whose time driver is SysTick: on TIMER0's; boards/template, whose
 *     time driver is SysTick too: on the LM3S6965's watchdog counter),
 *     converted to instructions by a calibration loop;
 *   RISC-V (qemu-riscv-virt): lab/bench/maskprobe/ebb_port_impl.h, every
 *     stretch with mstatus.MIE clear - locks, the port's own masked code,
 *     and each trap from its entry to mret - on minstret.
 *
 * Each figure is the longest masked stretch inside one sampled statement
 * (BENCH_SAMPLE_MAX): the call itself for a plain function called from a
 * task (the "actor" task, polled alone) or from main; the whole interrupt
 * for an "(isr)" op - Cortex-M: PendSV at the lowest priority, pended and
 * taken at once; RISC-V: a task of a software-interrupt executor, so the
 * trap's entry and exit count; an executor pass for an awaitable: "(wait)"
 * is the first poll of N tasks that all find nothing and queue, "(resume)"
 * the pass that runs the tasks the operation woke.
 *
 * Operations, each with N waiters or N tasks:
 *   timers: arm(<order>) and fire(<order>) for N deadlines in the orders
 *     together (all equal), decreasing (every arm changes the earliest
 *     deadline: the time driver is re-armed N times), increasing and
 *     random (with ties); fire is the expiry of all N as one burst: the
 *     time interrupt alone is held off until the last deadline has passed
 *     (RISC-V: mie.MTIE; Cortex-M: BASEPRI at SysTick's priority, 15, the
 *     driver's lines at the NVIC, or on microbit-systick PRIMASK) and then
 *     let in, so every timer is due when its handler runs (the hold is
 *     outside every sample);
 *     cancel(earliest), cancel(latest): ebb_task_cancel() of a sleeper
 *     among N armed at random deadlines;
 *   channel (capacity 1): try_send / try_recv from a task and from an
 *     interrupt with N receivers / senders waiting, the awaited send and
 *     recv handed to the first of N waiting on the other side, reset;
 *   semaphore: give with N waiters (task, interrupt), take, try_take,
 *     reset; signal: raise with N waiters (it wakes one), wait, try_take,
 *     reset; wait list: ebb_waitlist_wake_all() with N waiters (the
 *     broadcast: one critical section per waiter), ebb_wait_on();
 *   pool (one block): free with N waiters (task, interrupt), alloc,
 *     try_alloc, free_count; pool_reset of a pool of N blocks;
 *   mutex: unlock with N waiters, lock, lock_if_free, reset;
 *   spsc (one producer, one consumer: N is 1): try_reserve, commit,
 *     peek, try_peek, release, reserve, each with the other side waiting
 *     where it can, from a task and from an interrupt, reset;
 *   tasks: spawn, ebb_wake() (from main and from an interrupt),
 *     ebb_task_cancel() and ebb_task_reset() (from main) of a task that
 *     waits, and an executor pass, with N tasks in the run queue (an actor
 *     task would be polled behind them);
 *   time: ebb_now(), ticker start and reset.
 * "whole_run" is the longest stretch of the whole run, set-up included.
 */
#include "ebb_board.h"
#include "sample_max.h"

#include <string.h>

#include "ebb/reset.h"

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
#if defined(EBB_LOCKPROBE_SYSTICK) || defined(EBB_LOCKPROBE_NRF51_TIMER0) || \
    defined(EBB_LOCKPROBE_STELLARIS_WDT)
#define LOCK_BOUND_CALIBRATE 1
/* Counts to instructions: SysTick counts the core clock, TIMER0 16 MHz
 * and the Stellaris watchdog the system clock, not the instructions, so a
 * loop of a known number of instructions is timed once (insns per
 * `cal_counts`). */
#define CAL_LOOPS 20000u
static uint32_t cal_counts;
static void probe_start(void)
{
#if defined(EBB_LOCKPROBE_SYSTICK)
    EBB_CM_SYST_RVR = 0x00FFFFFFu;
    EBB_CM_SYST_CVR = 0;
    EBB_CM_SYST_CSR = 5u; /* enabled, core clock, no interrupt */
#elif defined(EBB_LOCKPROBE_STELLARIS_WDT)
    /* RCGC0.WDT, then WDTLOCK's unlock key, WDTLOAD, and WDTCTL.INTEN (which
     * starts the count; RESEN stays 0: no reset, and interrupt 18 stays
     * disabled at the NVIC). */
    *(volatile uint32_t *)0x400FE100u |= 1u << 3;
    (void)*(volatile uint32_t *)0x400FE100u;
    *(volatile uint32_t *)0x40000C00u = 0x1ACCE551u;
    *(volatile uint32_t *)0x40000000u = 0xFFFFFFFFu;
    *(volatile uint32_t *)0x40000008u = 1u;
#else
#include "ebb_nrf51_regs.h"
#define TIMER0(off) EBB_NRF51_REG(EBB_NRF51_TIMER0_BASE, off)
    TIMER0(EBB_NRF51_TIMER_TASKS_STOP) = 1;
    TIMER0(EBB_NRF51_TIMER_TASKS_CLEAR) = 1;
    TIMER0(EBB_NRF51_TIMER_INTENCLR) = 0xFFFFFFFFu;
    TIMER0(EBB_NRF51_TIMER_SHORTS) = 0;
    TIMER0(EBB_NRF51_TIMER_MODE) = 0; /* timer */
    TIMER0(EBB_NRF51_TIMER_BITMODE) = EBB_NRF51_TIMER_BITMODE_32;
    TIMER0(EBB_NRF51_TIMER_PRESCALER) = 0; /* 16 MHz */
    TIMER0(EBB_NRF51_TIMER_TASKS_START) = 1;
#endif
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
#if defined(LOCK_BOUND_HOLD_PRIMASK)
/* SysTick is the time driver (microbit-systick) and ARMv6-M has no
 * BASEPRI: PRIMASK holds every interrupt off, set directly - not through
 * ebb's lock, which the probe times.  The SysTick driver's now() counts
 * the one wrap held off meanwhile (COUNTFLAG; its period between alarms is
 * a whole 2^24 cycles, the hold a few milliseconds). */
static void hold_time_irq(bool hold)
{
    if (hold) {
        __asm volatile("cpsid i" ::: "memory");
    } else {
        __asm volatile("cpsie i" ::: "memory");
    }
}
#elif defined(LOCK_BOUND_TIME_IRQ)
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
    /* The lowest logical priority (SysTick's, docs/interrupts.md) and
     * below, in the bits the chip implements (BASEPRI's unimplemented low
     * bits are not masked off by every model: QEMU keeps 0xF0 on a 3-bit
     * chip, above SysTick's 0xE0). */
    uint32_t v = hold ? EBB_PORT_PRIO((1u << EBB_CONFIG_PORT_PRIO_BITS) - 1u) : 0u;
    __asm volatile("msr basepri, %0" : : "r"(v) : "memory");
}
#endif
#endif

static volatile bool ok = true;
static uint32_t whole_run_max;

static void check(bool cond, const char *what)
{
    if (!cond) {
        ebb_board_puts("lock_bound: failed: ");
        ebb_board_puts(what);
        ebb_board_puts("\n");
        ok = false;
    }
}

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

/* ---- the objects and the tasks that wait on them ---- */

static EBB_SEM_DEFINE(sem, 0, 0xFFFF);
static EBB_SEM_DEFINE(go, 0, 1);
static EBB_CHANNEL_DEFINE(ch, uint32_t, 1);
static EBB_SIGNAL_DEFINE(sig);
static EBB_WAITLIST_DEFINE(wl);
static EBB_WAITLIST_DEFINE(park);
static EBB_MUTEX_DEFINE(mtx);
static EBB_POOL_DEFINE(pool, uint32_t, 1);
static EBB_SPSC_DEFINE(q, uint32_t, 1);
static EBB_TICKER_DEFINE(tick);
/* ebb_pool_reset() of a pool of N blocks. */
static EBB_POOL_DEFINE(pool_1, uint32_t, 1);
static EBB_POOL_DEFINE(pool_10, uint32_t, 10);
static EBB_POOL_DEFINE(pool_100, uint32_t, 100);
#if NMAX >= 1000
static EBB_POOL_DEFINE(pool_1000, uint32_t, 1000);
#endif

/* One task of the N: either a sleeper (timer) or a waiter (wait). */
struct worker {
    ebb_task task;
    union {
        ebb_timer timer; /* timer.deadline: the sleeper's deadline */
        ebb_wait wait;
    } u;
    void *slot;
    uint32_t val;
};
static struct worker wk[NMAX];
/* Tasks outside the N: a mutex owner, a lone sender or receiver, the spsc
 * sides, two tasks parked for ebb_wake(). */
static struct worker owner, lone, producer, consumer, park_x, park_y;
static volatile unsigned done; /* awaits completed */

#define WORKER_BODY(name, awaitable)                                           \
    static ebb_poll_t name(ebb_task *self, ebb_cx *cx)                         \
    {                                                                          \
        struct worker *s = EBB_CONTAINER_OF(self, struct worker, task);        \
        EBB_BEGIN(cx, &self->co);                                              \
        EBB_AWAIT(awaitable);                                                  \
        done++;                                                                \
        EBB_END();                                                             \
    }
WORKER_BODY(sleeper_poll, ebb_sleep_until(&s->u.timer, s->u.timer.deadline))
WORKER_BODY(take_poll, ebb_sem_take(&s->u.wait, &sem))
WORKER_BODY(recv_poll, ebb_channel_recv(&s->u.wait, &ch, &s->val))
WORKER_BODY(send_poll, ebb_channel_send(&s->u.wait, &ch, &s->val))
WORKER_BODY(sigwait_poll, ebb_signal_wait(&s->u.wait, &sig, &s->val))
WORKER_BODY(waiton_poll, ebb_wait_on(&s->u.wait, &wl))
WORKER_BODY(park_poll, ebb_wait_on(&s->u.wait, &park))
WORKER_BODY(alloc_poll, ebb_pool_alloc(&s->u.wait, &pool, &s->slot))
WORKER_BODY(peek_poll, ebb_spsc_peek(&s->u.wait, &q, &s->slot))
WORKER_BODY(reserve_poll, ebb_spsc_reserve(&s->u.wait, &q, &s->slot))

/* Waits for the mutex, then hands it on at once. */
static ebb_poll_t locker_poll(ebb_task *self, ebb_cx *cx)
{
    struct worker *s = EBB_CONTAINER_OF(self, struct worker, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_mutex_lock(&s->u.wait, &mtx));
    ebb_mutex_unlock(cx, &mtx);
    done++;
    EBB_END();
}

/* Takes the free mutex, waits for `go`, unlocks: both calls sampled. */
static uint32_t lock_if_free_v, unlock_v;
static ebb_poll_t owner_poll(ebb_task *self, ebb_cx *cx)
{
    struct worker *s = EBB_CONTAINER_OF(self, struct worker, task);
    EBB_BEGIN(cx, &self->co);
    {
        bool got = false;
        SAMPLE(lock_if_free_v, got = ebb_mutex_lock_if_free(cx, &mtx));
        check(got, "lock_if_free");
    }
    EBB_AWAIT(ebb_sem_take(&s->u.wait, &go));
    SAMPLE(unlock_v, ebb_mutex_unlock(cx, &mtx));
    EBB_END();
}

static void spawn(struct worker *w, ebb_task_fn fn)
{
    memset(w, 0, sizeof *w);
    EBB_SET_UNLINKED(w->task, (ebb_task)EBB_TASK_INITIALIZER(fn));
    check(ebb_task_spawn(&exec, &w->task) == EBB_OK, "spawn");
}

/* Spawn N tasks with body `fn` and run them until each waits: the longest
 * masked stretch of their first polls. */
static uint32_t wait_n(unsigned n, ebb_task_fn fn)
{
    for (unsigned i = 0; i < n; i++) {
        spawn(&wk[i], fn);
    }
    done = 0;
    uint32_t v;
    SAMPLE(v, run_all());
    return v;
}

/* Cancel the N tasks (and what they still wait for) and drain the queue. */
static void cancel_n(unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        check(ebb_task_cancel(&wk[i].task) == EBB_OK, "cancel");
    }
    run_all();
}

/* ---- running an operation from a task or an interrupt handler ---- */

static void (*volatile act_fn)(void);
static uint32_t act_v;

/* The actor: a task that performs act_fn() once, sampled. */
static ebb_poll_t actor_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    SAMPLE(act_v, act_fn());
    return EBB_READY;
}
static ebb_task actor = EBB_TASK_INITIALIZER(actor_poll);

/* fn() from a task, polled alone (nothing else is ready). */
static uint32_t in_task(void (*fn)(void))
{
    act_fn = fn;
    check(!ebb_executor_has_work(&exec), "run queue empty");
    check(ebb_task_spawn(&exec, &actor) == EBB_OK, "spawn actor");
    (void)ebb_executor_poll(&exec);
    check(ebb_task_state(&actor) == EBB_TASK_DONE, "actor ran");
    return act_v;
}

static volatile bool isr_ran;

#if defined(__riscv)
/* An interrupt handler on RISC-V is a software-interrupt executor's task:
 * the MSIP trap polls it, having let interrupts in. */
static EBB_RV_SWI_EXECUTOR_DEFINE(irq_exec, 1);
static ebb_poll_t isr_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    act_fn();
    isr_ran = true;
    return EBB_READY;
}
static ebb_task isr_task = EBB_TASK_INITIALIZER(isr_poll);
static void raise_isr(void)
{
    check(ebb_task_spawn(&irq_exec.ex, &isr_task) == EBB_OK, "spawn isr task");
}
static void isr_setup(void) {}
#else
/* PendSV at the lowest priority (under the lock's ceiling). */
void PendSV_Handler(void);
void PendSV_Handler(void)
{
    act_fn();
    isr_ran = true;
}
static void raise_isr(void)
{
    EBB_CM_ICSR = 1u << 28; /* PENDSVSET */
    __asm volatile("dsb\n\tisb" ::: "memory");
}
static void isr_setup(void)
{
    ebb_cm_exc_set_prio(14, (1u << EBB_CONFIG_PORT_PRIO_BITS) - 1u);
}
#endif

/* fn() in an interrupt handler: the whole interrupt sampled. */
static uint32_t in_isr(void (*fn)(void))
{
    uint32_t v;
    act_fn = fn;
    isr_ran = false;
    SAMPLE(v, raise_isr(); while (!isr_ran) { __asm volatile("" ::: "memory"); });
    return v;
}

enum ctx { TASK, ISR };
static uint32_t in_ctx(enum ctx c, void (*fn)(void))
{
    return c == ISR ? in_isr(fn) : in_task(fn);
}
#define NAME2(c, name) ((c) == ISR ? name "(isr)" : name)

/* ---- timers ---- */

static uint32_t rng = 0x2545F491u;
static uint32_t random_u32(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

enum pattern { TOGETHER, DECREASING, INCREASING, RANDOM };
static const char *const arm_names[] = {"arm(together)", "arm(decreasing)", "arm(increasing)",
                                        "arm(random)"};
static const char *const fire_names[] = {"fire(together)", "fire(decreasing)", "fire(increasing)",
                                         "fire(random)"};
static const char *const pattern_names[] = {"together", "decreasing", "increasing", "random"};

/* Spawn N sleepers with deadlines base + an offset in 1..N in pattern
 * `p`; returns the index of the one that expires last (equal deadlines
 * expire in address order: the highest index). */
static unsigned sleepers(enum pattern p, unsigned n, ebb_ticks base)
{
    unsigned last = 0;
    ebb_ticks last_off = 0;
    for (unsigned i = 0; i < n; i++) {
        ebb_ticks off = p == TOGETHER     ? 1
                        : p == DECREASING ? n - i
                        : p == INCREASING ? i + 1
                                          : 1 + random_u32() % n;
        memset(&wk[i], 0, sizeof wk[i]);
        EBB_SET_UNLINKED(wk[i].task, (ebb_task)EBB_TASK_INITIALIZER(sleeper_poll));
        wk[i].u.timer.deadline = base + off;
        check(ebb_task_spawn(&exec, &wk[i].task) == EBB_OK, "spawn sleeper");
        if (off >= last_off) {
            last = i;
            last_off = off;
        }
    }
    return last;
}

static void burst(enum pattern p, unsigned n)
{
    /* Ahead of the arming (a few microseconds per timer at most at one
     * nanosecond an instruction; the boards that run at their own -icount
     * shift take more). */
    ebb_ticks base = ebb_now() + EBB_US(300) + (ebb_ticks)n * EBB_US(ARM_US_PER_TIMER);
    unsigned last = sleepers(p, n, base);
    done = 0;
    uint32_t v;
    SAMPLE(v, run_all());
    put("mask", arm_names[p], n, v);
    for (unsigned i = 0; i < n; i++) {
        check(ebb_timer_armed(&wk[i].u.timer), "armed, none due yet");
    }

    hold_time_irq(true);
    while (ebb_now() <= wk[last].u.timer.deadline) {
    }
    uint32_t t0 = counter();
    SAMPLE(v, hold_time_irq(false); while (ebb_timer_armed(&wk[last].u.timer)) {
        __asm volatile("" ::: "memory");
    });
    uint32_t t1 = counter();
    put("mask", fire_names[p], n, v);
    put("burst", pattern_names[p], n, ELAPSED(t0, t1));
    run_all();
    check(done == n, "every sleeper woke");
}

/* Cancel the sleeper with the earliest, then the latest, of N random
 * deadlines (far ahead: none falls due). */
static void timer_cancels(unsigned n)
{
    for (int latest = 0; latest <= 1; latest++) {
        (void)sleepers(RANDOM, n, ebb_now() + EBB_SEC(10));
        run_all();
        unsigned t = 0;
        for (unsigned i = 1; i < n; i++) {
            ebb_ticks d = wk[i].u.timer.deadline, dt = wk[t].u.timer.deadline;
            if (latest ? d >= dt : d < dt) {
                t = i;
            }
        }
        uint32_t v;
        int r = EBB_EINVAL;
        SAMPLE(v, r = ebb_task_cancel(&wk[t].task));
        check(r == EBB_OK && !ebb_timer_armed(&wk[t].u.timer), "timer cancelled");
        put("mask", latest ? "cancel(latest)" : "cancel(earliest)", n, v);
        cancel_n(n);
    }
}

/* ---- the operations performed by the actor or the interrupt ---- */

static uint32_t elem = 1;
static void *blk;
static void *qslot;
static void sem_give_fn(void) { check(ebb_sem_give(&sem) == EBB_OK, "sem_give"); }
static void sem_try_take_fn(void) { check(ebb_sem_try_take(&sem) == EBB_OK, "sem_try_take"); }
static void try_send_fn(void) { check(ebb_channel_try_send(&ch, &elem) == EBB_OK, "try_send"); }
static void try_recv_fn(void) { check(ebb_channel_try_recv(&ch, &elem) == EBB_OK, "try_recv"); }
static void raise_fn(void) { ebb_signal_raise(&sig, 7); }
static void sig_try_take_fn(void)
{
    uint32_t v = 0;
    check(ebb_signal_try_take(&sig, &v) && v == 7, "signal_try_take");
}
static void wake_all_fn(void) { ebb_waitlist_wake_all(&wl); }
static void pool_try_alloc_fn(void) { check((blk = ebb_pool_try_alloc(&pool)) != NULL, "try_alloc"); }
static void pool_free_fn(void) { check(ebb_pool_free(&pool, blk) == EBB_OK, "pool_free"); }
static void wake_y_fn(void) { check(ebb_wake(&park_y.task), "wake"); }
static void spsc_try_reserve_fn(void) { check((qslot = ebb_spsc_try_reserve(&q)) != NULL, "try_reserve"); }
static void spsc_commit_fn(void) { check(ebb_spsc_commit(&q) == EBB_OK, "commit"); }
static void spsc_try_peek_fn(void) { check((qslot = ebb_spsc_try_peek(&q)) != NULL, "try_peek"); }
static void spsc_release_fn(void) { check(ebb_spsc_release(&q) == EBB_OK, "release"); }

/* A pass of the executor over the tasks the operation woke. */
static uint32_t resume_pass(void)
{
    uint32_t v;
    SAMPLE(v, run_all());
    return v;
}

static void sem_ops(unsigned n)
{
    for (enum ctx c = TASK; c <= ISR; c++) {
        uint32_t v = wait_n(n, take_poll);
        if (c == TASK) {
            put("mask", "sem_take(wait)", n, v);
        }
        put("mask", NAME2(c, "sem_give"), n, in_ctx(c, sem_give_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "sem_take(resume)", n, v);
        }
        check(done == 1, "one taker woken");
        cancel_n(n);
    }
    check(ebb_sem_give(&sem) == EBB_OK, "give");
    put("mask", "sem_try_take", n, in_task(sem_try_take_fn));
    uint32_t v;
    int r = EBB_EINVAL;
    SAMPLE(v, r = ebb_sem_reset(&sem, 0));
    check(r == EBB_OK, "sem_reset");
    put("mask", "sem_reset", n, v);
}

static void channel_ops(unsigned n)
{
    uint32_t v;
    for (enum ctx c = TASK; c <= ISR; c++) {
        /* N receivers wait on the empty channel. */
        v = wait_n(n, recv_poll);
        if (c == TASK) {
            put("mask", "channel_recv(wait)", n, v);
        }
        put("mask", NAME2(c, "channel_try_send"), n, in_ctx(c, try_send_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "channel_recv(resume)", n, v);
        }
        check(done == 1, "one receiver woken");
        cancel_n(n);
        /* N senders wait on the full channel. */
        check(ebb_channel_try_send(&ch, &elem) == EBB_OK, "fill");
        v = wait_n(n, send_poll);
        if (c == TASK) {
            put("mask", "channel_send(wait)", n, v);
        }
        put("mask", NAME2(c, "channel_try_recv"), n, in_ctx(c, try_recv_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "channel_send(resume)", n, v);
        }
        check(done == 1, "one sender woken");
        cancel_n(n);
        check(ebb_channel_try_recv(&ch, &elem) == EBB_OK, "drain");
    }
    /* An awaited send handed to the first of N waiting receivers, and an
     * awaited receive that hands the freed slot to the first of N senders. */
    (void)wait_n(n, recv_poll);
    spawn(&lone, send_poll);
    SAMPLE(v, (void)ebb_executor_poll(&exec));
    put("mask", "channel_send(to_waiting)", n, v);
    check(ebb_task_state(&lone.task) == EBB_TASK_DONE, "send done");
    run_all();
    check(done == 2, "one receiver served");
    cancel_n(n);
    check(ebb_channel_try_send(&ch, &elem) == EBB_OK, "fill");
    (void)wait_n(n, send_poll);
    spawn(&lone, recv_poll);
    SAMPLE(v, (void)ebb_executor_poll(&exec));
    put("mask", "channel_recv(from_waiting)", n, v);
    check(ebb_task_state(&lone.task) == EBB_TASK_DONE, "recv done");
    run_all();
    check(done == 2, "one sender served");
    cancel_n(n);
    int r = EBB_EINVAL;
    SAMPLE(v, r = ebb_channel_reset(&ch));
    check(r == EBB_OK && ebb_channel_count(&ch) == 0, "channel_reset");
    put("mask", "channel_reset", n, v);
}

static void signal_ops(unsigned n)
{
    uint32_t v;
    for (enum ctx c = TASK; c <= ISR; c++) {
        v = wait_n(n, sigwait_poll);
        if (c == TASK) {
            put("mask", "signal_wait(wait)", n, v);
        }
        put("mask", NAME2(c, "signal_raise"), n, in_ctx(c, raise_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "signal_wait(resume)", n, v);
        }
        check(done == 1, "one signal waiter woken");
        cancel_n(n);
    }
    ebb_signal_raise(&sig, 7);
    put("mask", "signal_try_take", n, in_task(sig_try_take_fn));
    SAMPLE(v, ebb_signal_reset(&sig));
    put("mask", "signal_reset", n, v);
}

static void broadcast_ops(unsigned n)
{
    for (enum ctx c = TASK; c <= ISR; c++) {
        uint32_t v = wait_n(n, waiton_poll);
        if (c == TASK) {
            put("mask", "wait_on(wait)", n, v);
        }
        put("mask", NAME2(c, "wake_all"), n, in_ctx(c, wake_all_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "wait_on(resume)", n, v);
        }
        check(done == n, "every waiter woken");
        cancel_n(n);
    }
}

static void pool_ops(unsigned n)
{
    uint32_t v;
    for (enum ctx c = TASK; c <= ISR; c++) {
        v = in_task(pool_try_alloc_fn);
        if (c == TASK) {
            put("mask", "pool_try_alloc", n, v);
        }
        v = wait_n(n, alloc_poll);
        if (c == TASK) {
            put("mask", "pool_alloc(wait)", n, v);
        }
        put("mask", NAME2(c, "pool_free"), n, in_ctx(c, pool_free_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "pool_alloc(resume)", n, v);
        }
        check(done == 1 && wk[0].slot == blk, "the first waiter got the block");
        cancel_n(n);
        check(ebb_pool_free(&pool, blk) == EBB_OK, "free");
    }
    uint16_t f = 0;
    SAMPLE(v, f = ebb_pool_free_count(&pool));
    check(f == 1, "free_count");
    put("mask", "pool_free_count", n, v);
    /* A pool of N blocks, all allocated, reset. */
    ebb_pool *const by_n[] = {&pool_1, &pool_10, &pool_100,
#if NMAX >= 1000
                              &pool_1000
#endif
    };
    ebb_pool *p = NULL;
    for (unsigned i = 0; i < sizeof by_n / sizeof by_n[0]; i++) {
        if (ebb_pool_capacity(by_n[i]) == n) {
            p = by_n[i];
        }
    }
    check(p != NULL, "a pool of N blocks");
    if (p != NULL) {
        for (unsigned i = 0; i < n; i++) {
            check(ebb_pool_try_alloc(p) != NULL, "alloc");
        }
        int r = EBB_EINVAL;
        SAMPLE(v, r = ebb_pool_reset(p));
        check(r == EBB_OK && ebb_pool_free_count(p) == n, "pool_reset");
        put("mask", "pool_reset", n, v);
    }
}

static void mutex_ops(unsigned n)
{
    spawn(&owner, owner_poll);
    run_all(); /* owns the mutex, waits for go */
    put("mask", "mutex_lock_if_free", n, lock_if_free_v);
    uint32_t v = wait_n(n, locker_poll);
    put("mask", "mutex_lock(wait)", n, v);
    check(ebb_sem_give(&go) == EBB_OK, "go");
    (void)ebb_executor_poll(&exec); /* the owner alone: unlocks */
    check(ebb_task_state(&owner.task) == EBB_TASK_DONE, "owner done");
    put("mask", "mutex_unlock", n, unlock_v);
    put("mask", "mutex_lock(resume)", n, resume_pass());
    check(done == n, "every locker had the mutex");
    int r = EBB_EINVAL;
    SAMPLE(v, r = ebb_mutex_reset(&mtx));
    check(r == EBB_OK, "mutex_reset");
    put("mask", "mutex_reset", n, v);
}

/* One producer and one consumer: printed with N = 1. */
static void spsc_ops(void)
{
    for (enum ctx c = TASK; c <= ISR; c++) {
        spawn(&consumer, peek_poll);
        uint32_t v = resume_pass();
        if (c == TASK) {
            put("mask", "spsc_peek(wait)", 1, v);
        }
        put("mask", NAME2(c, "spsc_try_reserve"), 1, in_ctx(c, spsc_try_reserve_fn));
        put("mask", NAME2(c, "spsc_commit"), 1, in_ctx(c, spsc_commit_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "spsc_peek(resume)", 1, v);
        }
        check(ebb_task_state(&consumer.task) == EBB_TASK_DONE && consumer.slot != NULL, "peeked");
        /* Full: the producer waits for the slot. */
        spawn(&producer, reserve_poll);
        v = resume_pass();
        if (c == TASK) {
            put("mask", "spsc_reserve(wait)", 1, v);
        }
        put("mask", NAME2(c, "spsc_try_peek"), 1, in_ctx(c, spsc_try_peek_fn));
        put("mask", NAME2(c, "spsc_release"), 1, in_ctx(c, spsc_release_fn));
        v = resume_pass();
        if (c == TASK) {
            put("mask", "spsc_reserve(resume)", 1, v);
        }
        check(ebb_task_state(&producer.task) == EBB_TASK_DONE && producer.slot != NULL, "reserved");
    }
    uint32_t v;
    int r = EBB_EINVAL;
    SAMPLE(v, r = ebb_spsc_reset(&q));
    check(r == EBB_OK, "spsc_reset");
    put("mask", "spsc_reset", 1, v);
}

/* N tasks in the run queue: spawn them, wake one more (from main, thread
 * mode as a task is, and from an interrupt), cancel and reset a queued
 * task that waits, and poll them all in one pass. */
static void task_ops(unsigned n)
{
    spawn(&park_x, park_poll);
    spawn(&park_y, park_poll);
    run_all(); /* both wait on `park` */
    uint32_t v = 0, s;
    for (unsigned i = 0; i < n; i++) {
        memset(&wk[i], 0, sizeof wk[i]);
        EBB_SET_UNLINKED(wk[i].task, (ebb_task)EBB_TASK_INITIALIZER(waiton_poll));
        SAMPLE(s, check(ebb_task_spawn(&exec, &wk[i].task) == EBB_OK, "spawn"));
        v = s > v ? s : v;
    }
    put("mask", "task_spawn", n, v);
    bool queued = false;
    SAMPLE(v, queued = ebb_wake(&park_x.task));
    check(queued, "wake queued");
    put("mask", "wake", n, v);
    put("mask", "wake(isr)", n, in_isr(wake_y_fn));
    int r = EBB_EINVAL;
    SAMPLE(v, r = ebb_task_cancel(&park_x.task));
    check(r == EBB_OK && ebb_task_state(&park_x.task) == EBB_TASK_IDLE, "task_cancel");
    put("mask", "task_cancel", n, v);
    r = EBB_EINVAL;
    SAMPLE(v, r = ebb_task_reset(&park_y.task));
    check(r == EBB_OK && ebb_task_state(&park_y.task) == EBB_TASK_IDLE, "task_reset");
    put("mask", "task_reset", n, v);
    check(ebb_waitlist_empty(&park), "park withdrawn");
    done = 0;
    SAMPLE(v, (void)ebb_executor_poll(&exec));
    put("mask", "executor_poll", n, v);
    check(!ebb_executor_has_work(&exec) && done == 0, "one pass, all waiting");
    cancel_n(n);
}

static void time_ops(unsigned n)
{
    uint32_t v;
    ebb_ticks t = 0;
    SAMPLE(v, t = ebb_now());
    check(t != 0, "now");
    put("mask", "now", n, v);
    SAMPLE(v, ebb_ticker_start(&tick, EBB_MS(1)));
    put("mask", "ticker_start", n, v);
    int r = EBB_EINVAL;
    SAMPLE(v, r = ebb_ticker_reset(&tick));
    check(r == EBB_OK, "ticker_reset");
    put("mask", "ticker_reset", n, v);
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
#if defined(LOCK_BOUND_CALIBRATE)
    put("probe", "calibration", 2u * CAL_LOOPS, cal_counts);
#endif
#if defined(__riscv)
    ebb_maskprobe_calibrate((volatile uint32_t *)EBB_VIRT_MSIP);
    put("trap", "head", 0, ebb_maskprobe_head);
    put("trap", "tail", 0, ebb_maskprobe_tail);
#endif
    ebb_executor_init(&exec, NULL);
    isr_setup();
    for (unsigned si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        unsigned n = sizes[si];
        for (int p = TOGETHER; p <= RANDOM; p++) {
            burst((enum pattern)p, n);
        }
        timer_cancels(n);
        sem_ops(n);
        channel_ops(n);
        signal_ops(n);
        broadcast_ops(n);
        pool_ops(n);
        mutex_ops(n);
        task_ops(n);
        time_ops(n);
        if (n == 1) {
            spsc_ops();
        }
    }
    if (PROBE_MAX > whole_run_max) {
        whole_run_max = PROBE_MAX; /* stretches outside any SAMPLE */
    }
    put("mask", "whole_run", 0, whole_run_max);
    ebb_board_puts(ok ? "lock_bound: ok\n" : "lock_bound: FAILED\n");
    ebb_board_exit(ok ? 0 : 1);
}
