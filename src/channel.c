/* channel.c - bounded MPMC ring with in-place reserve/commit and peek/release. */
#include <string.h>

#include "ebb/channel.h"
#include "ebb/port.h"
#include "holds.h"

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
    ch->reserver = ch->peeker = NULL;
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

/* The holder a try_ call records: the channel's own address, which is
 * neither NULL (free), nor a task, nor the cancel marker.  It holds for no
 * task, so no task counts it. */
#define NO_TASK(ch) ((ebb_task *)(void *)(ch))

/* A reservation or peek given back: its holder, a task, counts one hold
 * less (ebb/task.h); one a try_ call took counts for nobody. */
static inline void unhold_locked(ebb_channel *ch, ebb_task *holder)
{
    if (EBB_LIKELY(holder != NO_TASK(ch))) {
        ebb__task_unhold_locked(holder);
    }
}

/* Could the first waiting receiver (recv or peek) succeed now? */
static bool receiver_can_go(const ebb_channel *ch) { return ch->peeker == NULL && ch->count != 0; }

/* Could the first waiting sender (send or reserve) succeed now?  A send that
 * waits also waits for the reservation, so the senders list has one
 * condition and a woken sender never fails for a reason another would not. */
static bool sender_can_go(const ebb_channel *ch) { return ch->reserver == NULL && ch->fill != ch->capacity; }

/* Make every filled slot visible, unless a reservation holds them back.
 * One receiver is woken; if it leaves more behind, it wakes the next. */
