/*
 * ebb_stm32_exti.h - EXTI edge futures: await a rising, falling or any edge
 * on an external interrupt line (0..15, i.e. pin number; the port is chosen
 * at init through SYSCFG_EXTICR).
 *
 * Each line has a wait list.  The interrupt handlers (EXTI0..4, EXTI9_5,
 * EXTI15_10; weak, defined in exti.c) only read and clear the pending bits
 * and wake that line's waiters: that is the whole interrupt cost.  An
 * application that wants to wrap a handler (the showdown sets a probe pin at
 * its first and last statement) defines the handler itself and calls the
 * inline ebb_stm32_exti_dispatch() in it:
 *
 *     void EXTI15_10_IRQHandler(void) {
 *         EBB_STM32_GPIO_PROBE_HIGH(EBB_STM32_GPIO_G, 0);
 *         ebb_stm32_exti_dispatch(EBB_STM32_EXTI_LINES_15_10);
 *         EBB_STM32_GPIO_PROBE_LOW(EBB_STM32_GPIO_G, 0);
 *     }
 *
 * Edge selection: the line's trigger (RTSR/FTSR) is set when a wait starts,
 * to the edge that wait asked for; all waiters of a line share it (the last
 * to start wins), so wait for one kind of edge per line at a time.
 *
 * Virtual lines (EBB_STM32_EXTI_VIRTUAL=1, set by a board without real EXTI
 * inputs, e.g. QEMU): the pending mask comes from ebb_stm32_exti_virtual_pr, which
 * ebb_stm32_exti_virtual_edge() sets before pending the NVIC line.
 */
#ifndef EBB_STM32_EXTI_H
#define EBB_STM32_EXTI_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h" /* first: an application's ebb_config.h sets every option */

#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb/driver/wait.h"
#include "regs/exti.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef EBB_STM32_EXTI_VIRTUAL
#define EBB_STM32_EXTI_VIRTUAL 0
#endif

typedef enum {
    EBB_STM32_EXTI_RISING = 1,
    EBB_STM32_EXTI_FALLING = 2,
    EBB_STM32_EXTI_ANY = 3
} ebb_stm32_exti_edge;

#define EBB_STM32_EXTI_LINES_9_5 0x03E0u
#define EBB_STM32_EXTI_LINES_15_10 0xFC00u

/* The lines that can be awaited: FIRST..LAST, each with an 8-byte wait
 * list.  A board narrows the range to the lines it wires (both boards: the
 * button line only, saving 120 bytes of RAM); awaiting a line outside it
 * fails contract exti:1 / exti:2 at once.  Widen it in the board's
 * board.cmake to use more lines. */
#ifndef EBB_CONFIG_STM32_EXTI_FIRST_LINE
#define EBB_CONFIG_STM32_EXTI_FIRST_LINE 0
#endif
#ifndef EBB_CONFIG_STM32_EXTI_LAST_LINE
#define EBB_CONFIG_STM32_EXTI_LAST_LINE 15
#endif
#if EBB_CONFIG_STM32_EXTI_FIRST_LINE < 0 || EBB_CONFIG_STM32_EXTI_LAST_LINE > 15 || \
    EBB_CONFIG_STM32_EXTI_FIRST_LINE > EBB_CONFIG_STM32_EXTI_LAST_LINE
#error "EXTI line range must satisfy 0 <= FIRST <= LAST <= 15"
#endif
#define EBB_STM32_EXTI_NLISTS (EBB_CONFIG_STM32_EXTI_LAST_LINE - EBB_CONFIG_STM32_EXTI_FIRST_LINE + 1)
#define EBB_STM32_EXTI_RANGE_MASK                                                    \
    (((2u << EBB_CONFIG_STM32_EXTI_LAST_LINE) - 1u) &                          \
     ~((1u << EBB_CONFIG_STM32_EXTI_FIRST_LINE) - 1u))

/* Per-line wait lists, index line - FIRST; use ebb_stm32_exti_list(). */
extern ebb_waitlist ebb_stm32_exti_waiters[EBB_STM32_EXTI_NLISTS];

