/* uart.c - nRF51 UART (nRF51 Series Reference Manual, "UART"); see
 * ebb_nrf51_uart.h. */
#include "ebb_nrf51_uart.h"

#include "ebb/contract.h"
#include "ebb/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("nrf51_uart");

#define REG(u, off) EBB_NRF51_REG((u)->base, off)

void ebb_nrf51_uart_init(ebb_nrf51_uart *u, uintptr_t base, unsigned irq, unsigned txd_pin,
                         unsigned rxd_pin, uint8_t *rx_buf, uint16_t rx_size, unsigned prio)
{
    EBB_REQUIRE(1, rx_buf != NULL && rx_size >= 2 && (rx_size & (rx_size - 1u)) == 0);
    u->base = base;
    u->tx_busy = 0;
    u->tx_ptr = u->tx_end = NULL;
    u->tx_owner = NULL;
    ebb_waitlist_init(&u->tx_done);
    ebb_waitlist_init(&u->tx_turn);
    u->rx_buf = rx_buf;
    u->rx_mask = (uint16_t)(rx_size - 1u);
    u->rx_head = u->rx_tail = 0;
    ebb_waitlist_init(&u->rx_waiters);
    u->overruns = 0;

    REG(u, EBB_NRF51_UART_ENABLE) = 0;
    REG(u, EBB_NRF51_UART_INTENCLR) = 0xFFFFFFFFu;
    REG(u, EBB_NRF51_UART_PSELTXD) = txd_pin;
    REG(u, EBB_NRF51_UART_PSELRXD) = rxd_pin;
    REG(u, EBB_NRF51_UART_PSELRTS) = EBB_NRF51_UART_PSEL_DISCONNECTED;
    REG(u, EBB_NRF51_UART_PSELCTS) = EBB_NRF51_UART_PSEL_DISCONNECTED;
    REG(u, EBB_NRF51_UART_BAUDRATE) = EBB_NRF51_UART_BAUD_115200;
    REG(u, EBB_NRF51_UART_CONFIG) = 0; /* no parity, no flow control */
    REG(u, EBB_NRF51_UART_ENABLE) = EBB_NRF51_UART_ENABLE_ON;
    REG(u, EBB_NRF51_UART_EVENTS_RXDRDY) = 0;
    REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
    REG(u, EBB_NRF51_UART_EVENTS_ERROR) = 0;
    REG(u, EBB_NRF51_UART_TASKS_STARTTX) = 1;
    REG(u, EBB_NRF51_UART_TASKS_STARTRX) = 1;
    REG(u, EBB_NRF51_UART_INTENSET) = EBB_NRF51_UART_INT_RXDRDY | EBB_NRF51_UART_INT_ERROR;
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

/* Start the next byte if none is in flight.  Lock held (or in the ISR). */
static void feed(ebb_nrf51_uart *u)
{
    if (!u->tx_busy && u->tx_ptr != u->tx_end) {
        u->tx_busy = 1;
        REG(u, EBB_NRF51_UART_TXD) = *u->tx_ptr++;
    }
}

/* The transmitter is free: let the next writer in.  Lock held. */
static void tx_finish(ebb_nrf51_uart *u)
{
    u->tx_owner = NULL;
    REG(u, EBB_NRF51_UART_INTENCLR) = EBB_NRF51_UART_INT_TXDRDY;
    ebb_waitlist_wake_all_locked(&u->tx_done);
    ebb_waitlist_wake_all_locked(&u->tx_turn);
}

ebb_poll_t (ebb_nrf51_uart_write)(ebb_nrf51_uart_write_op *op, ebb_nrf51_uart *u, const void *data,
                                size_t len)
{
    ebb_poll_t result = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (ebb_cancelling()) {
        if (u->tx_owner == &op->wait) {
            u->tx_ptr = u->tx_end; /* the byte in flight completes on its own */
            ebb_wait_remove_locked(&op->wait);
            tx_finish(u);
        }
        ebb_wait_remove_locked(&op->wait);
        ebb_wait_remove_locked(&op->wait);
        op->started = 0;
    } else if (!op->started) {
        if (u->tx_owner != NULL) {
            ebb_wait_add_locked(&op->wait, &u->tx_turn);
        } else if (len == 0) {
            ebb_wait_remove_locked(&op->wait);
            result = EBB_READY;
        } else {
            ebb_wait_remove_locked(&op->wait);
            u->tx_owner = &op->wait;
            u->tx_ptr = (const uint8_t *)data;
            u->tx_end = u->tx_ptr + len;
            op->started = 1;
            ebb_wait_add_locked(&op->wait, &u->tx_done);
            REG(u, EBB_NRF51_UART_INTENSET) = EBB_NRF51_UART_INT_TXDRDY;
            feed(u);
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

ebb_poll_t (ebb_nrf51_uart_read)(ebb_wait *w, ebb_nrf51_uart *u, void *buf, size_t max,
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
    __atomic_store_n(&u->rx_tail, (uint16_t)(tail + n), __ATOMIC_RELEASE);
    *got = n;
    return EBB_READY;
}

void ebb_nrf51_uart_write_blocking(ebb_nrf51_uart *u, const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    ebb_irq_state s = ebb_port_lock();
    /* A byte of an async write may be in flight: let it finish first. */
    if (u->tx_busy) {
        while (REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) == 0) {
        }
    }
    for (size_t i = 0; i < len; i++) {
        REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
        REG(u, EBB_NRF51_UART_TXD) = p[i];
        while (REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) == 0) {
        }
    }
    /* Leave TXDRDY set if an async write owns the transmitter, so that its
     * interrupt sends the next byte. */
    if (u->tx_owner == NULL) {
        REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
        u->tx_busy = 0;
    }
    ebb_port_unlock(s);
}

void ebb_nrf51_uart_isr(ebb_nrf51_uart *u)
{
    if (REG(u, EBB_NRF51_UART_EVENTS_ERROR)) {
        REG(u, EBB_NRF51_UART_EVENTS_ERROR) = 0;
        uint32_t src = REG(u, EBB_NRF51_UART_ERRORSRC);
        REG(u, EBB_NRF51_UART_ERRORSRC) = src; /* write 1s to clear */
        if (src & EBB_NRF51_UART_ERRORSRC_OVERRUN) {
            u->overruns++;
        }
    }
    while (REG(u, EBB_NRF51_UART_EVENTS_RXDRDY)) {
        /* Clear the event before reading RXD, so that a byte arriving
         * meanwhile raises it again (manual, "UART reception"). */
        REG(u, EBB_NRF51_UART_EVENTS_RXDRDY) = 0;
        uint8_t b = (uint8_t)REG(u, EBB_NRF51_UART_RXD);
        uint16_t head = u->rx_head;
        if ((uint16_t)(head - u->rx_tail) > u->rx_mask) {
            u->overruns++;
        } else {
            u->rx_buf[head & u->rx_mask] = b;
            __atomic_store_n(&u->rx_head, (uint16_t)(head + 1u), __ATOMIC_RELEASE);
            ebb_waitlist_wake_all(&u->rx_waiters);
        }
    }
    if (REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) && u->tx_owner != NULL) {
        ebb_irq_state s = ebb_port_lock();
        REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
        u->tx_busy = 0;
        feed(u);
        if (!u->tx_busy) {
            tx_finish(u);
        }
        ebb_port_unlock(s);
    }
}
