/** @file
 * ebb/spsc.h - single-producer single-consumer channel, in place.
 *
 * A ring of `capacity` fixed-size elements (EBB_SPSC_DEFINE) that one
 * producer fills and one consumer drains without copying:
 *   producer: ebb_spsc_reserve() -> write into the slot -> ebb_spsc_commit()
 *   consumer: ebb_spsc_peek()    -> read from the slot  -> ebb_spsc_release()
 * A reserved slot is the one after the last committed element, a peeked
 * slot the oldest element: neither is recorded anywhere until commit or
 * release advances its index.  So a producer or consumer cancelled between
 * the two steps holds nothing - the next reserve (peek) returns the same
 * slot - and a cancel never has anything to give back.
 *
 * Each side is one task or one interrupt handler at a time (commit and
 * release may come from any context, the awaitables from a task): a second
 * task waiting on the same side is refused (contract spsc:2), and nothing
 * else about the channel can be corrupted by a second user - every index
 * stays within the ring whatever the order of calls.
 */
#ifndef EBB_SPSC_H
#define EBB_SPSC_H

#include <stdint.h>

#include "ebb/ring.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A single-producer single-consumer ring (EBB_SPSC_DEFINE).  The members
 * are private: use the functions. */
typedef struct ebb_spsc {
    ebb__ring ring;        /**< the committed elements */
    ebb_waitlist producer; /**< the producer waiting for a free slot */
    ebb_waitlist consumer; /**< the consumer waiting for an element */
} ebb_spsc;

/** Initializer of an empty SPSC channel over `storage`, an array of the
 *  element type (not a pointer): its length is the capacity. */
#define EBB_SPSC_INITIALIZER(storage)                                          \
    {EBB__RING_OVER(storage, "EBB_SPSC_INITIALIZER"),                          \
     EBB_WAITLIST_INITIALIZER, EBB_WAITLIST_INITIALIZER}

/** Define SPSC channel `name` of `capacity` elements of `type`, with its
 *  storage (an unnamed static array).  Prefix with `static` as needed; at
 *  file scope only.  A capacity of 0 is a compile error. */
#define EBB_SPSC_DEFINE(name, type, capacity)                                  \
    ebb_spsc name = {EBB__RING_DEFINE(type, capacity, "spsc"),                 \
                     EBB_WAITLIST_INITIALIZER, EBB_WAITLIST_INITIALIZER}

/** Elements committed and not yet released.  Context: any.  O(1). */
static inline uint16_t ebb_spsc_count(const ebb_spsc *q) { return q->ring.count; }

/**
 * Await a free slot; *slot is set to it when READY.  Write the element
 * there, then ebb_spsc_commit().  Until the commit nothing is recorded: a
 * cancel leaves nothing held, and the next reserve returns the same slot.
 * Contract spsc:1 - q (and an awaitable's slot pointer) is not NULL
 * (always checked: pending).
 * Contract spsc:2 - no other task waits to produce (always checked:
 * pending, nothing registered).
 * Contract wait:2, wait:3 (ebb_wait_mine()).  Context: task.  Cost: O(1).
 */
EBB_AWAITABLE ebb_poll_t ebb_spsc_reserve(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot);
#define ebb_spsc_reserve(...) EBB_AWAITABLE_CALL(ebb_spsc_reserve, __VA_ARGS__)

/** The free slot after the last committed element, or NULL when full.
 *  Contract spsc:1 - q (and an awaitable's slot pointer) is not NULL
 *  (always checked: NULL).
 *  Context: any (the producer).  Cost: O(1). */
void *ebb_spsc_try_reserve(ebb_spsc *q);

/**
 * Publish the slot after the last committed element (the one reserve
 * returned) and wake the consumer.  Returns EBB_OK, or EBB_EAGAIN when the
 * ring is full (there was no slot to reserve; nothing changes).
 * Contract spsc:1 - q (and an awaitable's slot pointer) is not NULL
 * (always checked: EBB_EINVAL).
 * Context: any (the producer).  Cost: O(1) + at most one wake.
 */
int ebb_spsc_commit(ebb_spsc *q);

/**
 * Await the oldest element; *slot is set to it when READY.  It stays in the
 * ring until ebb_spsc_release(); a cancel before that leaves it there, and
 * the next peek returns it again.
 * Contract spsc:1, spsc:2 (for the consumer), wait:2, wait:3, as
 * ebb_spsc_reserve().  Context: task.  Cost: O(1).
 */
EBB_AWAITABLE ebb_poll_t ebb_spsc_peek(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot);
#define ebb_spsc_peek(...) EBB_AWAITABLE_CALL(ebb_spsc_peek, __VA_ARGS__)

/** The oldest element, or NULL when empty.
 *  Contract spsc:1 - q (and an awaitable's slot pointer) is not NULL (always checked: NULL).
 *  Context: any (the consumer).  Cost: O(1). */
void *ebb_spsc_try_peek(ebb_spsc *q);

/**
 * Remove the oldest element (the one peek returned), freeing its slot, and
 * wake the producer.  Returns EBB_OK, or EBB_EAGAIN when the ring is empty
 * (nothing changes).
 * Contract spsc:1 - q (and an awaitable's slot pointer) is not NULL
 * (always checked: EBB_EINVAL).
 * Context: any (the consumer).  Cost: O(1) + at most one wake.
 */
int ebb_spsc_release(ebb_spsc *q);

#ifdef __cplusplus
}
#endif

#endif /* EBB_SPSC_H */
