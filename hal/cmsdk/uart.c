/* uart.c - CMSDK APB UART (CMSDK TRM, "APB UART"); see ebb_cmsdk_uart.h. */
#include "ebb_cmsdk_uart.h"

#include "ebb/contract.h"
#include "ebb/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("cmsdk_uart");

void ebb_cmsdk_uart_init(ebb_cmsdk_uart *u, uintptr_t regs_base, unsigned rx_irq, unsigned tx_irq,
                         uint32_t pclk_hz, uint32_t baud, uint8_t *rx_buf, uint16_t rx_size,
                         unsigned prio)
{
    EBB_REQUIRE(1, rx_buf != NULL && rx_size >= 2 && (rx_size & (rx_size - 1u)) == 0 && baud > 0 &&
                       pclk_hz / baud >= 16u);
    u->regs = (ebb_cmsdk_uart_regs *)regs_base;
    u->tx_ptr = u->tx_end = NULL;
    u->tx_owner = NULL;
    ebb_waitlist_init(&u->tx_done);
    ebb_waitlist_init(&u->tx_turn);
    u->rx_buf = rx_buf;
    u->rx_mask = (uint16_t)(rx_size - 1u);
    u->rx_head = u->rx_tail = 0;
    ebb_waitlist_init(&u->rx_waiters);
    u->overruns = 0;

    ebb_cmsdk_uart_regs *r = u->regs;
    r->CTRL = 0;
    r->BAUDDIV = pclk_hz / baud;
    r->STATE = EBB_CMSDK_UART_STATE_TXOVR | EBB_CMSDK_UART_STATE_RXOVR;
    r->INTSTATUS = 0xFu;
    r->CTRL = EBB_CMSDK_UART_CTRL_TXEN | EBB_CMSDK_UART_CTRL_RXEN | EBB_CMSDK_UART_CTRL_RXIE |
              EBB_CMSDK_UART_CTRL_RXOVRIE;
    ebb_cm_irq_set_prio(rx_irq, prio);
    ebb_cm_irq_set_prio(tx_irq, prio);
    ebb_cm_irq_enable(rx_irq);
    ebb_cm_irq_enable(tx_irq);
}

/* Move bytes while the transmit buffer has room.  Lock held (or in the ISR). */
static void feed(ebb_cmsdk_uart *u)
{
    ebb_cmsdk_uart_regs *r = u->regs;
    while (u->tx_ptr != u->tx_end && !(r->STATE & EBB_CMSDK_UART_STATE_TXFULL)) {
        r->DATA = *u->tx_ptr++;
    }
}

/* The transmitter is free: let the next writer in.  Lock held. */
static void tx_finish(ebb_cmsdk_uart *u)
{
    u->tx_owner = NULL;
    u->regs->CTRL &= ~EBB_CMSDK_UART_CTRL_TXIE;
    ebb_waitlist_wake_all_locked(&u->tx_done);
    ebb_waitlist_wake_all_locked(&u->tx_turn);
}

ebb_poll_t (ebb_cmsdk_uart_write)(ebb_cmsdk_uart_write_op *op, ebb_cmsdk_uart *u, const void *data,
                                size_t len)
{
    ebb_poll_t result = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (ebb_cancelling()) {
        if (u->tx_owner == &op->wait) {
            u->tx_ptr = u->tx_end;
            ebb_wait_remove_locked(&op->wait);
            tx_finish(u);
        }
        ebb_wait_remove_locked(&op->wait);
        ebb_wait_remove_locked(&op->wait);
        op->started = 0;
    } else if (!op->started) {
        if (u->tx_owner != NULL) {
            ebb_wait_add_locked(&op->wait, &u->tx_turn);
        } else {
            ebb_wait_remove_locked(&op->wait);
            u->tx_owner = &op->wait;
            u->tx_ptr = (const uint8_t *)data;
            u->tx_end = u->tx_ptr + len;
            feed(u);
            if (u->tx_ptr == u->tx_end) {
                tx_finish(u); /* everything accepted (QEMU), or an empty write */
                result = EBB_READY;
            } else {
                op->started = 1;
                ebb_wait_add_locked(&op->wait, &u->tx_done);
                u->regs->INTSTATUS = EBB_CMSDK_UART_INT_TX;
                u->regs->CTRL |= EBB_CMSDK_UART_CTRL_TXIE;
                /* The buffer may have emptied before TXIE was set: the
                 * interrupt for that is lost, so feed again. */
                feed(u);
                if (u->tx_ptr == u->tx_end) {
                    ebb_wait_remove_locked(&op->wait);
                    op->started = 0;
                    tx_finish(u);
                    result = EBB_READY;
                }
            }
        }
    } else if (u->tx_owner != &op->wait) {
        /* The ISR finished our transmission (and took us off tx_done). */
        ebb_wait_remove_locked(&op->wait);
        op->started = 0;
        result = EBB_READY;
    }
    ebb_port_unlock(s);
    return result;
}