#if EBB_STM32_EXTI_VIRTUAL
/* Internal: edges taken with nobody waiting on their line (lost). */
extern volatile uint32_t ebb__stm32_exti_missed;
#define EBB__STM32_EXTI_MISSED() (ebb__stm32_exti_missed++)

/** Virtual lines: edges lost on the way and counted - merged into a line
 *  still pending, or fired with no task waiting (an edge still selected by
 *  a wait that has already fired); the board's ebb_board_button_missed()
 *  adds them.
 *  On hardware lines such an edge is cleared uncounted: the count would
 *  cost every program a word of RAM.  Context: any.  Cost: a load. */
static inline uint32_t ebb_stm32_exti_missed(void) { return ebb__stm32_exti_missed; }
#else
#define EBB__STM32_EXTI_MISSED() ((void)0)
#endif

/** The wait list of `line` (which must be in the configured range).
 *  Context: any.  Cost: an address computation. */
static inline ebb_waitlist *ebb_stm32_exti_list(unsigned line)
{
    return &ebb_stm32_exti_waiters[line - EBB_CONFIG_STM32_EXTI_FIRST_LINE];
}

#if EBB_STM32_EXTI_VIRTUAL
extern volatile uint32_t ebb_stm32_exti_virtual_pr;
#endif

/**
 * Route line `line` to GPIO port `port` (EBB_STM32_GPIO_A..), unmask it, and enable
 * its NVIC interrupt at logical priority `prio` (>= the port's ceiling).  No
 * edge is selected until a wait starts.  The pin itself is configured with
 * ebb_stm32_gpio_input().
 * Contract exti:1 - line within the configured range, port <=
 * EBB_STM32_GPIO_I (always checked: nothing is set up).
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_stm32_exti_init_line(unsigned line, unsigned port, unsigned prio);

/* Internal: the start of a wait (selects the edge, registers). */
ebb_poll_t ebb__stm32_exti_wait_start(ebb_cx *cx, ebb_wait *w, unsigned line, ebb_stm32_exti_edge edge);

/**
 * Awaitable: ready at the next `edge` on `line` after the wait started.
 * Follows ebb/async.h's contract (cancel withdraws the waiter).
 * Contract exti:2 - line within the configured range (always checked: the
 * wait stays pending and touches nothing).  Contract wait:2, wait:3
 * (ebb_wait_mine()).
 * Context: task.  Cost: O(1) (O(waiters) on cancel).
 */
EBB_AWAITABLE static inline ebb_poll_t ebb_stm32_exti_wait(ebb_cx *cx, ebb_wait *w, unsigned line, ebb_stm32_exti_edge edge)
{
    if (ebb_wait_take_fire(cx, w, ebb_stm32_exti_list(line))) {
        return EBB_READY; /* the edge came: no lock */
    }
    if (w->task != NULL || ebb_cx_cancelling(cx)) {
        /* Re-polled or cancelled: the edge was selected when the wait
         * began (and the line checked). */
        return ebb__wait_on_locked_path(cx, w, ebb_stm32_exti_list(line));
    }
    return ebb__stm32_exti_wait_start(cx, w, line, edge);
}
#define ebb_stm32_exti_wait(...) EBB_AWAITABLE_CALL(ebb_stm32_exti_wait, __VA_ARGS__)

/** Read and clear the pending lines within `mask`.  Context: interrupt.
 *  Cost: a load and a store (an atomic RAM update for virtual lines). */
static inline uint32_t ebb_stm32_exti_take_pending(uint32_t mask)
{
#if EBB_STM32_EXTI_VIRTUAL
    return __atomic_fetch_and(&ebb_stm32_exti_virtual_pr, ~mask, __ATOMIC_RELAXED) & mask;
#else
    uint32_t pr = EBB_STM32_EXTI->PR & mask;
    EBB_STM32_EXTI->PR = pr; /* write-1-to-clear: only what was seen */
    return pr;
#endif
}

/* ebb_stm32_exti_take_pending() with the port lock held: virtual lines are only
 * ever raised by code that may call ebb (ebb_stm32_exti_virtual_edge), which the
 * lock masks, so a plain read-modify-write is enough - no exclusive-access
 * retry loop in the measured handler. */
