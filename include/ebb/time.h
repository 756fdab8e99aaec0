/** @file
 * ebb/time.h - monotonic time, timers, sleeps and tickers (tickless).
 *
 * Time is a 64-bit count of ticks (EBB_CONFIG_TICK_HZ per second, 1 MHz by
 * default) that never wraps in practice.  Pending timers sit in one queue
 * ordered by deadline (a red-black tree: arming and cancelling cost
 * O(log n) in the worst case, finding the next deadline O(1)); the time
 * driver is only ever asked for an alarm at the nearest deadline, so an idle
 * system takes no periodic tick interrupts.  Timers with equal deadlines
 * fire in the order they were armed.
 *
 * The time driver (one per build: SysTick, an STM32 TIM, the host's virtual
 * clock) implements the functions at the bottom of this file; what it MUST
 * guarantee (T1..T7) is in ebb/driver/time_driver.h, the header a driver includes.
 */
#ifndef EBB_TIME_H
#define EBB_TIME_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A time or a duration, in ticks of EBB_CONFIG_TICK_HZ (64 bits: no wrap). */
typedef uint64_t ebb_ticks;

/** "Never": a deadline that no clock reaches.  Deadline arithmetic saturates
 * at it (ebb_ticks_add), so a duration of EBB_TICKS_NEVER - or any duration
 * whose end would not fit in 64 bits - never expires, and a clock never
 * reads it (the host's virtual clock stops at EBB_TICKS_NEVER - 1). */
#define EBB_TICKS_NEVER UINT64_MAX

/** `t + d`, saturating at EBB_TICKS_NEVER: a deadline that would wrap is
 *  never.  Context: any.  Cost: an add and a compare. */
static inline ebb_ticks ebb_ticks_add(ebb_ticks t, ebb_ticks d)
{
    ebb_ticks s;
#if defined(__GNUC__)
    /* The carry out of the add, used as is: no second 64-bit compare. */
    if (__builtin_add_overflow(t, d, &s)) {
        s = EBB_TICKS_NEVER;
    }
#else
    s = t + d;
    if (s < t) {
        s = EBB_TICKS_NEVER;
    }
#endif
    return s;
}

/** `s` seconds in ticks. */
#define EBB_SEC(s) ((ebb_ticks)(s) * EBB_CONFIG_TICK_HZ)
/** `ms` milliseconds in ticks (rounded down). */
#define EBB_MS(ms) ((ebb_ticks)(ms) * EBB_CONFIG_TICK_HZ / 1000u)
/** `us` microseconds in ticks (rounded down). */
#define EBB_US(us) ((ebb_ticks)(us) * EBB_CONFIG_TICK_HZ / 1000000u)

/* Internal: a deadline as stored in a timer.  Word-aligned on 32-bit
 * targets, where the ABIs (AAPCS, RV32's ilp32) would align a 64-bit
 * integer to 8 bytes: a timer embedded after a 12-byte ebb_task header then
 * needs no 4 bytes of padding before it.  Word alignment is all the loads
 * need: LDRD/STRD on ARMv7-M, pairs of word accesses elsewhere. */
#if defined(__GNUC__) && UINTPTR_MAX == 0xFFFFFFFFu
typedef ebb_ticks ebb__ticks_word_aligned __attribute__((aligned(4)));
#else
typedef ebb_ticks ebb__ticks_word_aligned;
#endif

/* Internal: a timer's links in the timer queue (a red-black tree) and the
 * task it wakes.  The links keep flags in bit 0 (nodes are pointer-
 * aligned): the colour of the node in link_[0], "queued" in link_[1].
 * Only src/time.c reads them. */
typedef struct ebb__timer_wait {
    uintptr_t link_[2]; /**< internal: earlier child | red, later child | queued */
    ebb_task *task;     /**< the sleeping task; NULL when idle */
    EBB__PINNED         /* a timer cannot be assigned (ebb/driver/list.h) */
} ebb__timer_wait;

/** A timer: the state of a sleep.  Embed it in the task's state.
 *  20 bytes on a 32-bit MCU, word-aligned: two tree links, the task and
 *  the deadline.  Armed timers form a red-black tree ordered by
 *  (deadline, address), searched from the root, so no parent link is kept
 *  (docs/design.md, "Timer queue"). */