ebb_poll_t (ebb_cmsdk_uart_read)(ebb_wait *w, ebb_cmsdk_uart *u, void *buf, size_t max,
                               size_t *got)
{
    ebb_irq_state s = ebb_port_lock();
    if (ebb_cancelling()) {
        ebb_wait_remove_locked(w);
        ebb_port_unlock(s);
        return EBB_PENDING;
    }
    uint16_t tail = u->rx_tail;
    uint16_t avail = (uint16_t)(u->rx_head - tail);
    if (avail == 0) {
        ebb_wait_add_locked(w, &u->rx_waiters);
        ebb_port_unlock(s);
        return EBB_PENDING;
    }
    ebb_wait_remove_locked(w);
    ebb_port_unlock(s);
    size_t n = avail < max ? avail : max;
    uint8_t *out = (uint8_t *)buf;
    for (size_t i = 0; i < n; i++) {
        out[i] = u->rx_buf[(uint16_t)(tail + i) & u->rx_mask];
    }
    /* Publish the freed space only after the copy. */
    __atomic_store_n(&u->rx_tail, (uint16_t)(tail + n), __ATOMIC_RELEASE);
    *got = n;
    return EBB_READY;
}

void ebb_cmsdk_uart_write_blocking(ebb_cmsdk_uart *u, const void *data, size_t len)
{
    ebb_cmsdk_uart_regs *r = u->regs;
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (r->STATE & EBB_CMSDK_UART_STATE_TXFULL) {
        }
        r->DATA = p[i];
    }
    while (r->STATE & EBB_CMSDK_UART_STATE_TXFULL) {
    }
}

void ebb_cmsdk_uart_isr(ebb_cmsdk_uart *u)
{
    ebb_cmsdk_uart_regs *r = u->regs;
    uint32_t st = r->STATE;
    if (st & EBB_CMSDK_UART_STATE_RXOVR) {
        r->STATE = EBB_CMSDK_UART_STATE_RXOVR;
        u->overruns++; /* a byte was lost in hardware */
    }
    r->INTSTATUS = EBB_CMSDK_UART_INT_RX | EBB_CMSDK_UART_INT_RXOVR;
    while (r->STATE & EBB_CMSDK_UART_STATE_RXFULL) {
        uint8_t b = (uint8_t)r->DATA;
        uint16_t head = u->rx_head;
        if ((uint16_t)(head - u->rx_tail) > u->rx_mask) {
            u->overruns++; /* ring full: drop the new byte */
        } else {
            u->rx_buf[head & u->rx_mask] = b;
            __atomic_store_n(&u->rx_head, (uint16_t)(head + 1u), __ATOMIC_RELEASE);
            ebb_waitlist_wake_all(&u->rx_waiters);
        }
    }
    if ((r->CTRL & EBB_CMSDK_UART_CTRL_TXIE) && (r->INTSTATUS & EBB_CMSDK_UART_INT_TX)) {
        ebb_irq_state s = ebb_port_lock();
        r->INTSTATUS = EBB_CMSDK_UART_INT_TX;
        feed(u);
        if (u->tx_ptr == u->tx_end && u->tx_owner != NULL) {
            tx_finish(u);
        }
        ebb_port_unlock(s);
    }
}
