/* uart.c - the chip-independent half of ebb's UART drivers; see
 * ebb_uart.h.  Compiled into each HAL library that uses it. */
#include "ebb_uart.h"

#include "ebb/driver/port.h"
#include "ebb/task.h"
#include "ebb/driver/wait.h"

ebb_poll_t ebb_uart_tx_write(ebb_cx *cx, ebb_uart_write_op *op, ebb_uart_tx *tx, const void *data, size_t len,
                             const ebb_uart_tx_ops *ops, void *drv)
{
    ebb_poll_t result = EBB_PENDING;
    bool freed = false;
    ebb_irq_state s = ebb_port_lock();
    if (ebb_cx_cancelling(cx)) {
        if (tx->owner == &op->wait) {
            tx->ptr = tx->end; /* the bytes in flight complete on their own */
            tx->owner = NULL;
            ops->stop(drv);
            freed = true;
        }
        ebb_wait_remove_locked(&op->wait);
    } else if (tx->owner == &op->wait) {
        /* Still ours (the add only re-checks: we stay on the list until
         * the end of the transmission takes us off and marks us done). */
        ebb_wait_add_locked(cx, &op->wait, &tx->done);
    } else if (ebb__uart_write_done(op, &tx->done)) {
        /* The interrupt finished our transmission (ebb_uart_tx_end_locked). */
        ebb_wait_remove_locked(&op->wait);
        result = EBB_READY;
    } else if (tx->owner != NULL) {
        ebb_wait_add_locked(cx, &op->wait, &tx->turn); /* wait for our turn */
    } else {
        ebb_wait_remove_locked(&op->wait);
        tx->owner = &op->wait;
        tx->ptr = (const uint8_t *)data;
        tx->end = tx->ptr + len;
        if (ops->start(drv)) {
            tx->owner = NULL; /* everything taken at once */
            ops->stop(drv);
            freed = true;
            result = EBB_READY;
        } else {
            ebb_wait_add_locked(cx, &op->wait, &tx->done);
        }
    }
    ebb_port_unlock(s);
    if (freed) {
        ebb_uart_tx_wake(tx);
    }
    return result;
}

void ebb_uart_tx_wake(ebb_uart_tx *tx)
{
    /* The finished writer was woken by ebb_uart_tx_end_locked(). */
    ebb_waitlist_wake_all(&tx->turn);
}

void ebb_uart_rx_init(ebb_uart_rx *rx, uint8_t *buf, uint16_t size)
{
    rx->buf = buf;
    rx->mask = (uint16_t)(size - 1u);
    rx->head = rx->tail = 0;
    ebb_waitlist_init(&rx->waiters);
    rx->overruns = 0;
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

ebb_poll_t ebb_uart_rx_read(ebb_cx *cx, ebb_wait *w, ebb_uart_rx *rx, void *buf, size_t max, size_t *got)
{
    ebb_irq_state s = ebb_port_lock();
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
