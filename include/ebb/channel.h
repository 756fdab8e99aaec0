/** @file
 * ebb/channel.h - bounded multi-producer multi-consumer channel, by copy.
 *
 * A ring of `capacity` fixed-size elements in storage the caller owns
 * (EBB_CHANNEL_DEFINE makes both statically).  Tasks await send/receive;
 * interrupts use the try- variants, which never block.  Elements are copied
 * in and out, so nothing stays borrowed across an await and a cancel has
 * nothing to give back.  For one producer and one consumer that write and
 * read in place, without a copy, see ebb/spsc.h.
 *
 * Waiting tasks are served first come first served, one at a time: each
 * element sent wakes the longest-waiting receiver only, each slot freed
 * the longest-waiting sender only (ebb/wait.h's hand-off), so a sender in an
 * interrupt does O(1) work however many tasks wait.  A receiver that takes
 * an element and leaves more behind wakes the next one in line.  A woken
 * task that is cancelled before it runs passes its turn on; one that runs
 * and finds the element taken first (by an interrupt's try_ call, or a task
 * that was not waiting) keeps its place at the front.
 */
#ifndef EBB_CHANNEL_H
#define EBB_CHANNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/contract.h"
#include "ebb/ring.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A bounded FIFO of fixed-size elements (EBB_CHANNEL_DEFINE).  The members
 * are private: use the functions. */
typedef struct ebb_channel {
    ebb__ring ring;         /**< the elements */
    ebb_waitlist senders;   /**< waiting for space */
    ebb_waitlist receivers; /**< waiting for an element */
} ebb_channel;

/**
 * Initializer of an empty channel over `storage`, an array of the element
 * type (not a pointer): its length is the capacity.  For a channel inside
 * a struct, or one whose storage needs a name (a debugger, a size report).
 * A storage that is a pointer, empty, or longer than 65535 does not compile.
 */
#define EBB_CHANNEL_INITIALIZER(storage)                                       \
    {EBB__RING_OVER(storage, "EBB_CHANNEL_INITIALIZER"),                       \
     EBB_WAITLIST_INITIALIZER, EBB_WAITLIST_INITIALIZER}

/**
 * Define channel `name` of `capacity` elements of `type`, with its storage
 * (an unnamed static array: reach it as name.ring.buf in a debugger).
 * Prefix with `static` as needed; at file scope only, as the storage must
 * be static.  A capacity of 0 is a compile error.
 */
#define EBB_CHANNEL_DEFINE(name, type, capacity)                               \
    ebb_channel name = {EBB__RING_DEFINE(type, capacity, "channel"),           \
                        EBB_WAITLIST_INITIALIZER, EBB_WAITLIST_INITIALIZER}

/**
 * Initialise a channel over caller storage of capacity * size bytes.
 * Contract channel:1 - buf != NULL, size > 0, capacity > 0 (always checked:
 * a channel of capacity 0 that refuses every send and receive).
 * Context: any, before use.  Cost: O(1).
 */
void ebb_channel_init(ebb_channel *ch, void *buf, uint16_t size, uint16_t capacity);

/** Number of elements a receiver could take now.  Context: any.  O(1). */
static inline uint16_t ebb_channel_count(const ebb_channel *ch) { return ch->ring.count; }

/**
 * Copy `elem` in.  Returns EBB_OK, or EBB_EAGAIN when full (nothing copied).
 * Contract channel:4 - ch and the element pointer are not NULL (always
 * checked: EBB_EINVAL).
 * Context: any (interrupts included).  Cost: O(size) copy + at most one wake.
 */
int ebb_channel_try_send(ebb_channel *ch, const void *elem);

/**
 * Copy the oldest element out.  Returns EBB_OK, or EBB_EAGAIN when empty.
 * Contract channel:4 - ch and the element pointer are not NULL (always
 * checked: EBB_EINVAL).
 * Context: any.  Cost: O(size) copy + at most one wake.
 */
int ebb_channel_try_recv(ebb_channel *ch, void *out);

/** Awaitable send: waits while the channel is full.
 *  Contract channel:4 - ch and the element pointer are not NULL (always
 *  checked: pending).
 *  Contract wait:2, wait:3 (ebb_wait_mine()).  Context: task.
 *  Cost: O(size) copy + at most two wakes; O(1) to wait and to cancel. */
EBB_AWAITABLE ebb_poll_t ebb_channel_send(ebb_cx *cx, ebb_wait *w, ebb_channel *ch, const void *elem);
#define ebb_channel_send(...) EBB_AWAITABLE_CALL(ebb_channel_send, __VA_ARGS__)

/** Awaitable receive: waits while the channel is empty.
 *  Contract channel:4 - ch and the element pointer are not NULL (always
 *  checked: pending).
 *  Contract wait:2, wait:3 (ebb_wait_mine()).  Context: task.
 *  Cost: O(size) copy + at most two wakes; O(1) to wait and to cancel. */
EBB_AWAITABLE ebb_poll_t ebb_channel_recv(ebb_cx *cx, ebb_wait *w, ebb_channel *ch, void *out);
#define ebb_channel_recv(...) EBB_AWAITABLE_CALL(ebb_channel_recv, __VA_ARGS__)

#ifdef __cplusplus
}
#endif

#endif /* EBB_CHANNEL_H */
