/** @file
 * ebb/channel.h - bounded multi-producer multi-consumer channel.
 *
 * A ring of `capacity` fixed-size elements in storage the caller owns
 * (EBB_CHANNEL_DEFINE makes both statically).  Tasks await send/receive;
 * interrupts use the try- variants, which never block.
 *
 * In-place access avoids a second buffer on either side:
 *   producer: ebb_channel_reserve() -> write into the slot -> ebb_channel_commit()
 *   consumer: ebb_channel_peek()    -> read from the slot  -> ebb_channel_release()
 * Elements stay in FIFO order.  While a reservation is held, elements sent by
 * others queue up behind the reserved slot and become visible with it at
 * commit.  One reservation and one peek may be outstanding at a time; a
 * second reserver (or peeker, or receiver while a peek is held) waits, and its
 * try- variant returns EBB_EBUSY.
 *
 * Waiting tasks are served first come first served, one at a time: each
 * element published wakes the longest-waiting receiver only, each slot freed
 * the longest-waiting sender only (ebb/wait.h's hand-off), so a sender in an
 * interrupt does O(1) work however many tasks wait.  A receiver that takes
 * an element and leaves more behind wakes the next one in line (so a commit
 * that publishes several reaches several, one wake at a time); in a burst
 * that may wake one task more than needed, which finds nothing and keeps its
 * place.  A woken task that is cancelled before it runs passes its turn on;
 * one that runs and finds the element taken first (by an interrupt's try_
 * call, or a task that was not waiting) keeps its place at the front.  A
 * waiting send or reserve is woken only when the reservation is free too;
 * try_send never waits and queues behind the reservation.
 */
#ifndef EBB_CHANNEL_H
#define EBB_CHANNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/contract.h"
#include "ebb/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A bounded FIFO of fixed-size elements (EBB_CHANNEL_DEFINE).  The members
 * are private: use the functions. */
typedef struct ebb_channel {
    uint8_t *buf;       /**< capacity * size bytes */
    uint16_t size;      /**< bytes per element */
    uint16_t capacity;  /**< elements */
    uint16_t head;      /**< index of the oldest element */
    uint16_t count;     /**< published elements, receivable */
    uint16_t fill;      /**< occupied slots: published + reserved + queued behind */
    /* Who holds the reservation (slot (head + count) % capacity) and the
     * peek (slot head): NULL when not held, the task when an awaitable took
     * it, the channel's own address when a try_ call did (it belongs to no
     * task).  The holder is the flag, so knowing it costs no store of its
     * own: it is what lets a cancel give back what the task held, and catch
     * a task about to wait for itself. */
    ebb_task *reserver; /**< holder of the reservation, or NULL */
    ebb_task *peeker;   /**< holder of the peek, or NULL */
    ebb_waitlist senders;   /**< waiting for space (and the reservation) */
    ebb_waitlist receivers; /**< waiting for an element (and the peek) */
} ebb_channel;

/* Internal: an empty channel over `buf`, `capacity` elements of `size`
 * bytes. */
#define EBB__CHANNEL_INIT(buf, size, capacity)                                 \
    {(uint8_t *)(buf),                                                         \
     (uint16_t)EBB_BUILD_CHECKED((size), (size) <= 0xFFFF,                     \
                                 "channel element too large"),                 \
     (uint16_t)(capacity), 0, 0, 0, NULL, NULL,                                \
     EBB_WAITLIST_INITIALIZER, EBB_WAITLIST_INITIALIZER}

/**
 * Initializer of an empty channel over `storage`, an array of the element
 * type (not a pointer): its length is the capacity.  For a channel inside
 * a struct, or one whose storage needs a name (a debugger, a size report).
 * A storage that is a pointer, empty, or longer than 65535 does not compile.
 */
#define EBB_CHANNEL_INITIALIZER(storage)                                       \
    EBB__CHANNEL_INIT((storage), sizeof((storage)[0]),                         \
        EBB_BUILD_CHECKED(sizeof(storage) / sizeof((storage)[0]),              \
            EBB__IS_ARRAY(storage) && sizeof(storage) >= sizeof((storage)[0]) && \
                sizeof(storage) / sizeof((storage)[0]) <= 0xFFFF,              \
            "EBB_CHANNEL_INITIALIZER needs an array of 1..65535 elements"))