static inline uint32_t ebb__stm32_exti_take_pending_locked(uint32_t mask)
{
#if EBB_STM32_EXTI_VIRTUAL
    uint32_t all = ebb_stm32_exti_virtual_pr;
    ebb_stm32_exti_virtual_pr = all & ~mask;
    return all & mask;
#else
    return ebb_stm32_exti_take_pending(mask);
#endif
}

/**
 * The body of an EXTI interrupt handler: take the pending lines within
 * `mask` and wake each line's waiters.
 * Context: interrupt.  Cost: take_pending + one ebb_waitlist_wake_all per
 * pending line; with one line in range (a board's button) one critical
 * section for both, straight-line code for the usual single waiter.
 */
static inline void ebb_stm32_exti_dispatch(uint32_t mask)
{
    if ((mask & EBB_STM32_EXTI_RANGE_MASK) == 0u) {
        (void)ebb_stm32_exti_take_pending(mask); /* no line here has waiters */
        return;
    }
    if ((EBB_STM32_EXTI_RANGE_MASK & (EBB_STM32_EXTI_RANGE_MASK - 1u)) == 0u) {
        /* One line in range: nothing to search, the wake is inlined.
         * Everything pending in the
         * group is cleared; lines outside the range have no waiters (and
         * are never unmasked by ebb). */
        ebb_irq_state s = ebb_port_lock();
        ebb_waitlist *l = ebb_stm32_exti_list(EBB_CONFIG_STM32_EXTI_FIRST_LINE);
        ebb_dnode *n = ebb_dlist_first(&l->l);
        uint32_t pr = ebb__stm32_exti_take_pending_locked(mask) & EBB_STM32_EXTI_RANGE_MASK;
        if (EBB_LIKELY(pr != 0u && n != NULL && ebb_dnode_alone(n))) {
            /* The usual case, one waiter: woken in this critical section. */
            ebb_dnode_unlink(n);
            EBB__TRACE(EBB_TRACE_FIRE, l, 0);
            (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
        } else if (pr != 0u && n != NULL) {
            ebb_port_unlock(s);
            ebb_waitlist_wake_all(l); /* one waiter per critical section */
            return;
        }
#if EBB_STM32_EXTI_VIRTUAL
        else if (pr != 0u) {
            EBB__STM32_EXTI_MISSED(); /* an edge nobody waits for: lost */
        }
#endif
        ebb_port_unlock(s);
        return;
    }
    uint32_t pr = ebb_stm32_exti_take_pending(mask) & EBB_STM32_EXTI_RANGE_MASK;
    while (pr != 0) {
        unsigned line = 31u - (unsigned)__builtin_clz(pr);
        pr &= ~(1u << line);
#if EBB_STM32_EXTI_VIRTUAL
        ebb_irq_state s = ebb_port_lock();
        if (ebb_waitlist_empty(ebb_stm32_exti_list(line))) {
            EBB__STM32_EXTI_MISSED(); /* an edge nobody waits for: lost */
        }
        ebb_port_unlock(s);
#endif
        ebb_waitlist_wake_all(ebb_stm32_exti_list(line));
    }
}

#if EBB_STM32_EXTI_VIRTUAL
/**
 * Virtual lines: report an `edge` (RISING or FALLING) on `line` as the EXTI
 * hardware would - only if that edge is selected and the line unmasked -
 * by setting its pending bit and pending its NVIC interrupt.
 * Returns whether an interrupt was raised.  Context: any.  Cost: ~10 loads
 * and stores.
 */
bool ebb_stm32_exti_virtual_edge(unsigned line, ebb_stm32_exti_edge edge);
#endif

/** NVIC interrupt number serving `line`.  Context: any.  Cost: O(1). */
static inline unsigned ebb_stm32_exti_irq(unsigned line)
{
    return line <= 4u ? EBB_STM32_IRQ_EXTI0 + line
           : line <= 9u ? EBB_STM32_IRQ_EXTI9_5
                        : EBB_STM32_IRQ_EXTI15_10;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_EXTI_H */
