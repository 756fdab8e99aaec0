/* channel.c - bounded MPMC ring, elements copied in and out. */
#include "ebb/channel.h"
#include "ebb/driver/port.h"
#include "ebb/driver/wait.h"
#include "ring.h"

EBB_MODULE("channel");

void ebb_channel_init(ebb_channel *ch, void *buf, uint16_t size, uint16_t capacity)
{
    bool const ok = buf != NULL && size > 0 && capacity > 0;
    EBB_REQUIRE(1, ok);
    ch->ring.buf = ok ? buf : NULL;
    ch->ring.size = size;
    ch->ring.capacity = ok ? capacity : 0; /* refuses every send and receive */
    ch->ring.head = ch->ring.count = 0;
    ebb_waitlist_init(&ch->senders);
    ebb_waitlist_init(&ch->receivers);
}

static int send_locked(ebb_channel *ch, const void *elem)
{
    ebb__ring *const r = &ch->ring;
    if (r->count >= r->capacity) {
        return EBB_EAGAIN;
    }
    ring_copy(ring_slot(r, r->count), elem, r->size);
    r->count++;
    if (!ebb_waitlist_empty(&ch->receivers)) {
        (void)ebb_waitlist_wake_one_locked(&ch->receivers);
    }
    return EBB_OK;
}

static int recv_locked(ebb_channel *ch, void *out)
{
    ebb__ring *const r = &ch->ring;
    if (r->count == 0) {
        return EBB_EAGAIN;
    }
    ring_copy(out, ring_oldest(r), r->size);
    ring_pop(r);
    if (!ebb_waitlist_empty(&ch->senders)) {
        (void)ebb_waitlist_wake_one_locked(&ch->senders);
    }
    return EBB_OK;
}

int ebb_channel_try_send(ebb_channel *ch, const void *elem)
{
    EBB_REQUIRE_OR(4, ch != NULL && elem != NULL, return EBB_EINVAL);
    ebb_irq_state s = ebb_port_lock();
    int r = send_locked(ch, elem);
    ebb_port_unlock(s);
    return r;
}

int ebb_channel_try_recv(ebb_channel *ch, void *out)
{
    EBB_REQUIRE_OR(4, ch != NULL && out != NULL, return EBB_EINVAL);
    ebb_irq_state s = ebb_port_lock();
    int r = recv_locked(ch, out);
    ebb_port_unlock(s);
    return r;
}

/* The two awaitables: the attempt in turn (first come first served), never
 * while cancelling; then ebb_wait_step_locked() does the rest.  The
 * attempt's own wake goes to the other side's list; `more` hands this
 * side's turn on when what is left lets the next waiter succeed too. */
ebb_poll_t (ebb_channel_send)(ebb_cx *cx, ebb_wait *w, ebb_channel *ch, const void *elem)
{
    EBB_REQUIRE_OR(4, ch != NULL && elem != NULL, return EBB_PENDING);
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &ch->senders))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    bool ok = !ebb_cx_cancelling(cx) && ebb_wait_turn(w, &ch->senders) &&
              send_locked(ch, elem) == EBB_OK;
    ebb_poll_t r = ebb_wait_step_locked(cx, w, &ch->senders, ok,
                                        ch->ring.count < ch->ring.capacity);
    ebb_port_unlock(s);
    return r;
}

ebb_poll_t (ebb_channel_recv)(ebb_cx *cx, ebb_wait *w, ebb_channel *ch, void *out)
{
    EBB_REQUIRE_OR(4, ch != NULL && out != NULL, return EBB_PENDING);
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &ch->receivers))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    bool ok = !ebb_cx_cancelling(cx) && ebb_wait_turn(w, &ch->receivers) &&
              recv_locked(ch, out) == EBB_OK;
    ebb_poll_t r = ebb_wait_step_locked(cx, w, &ch->receivers, ok, ch->ring.count != 0);
    ebb_port_unlock(s);
    return r;
}
