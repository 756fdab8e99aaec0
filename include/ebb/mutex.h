/** @file
 * ebb/mutex.h - an async mutex for tasks.
 *
 * Ownership is handed to the longest waiter at unlock (FIFO, no barging), so
 * no task waits forever behind later arrivals.  Holding it across awaits is
 * the point; tasks only (an interrupt cannot wait).
 */
#ifndef EBB_MUTEX_H
#define EBB_MUTEX_H

#include <stdbool.h>

#include "ebb/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A mutex that one task owns at a time (EBB_MUTEX_DEFINE).  The members are
 * private. */
typedef struct ebb_mutex {
    ebb_task *owner; /**< the task holding it, NULL when free */
    ebb_waitlist waiters; /**< tasks waiting to lock it, oldest first */
} ebb_mutex;

/** Initializer of an unlocked mutex. */
#define EBB_MUTEX_INITIALIZER {NULL, EBB_WAITLIST_INITIALIZER}

/** Define mutex `name`, unlocked.  Prefix with `static` as needed. */
#define EBB_MUTEX_DEFINE(name) ebb_mutex name = EBB_MUTEX_INITIALIZER

/**
 * Awaitable: ready once the current task owns `m`.
 * Contract mutex:1 - the task does not already own it (no recursion).
 * Contract mutex:3 - called inside a task's poll.
 * Context: task.  Cost: O(1), also when cancelled.
 */
EBB_AWAITABLE ebb_poll_t ebb_mutex_lock(ebb_wait *w, ebb_mutex *m);
#define ebb_mutex_lock(...) EBB_AWAITABLE_CALL(ebb_mutex_lock, __VA_ARGS__)

/** Take `m` if it is free, without waiting.  Returns whether it did.  Not
 *  a `try_` function: those may be called from interrupts, and a mutex is
 *  owned by a task (docs/api.md, "Calling context in names").
 *  Contract mutex:3 - called inside a task's poll.  Context: task.
 *  Cost: O(1). */
bool ebb_mutex_lock_if_free(ebb_mutex *m);

/**
 * Release `m`, handing it to the first waiter if there is one.
 * Contract mutex:3 - called inside a task's poll.
 * Contract mutex:2 - the current task owns it (contracts off: no-op).
 * Context: task.  Cost: O(1) + a wake.
 */
void ebb_mutex_unlock(ebb_mutex *m);

#ifdef __cplusplus
}
#endif

#endif /* EBB_MUTEX_H */
