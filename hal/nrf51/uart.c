/* uart.c - nRF51 UART (nRF51 Series Reference Manual, "UART"); see
 * ebb_nrf51_uart.h. */
#include "ebb_nrf51_uart.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("nrf51_uart");

#define REG(u, off) EBB_NRF51_REG((u)->base, off)

void ebb_nrf51_uart_init(ebb_nrf51_uart *u, uintptr_t base, unsigned irq, unsigned txd_pin,
                         unsigned rxd_pin, uint8_t *rx_buf, uint16_t rx_size, unsigned prio)
{
    EBB_REQUIRE(1, rx_buf != NULL && rx_size >= 2 && (rx_size & (rx_size - 1u)) == 0);
    u->base = base;
    u->tx_busy = 0;
    u->tx = (ebb_uart_tx){0};
    u->rx.overruns = 0;
    ebb_uart_rx_init(&u->rx, rx_buf, rx_size);

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
    if (!u->tx_busy && u->tx.ptr != u->tx.end) {
        u->tx_busy = 1;
        REG(u, EBB_NRF51_UART_TXD) = *u->tx.ptr++;
    }
}

static bool tx_start(void *drv)
{
    ebb_nrf51_uart *u = drv;
    if (u->tx.ptr == u->tx.end) {
        return true; /* an empty write */
    }
    REG(u, EBB_NRF51_UART_INTENSET) = EBB_NRF51_UART_INT_TXDRDY;
    /* tx_busy still set: a cancelled write's last byte has not had its
     * TXDRDY taken (cancel stops the interrupt, not the byte).  Its event
     * is or will be set, so the interrupt just enabled takes it and sends
     * our first byte. */
    feed(u);
    return false; /* done when TXDRDY says the last byte has been sent */
}

static void tx_stop(void *drv)
{
    ebb_nrf51_uart *u = drv;
    REG(u, EBB_NRF51_UART_INTENCLR) = EBB_NRF51_UART_INT_TXDRDY;
}

static const ebb_uart_tx_ops tx_ops = {tx_start, tx_stop};

ebb_poll_t (ebb_nrf51_uart_write)(ebb_cx *cx, ebb_nrf51_uart_write_op *op, ebb_nrf51_uart *u, const void *data,
                                size_t len)
{
    return ebb_uart_tx_write(cx, op, &u->tx, data, len, &tx_ops, u);
}

ebb_poll_t (ebb_nrf51_uart_read)(ebb_cx *cx, ebb_wait *w, ebb_nrf51_uart *u, void *buf, size_t max,
                               size_t *got)
{
    return ebb_uart_rx_read(cx, w, &u->rx, buf, max, got);
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
    if (u->tx.owner == NULL) {
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
            u->rx.overruns++;
        }
    }
    bool got = false;
    while (REG(u, EBB_NRF51_UART_EVENTS_RXDRDY)) {
        /* Clear the event before reading RXD, so that a byte arriving
         * meanwhile raises it again (manual, "UART reception"). */
        REG(u, EBB_NRF51_UART_EVENTS_RXDRDY) = 0;
        got |= ebb_uart_rx_put(&u->rx, (uint8_t)REG(u, EBB_NRF51_UART_RXD));
    }
    if (got) {
        ebb_uart_rx_wake(&u->rx);
    }
    if (REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) && u->tx.owner != NULL) {
        bool freed = false;
        ebb_irq_state s = ebb_port_lock();
        REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
        u->tx_busy = 0;
        feed(u);
        if (!u->tx_busy) {
            ebb_uart_tx_end_locked(&u->tx);
            tx_stop(u);
            freed = true;
        }
        ebb_port_unlock(s);
        if (freed) {
            ebb_uart_tx_wake(&u->tx); /* with the lock released: O(1) masked */
        }
    }
}