/** @cond INTERNAL */
/* The table of channels (a linker section, like the executor table): what
 * ebb_task_cancel() searches for a reservation or peek the cancelled task
 * held. */
extern ebb_channel *const __start_ebb_channels[] EBB_WEAK;
extern ebb_channel *const __stop_ebb_channels[] EBB_WEAK;
/** @endcond */

/**
 * Enter the channel at `ch_ptr` (an address constant: a channel in static
 * storage) in the channel table under the unique name `id`, so that
 * cancelling a task gives back a reservation or peek it holds there: for a
 * channel made with EBB_CHANNEL_INITIALIZER (named storage, a channel
 * inside a struct) or ebb_channel_init().  EBB_CHANNEL_DEFINE does it
 * itself.  Inside a function the channel must be static (the table cannot
 * point into a stack frame: anything else does not compile); a pointer
 * that is not an ebb_channel * is a hard error.  Flash: one pointer, and
 * only in a program that links ebb_task_cancel() (nothing else refers to
 * the table, so the linker drops it).  Compile-fail test:
 * tests/core/compile_fail/channel_table_entry_not_a_channel.c.
 */
#if defined(__GNUC__)
#define EBB_CHANNEL_TABLE_ENTRY(id, ch_ptr)                                    \
    static ebb_channel *const ebb__channel_entry_##id                         \
        __attribute__((section("ebb_channels"), used)) =                       \
            _Generic((ch_ptr), ebb_channel *: (ch_ptr))
#else
#define EBB_CHANNEL_TABLE_ENTRY(id, ch_ptr)                                    \
    _Static_assert(0, "the channel table needs the GNU section attribute")
#endif

/**
 * Define channel `name` of `capacity` elements of `type`, with its storage
 * (an unnamed static array: reach it as name.buf in a debugger), and enter
 * it in the channel table, so that cancelling a task gives back a
 * reservation or peek it held here (a channel made with
 * EBB_CHANNEL_INITIALIZER or ebb_channel_init() enters it with
 * EBB_CHANNEL_TABLE_ENTRY; docs/misuse.md).  Prefix with `static` as needed; at file scope only, as
 * the storage must be static (and the table cannot point into a stack
 * frame).  A capacity of 0 is a compile error.
 */
#define EBB_CHANNEL_DEFINE(name, type, capacity)                               \
    ebb_channel name = EBB__CHANNEL_INIT(                                      \
        EBB__STORAGE(type, EBB_BUILD_CHECKED((capacity),                       \
            (capacity) > 0 && (capacity) <= 0xFFFF,                            \
            "channel capacity must be 1..65535")),                             \
        sizeof(type), (capacity));                                             \
    EBB_CHANNEL_TABLE_ENTRY(name, &name)

/**
 * Initialise a channel over caller storage of capacity * size bytes.
 * Contract channel:1 - buf != NULL, size > 0, capacity > 0.
 * Context: any, before use.  Cost: O(1).
 */
void ebb_channel_init(ebb_channel *ch, void *buf, uint16_t size, uint16_t capacity);

/** Number of elements a receiver could take now.  Context: any.  O(1). */
static inline uint16_t ebb_channel_count(const ebb_channel *ch) { return ch->count; }

/**
 * Copy `elem` in.  Returns EBB_OK, or EBB_EAGAIN when full (nothing copied).
 * Contract channel:4 - ch and elem are not NULL (contracts off: EBB_EINVAL).
 * Context: any (interrupts included).  Cost: O(size) copy + at most one wake.
 */
int ebb_channel_try_send(ebb_channel *ch, const void *elem);

/**
 * Copy the oldest element out.  Returns EBB_OK, EBB_EAGAIN when empty, or
 * EBB_EBUSY while a peek holds the oldest element.
 * Contract channel:4 - ch and out are not NULL (contracts off: EBB_EINVAL).
 * Context: any.  Cost: O(size) copy + at most one wake.
 */
int ebb_channel_try_recv(ebb_channel *ch, void *out);

/** Awaitable send: waits while the channel is full.
 *  Contract channel:6 - the task does not hold this channel's reservation
 *  when it would wait (the room it waits for comes with its own commit;
 *  contracts off: it waits - a deadlock that a cancel ends, dropping the
 *  reservation).
 *  Contract wait:1 - called inside a task's poll (contracts off: pending).
 *  Context: task.
 *  Cost: O(size) copy + at most one wake; O(1) to wait and to cancel. */
