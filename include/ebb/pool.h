/** @file
 * ebb/pool.h - a pool of fixed-size blocks, defined statically.
 *
 * For buffers that outlive one function but must not come from a heap:
 * packets, messages, DMA descriptors.  try_alloc and free are O(1) and work
 * from any context, interrupts included; a task that finds the pool empty
 * can await a block instead, and a freed block then goes straight to the
 * longest-waiting task (first come, first served).
 *
 *     EBB_POOL_DEFINE(pkts, struct packet, 8);
 *     struct packet *p = ebb_pool_try_alloc(&pkts);    // NULL when empty
 *     ...
 *     ebb_pool_free(&pkts, p);
 *     ... in a task:  EBB_AWAIT(ebb_pool_alloc(&self->wait, &pkts, &self->pkt));
 *
 * The pool's bookkeeping lives outside the blocks, in a table of one
 * uint16_t per block: writing to a block after freeing it can corrupt only
 * that block's data, never the pool, and every free is checked - a pointer
 * that is not a block of this pool, or a block that is not allocated
 * (double free), is refused (contract pool:2 / pool:3; with contracts
 * compiled out the call returns EBB_EINVAL and changes nothing).
 */
#ifndef EBB_POOL_H
#define EBB_POOL_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/driver/list.h"
#include "ebb/driver/port.h" /* the inline fast paths take the lock */
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A pool of fixed-size blocks (EBB_POOL_DEFINE).  The members are private. */
typedef struct ebb_pool {
    uint8_t *blocks;    /**< count blocks of size bytes */
    uint16_t *link;     /**< per block: 1 + next index on its list (0: the
                             end), or EBB__POOL_USED while allocated */
    uintptr_t inverse;  /**< multiplicative inverse of size's odd factor
                             (mod 2^bits of uintptr_t): divides exactly */
    uint16_t size;      /**< bytes per block */
    uint16_t count;     /**< blocks */
    uint16_t free;      /**< 1 + first free block, 0: none */
    uint16_t handed;    /**< 1 + first block freed for a woken waiter not
                             yet resumed, 0: none */
    uint16_t fresh;     /**< blocks [fresh, count) were not allocated
                             since the pool was defined or reset (their
                             links mean nothing) */
    uint8_t shift;      /**< size = odd factor << shift */
    ebb_waitlist waiters;   /**< tasks waiting for a block, oldest first */
} ebb_pool;

/* Indices are stored plus one, so that 0 - what an all-zero pool holds - is
 * "none" everywhere: a pool used without its initializer has no block and
 * never follows a link. */
#define EBB__POOL_USED 0xFFFFu /* link of an allocated block */
#define EBB__POOL_MAX 0xFFFEu  /* most blocks a pool can hold (65534) */

/* Internal: a pool over `blocks` (count blocks of size bytes) and `links`
 * (count uint16_t; their contents do not matter: a block is read as
 * allocated only below `fresh`, which starts at 0). */
#define EBB__POOL_INIT(blocks, links, size, count)                             \
    {(uint8_t *)(blocks), _Generic(&(links)[0], uint16_t *: &(links)[0]),      \
     EBB__POOL_INVERSE((uintptr_t)(size) / EBB__POOL_LOWBIT(size)),            \
     (uint16_t)EBB_BUILD_CHECKED((size), (size) > 0 && (size) <= 0xFFFF,       \
                                 "pool block size must be 1..65535 bytes"),    \
     (uint16_t)(count), 0, 0, 0, EBB__POOL_LOG2(EBB__POOL_LOWBIT(size)),       \
     EBB_WAITLIST_INITIALIZER}

/* Internal: the block-size arithmetic the initializer folds at build time.
 * Block i of a pool starts at offset i * size, size = odd << shift.  For an
 * offset n (any value of uintptr_t), rotating n * inverse(odd) right by
 * shift gives n / size when size divides n, and a value above
 * UINTPTR_MAX / size - at least the block count - when it does not, so
 * one compare checks alignment and range at once, with no divide. */
#define EBB__POOL_LOWBIT(size) ((uintptr_t)(size) & (0u - (uintptr_t)(size)))
#define EBB__POOL_LOG2(pow2)                                                   \
    (uint8_t)(((pow2) >= 2u) + ((pow2) >= 4u) + ((pow2) >= 8u) +               \
              ((pow2) >= 16u) + ((pow2) >= 32u) + ((pow2) >= 64u) +            \
              ((pow2) >= 128u) + ((pow2) >= 256u) + ((pow2) >= 512u) +         \
              ((pow2) >= 1024u) + ((pow2) >= 2048u) + ((pow2) >= 4096u) +      \
              ((pow2) >= 8192u) + ((pow2) >= 16384u) + ((pow2) >= 32768u))
