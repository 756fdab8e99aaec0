/*
 * harness.c - the measurement lab's harness around the showdown application:
 * everything the lab's builds add to apps/showdown/stm32/main.c, which
 * includes this file when built with SHOWDOWN_LAB=1 and calls
 * showdown_lab_start() in place of showdown_start().
 *
 * Included, not compiled on its own: its functions then sit in main.c's
 * object, in main.c's order, and its start-up code is inlined into main(),
 * so that every measured function, and the read-only data after the code,
 * keeps the address it has in the application's own build: the cycle
 * model's flash lines depend on them.  (Compiled apart, the start-up code
 * has another size, and the read-only data the measured windows read moves
 * with it.)
 *
 * QEMU board (EBB_BOARD_HAS_FINGER): a scripted finger presses the virtual
 * button 100 times at pseudo-random moments from its own top-priority
 * interrupt executor (outside every measured window); a supervisor task
 * wakes once, after the last release, checks that all 200 edges were counted
 * and written, prints the stack high-water mark and exits QEMU with the
 * verdict.  SHOWDOWN_LOAD=1 adds a background task that keeps the CPU busy
 * in short slices, for the figures under load.
 *
 * SHOWDOWN_PRIO=1 runs the button task on a second executor inside an
 * otherwise unused interrupt (SAI2) at a priority above thread mode: the
 * NVIC then preempts whatever thread-mode task is running as soon as the
 * EXTI handler wakes the button, on the one shared stack.
 *
 * NUCLEO-F446ZE with SHOWDOWN_SELFTIME=1: the probe points also read the DWT
 * cycle counter (showdown_lab.h, showdown.h), and after 200 edges the
 * statistics are printed on USART3.
 */
#include "ebb_board.h"
#include "showdown.h"
#include "showdown_lab.h"

#ifndef SHOWDOWN_LOAD
#define SHOWDOWN_LOAD 0
#endif
#ifndef SHOWDOWN_PRIO
#define SHOWDOWN_PRIO 0
#endif

#define PRESSES 100u
#define EDGES (2u * PRESSES)

#if SHOWDOWN_PRIO
/* The button's executor: polled by the SAI2 handler, which its pender pends.
 * Priority 4 is below the EXTI (2) and console (3) handlers, above thread
 * mode, and at or below the port's ceiling so its tasks may call ebb. */
#define PRIO_IRQ 91u
#define PRIO_LEVEL 4u
/* hot, both: on the prio runs' measured path, placed with the rest of it
 * (port/cortex-m/sections.ld) - elsewhere their lines moved with every
 * change to unrelated code, and the pender straddled two of them. */
__attribute__((hot)) static void prio_pend(ebb_executor *ex)
{
    (void)ex;
    ebb_cm_irq_pend(PRIO_IRQ);
}

static EBB_EXECUTOR_DEFINE(prio_exec, prio_pend);

__attribute__((hot)) void SAI2_IRQHandler(void)
{
    (void)ebb_executor_poll(&prio_exec);
}
#endif

static EBB_UNUSED void put_kv(const char *key, uint32_t v)
{
    /* The small helper, not ebb_fmt(): the measured images stay free of
     * the formatter, which only the formatting rows measure. */
    char num[12];
    *ebb_fmt_dec32(num, (int32_t)v) = '\0';
    ebb_board_puts(key);
    ebb_board_puts(num);
    ebb_board_puts("\n");
}

#if EBB_BOARD_HAS_FINGER
/* ---- the finger and the supervisor (QEMU) ---- */
static ebb_finger_step script[EDGES];
static ebb_ticks script_end;

static uint32_t rng = 0x9E3779B9u;

/* Gaps between edges: mostly milliseconds (the system idles in between, as
 * with a human finger), under load much shorter so the busy CPU is hit. */
static uint32_t gap_us(void)
{
#if SHOWDOWN_LOAD
    return 60u + showdown_rand(&rng) % 340u;
#else
    return 200u + showdown_rand(&rng) % 20000u;
#endif
}

static void finger_script(void)
{
    uint64_t total = 0;
    for (unsigned i = 0; i < EDGES; i++) {
        script[i].delay_us = gap_us();
        script[i].pressed = (i % 2u) == 0u;
        total += script[i].delay_us;
    }
    script_end = ebb_now() + EBB_US(total) + EBB_MS(20);
    /* Every edge must reach the application, also where QEMU's clock
     * follows the host's (`make run`): there a host stall can hold the
     * application back past the next edge's time.  Measured without
     * patience on a loaded 2-core host: the finger woken up to 19 ms late,
     * then playing the overdue edges 16 us apart, 2.4 ms from an edge to
     * the button task's resume, and 69 to 190 of the 200 edges counted in
     * such runs (docs/showdown.md, "Running it yourself"). */
    ebb_board_finger_patience(true);
    ebb_board_finger_table(script, EDGES);
    /* The finger's clock is SysTick, the board's time driver: its handler
     * wakes the finger, whose interrupt executor raises the button's EXTI
     * interrupt.  At SysTick's usual lowest priority the EXTI handler would
     * preempt SysTick and return into its last instructions, so every
     * measured latency would include the tail of a SysTick handler - which
     * on hardware happens to almost no edge (a real edge finds the core
     * asleep in thread mode, or in the load).  At the EXTI's own priority
     * SysTick finishes first and the EXTI handler tail-chains, then returns
     * to thread mode, as on the board. */
    ebb_cm_exc_set_prio(15u, EBB_BOARD_PRIO_EXTI);
}

struct supervisor {
    ebb_task task;
    ebb_timer timer;
};

static bool showdown_done(void)
{
    return showdown_count() == EDGES && showdown_pending() == 0 && !ebb_board_finger_busy();
}