EBB_AWAITABLE ebb_poll_t ebb_channel_send(ebb_wait *w, ebb_channel *ch, const void *elem);
#define ebb_channel_send(...) EBB_AWAITABLE_CALL(ebb_channel_send, __VA_ARGS__)

/** Awaitable receive: waits while the channel is empty.
 *  Contract channel:5 - the task does not hold this channel's peek when it
 *  would wait (it would wait for itself; contracts off: it waits - a
 *  deadlock that a cancel ends, giving the peek back).
 *  Contract wait:1 - called inside a task's poll (contracts off: pending).
 *  Context: task.
 *  Cost: O(size) copy + at most two wakes; O(1) to wait and to cancel. */
EBB_AWAITABLE ebb_poll_t ebb_channel_recv(ebb_wait *w, ebb_channel *ch, void *out);
#define ebb_channel_recv(...) EBB_AWAITABLE_CALL(ebb_channel_recv, __VA_ARGS__)

/**
 * Reserve the next free slot for writing in place; *slot is set when READY.
 * The slot is invisible to receivers until ebb_channel_commit().  The
 * reservation belongs to the task: cancelling it drops the reservation
 * (nothing is published; what others sent meanwhile stays, in order) -
 * for a channel in the channel table; outside it the cancel is refused,
 * contract task:4 (docs/misuse.md).
 * Contract channel:6 - the task does not already hold the reservation (it
 * would wait for itself; contracts off: it waits, until a cancel drops the
 * reservation).
 * Contract wait:1 - called inside a task's poll (contracts off: pending).
 * Context: task.  Cost: O(1).
 */
EBB_AWAITABLE ebb_poll_t ebb_channel_reserve(ebb_wait *w, ebb_channel *ch, void **slot);
#define ebb_channel_reserve(...) EBB_AWAITABLE_CALL(ebb_channel_reserve, __VA_ARGS__)

/** Non-blocking reserve: the slot, or NULL (full, or already reserved).
 *  The reservation belongs to no task (a cancel does not drop it).
 *  Contract channel:4 - ch is not NULL (contracts off: NULL).
 *  Context: any.  Cost: O(1). */
void *ebb_channel_try_reserve(ebb_channel *ch);

/**
 * Publish the reserved slot (and anything queued behind it).
 * Contract channel:2 - a reservation is held.
 * Context: any.  Cost: O(1) + at most two wakes.
 */
void ebb_channel_commit(ebb_channel *ch);

/**
 * Borrow the oldest element in place; *slot is set when READY.  It stays in
 * the channel (and counts against capacity) until ebb_channel_release().
 * The peek belongs to the task: cancelling it gives the element back to
 * the channel, unconsumed - for a channel in the channel table; outside it
 * the cancel is refused, contract task:4 (docs/misuse.md).
 * Contract channel:5 - the task does not already hold the peek (it would
 * wait for itself; contracts off: it waits, until a cancel gives the peek
 * back).
 * Contract wait:1 - called inside a task's poll (contracts off: pending).
 * Context: task.  Cost: O(1).
 */
EBB_AWAITABLE ebb_poll_t ebb_channel_peek(ebb_wait *w, ebb_channel *ch, void **slot);
#define ebb_channel_peek(...) EBB_AWAITABLE_CALL(ebb_channel_peek, __VA_ARGS__)

/** Non-blocking peek: the oldest element, or NULL (empty, or peeked).
 *  The peek belongs to no task (a cancel does not give it back).
 *  Contract channel:4 - ch is not NULL (contracts off: NULL).
 *  Context: any.  Cost: O(1). */
void *ebb_channel_try_peek(ebb_channel *ch);

/**
 * Remove the peeked element, freeing its slot.
 * Contract channel:3 - a peek is held.
 * Context: any.  Cost: O(1) + at most two wakes.
 */
void ebb_channel_release(ebb_channel *ch);

/* Internal (ebb_channel_reset): forget the reservation and the peek, the
 * task that held them counting one hold less each.  Lock held.  O(1). */
void ebb__channel_reset_holders_locked(ebb_channel *ch);

#ifdef __cplusplus
}
#endif

#endif /* EBB_CHANNEL_H */
