/* pool.c - fixed-size blocks with O(1) alloc/free and checked frees. */
#include "ebb/executor.h"
#include "ebb/pool.h"
#include "ebb/driver/port.h"
#include "ebb/driver/wait.h"

EBB_MODULE("pool");

/* Block i's state:
 *   i >= fresh            not allocated since the pool was defined or reset
 *                         (its link means nothing: neither the zeroed table
 *                         of a static pool nor a reset needs to write it,
 *                         and freeing such a block is refused like a
 *                         double free)
 *   link[i] == EBB__POOL_USED   allocated
 *   otherwise             on the free list or on the handed list, link[i]
 *                         1 + the next index (0: last)
 * The handed list holds one block per waiter that a free woke and that has
 * not resumed yet; try_alloc only ever takes from the free list, so no
 * caller can overtake a waiting task. */

#define POOL_VALID_OR_RETURN(p, r)                                             \
    do {                                                                       \
        if (EBB_UNLIKELY((p) == NULL)) {                                       \
            EBB_REQUIRE(1, false);                                             \
            return (r);                                                        \
        }                                                                      \
    } while (0)

/* The inline fast paths report misuse here, so the contract names this
 * module (EBB_REQUIRE in a header would name the caller's). */
int ebb__pool_refuse(int id)
{
    (void)id; /* unused with contracts compiled out */
    EBB_REQUIRE(id, false);
    return EBB_EINVAL;
}

static inline uint8_t *block_at(const ebb_pool *p, uint32_t i)
{
    return p->blocks + i * p->size;
}

/* Take a block from the free list or the never-used tail; -1 if none. */
static int32_t take_locked(ebb_pool *p)
{
    uint32_t i;
    if (p->free != 0) {
        i = p->free - 1u;
        p->free = p->link[i];
    } else if (p->fresh < p->count) {
        i = p->fresh++;
    } else {
        return -1;
    }
    p->link[i] = EBB__POOL_USED;
    return (int32_t)i;
}

/* Block i is no longer used: to the first waiter (via the handed list) or
 * back to the free list. */
static void release_locked(ebb_pool *p, uintptr_t i)
{
    ebb_dnode *n = ebb_dlist_pop_front(&p->waiters.l);
    if (n != NULL) {
        EBB__TRACE(EBB_TRACE_FIRE, &p->waiters, 0);
        p->link[i] = p->handed;
        p->handed = (uint16_t)(i + 1u);
        (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    } else {
        p->link[i] = p->free;
        p->free = (uint16_t)(i + 1u);
    }
}

/* A block handed to a fired waiter, taken off the handed list; -1 when
 * there is none (the pool was reset under the waiter: reset:2 refuses
 * that, so only a pool written behind ebb's back gets here). */
static int32_t take_handed_locked(ebb_pool *p)
{
    if (EBB_UNLIKELY(p->handed == 0)) {
        return -1;
    }
    uint32_t i = p->handed - 1u;
    p->handed = p->link[i];
    p->link[i] = EBB__POOL_USED;
    return (int32_t)i;
}

void *ebb__pool_take_slow_unlock(ebb_pool *p, ebb_irq_state s)
{
    int32_t i = take_locked(p);
    ebb_port_unlock(s);
    return i < 0 ? NULL : block_at(p, (uint32_t)i);
}

int ebb__pool_release_slow_unlock(ebb_pool *p, uintptr_t i, ebb_irq_state s)
{
    if (i >= p->fresh || p->link[i] != EBB__POOL_USED) {
        ebb_port_unlock(s);
        /* Outside the storage or between blocks: pool:2; a block that is
         * not allocated: pool:3. */
        return i >= p->count ? ebb__pool_refuse(2) : ebb__pool_refuse(3);
    }
    release_locked(p, i);
    ebb_port_unlock(s);
    return EBB_OK;
}

ebb_poll_t (ebb_pool_alloc)(ebb_cx *cx, ebb_wait *w, ebb_pool *p, void **out)
{
    POOL_VALID_OR_RETURN(p, EBB_PENDING);
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &p->waiters))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    /* A fired wait here was fired by this pool's free: a block is on the
     * handed list for it (one per fired waiter). */
    if (ebb_cx_cancelling(cx)) {
        if (ebb_wait_fired(w)) {
            /* A block was freed for this task, which no longer wants it:
             * pass it on, or the next waiter would wait for a free block. */
            int32_t i = take_handed_locked(p);
            if (i >= 0) {
                release_locked(p, (uint32_t)i);
            }
        }
        ebb_wait_remove_locked(w);
    } else if (ebb_wait_fired(w)) {
        int32_t i = take_handed_locked(p);
        ebb_wait_remove_locked(w);
        if (i >= 0) {
            *out = block_at(p, (uint32_t)i);
            r = EBB_READY;
        } else {
            ebb_wait_add_locked(cx, w, &p->waiters);
        }
    } else if (!ebb_wait_linked(w)) {
        /* A new attempt (nobody waits when a block is free: frees hand
         * their block to waiters first). */
        int32_t i = take_locked(p);
        if (i >= 0) {
            *out = block_at(p, (uint32_t)i);
            r = EBB_READY;
        } else {
            ebb_wait_add_locked(cx, w, &p->waiters);
        }
    }
    /* else: a spurious poll, still queued */
    ebb_port_unlock(s);
    return r;
}

uint16_t ebb_pool_free_count(ebb_pool *p)
{
    ebb_irq_state s = ebb_port_lock();
    uint32_t n = (uint32_t)p->count - p->fresh;
    uint32_t next = p->free;
    ebb_port_unlock(s);
    /* One step per critical section: a link read now may have changed
     * since the last step (the block allocated: USED ends the walk), and
     * an index outside the pool ends it too, so the walk stays in bounds. */
    while (next != 0 && next <= p->count && n < p->count) {
        n++;
        s = ebb_port_lock();
        next = p->link[next - 1u];
        ebb_port_unlock(s);
    }
    return (uint16_t)n;
}
