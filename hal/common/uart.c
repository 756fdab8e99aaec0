/* uart.c - the UART device class, chip-independent; see ebb_uart.h. */
#include "ebb_uart.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"

EBB_MODULE("uart");

void ebb_uart_init(ebb_uart *u, const ebb_uart_ops *ops)
{
    u->ops = ops;
    u->tx_ptr = u->tx_end = NULL;
    ebb_waitlist_init(&u->tx_done);
    ebb_waitlist_init(&u->tx_turn);
    u->rx = NULL;
}

void ebb_uart_tx_end_locked(ebb_uart *u)
{
    if (ebb_waitlist_wake_one_locked(&u->tx_done)) {
        (void)ebb_waitlist_wake_one_locked(&u->tx_turn);
    }
}

ebb_poll_t (ebb_uart_write)(ebb_cx *cx, ebb_uart_write_op *op, ebb_uart *u, const void *data, size_t len)
{
    ebb_wait *const w = &op->wait;
    ebb_poll_t result = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    /* `w` is idle, or this task's registration on one of our two lists. */
    if (w->task != NULL && (w->task != cx->task || (w->list != &u->tx_done && w->list != &u->tx_turn))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    /* The transmitter is ours exactly while our wait is on tx_done. */
    bool const owner = ebb_wait_linked(w) && w->list == &u->tx_done;
    if (ebb_cx_cancelling(cx)) {
        /* Pass the turn on if we held it: as owner, or handed it. */
        bool const pass_turn = owner || (ebb_wait_fired(w) && w->list == &u->tx_turn);
        if (owner) {
            u->ops->tx_stop(u);
            u->tx_ptr = u->tx_end;
        }
        ebb_wait_remove_locked(w);
        if (pass_turn) {
            (void)ebb_waitlist_wake_one_locked(&u->tx_turn);
        }
    } else if (owner) {
        /* Still transmitting. */
    } else if (ebb_wait_fired(w) && w->list == &u->tx_done) {
        ebb_wait_remove_locked(w); /* ebb_uart_tx_end_locked() ended our write */
        result = EBB_READY;
    } else if (ebb_uart_tx_busy(u)) {
        /* Busy: wait for our turn (at the front if we were handed it and a
         * writer that was not waiting got in first). */
        ebb_wait_add_locked(cx, w, &u->tx_turn);
    } else {
        ebb_wait_remove_locked(w);
        u->tx_ptr = (const uint8_t *)data;
        u->tx_end = u->tx_ptr + len;
        if (u->ops->tx_start(u)) {
            result = EBB_READY; /* out at once: the next writer's turn */
            (void)ebb_waitlist_wake_one_locked(&u->tx_turn);
        } else {
            ebb_wait_add_locked(cx, w, &u->tx_done);
        }
    }
    ebb_port_unlock(s);
    return result;
}

void ebb_uart_rx_start(ebb_uart *u, ebb_uart_rx *rx, uint8_t *buf, uint16_t size)
{
    EBB_REQUIRE(1, buf != NULL && size >= 2 && (size & (size - 1u)) == 0);
    if (buf == NULL || size < 2 || (size & (size - 1u)) != 0) {
        return; /* contracts off: the receiver stays as it was */
    }
    ebb_irq_state s = ebb_port_lock();
    rx->buf = buf;
    rx->mask = (uint16_t)(size - 1u);
    rx->head = rx->tail = 0;
    ebb_waitlist_init(&rx->waiters);
    rx->overruns = 0;
    u->rx = rx;
    u->ops->rx_on(u);
    ebb_port_unlock(s);
}

bool ebb_uart_rx_put(ebb_uart_rx *rx, uint8_t b)
{
    uint16_t head = rx->head;
    if ((uint16_t)(head - rx->tail) > rx->mask) {
        rx->overruns++; /* ring full: drop the new byte */
        return false;
    }
    rx->buf[head & rx->mask] = b;
    __atomic_store_n(&rx->head, (uint16_t)(head + 1u), __ATOMIC_RELEASE);
    return true;
}

ebb_poll_t (ebb_uart_read)(ebb_cx *cx, ebb_wait *w, ebb_uart *u, void *buf, size_t max, size_t *got)
{
    ebb_uart_rx *rx = u->rx;
    EBB_REQUIRE(2, rx != NULL);
    if (rx == NULL) {
        return EBB_PENDING; /* contracts off: nothing will ever arrive */
    }
    ebb_irq_state s = ebb_port_lock();
    if (!ebb_wait_mine(cx, w, &rx->waiters)) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    uint16_t tail = rx->tail;
    uint16_t avail = (uint16_t)(rx->head - tail);
    bool ok = !ebb_cx_cancelling(cx) && avail != 0;
    ebb_poll_t r = ebb_wait_step_locked(cx, w, &rx->waiters, ok, false); /* the interrupt wakes all */
    ebb_port_unlock(s);
    if (!ebb_poll_is_ready(r)) {
        return r;
    }
    size_t n = avail < max ? avail : max;
    uint8_t *out = (uint8_t *)buf;
    for (size_t i = 0; i < n; i++) {
        out[i] = rx->buf[(uint16_t)(tail + i) & rx->mask];
    }
    /* Publish the freed space only after the copy. */
    __atomic_store_n(&rx->tail, (uint16_t)(tail + n), __ATOMIC_RELEASE);
    *got = n;
    return EBB_READY;
}
