/** @file
 * ebb/park.h - park / unpark: a task waits until it is released.
 *
 * What suspend/resume is in an RTOS, without the lost-wakeup race: a task
 * parks on its own ebb_parker, and anyone - another task, an interrupt
 * handler - unparks it.  An unpark that comes before the park is not lost:
 * it leaves a permit, and the next park consumes it and returns at once.
 * Permits do not add up: several unparks before a park release one park
 * (count events with ebb_sem instead).
 *
 *     struct worker { ebb_task task; ebb_parker parker; ... };
 *     ... in the worker:  EBB_AWAIT(ebb_park(&self->parker));
 *     ... anywhere:       ebb_unpark(&worker.parker);
 *
 * A parker belongs to one task at a time (the one parked on it); it holds
 * no list, so parking costs no memory beyond the two words of the parker.
 */
#ifndef EBB_PARK_H
#define EBB_PARK_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Where one task parks, with one permit (EBB_PARKER_DEFINE).  The members
 * are private. */
typedef struct ebb_parker {
    ebb_task *parked; /**< the task parked here, NULL if none */
    uint8_t permit;   /**< 1: an unpark is waiting for the next park */
} ebb_parker;

/** Initializer of a parker: nobody parked, no permit. */
#define EBB_PARKER_INITIALIZER {NULL, 0}

/** Define parker `name`, as EBB_PARKER_INITIALIZER.  Prefix with `static`
 *  as needed. */
#define EBB_PARKER_DEFINE(name) ebb_parker name = EBB_PARKER_INITIALIZER

/**
 * Awaitable: ready once the parker holds a permit, which it consumes.  If
 * an unpark came first it is ready at once; otherwise the task of the poll
 * waits for the next unpark.  Cancelled (select, timeout, task cancel), it
 * stops waiting; a permit that arrived meanwhile stays for the next park.
 * Contract park:1 - pk != NULL (always checked: stays pending).
 * Contract park:2 - no other task is parked on pk (always checked: this
 *                   task stays pending, the parked one is not disturbed,
 *                   and cancelling this task leaves it parked).
 * Context: task.  Cost: O(1), one critical section (bench/ops:
 * park(permit_waiting), unpark(parked)+park).
 */
EBB_AWAITABLE ebb_poll_t ebb_park(ebb_cx *cx, ebb_parker *pk);
#define ebb_park(...) EBB_AWAITABLE_CALL(ebb_park, __VA_ARGS__)

/**
 * Release the task parked on `pk` (it is woken), or, if none is, leave a
 * permit so that the next park returns at once.  Returns true when a
 * parked task was woken.
 * Contract park:1 - pk != NULL (contracts off: returns false).
 * Context: any (interrupts included).  Cost: O(1), one critical section,
 * plus a wake.
 */
bool ebb_unpark(ebb_parker *pk);

/** True when an unpark is waiting to be consumed.  Context: any.  Cost: one
 *  load. */
static inline bool ebb_parker_has_permit(const ebb_parker *pk) { return pk->permit != 0; }

#ifdef __cplusplus
}
#endif

#endif /* EBB_PARK_H */
