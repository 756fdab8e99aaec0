/* channel.c - bounded MPMC ring with in-place reserve/commit and peek/release. */
#include <string.h>

#include "ebb/channel.h"
#include "ebb/port.h"

EBB_MODULE("channel");

void ebb_channel_init(ebb_channel *ch, void *buf, uint16_t size, uint16_t capacity)
{
    EBB_REQUIRE(1, buf != NULL && size > 0 && capacity > 0);
    if (buf == NULL || size == 0 || capacity == 0) {
        /* Contracts off: a channel of capacity 0 that refuses every send
         * (full) and every receive (empty), touching no storage. */
        buf = NULL;
        capacity = 0;
    }
    ch->buf = buf;
    ch->size = size;
    ch->capacity = capacity;
    ch->head = ch->count = ch->fill = 0;
    ch->reserved = ch->peeked = 0;
    ebb_waitlist_init(&ch->senders);
    ebb_waitlist_init(&ch->receivers);
}

static uint8_t *slot_at(const ebb_channel *ch, uint32_t offset)
{
    uint32_t i = ch->head + offset;
    if (i >= ch->capacity) {
        i -= ch->capacity;
    }
    return ch->buf + i * ch->size;
}

/* Could the first waiting receiver (recv or peek) succeed now? */
static bool receiver_can_go(const ebb_channel *ch) { return !ch->peeked && ch->count != 0; }

/* Could the first waiting sender (send or reserve) succeed now?  A send that
 * waits also waits for the reservation, so the senders list has one
 * condition and a woken sender never fails for a reason another would not. */
static bool sender_can_go(const ebb_channel *ch) { return !ch->reserved && ch->fill != ch->capacity; }

/* Make every filled slot visible, unless a reservation holds them back.
 * One receiver is woken; if it leaves more behind, it wakes the next. */
static void publish_locked(ebb_channel *ch)
{
    if (!ch->reserved && ch->count != ch->fill) {
        ch->count = ch->fill;
        if (!ebb_waitlist_empty(&ch->receivers) && !ch->peeked) {
            (void)ebb_waitlist_wake_one_locked(&ch->receivers);
        }
    }
}

static int send_locked(ebb_channel *ch, const void *elem)
{
    if (ch->fill == ch->capacity) {
        return EBB_EAGAIN;
    }
    memcpy(slot_at(ch, ch->fill), elem, ch->size);
    ch->fill++;
    publish_locked(ch);
    return EBB_OK;
}

static void pop_locked(ebb_channel *ch)
{
    ch->head = (uint16_t)(ch->head + 1u == ch->capacity ? 0u : ch->head + 1u);
    ch->count--;
    ch->fill--;
    if (!ebb_waitlist_empty(&ch->senders) && !ch->reserved) {
        (void)ebb_waitlist_wake_one_locked(&ch->senders);
    }
}

static int recv_locked(ebb_channel *ch, void *out)
{
    if (ch->count == 0) {
        return EBB_EAGAIN;
    }
    if (ch->peeked) {
        return EBB_EBUSY;
    }
    memcpy(out, slot_at(ch, 0), ch->size);
    pop_locked(ch);
    return EBB_OK;
}

static void *reserve_locked(ebb_channel *ch)
{
    if (ch->reserved || ch->fill == ch->capacity) {
        return NULL;
    }
    ch->reserved = 1;
    ch->fill++;
    /* Invariant while reserved: the reserved slot is at head + count, since
     * receiving moves head and count in step and sends go behind it. */
    return slot_at(ch, ch->count);
}

static void *peek_locked(ebb_channel *ch)
{
    if (ch->peeked || ch->count == 0) {
        return NULL;
    }
    ch->peeked = 1;
    return slot_at(ch, 0);
}

int ebb_channel_try_send(ebb_channel *ch, const void *elem)
{
    ebb_irq_state s = ebb_port_lock();
    int r = send_locked(ch, elem);
    ebb_port_unlock(s);
    return r;
}