/* Newton's step for an inverse modulo 2^bits doubles the correct low bits;
 * an odd d is its own inverse to 3 bits, so five steps cover 64 bits. */
#define EBB__POOL_NEWTON(d, x) ((uintptr_t)(x) * ((uintptr_t)2u - (uintptr_t)(d) * (uintptr_t)(x)))
#define EBB__POOL_INVERSE(d)                                                   \
    EBB__POOL_NEWTON(d, EBB__POOL_NEWTON(d, EBB__POOL_NEWTON(d,                \
        EBB__POOL_NEWTON(d, EBB__POOL_NEWTON(d, d)))))

/**
 * Initializer of a pool over `blocks`, an array of the block type (its
 * length is the block count), and `links`, a uint16_t array of the same
 * length (whatever it holds: no set-up).  For a pool inside a struct, or
 * one whose storage needs a name.  Arrays of different lengths, a pointer
 * instead of an array, or a count of 0 or above 65023 do not compile.
 */
#define EBB_POOL_INITIALIZER(blocks, links)                                    \
    EBB__POOL_INIT((blocks), (links), sizeof((blocks)[0]),                     \
        EBB_BUILD_CHECKED(sizeof(blocks) / sizeof((blocks)[0]),                \
            EBB__IS_ARRAY(blocks) && EBB__IS_ARRAY(links) &&                   \
                sizeof(blocks) >= sizeof((blocks)[0]) &&                       \
                sizeof(blocks) / sizeof((blocks)[0]) <= EBB__POOL_MAX &&       \
                sizeof(links) / sizeof((links)[0]) ==                          \
                    sizeof(blocks) / sizeof((blocks)[0]),                      \
            "EBB_POOL_INITIALIZER needs two arrays of 1..65534 elements, "     \
            "blocks and their uint16_t links"))

/**
 * Define pool `name` of `count` blocks, each a `type` (its size and
 * alignment), with its storage (unnamed static arrays).  Prefix with
 * `static` as needed; at file scope only, as the storage must be static.
 * RAM: count * (sizeof(type) + 2) bytes plus the pool object.  A count of
 * 0 or above 65023 does not compile.
 */
#define EBB_POOL_DEFINE(name, type, count)                                     \
    ebb_pool name = EBB__POOL_INIT(                                            \
        EBB__STORAGE(type, EBB_BUILD_CHECKED((count),                          \
            (count) > 0 && (count) <= EBB__POOL_MAX,                           \
            "pool count must be 1..65534")),                                   \
        EBB__STORAGE(uint16_t, (count)), sizeof(type), (count))

/* Internals of the inline fast paths (pool.c). */
void *ebb__pool_take_slow_unlock(ebb_pool *p, ebb_irq_state s);
int ebb__pool_release_slow_unlock(ebb_pool *p, uintptr_t i, ebb_irq_state s);
int ebb__pool_refuse(int id);

/* The fast paths are a few loads and stores around the critical section:
 * a call would cost as much again, so they are always inlined. */
#if defined(__GNUC__)
#define EBB__POOL_INLINE static inline __attribute__((always_inline))
#else
#define EBB__POOL_INLINE static inline
#endif

/**
 * Take a free block, without waiting.  Returns it, or NULL when none is
 * free (a block freed for a waiting task is that task's, see
 * ebb_pool_alloc).  The block's contents are whatever they were.
 * Contract pool:1 - p != NULL (always checked: NULL).
 * Context: any (interrupts included).  Cost: O(1), one critical section;
 * inline (lab/bench/ops: pool_try_alloc, pool_try_alloc+free).
 */
EBB__POOL_INLINE void *ebb_pool_try_alloc(ebb_pool *p)
{
    if (EBB_UNLIKELY(p == NULL)) {
        (void)ebb__pool_refuse(1);
        return NULL;
    }
    ebb_irq_state s = ebb_port_lock();
    uint32_t i = p->free;
    if (EBB_UNLIKELY(i == 0)) {
        return ebb__pool_take_slow_unlock(p, s); /* never-used blocks */
    }
    i--;
    p->free = p->link[i];
    p->link[i] = EBB__POOL_USED;
    ebb_port_unlock(s);
    return p->blocks + i * p->size;
}

