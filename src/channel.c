/* channel.c - bounded MPMC ring with in-place reserve/commit and peek/release. */
#include <string.h>

#include "ebb/channel.h"
#include "ebb/port.h"

EBB_MODULE("channel");

void ebb_channel_init(ebb_channel *ch, void *buf, uint16_t size, uint16_t capacity)
{
    EBB_REQUIRE(1, buf != NULL && size > 0 && capacity > 0);
    ch->buf = buf;
    ch->size = size;
    ch->capacity = capacity;
    ch->head = ch->count = ch->fill = 0;
    ch->reserved = ch->peeked = 0;
    ebb_list_init(&ch->senders);
    ebb_list_init(&ch->receivers);
}

static uint8_t *slot_at(const ebb_channel *ch, uint32_t offset)
{
    uint32_t i = ch->head + offset;
    if (i >= ch->capacity) {
        i -= ch->capacity;
    }
    return ch->buf + i * ch->size;
}

/* Make every filled slot visible, unless a reservation holds them back. */
static void publish_locked(ebb_channel *ch)
{
    if (!ch->reserved && ch->count != ch->fill) {
        ch->count = ch->fill;
        ebb_waitlist_wake_all_locked(&ch->receivers);
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
    ebb_waitlist_wake_all_locked(&ch->senders);
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
    EBB_REQUIRE(2, ch->reserved);
    ch->reserved = 0;
    publish_locked(ch);
    /* A producer waiting only for the reservation may go now. */
    ebb_waitlist_wake_all_locked(&ch->senders);
    ebb_port_unlock(s);
}

void ebb_channel_release(ebb_channel *ch)
{
    ebb_irq_state s = ebb_port_lock();
    EBB_REQUIRE(3, ch->peeked);
    ch->peeked = 0;
    pop_locked(ch);
    /* A consumer waiting only for the peek may go now. */
    if (ch->count != 0) {
        ebb_waitlist_wake_all_locked(&ch->receivers);
    }
    ebb_port_unlock(s);
}

/* The shape shared by the four awaitables: try the operation; on success
 * leave the wait list, otherwise (re)join it; on cancel just leave. */
#define CHANNEL_AWAIT(w, list, attempt_ok)                                     \
    do {                                                                       \
        ebb_poll_t r_ = EBB_PENDING;                                           \
        ebb_irq_state s_ = ebb_port_lock();                                    \
        if (ebb_cancelling()) {                                                \
            ebb_wait_remove_locked((w), (list));                               \
        } else if (attempt_ok) {                                               \
            ebb_wait_remove_locked((w), (list));                               \
            r_ = EBB_READY;                                                    \
        } else {                                                               \
            ebb_wait_add_locked((w), (list));                                  \
        }                                                                      \
        ebb_port_unlock(s_);                                                   \
        return r_;                                                             \
    } while (0)

ebb_poll_t (ebb_channel_send)(ebb_wait *w, ebb_channel *ch, const void *elem)
{
    CHANNEL_AWAIT(w, &ch->senders, send_locked(ch, elem) == EBB_OK);
}

ebb_poll_t (ebb_channel_recv)(ebb_wait *w, ebb_channel *ch, void *out)
{
    CHANNEL_AWAIT(w, &ch->receivers, recv_locked(ch, out) == EBB_OK);
}

ebb_poll_t (ebb_channel_reserve)(ebb_wait *w, ebb_channel *ch, void **slot)
{
    CHANNEL_AWAIT(w, &ch->senders, (*slot = reserve_locked(ch)) != NULL);
}

ebb_poll_t (ebb_channel_peek)(ebb_wait *w, ebb_channel *ch, void **slot)
{
    CHANNEL_AWAIT(w, &ch->receivers, (*slot = peek_locked(ch)) != NULL);
}