int ebb_channel_try_recv(ebb_channel *ch, void *out)
{
    ebb_irq_state s = ebb_port_lock();
    int r = recv_locked(ch, out);
    ebb_port_unlock(s);
    return r;
}

void *ebb_channel_try_reserve(ebb_channel *ch)
{
    ebb_irq_state s = ebb_port_lock();
    void *p = reserve_locked(ch);
    ebb_port_unlock(s);
    return p;
}

void *ebb_channel_try_peek(ebb_channel *ch)
{
    ebb_irq_state s = ebb_port_lock();
    void *p = peek_locked(ch);
    ebb_port_unlock(s);
    return p;
}

void ebb_channel_commit(ebb_channel *ch)
{
    ebb_irq_state s = ebb_port_lock();
    EBB_REQUIRE_OR(2, ch->reserved, ebb_port_unlock(s); return);
    ch->reserved = 0;
    publish_locked(ch);
    /* The next producer may go now, if there is room (the emptiness test
     * first: it is the common case, and it spares the call). */
    if (!ebb_waitlist_empty(&ch->senders) && ch->fill != ch->capacity) {
        (void)ebb_waitlist_wake_one_locked(&ch->senders);
    }
    ebb_port_unlock(s);
}

void ebb_channel_release(ebb_channel *ch)
{
    ebb_irq_state s = ebb_port_lock();
    EBB_REQUIRE_OR(3, ch->peeked, ebb_port_unlock(s); return);
    ch->peeked = 0;
    pop_locked(ch);
    /* The next consumer may go now, if there is more. */
    if (!ebb_waitlist_empty(&ch->receivers) && ch->count != 0) {
        (void)ebb_waitlist_wake_one_locked(&ch->receivers);
    }
    ebb_port_unlock(s);
}

/* The four awaitables: attempt under the lock (never while cancelling),
 * then ebb_wait_step_locked() does the rest.  send and recv, which share
 * elements and slots among many tasks, also wait their turn
 * (ebb_wait_turn); reserve and peek, which one task holds at a time, skip
 * that test on the showdown's hot path: a task that comes to reserve (peek)
 * in the moment between a wake and the woken task's poll may get in first,
 * and the woken one keeps its place. */
#define CHANNEL_AWAIT(w, list, attempt_ok, more)                               \
    do {                                                                       \
        ebb_irq_state s_ = ebb_port_lock();                                    \
        bool ok_ = !ebb_cancelling() && (attempt_ok);                          \
        ebb_poll_t r_ = ebb_wait_step_locked((w), (list), ok_, (more));        \
        ebb_port_unlock(s_);                                                   \
        return r_;                                                             \
    } while (0)
#define CHANNEL_AWAIT_IN_TURN(w, list, attempt_ok, more)                       \
    CHANNEL_AWAIT(w, list, ebb_wait_turn((w), (list)) && (attempt_ok), more)

ebb_poll_t (ebb_channel_send)(ebb_wait *w, ebb_channel *ch, const void *elem)
{
    CHANNEL_AWAIT_IN_TURN(w, &ch->senders, send_locked(ch, elem) == EBB_OK, sender_can_go(ch));
}

ebb_poll_t (ebb_channel_recv)(ebb_wait *w, ebb_channel *ch, void *out)
{
    CHANNEL_AWAIT_IN_TURN(w, &ch->receivers, recv_locked(ch, out) == EBB_OK, receiver_can_go(ch));
}

ebb_poll_t (ebb_channel_reserve)(ebb_wait *w, ebb_channel *ch, void **slot)
{
    /* A reservation taken leaves nothing for the next reserver: more is
     * false then by construction (and folds away). */
    CHANNEL_AWAIT(w, &ch->senders, (*slot = reserve_locked(ch)) != NULL, !ok_ && sender_can_go(ch));
}

ebb_poll_t (ebb_channel_peek)(ebb_wait *w, ebb_channel *ch, void **slot)
{
    CHANNEL_AWAIT(w, &ch->receivers, (*slot = peek_locked(ch)) != NULL, !ok_ && receiver_can_go(ch));
}
