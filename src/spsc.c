/* spsc.c - single-producer single-consumer ring, reserved and peeked in place. */
#include "ebb/driver/port.h"
#include "ebb/spsc.h"
#include "ebb/driver/wait.h"
#include "ring.h"

EBB_MODULE("spsc");

/* The one await of a side: `ready` tells whether the side can go now.
 * Nothing is taken on success - the caller's slot is computed from the
 * indices, which only commit and release move. */
static ebb_poll_t side_await(ebb_cx *cx, ebb_wait *w, ebb_waitlist *side, bool ready)
{
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, side))) {
        return ebb__wait_refuse(cx, w);
    }
    if (!ebb_wait_linked(w) && !ebb_waitlist_empty(side) && !ebb_cx_cancelling(cx)) {
        EBB_REQUIRE(2, false); /* a second task on one side */
        return EBB_PENDING;
    }
    return ebb_wait_step_locked(cx, w, side, ready && !ebb_cx_cancelling(cx), false);
}

ebb_poll_t (ebb_spsc_reserve)(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot)
{
    EBB_REQUIRE_OR(1, q != NULL && slot != NULL, return EBB_PENDING);
    ebb_irq_state s = ebb_port_lock();
    ebb__ring *const r = &q->ring;
    bool const room = r->count < r->capacity;
    ebb_poll_t p = side_await(cx, w, &q->producer, room);
    if (ebb_poll_is_ready(p)) {
        *slot = ring_slot(r, r->count);
    }
    ebb_port_unlock(s);
    return p;
}

ebb_poll_t (ebb_spsc_peek)(ebb_cx *cx, ebb_wait *w, ebb_spsc *q, void **slot)
{
    EBB_REQUIRE_OR(1, q != NULL && slot != NULL, return EBB_PENDING);
    ebb_irq_state s = ebb_port_lock();
    ebb__ring *const r = &q->ring;
    ebb_poll_t p = side_await(cx, w, &q->consumer, r->count != 0);
    if (ebb_poll_is_ready(p)) {
        *slot = ring_slot(r, 0);
    }
    ebb_port_unlock(s);
    return p;
}

void *ebb_spsc_try_reserve(ebb_spsc *q)
{
    EBB_REQUIRE_OR(1, q != NULL, return NULL);
    ebb_irq_state s = ebb_port_lock();
    ebb__ring *const r = &q->ring;
    void *slot = r->count < r->capacity ? ring_slot(r, r->count) : NULL;
    ebb_port_unlock(s);
    return slot;
}

void *ebb_spsc_try_peek(ebb_spsc *q)
{
    EBB_REQUIRE_OR(1, q != NULL, return NULL);
    ebb_irq_state s = ebb_port_lock();
    void *slot = q->ring.count != 0 ? ring_slot(&q->ring, 0) : NULL;
    ebb_port_unlock(s);
    return slot;
}

int ebb_spsc_commit(ebb_spsc *q)
{
    EBB_REQUIRE_OR(1, q != NULL, return EBB_EINVAL);
    int res = EBB_EAGAIN;
    ebb_irq_state s = ebb_port_lock();
    if (q->ring.count < q->ring.capacity) {
        q->ring.count++;
        (void)ebb_waitlist_wake_one_locked(&q->consumer);
        res = EBB_OK;
    }
    ebb_port_unlock(s);
    return res;
}

int ebb_spsc_release(ebb_spsc *q)
{
    EBB_REQUIRE_OR(1, q != NULL, return EBB_EINVAL);
    int res = EBB_EAGAIN;
    ebb_irq_state s = ebb_port_lock();
    if (q->ring.count != 0) {
        ring_pop(&q->ring);
        (void)ebb_waitlist_wake_one_locked(&q->producer);
        res = EBB_OK;
    }
    ebb_port_unlock(s);
    return res;
}
