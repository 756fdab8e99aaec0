/** @file
 * ebb/signal.h - a one-slot mailbox where the latest value wins.
 *
 * For "something happened, and here is the newest reading": raising twice
 * before anyone waits keeps only the second value.  Raising is interrupt-safe.
 */
#ifndef EBB_SIGNAL_H
#define EBB_SIGNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A one-slot mailbox, the latest value wins (EBB_SIGNAL_DEFINE).  The
 * members are private. */
typedef struct ebb_signal {
    ebb_waitlist waiters; /**< tasks waiting for a value, oldest first */
    uint32_t value; /**< the latest value raised */
    bool set; /**< true while that value is unread */
} ebb_signal;

/** Initializer of an empty signal (no value set). */
#define EBB_SIGNAL_INITIALIZER {EBB_WAITLIST_INITIALIZER, 0, false}

/** Define signal `name`, empty.  Prefix with `static` as needed. */
#define EBB_SIGNAL_DEFINE(name) ebb_signal name = EBB_SIGNAL_INITIALIZER

/** Store `value` (overwriting any unread one) and wake the longest waiting
 *  task (one value, one taker: the others stay asleep).
 *  Context: any.  Cost: O(1). */
void ebb_signal_raise(ebb_signal *s, uint32_t value);

/** Take the value if one is set.  Returns whether one was.  Context: any.
 *  Cost: O(1). */
bool ebb_signal_try_take(ebb_signal *s, uint32_t *value);

/** Forget any unread value.  Context: any.  O(1). */
void ebb_signal_reset(ebb_signal *s);

/**
 * Awaitable: ready with the value once one is set; taking it clears the
 * signal, so with several waiters each value goes to one of them, first
 * come first served.  Contract wait:2, wait:3 (ebb_wait_mine()).
 * Context: task.  Cost: O(1), also to cancel.
 */
EBB_AWAITABLE ebb_poll_t ebb_signal_wait(ebb_cx *cx, ebb_wait *w, ebb_signal *s, uint32_t *value);
#define ebb_signal_wait(...) EBB_AWAITABLE_CALL(ebb_signal_wait, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif /* EBB_SIGNAL_H */