typedef struct ebb_timer {
    ebb__timer_wait wait; /**< wait.task: the sleeping task; the queue's links */
    ebb__ticks_word_aligned deadline; /**< when it fires */
} ebb_timer;

/** Initializer of an idle ebb_timer (all-zero is one too). */
#define EBB_TIMER_INITIALIZER {{{0, 0}, NULL}, 0}

/** Define timer `name`, idle.  Prefix with `static` as needed (a timer
 *  usually lives in its task's state instead). */
#define EBB_TIMER_DEFINE(name) ebb_timer name = EBB_TIMER_INITIALIZER

/** A drift-free periodic ticker: deadlines are start + k * period. */
typedef struct ebb_ticker {
    ebb_timer timer; /**< timer.deadline is the next tick */
    ebb__ticks_word_aligned period; /**< ticks between deadlines; 0: never started */
} ebb_ticker;

/** Initializer of a ticker that is not started (ebb_ticker_start() starts
 *  it: its first tick is counted from then, so no period is given here). */
#define EBB_TICKER_INITIALIZER {EBB_TIMER_INITIALIZER, 0}

/** Define ticker `name`, not started.  Prefix with `static` as needed. */
#define EBB_TICKER_DEFINE(name) ebb_ticker name = EBB_TICKER_INITIALIZER

/** Now, in ticks.  Context: any.  Cost: the driver's now(). */
ebb_ticks ebb_now(void);

/**
 * Awaitable: ready at `deadline` (immediately if it has passed).
 * Contract time:5 - the timer is not armed for another task (always
 * checked: pending, the other task's sleep untouched).
 * Context: task.  Cost: O(log n) to arm and to cancel (n armed timers;
 * lab/bench/scale: about 25 more instructions per doubling of n), O(1) afterwards.
 */
EBB_AWAITABLE ebb_poll_t ebb_sleep_until(ebb_cx *cx, ebb_timer *t, ebb_ticks deadline);
#define ebb_sleep_until(...) EBB_AWAITABLE_CALL(ebb_sleep_until, __VA_ARGS__)

/**
 * Awaitable: ready `ticks` after the first poll (the deadline is fixed when
 * the sleep starts, not recomputed at later polls).  EBB_TICKS_NEVER, or a
 * duration that would run past the end of the clock, never expires (the
 * deadline saturates); the sleep then ends only by cancellation.
 * Contract time:5.  Context: task.  Cost: as ebb_sleep_until.
 */
EBB_AWAITABLE ebb_poll_t ebb_sleep_for(ebb_cx *cx, ebb_timer *t, ebb_ticks ticks);
#define ebb_sleep_for(...) EBB_AWAITABLE_CALL(ebb_sleep_for, __VA_ARGS__)

/**
 * Start (or restart) a ticker whose first tick is `period` from now.
 * Contract time:2 - period > 0 (contracts off: the period becomes
 * EBB_TICKS_NEVER, the ticker never ticks).
 * Contract time:3 - no task is waiting on it: restart it from the task that
 * awaits it, between ticks, or cancel that task first (always checked:
 * no-op, the waiting task keeps its deadline).
 * Context: any.  Cost: O(1).
 */
void ebb_ticker_start(ebb_ticker *tk, ebb_ticks period);

/**
 * Awaitable: ready at the ticker's next deadline, which then advances by
 * exactly one period, so there is no drift however late the task runs.  A
 * task that falls behind gets the missed ticks back to back.
 * Contract time:5.  Contract time:4 - the ticker was started (always
 * checked: pending, it never ticks).
 * Context: task.  Cost: as ebb_sleep_until.
 */
EBB_AWAITABLE ebb_poll_t ebb_ticker_next(ebb_cx *cx, ebb_ticker *tk);
#define ebb_ticker_next(...) EBB_AWAITABLE_CALL(ebb_ticker_next, __VA_ARGS__)

/** True while `t` waits in the timer queue.  Context: any.  O(1). */
static inline bool ebb_timer_armed(const ebb_timer *t)
{
    return (t->wait.link_[1] & 1u) != 0;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_TIME_H */