static void publish_locked(ebb_channel *ch)
{
    if (ch->reserver == NULL && ch->count != ch->fill) {
        ch->count = ch->fill;
        if (!ebb_waitlist_empty(&ch->receivers) && ch->peeker == NULL) {
            /* ebb_waitlist_wake_one_locked(), inlined: every message of a
             * producer/consumer pair wakes its consumer here, and the call
             * to the shared copy, far away in flash, cost the showdown's
             * thread time 14 cycles and 20 flash+ART cycles an edge. */
            ebb_dnode *n = ebb_dlist_pop_front(&ch->receivers.l);
            (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
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
    if (!ebb_waitlist_empty(&ch->senders) && ch->reserver == NULL) {
        (void)ebb_waitlist_wake_one_locked(&ch->senders);
    }
}

static int recv_locked(ebb_channel *ch, void *out)
{
    if (ch->count == 0) {
        return EBB_EAGAIN;
    }
    if (ch->peeker != NULL) {
        return EBB_EBUSY;
    }
    memcpy(out, slot_at(ch, 0), ch->size);
    pop_locked(ch);
    return EBB_OK;
}

/* A task about to wait for the reservation (peek) it holds itself would
 * wait for good: contract channel:6 (reserve, send) and channel:5 (peek,
 * recv), checked by the awaitables (ebb__cur is then a task) only when the
 * attempt fails - a compare with a register already loaded.  Contracts
 * off, the task waits for itself until a cancel gives back what it holds
 * (docs/misuse.md). */

/* reserve / peek: true when `holder` got it (*slot set).  A bool, not the
 * slot pointer, so that the callers do not test the pointer again. */
static bool reserve_locked(ebb_channel *ch, ebb_task *holder, void **slot, bool awaiting)
{
    if (EBB_UNLIKELY(ch->reserver != NULL)) {
        if (awaiting) {
            EBB_REQUIRE(6, ch->reserver != ebb__cur);
        }
        return false;
    }
    if (ch->fill == ch->capacity) {
        return false;
    }
    ch->reserver = holder;
    if (awaiting) {
        ebb__task_hold_locked(holder); /* the task counts what it holds */
    }
    ch->fill++;
    /* Invariant while reserved: the reserved slot is at head + count, since
     * receiving moves head and count in step and sends go behind it. */
    *slot = slot_at(ch, ch->count);
    return true;
}

static bool peek_locked(ebb_channel *ch, ebb_task *holder, void **slot, bool awaiting)
{
    if (EBB_UNLIKELY(ch->peeker != NULL)) {
        if (awaiting) {
            EBB_REQUIRE(5, ch->peeker != ebb__cur);
        }
        return false;
    }
    if (ch->count == 0) {
        return false;
    }
    ch->peeker = holder;
    if (awaiting) {
        ebb__task_hold_locked(holder);
    }
    *slot = slot_at(ch, 0);
    return true;
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

void *ebb_channel_try_reserve(ebb_channel *ch)
{
    EBB_REQUIRE_OR(4, ch != NULL, return NULL);
    ebb_irq_state s = ebb_port_lock();
    void *p = NULL;
    (void)reserve_locked(ch, NO_TASK(ch), &p, false);
    ebb_port_unlock(s);
    return p;
}

void *ebb_channel_try_peek(ebb_channel *ch)
{
    EBB_REQUIRE_OR(4, ch != NULL, return NULL);
    ebb_irq_state s = ebb_port_lock();
    void *p = NULL;
    (void)peek_locked(ch, NO_TASK(ch), &p, false);
    ebb_port_unlock(s);
    return p;
}

void ebb_channel_commit(ebb_channel *ch)
{
    ebb_irq_state s = ebb_port_lock();
    ebb_task *const holder = ch->reserver;
    EBB_REQUIRE_OR(2, holder != NULL, ebb_port_unlock(s); return);
    ch->reserver = NULL;
    unhold_locked(ch, holder);
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
    ebb_task *const holder = ch->peeker;
    EBB_REQUIRE_OR(3, holder != NULL, ebb_port_unlock(s); return);
    ch->peeker = NULL;
    unhold_locked(ch, holder);
    pop_locked(ch);
    /* The next consumer may go now, if there is more. */
    if (!ebb_waitlist_empty(&ch->receivers) && ch->count != 0) {
        (void)ebb_waitlist_wake_one_locked(&ch->receivers);
    }
    ebb_port_unlock(s);
}

/* Inside a task's poll, and not cancelling: ebb__cur is neither NULL nor
 * the cancel marker, the lowest aligned non-null address, below any task -
 * so one unsigned compare tells. */
static inline bool in_task_poll(void)
{
    return (uintptr_t)ebb__cur > (uintptr_t)EBB__CANCEL_MARKER;
}

/* The four awaitables: attempt under the lock - only inside a task's poll,
 * never while cancelling (ebb__cur is then the cancel marker; outside a
 * task it is NULL, and the wait list reports wait:1) - then
 * ebb_wait_step_locked() does the rest.  send and recv, which share
 * elements and slots among many tasks, also wait their turn
 * (ebb_wait_turn); reserve and peek, which one task holds at a time, skip
 * that test on the showdown's hot path: a task that comes to reserve (peek)
 * in the moment between a wake and the woken task's poll may get in first,
 * and the woken one keeps its place.  reserve and peek record the task as
 * the holder. */
#define CHANNEL_AWAIT(w, list, attempt_ok, more)                               \
    do {                                                                       \
        ebb_irq_state s_ = ebb_port_lock();                                    \
        bool ok_ = EBB_LIKELY(in_task_poll()) && (attempt_ok);                 \
        ebb_poll_t r_ = ebb_wait_step_locked((w), (list), ok_, (more));        \
        ebb_port_unlock(s_);                                                   \
        return r_;                                                             \
    } while (0)

/* send and recv: the attempt in turn; when it fails (the task is about to
 * wait), the holder check - off the success path. */
static inline bool send_attempt(ebb_wait *w, ebb_channel *ch, const void *elem)
{
    if (ebb_wait_turn(w, &ch->senders) && send_locked(ch, elem) == EBB_OK) {
        return true;
    }
    EBB_REQUIRE(6, ch->reserver != ebb__cur); /* room comes only after its own commit */
    return false;
}

static inline bool recv_attempt(ebb_wait *w, ebb_channel *ch, void *out)
{
    if (ebb_wait_turn(w, &ch->receivers) && recv_locked(ch, out) == EBB_OK) {
        return true;
    }
    EBB_REQUIRE(5, ch->peeker != ebb__cur);
    return false;
}

ebb_poll_t (ebb_channel_send)(ebb_wait *w, ebb_channel *ch, const void *elem)
{
    CHANNEL_AWAIT(w, &ch->senders, send_attempt(w, ch, elem), sender_can_go(ch));
}

ebb_poll_t (ebb_channel_recv)(ebb_wait *w, ebb_channel *ch, void *out)
{
    CHANNEL_AWAIT(w, &ch->receivers, recv_attempt(w, ch, out), receiver_can_go(ch));
}

ebb_poll_t (ebb_channel_reserve)(ebb_wait *w, ebb_channel *ch, void **slot)
{
    /* A reservation taken leaves nothing for the next reserver: more is
     * false then by construction (and folds away). */
    CHANNEL_AWAIT(w, &ch->senders, reserve_locked(ch, ebb__cur, slot, true),
                  !ok_ && sender_can_go(ch));
}

ebb_poll_t (ebb_channel_peek)(ebb_wait *w, ebb_channel *ch, void **slot)
{
    CHANNEL_AWAIT(w, &ch->receivers, peek_locked(ch, ebb__cur, slot, true),
                  !ok_ && receiver_can_go(ch));
}

/* Off the hot path, after it: what a cancel runs.  (Its place in the file
 * is its place in flash: the awaitables above stay next to commit and
 * release, which run with them on every message.) */
/* Drop the reservation: what was sent behind it moves up one slot, in
 * order, and becomes visible; nothing of the reserved slot is published. */
static void drop_reservation_locked(ebb_channel *ch)
{
    for (uint32_t i = ch->count; i + 1u < ch->fill; i++) {
        memcpy(slot_at(ch, i), slot_at(ch, i + 1u), ch->size);
    }
    ch->fill--;
    unhold_locked(ch, ch->reserver);
    ch->reserver = NULL;
    publish_locked(ch);
    if (!ebb_waitlist_empty(&ch->senders) && ch->fill != ch->capacity) {
        (void)ebb_waitlist_wake_one_locked(&ch->senders);
    }
}

/* Give the peeked element back, unconsumed, to the next receiver. */
static void return_peek_locked(ebb_channel *ch)
{
    unhold_locked(ch, ch->peeker);
    ch->peeker = NULL;
    if (!ebb_waitlist_empty(&ch->receivers) && ch->count != 0) {
        (void)ebb_waitlist_wake_one_locked(&ch->receivers);
    }
}

unsigned ebb__channel_holds(ebb_task *t, bool give_back)
{
    unsigned n = 0;
    for (ebb_channel *const *p = __start_ebb_channels; p < __stop_ebb_channels; p++) {
        ebb_channel *ch = *p;
        ebb_irq_state s = ebb_port_lock();
        if (ch->reserver == t) {
            n++;
            if (give_back) {
                drop_reservation_locked(ch);
            }
        }
        if (ch->peeker == t) {
            n++;
            if (give_back) {
                return_peek_locked(ch);
            }
        }
        ebb_port_unlock(s);
    }
    return n;
}

void ebb__channel_reset_holders_locked(ebb_channel *ch)
{
    if (ch->reserver != NULL) {
        unhold_locked(ch, ch->reserver);
        ch->reserver = NULL;
    }
    if (ch->peeker != NULL) {
        unhold_locked(ch, ch->peeker);
        ch->peeker = NULL;
    }
}
