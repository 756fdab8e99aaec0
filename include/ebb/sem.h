/** @file
 * ebb/sem.h - a counting semaphore: tokens given from anywhere, taken by
 * tasks.
 *
 * For "an interrupt produced N units of work" and "at most N tasks may use
 * this at once".  A give hands its token straight to the longest-waiting
 * task (first come, first served, one waiter woken per give); with nobody
 * waiting it is counted, up to the semaphore's limit.  A task that finds no
 * token waits; a take that succeeds never waits.  Because a given token goes
 * to a waiter before it could be counted, a later take can never overtake
 * a waiting task.
 *
 *     static EBB_SEM_DEFINE(rx_ready, 0, 8);    // 0 tokens, at most 8
 *     void DMA_IRQHandler(void) { ...; (void)ebb_sem_give(&rx_ready); }
 *     ... in a task: EBB_AWAIT(ebb_sem_take(&self->wait, &rx_ready));
 */
#ifndef EBB_SEM_H
#define EBB_SEM_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A counting semaphore with a limit (EBB_SEM_DEFINE).  The members are
 * private. */
typedef struct ebb_sem {
    ebb_waitlist waiters; /**< tasks waiting for a token, oldest first */
    uint32_t count;   /**< tokens held; 0 whenever a task waits */
    uint32_t limit;   /**< count never exceeds it */
} ebb_sem;

/** Initializer of a semaphore holding `initial` tokens, at most `limit`
 *  (constant expressions).  A limit of 0 or an initial count above the
 *  limit does not compile. */
#define EBB_SEM_INITIALIZER(initial, limit)                                    \
    {EBB_WAITLIST_INITIALIZER,                                                 \
     (uint32_t)EBB_BUILD_CHECKED((initial),                                    \
         (limit) >= 1 && (uint64_t)(limit) <= 0xFFFFFFFFu &&                   \
             (initial) >= 0 && (initial) <= (limit),                           \
         "semaphore: need 1 <= limit <= 2^32-1, 0 <= initial <= limit"),       \
     (uint32_t)(limit)}

/**
 * Define semaphore `name` with `initial` tokens and at most `limit` (a
 * binary semaphore has limit 1).  Prefix with `static` as needed.
 */
#define EBB_SEM_DEFINE(name, initial, limit)                                   \
    ebb_sem name = EBB_SEM_INITIALIZER(initial, limit)

/**
 * Add a token: hand it to the longest-waiting task (which is woken), or,
 * with none waiting, count it.  Returns EBB_OK, or EBB_EAGAIN when nobody
 * waits and the count is already at the limit (the token is dropped: a
 * binary semaphore given twice holds one token).
 * Contract sem:1 - s != NULL (always checked: EBB_EINVAL).
 * Context: any (interrupts included).  Cost: O(1), one critical section,
 * plus a wake when a task was waiting (lab/bench/ops: sem_give(1_waiter)).
 */
int ebb_sem_give(ebb_sem *s);

/**
 * Take a token if one is there, without waiting.  Returns EBB_OK, or
 * EBB_EAGAIN when there is none (a waiting task is never overtaken: tokens
 * are only counted while nobody waits).
 * Contract sem:1 - s != NULL (always checked: EBB_EINVAL).
 * Context: any.  Cost: O(1), one critical section.
 */
int ebb_sem_try_take(ebb_sem *s);

/** Tokens held now.  Context: any.  Cost: one load. */
static inline uint32_t ebb_sem_count(const ebb_sem *s) { return s->count; }

/* Internal: ebb_sem_take() when it has to take the lock. */
ebb_poll_t ebb__sem_take_locked_path(ebb_cx *cx, ebb_wait *w, ebb_sem *s);

/**
 * Awaitable: ready once the task of the poll holds a token.  Takes one at
 * once if the semaphore has one; otherwise the task queues (FIFO) and a
 * give hands it the token directly.  Cancelled (select, timeout, task
 * cancel) after a token was handed to it, it passes the token on, so no
 * token is ever lost.  `w` is the task's own ebb_wait, idle when the await
 * starts.  At the limit, a token passed back so is dropped, as a give
 * would be.
 * Contract sem:1 - s != NULL (always checked: stays pending).
 * Contract wait:2, wait:3 (ebb_wait_mine(): a fire is taken as a token only
 * when this semaphore made it).
 * Context: task.  Cost: O(1); the resume after a hand-off takes no lock.
 */
EBB_AWAITABLE static inline ebb_poll_t ebb_sem_take(ebb_cx *cx, ebb_wait *w, ebb_sem *s)
{
    /* A wait fired by this semaphore's give: its token (no lock). */
    if (s != NULL && ebb_wait_take_fire(cx, w, &s->waiters)) {
        return EBB_READY;
    }
    return ebb__sem_take_locked_path(cx, w, s);
}
#define ebb_sem_take(...) EBB_AWAITABLE_CALL(ebb_sem_take, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif /* EBB_SEM_H */
