/** @file
 * ebb/reset.h - put statically defined objects back as they were defined.
 *
 * Firmware objects are static, so in a host unit test they outlive the test
 * that used them.  These calls return each one to the state its *_DEFINE
 * gave it, so the next test starts from a clean slate (docs/testing.md,
 * "Resetting static objects between tests").  They are meant for test set-up
 * and for restarting a subsystem from main(), not for a running system:
 *
 *   - Context: any; meant for main or a test's set-up.  A task whose body
 *     runs right now (the caller is inside its poll, or preempted it) is
 *     not reset: EBB_EBUSY, nothing changes.
 *   - Order: reset the tasks before the objects they wait on.
 *     ebb_task_reset() cancels a task, which withdraws it from whatever it
 *     waits on (channel, timer, mutex...), so the objects it waited on must
 *     still be intact then.  After that no task waits on any object, and the
 *     objects can be reset.  The host port's ebb_host_reset() may come
 *     before or after: it forgets timers without touching them, and empties
 *     the run queues, unlinking the tasks on them.
 *   - Contract reset:2 - no task waits on the object being reset, nor was
 *     handed something by it and has not resumed yet: reset its tasks
 *     first (always checked: EBB_EBUSY, nothing changes - a waiter left
 *     linked to a reset object would corrupt its list).
 *   - Contract reset:3 - the object pointer is not NULL (always checked:
 *     EBB_EINVAL).
 *
 * Each returns EBB_OK once the object is as defined.  Executors need no
 * reset call: the host port's ebb_host_reset() empties their run queues and
 * they stay usable.  A signal is reset with ebb_signal_reset() (ebb/signal.h).
 */
#ifndef EBB_RESET_H
#define EBB_RESET_H

#include <stdint.h>

#include "ebb/config.h"
#include "ebb/channel.h"
#include "ebb/mutex.h"
#include "ebb/pool.h"
#include "ebb/sem.h"
#include "ebb/spsc.h"
#include "ebb/task.h"
#include "ebb/time.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Return task `t` to "never spawned": a running task is cancelled first
 * (every waker it registered is withdrawn, as ebb_task_cancel() does), and
 * the next ebb_task_spawn() starts its body from the top.  A task that was
 * queued stays queued until its executor's next pass, which skips it (spawn
 * it on the same executor, or poll that one first).  Only the header is
 * ebb's: the fields of your task struct keep their values (ebb's awaitables
 * in it - ebb_wait, ebb_timer - are idle again after the cancel); set your
 * own fields in the test's set-up.  A task spawned again while the reset
 * runs (by an interrupt, which may have run it too) is cancelled again, so
 * an EBB_OK always leaves it idle with nothing registered.  Returns EBB_OK,
 * or EBB_EBUSY with nothing changed when its body runs now or it owns a
 * mutex (as ebb_task_cancel()).  Contract reset:3.
 * Context: any.  Cost: the cancel path of its current await, O(1).
 */
EBB_MUST_CHECK int ebb_task_reset(ebb_task *t);

/**
 * Empty channel `ch`: no element, no reservation, no peek held.
 * Contracts reset:2 (no sender or receiver waits), reset:3.
 * Context: outside any poll.  Cost: O(1).
 */
EBB_MUST_CHECK int ebb_channel_reset(ebb_channel *ch);

/**
 * Free mutex `m` (no owner).  Contracts reset:2, reset:3.
 * Context: outside any poll.  Cost: O(1).
 */
EBB_MUST_CHECK int ebb_mutex_reset(ebb_mutex *m);

/**
 * Set semaphore `s` to `count` tokens (its initial count, typically); its
 * limit is kept.  A token already handed to a woken task that has not
 * resumed is that task's (the give handed it over) and is not counted:
 * the task completes its take, or gives it back if cancelled first.
 * Contracts reset:2, reset:3.
 * Contract reset:4 - count <= the limit (always checked: EBB_EINVAL,
 * nothing changes).
 * Context: outside any poll.  Cost: O(1).
 */
EBB_MUST_CHECK int ebb_sem_reset(ebb_sem *s, uint32_t count);

/**
 * Make every block of pool `p` free again, as defined (blocks still held by
 * code must not be used or freed afterwards).  Contracts reset:2,
 * reset:3.  Context: outside any poll.  Cost: O(1): the links are left as
 * they are (a block counts as allocated only below the pool's `fresh`
 * index, which the reset sets to 0).
 */
EBB_MUST_CHECK int ebb_pool_reset(ebb_pool *p);

/** Empty SPSC channel `q`.  Contracts reset:2, reset:3.  Context: any.  O(1). */
EBB_MUST_CHECK int ebb_spsc_reset(ebb_spsc *q);

/* Internal: ebb_ticker_reset() on a ticker's timer and period. */
EBB_MUST_CHECK int ebb__ticker_reset(ebb_timer *timer, ebb__ticks_word_aligned *period);

/**
 * Return ticker `tk` to "never started" (ebb_ticker_start() starts it
 * again).  Contracts reset:2 (no task waits on it), reset:3.
 * Context: outside any poll.  Cost: O(1).
 */
EBB_MUST_CHECK static inline int ebb_ticker_reset(ebb_ticker *tk)
{
    return tk != NULL ? ebb__ticker_reset(&tk->timer, &tk->period) : ebb__ticker_reset(NULL, NULL);
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_RESET_H */