static ebb_poll_t supervisor_poll(ebb_task *self, ebb_cx *cx)
{
    struct supervisor *s = EBB_CONTAINER_OF(self, struct supervisor, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&s->timer, script_end));
    /* Under -icount all is done by now (and finger_held=0 shows that the
     * script played exactly as written).  Without it (`make run`) the
     * patient finger may have waited for the application: give it the
     * time, bounded. */
    while (!showdown_done() && ebb_now() < script_end + EBB_SEC(30)) {
        EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_MS(10)));
    }
    put_kv("edges=", showdown_count());
    put_kv("finger_held=", ebb_board_finger_held());
    /* Edges the finger made that no wait had selected: lost, as on a real
     * board, but counted (ebb_board.h). */
    put_kv("edges_missed=", ebb_board_button_missed());
    put_kv("pending=", showdown_pending());
    put_kv("stack_peak=", ebb_cm_stack_peak_bytes());
    put_kv("app_ram=", (uint32_t)showdown_ram_bytes());
    ebb_board_exit(showdown_done() ? 0 : 1);
    EBB_END();
}

static EBB_TASK_DEFINE(supervisor, struct supervisor, supervisor_poll);
#endif

#if SHOWDOWN_LOAD
/* ---- background load: short busy slices, back to back ---- */
struct load {
    ebb_task task;
    uint32_t slices;
};

static ebb_poll_t load_poll(ebb_task *self, ebb_cx *cx)
{
    struct load *l = EBB_CONTAINER_OF(self, struct load, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        for (volatile uint32_t i = 0; i < 300u; i++) {
        }
        l->slices++;
        EBB_YIELD();
    }
    EBB_END();
}

static EBB_TASK_DEFINE(load, struct load, load_poll);
#endif

#if SHOWDOWN_SELFTIME
/* ---- self-timing with the DWT cycle counter (hardware) ---- */
static uint32_t t_irq_start;

struct stat {
    uint32_t n, min, max;
    uint64_t sum, sumsq;
};
static struct stat st_irq, st_latency, st_thread;
static uint32_t t_thread_start;
static bool irq_seen;
static EBB_SIGNAL_DEFINE(selftime_done);

static void stat_add(struct stat *s, uint32_t v)
{
    if (s->n == 0 || v < s->min) {
        s->min = v;
    }
    if (v > s->max) {
        s->max = v;
    }
    s->n++;
    s->sum += v;
    s->sumsq += (uint64_t)v * v;
}

void showdown_selftime_irq(uint32_t start, uint32_t end)
{
    t_irq_start = start;
    irq_seen = true;
    stat_add(&st_irq, end - start);
}

void showdown_selftime_thread(bool high)
{
    uint32_t now = ebb_cm_cyccnt();
    if (high) {
        t_thread_start = now;
        if (irq_seen) {
            stat_add(&st_latency, now - t_irq_start);
            irq_seen = false;
        }
    } else {
        stat_add(&st_thread, now - t_thread_start);
        if (st_thread.n == EDGES) {
            ebb_signal_raise(&selftime_done, 1);
        }
    }
}

static uint32_t isqrt64(uint64_t x)
{
    uint64_t r = 0, bit = 1ull << 62;
    while (bit > x) {
        bit >>= 2;
    }
    while (bit != 0) {
        if (x >= r + bit) {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return (uint32_t)r;
}

static void print_stat(const char *name, const struct stat *s)
{
    uint64_t mean = s->sum / s->n;
    uint64_t var = s->sumsq / s->n - mean * mean;
    ebb_board_puts(name);
    put_kv(" cycles mean=", (uint32_t)mean);
    put_kv("  sd=", isqrt64(var));
    put_kv("  min=", s->min);
    put_kv("  max=", s->max);
}

struct reporter {
    ebb_task task;
    ebb_wait wait;
    uint32_t v;
};

static ebb_poll_t reporter_poll(ebb_task *self, ebb_cx *cx)
{
    struct reporter *r = EBB_CONTAINER_OF(self, struct reporter, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_signal_wait(&r->wait, &selftime_done, &r->v));
    ebb_board_puts("ebb showdown, DWT cycles over 200 edges:\n");
    print_stat("interrupt_time", &st_irq);
    print_stat("latency", &st_latency);
    print_stat("thread_time", &st_thread);
    put_kv("stack_peak=", ebb_cm_stack_peak_bytes());
    EBB_END();
}

static EBB_TASK_DEFINE(reporter, struct reporter, reporter_poll);
#endif

/* Everything the lab adds to the application, then the application's
 * tasks on the executors it picks (main() inlines it). */
static void showdown_lab_start(ebb_executor *ex)
{
#if SHOWDOWN_SELFTIME
    ebb_cm_cyccnt_start();
#endif
#if SHOWDOWN_PRIO
    ebb_cm_irq_set_prio(PRIO_IRQ, PRIO_LEVEL);
    ebb_cm_irq_enable(PRIO_IRQ);
    showdown_start(ex, &prio_exec);
#else
    showdown_start(ex, ex);
#endif
#if SHOWDOWN_SELFTIME
    if (ebb_task_spawn(ex, &reporter.task) != EBB_OK) {
        ebb_board_exit(1);
    }
#endif
#if SHOWDOWN_LOAD
    if (ebb_task_spawn(ex, &load.task) != EBB_OK) {
        ebb_board_exit(1);
    }
#endif
#if EBB_BOARD_HAS_FINGER
    finger_script();
    if (ebb_task_spawn(ex, &supervisor.task) != EBB_OK) {
        ebb_board_exit(1);
    }
#endif
}
