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
#include <stdint.h>

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

/** Initializer of an unlocked mutex, for a mutex inside a struct (enter it
 *  in the mutex table with EBB_MUTEX_TABLE_ENTRY, so that a cancel of its
 *  owner hands it on). */
#define EBB_MUTEX_INITIALIZER {NULL, EBB_WAITLIST_INITIALIZER}

/** @cond INTERNAL */
/* The table of mutexes (a linker section, like the executor table): what
 * ebb_task_cancel() searches for a mutex the cancelled task owned. */
extern ebb_mutex *const __start_ebb_mutexes[] EBB_WEAK;
extern ebb_mutex *const __stop_ebb_mutexes[] EBB_WEAK;
/** @endcond */

/**
 * Enter the mutex at `m_ptr` (an address constant: a mutex in static
 * storage) in the mutex table under the unique name `id`, so that a task
 * cancelled while owning it hands it on: for a mutex made with
 * EBB_MUTEX_INITIALIZER (inside a struct, say).  EBB_MUTEX_DEFINE does it
 * itself.  Inside a function the mutex must be static (anything else does
 * not compile); a pointer that is not an ebb_mutex * is a hard error.
 * Flash: one pointer, only in a program that links ebb_task_cancel().
 */
#if defined(__GNUC__)
#define EBB_MUTEX_TABLE_ENTRY(id, m_ptr)                                       \
    static ebb_mutex *const ebb__mutex_entry_##id                             \
        __attribute__((section("ebb_mutexes"), used)) =                        \
            _Generic((m_ptr), ebb_mutex *: (m_ptr))
#else
#define EBB_MUTEX_TABLE_ENTRY(id, m_ptr)                                       \
    _Static_assert(0, "the mutex table needs the GNU section attribute")
#endif

/** Define mutex `name`, unlocked, and enter it in the mutex table (so that
 *  a task cancelled while owning it hands it on).  Prefix with `static` as
 *  needed; inside a function it must be `static` (anything else does not
 *  compile: the table cannot point into a stack frame). */
#define EBB_MUTEX_DEFINE(name)                                                 \
    ebb_mutex name = EBB_MUTEX_INITIALIZER;                                    \
    EBB_MUTEX_TABLE_ENTRY(name, &name)

/**
 * Awaitable: ready once the current task owns `m`.  Ownership belongs to
 * the task: cancelling it hands `m` to the next waiter - for a mutex in the
 * mutex table (EBB_MUTEX_DEFINE, EBB_MUTEX_TABLE_ENTRY); outside it the
 * cancel is refused, contract task:4.
 * Contract mutex:1 - the task does not already own it (no recursion).
 * Contract mutex:3 - called inside a task's poll, by that task: an
 *                    interrupt handler that lands inside the poll is not
 *                    (told apart by the port's execution context; not for
 *                    an executor with a pender of the application's own;
 *                    docs/misuse.md).  Contracts off: pending, nothing
 *                    queued.
 * Contract mutex:4 - the mutex is not owned by a task that stopped running
 *                    (its body returned owning it: task:5 at its end):
 *                    checked when a task finds it owned (contracts off:
 *                    handed on, as the owner's unlock would have;
 *                    docs/misuse.md).
 * Context: task.  Cost: O(1), also when cancelled.
 */
EBB_AWAITABLE ebb_poll_t ebb_mutex_lock(ebb_wait *w, ebb_mutex *m);
#define ebb_mutex_lock(...) EBB_AWAITABLE_CALL(ebb_mutex_lock, __VA_ARGS__)

/** Take `m` if it is free, without waiting.  Returns whether it did.  Not
 *  a `try_` function: those may be called from interrupts, and a mutex is
 *  owned by a task (docs/api.md, "Calling context in names").
 *  Contract mutex:3 - called inside a task's poll, by that task (not by an
 *  interrupt handler inside the poll, as for ebb_mutex_lock()); contracts
 *  off, false.  Contract mutex:4 as for ebb_mutex_lock().
 *  Context: task.  Cost: O(1). */
bool ebb_mutex_lock_if_free(ebb_mutex *m);

/**
 * Release `m`, handing it to the first waiter if there is one.
 * Contract mutex:3 - called inside a task's poll, by that task (not by an
 *                    interrupt handler inside the owner's poll; contracts
 *                    off: no-op, ownership unchanged).
 * Contract mutex:2 - the current task owns it (contracts off: no-op).
 * Context: task.  Cost: O(1) + a wake.
 */
void ebb_mutex_unlock(ebb_mutex *m);

/* Internal (ebb_mutex_reset): free `m`, its owner counting one hold less.
 * Lock held.  O(1). */
void ebb__mutex_reset_owner_locked(ebb_mutex *m);

#ifdef __cplusplus
}
#endif

#endif /* EBB_MUTEX_H */
