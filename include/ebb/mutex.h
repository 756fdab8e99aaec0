/** @file
 * ebb/mutex.h - an async mutex for tasks.
 *
 * Ownership is handed to the longest waiter at unlock (FIFO, no barging), so
 * no task waits forever behind later arrivals.  Holding it across awaits is
 * the point; tasks only: every function takes the poll's context, so an
 * interrupt handler cannot call one.
 */
#ifndef EBB_MUTEX_H
#define EBB_MUTEX_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/driver/list.h"
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

/** Initializer of an unlocked mutex (a mutex inside a struct, say). */
#define EBB_MUTEX_INITIALIZER {NULL, EBB_WAITLIST_INITIALIZER}

/** Define mutex `name`, unlocked.  Prefix with `static` as needed. */
#define EBB_MUTEX_DEFINE(name) ebb_mutex name = EBB_MUTEX_INITIALIZER

/**
 * Awaitable: ready once the task of the poll owns `m`.  Ownership belongs
 * to the task; a task that owns a mutex cannot be cancelled (the cancel is
 * refused, task:4) - it unlocks first.  A waiter cancelled after an unlock
 * handed it the mutex hands it on.
 * Contract mutex:1 - the task does not already own it (no recursion;
 *                    always checked: pending, nothing queued).
 * Contract mutex:4 - the mutex is not owned by a task whose body returned
 *                    owning it, checked when a task finds it owned
 *                    (contracts off: it is handed on, as the owner's
 *                    unlock would have).
 * Contract mutex:5 - the task owns fewer than 31 mutexes (its count has 5
 *                    bits; always checked: pending, nothing queued).
 * Contract wait:2, wait:3 (ebb_wait_mine()).
 * Context: task.  Cost: O(1), also when cancelled.
 */
EBB_AWAITABLE ebb_poll_t ebb_mutex_lock(ebb_cx *cx, ebb_wait *w, ebb_mutex *m);
#define ebb_mutex_lock(...) EBB_AWAITABLE_CALL(ebb_mutex_lock, __VA_ARGS__)

/** Take `m` for the task of `cx` if it is free, without waiting.  Returns
 *  whether it did.  Contracts mutex:4, mutex:5 as for ebb_mutex_lock()
 *  (mutex:5: false).
 *  Context: task (it takes the poll's context).  Cost: O(1). */
bool ebb_mutex_lock_if_free(ebb_cx *cx, ebb_mutex *m);

/**
 * Release `m`, handing it to the first waiter if there is one.
 * Contract mutex:2 - the task of `cx` owns it (always checked: no-op,
 *                    ownership unchanged).
 * Context: task (it takes the poll's context).  Cost: O(1) + a wake.
 */
void ebb_mutex_unlock(ebb_cx *cx, ebb_mutex *m);

/* Internal (ebb_mutex_reset): free `m`, its owner counting one hold less.
 * Lock held.  O(1). */
void ebb__mutex_reset_owner_locked(ebb_mutex *m);

#ifdef __cplusplus
}
#endif

#endif /* EBB_MUTEX_H */
