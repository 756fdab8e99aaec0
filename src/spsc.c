/* spsc.c - single-producer single-consumer ring, reserved and peeked in place. */
#include "ebb/driver/port.h"
#include "ebb/spsc.h"
#include "ebb/driver/wait.h"
#include "ring.h"

EBB_MODULE("spsc");

/* Each step is written once for both sides and inlined into each public
 * function with `producer` a constant, so the choice costs nothing at run
 * time. */
#define SIDE static inline __attribute__((always_inline))

/* `producer` says which side a step is for.  A side may go now: the
 * producer while there is room, the consumer while there is an element.
 * Lock held. */
SIDE bool side_ready_locked(const ebb__ring *r, bool producer)
{
    return producer ? r->count < r->capacity : r->count != 0;
}

/* The slot a side may take now, or NULL: the producer's is the one after
 * the last committed element, the consumer's the oldest.  Lock held. */
SIDE void *side_slot_locked(const ebb__ring *r, bool producer)
{
    if (!side_ready_locked(r, producer)) {
        return NULL;
    }
    return ring_slot(r, producer ? r->count : 0u);
}

/* The one await of a side.  Nothing is taken on success: the slot is
 * computed from the indices, which only commit and release move. */
SIDE ebb_poll_t side_await(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot, bool producer)
{
    EBB_REQUIRE_OR(1, q != NULL && slot != NULL, return EBB_PENDING);
    ebb_waitlist *const side = producer ? &q->producer : &q->consumer;
    ebb_poll_t p = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, side))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    if (!ebb_wait_linked(w) && !ebb_waitlist_empty(side) && !ebb_cx_cancelling(cx)) {
        ebb_port_unlock(s);
        EBB_REQUIRE(2, false); /* a second task on one side */
        return EBB_PENDING;
    }
    void *const at = side_slot_locked(&q->ring, producer);
    p = ebb_wait_step_locked(cx, w, side, at != NULL && !ebb_cx_cancelling(cx), false);
    if (ebb_poll_is_ready(p)) {
        *slot = at;
    }
    ebb_port_unlock(s);
    return p;
}

SIDE void *side_try(ebb_spsc *q, bool producer)
{
    EBB_REQUIRE_OR(1, q != NULL, return NULL);
    ebb_irq_state s = ebb_port_lock();
    void *const slot = side_slot_locked(&q->ring, producer);
    ebb_port_unlock(s);
    return slot;
}

/* Commit (producer) or release (consumer): move the side's index on and
 * wake the other side's waiter. */
SIDE int side_advance(ebb_spsc *q, bool producer)
{
    EBB_REQUIRE_OR(1, q != NULL, return EBB_EINVAL);
    int res = EBB_EAGAIN;
    ebb_irq_state s = ebb_port_lock();
    if (side_ready_locked(&q->ring, producer)) {
        if (producer) {
            q->ring.count++;
        } else {
            ring_pop(&q->ring);
        }
        (void)ebb_waitlist_wake_one_locked(producer ? &q->consumer : &q->producer);
        res = EBB_OK;
    }
    ebb_port_unlock(s);
    return res;
}

ebb_poll_t (ebb_spsc_reserve)(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot)
{
    return side_await(cx, w, q, slot, true);
}

ebb_poll_t (ebb_spsc_peek)(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot)
{
    return side_await(cx, w, q, slot, false);
}

void *ebb_spsc_try_reserve(ebb_spsc *q) { return side_try(q, true); }

void *ebb_spsc_try_peek(ebb_spsc *q) { return side_try(q, false); }

int ebb_spsc_commit(ebb_spsc *q) { return side_advance(q, true); }

int ebb_spsc_release(ebb_spsc *q) { return side_advance(q, false); }