/**
 * Give `block` back: to the longest-waiting task if one waits (it is
 * woken), else to the pool.  Returns EBB_OK, or EBB_EINVAL when the block
 * is refused (with contracts on, the contract fires first).  NULL is not a
 * block (pool:2): unlike free(NULL), freeing nothing is a caller's bug.
 * Contract pool:1 - p != NULL (always checked: EBB_EINVAL).
 * Contract pool:2 - block is a block of p, inside its storage at a block
 *                   boundary (always checked: EBB_EINVAL, nothing changes).
 * Contract pool:3 - block is allocated, not already freed nor never handed
 *                   out (always checked: EBB_EINVAL, nothing changes).
 * Context: any (interrupts included).  Cost: O(1), one critical section
 * (and a wake when a task was waiting); inline (lab/bench/ops:
 * pool_free(no_waiter)).
 */
EBB__POOL_INLINE int ebb_pool_free(ebb_pool *p, void *block)
{
    if (EBB_UNLIKELY(p == NULL)) {
        return ebb__pool_refuse(1);
    }
    /* Unsigned: a pointer below the storage (NULL too) wraps to a huge
     * offset, which like a misaligned one yields an index past the count
     * (EBB__POOL_INIT) and so past `fresh`; an all-zero pool refuses all. */
    uintptr_t x = ((uintptr_t)block - (uintptr_t)p->blocks) * p->inverse;
    uintptr_t i = (x >> p->shift) | (x << ((sizeof x * 8u - p->shift) % (sizeof x * 8u)));
    ebb_irq_state s = ebb_port_lock();
    /* Only a block below `fresh` can be allocated (handed out since the
     * pool was defined or reset; the links above are stale), and fresh <=
     * count keeps the link read in bounds.  Under the lock: a reset moves
     * fresh back. */
    if (EBB_UNLIKELY(i >= p->fresh)) {
        return ebb__pool_release_slow_unlock(p, i, s); /* not a live block */
    }
    /* Both other slow cases in one test: the link read as int16_t is -1
     * exactly when the block is allocated, and nobody waits exactly when
     * the waiters' first node is NULL. */
    uintptr_t slow = (uintptr_t)((int32_t)(int16_t)p->link[i] + 1) |
                     (uintptr_t)ebb_dlist_first(&p->waiters.l);
    if (EBB_UNLIKELY(slow != 0)) {
        return ebb__pool_release_slow_unlock(p, i, s); /* misuse, or a waiter */
    }
    p->link[i] = p->free;
    p->free = (uint16_t)(i + 1u);
    ebb_port_unlock(s);
    return EBB_OK;
}

/**
 * Awaitable: ready with a block in *out once one is free.  Takes one at
 * once if the pool has one; otherwise the task queues (FIFO) and the next
 * free goes to it.  Cancelled (select, timeout, task cancel) after a block
 * was freed for it, it passes the block on to the next waiter or the pool,
 * so no block is lost.  `w` is the task's own ebb_wait, idle when the await
 * starts; `out` is written only when the await completes.
 * Contract pool:1 - p != NULL (always checked: pending).
 * Contract wait:2, wait:3 (ebb_wait_mine(): a fire is taken as a block only
 * when this pool made it).
 * Context: task.  Cost: O(1), one critical section per poll.
 */
EBB_AWAITABLE ebb_poll_t ebb_pool_alloc(ebb_cx *cx, ebb_wait *w, ebb_pool *p, void **out);
#define ebb_pool_alloc(...) EBB_AWAITABLE_CALL(ebb_pool_alloc, __VA_ARGS__)

/** Blocks in the pool (its capacity).  Context: any.  Cost: one load. */
static inline uint16_t ebb_pool_capacity(const ebb_pool *p) { return p->count; }

/**
 * Number of blocks free now (not counting blocks already freed for a woken
 * task): a snapshot for tests and diagnostics, not for deciding whether an
 * alloc will succeed (use try_alloc).  It walks the free list holding the
 * lock for one block at a time, so blocks allocated or freed meanwhile
 * may or may not be counted.  Context: any.  Cost: O(free blocks) in
 * total, O(1) with the lock held.
 */
uint16_t ebb_pool_free_count(ebb_pool *p);

#ifdef __cplusplus
}
#endif

#endif /* EBB_POOL_H */
