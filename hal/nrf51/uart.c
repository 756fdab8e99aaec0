/* uart.c - the nRF51 UART (nRF51 Series Reference Manual, "UART") as an
 * ebb UART; see ebb_nrf51_uart.h. */
#include "ebb_nrf51_uart.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("nrf51_uart");

#define REG(u, off) EBB_NRF51_REG((u)->base, off)

static ebb_nrf51_uart *of(ebb_uart *u) { return EBB_CONTAINER_OF(u, ebb_nrf51_uart, uart); }

/* Start the next byte if none is in flight.  Lock held (or in the ISR). */
static void feed(ebb_nrf51_uart *u)
{
    if (!u->tx_busy && u->uart.tx_ptr != u->uart.tx_end) {
        u->tx_busy = 1;
        REG(u, EBB_NRF51_UART_TXD) = *u->uart.tx_ptr++;
    }
}

static bool tx_start(ebb_uart *uart)
{
    ebb_nrf51_uart *u = of(uart);
    if (uart->tx_ptr == uart->tx_end) {
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

static void tx_stop(ebb_uart *uart)
{
    ebb_nrf51_uart *u = of(uart);
    REG(u, EBB_NRF51_UART_INTENCLR) = EBB_NRF51_UART_INT_TXDRDY;
}

static void rx_on(ebb_uart *uart)
{
    ebb_nrf51_uart *u = of(uart);
    REG(u, EBB_NRF51_UART_EVENTS_RXDRDY) = 0;
    REG(u, EBB_NRF51_UART_EVENTS_ERROR) = 0;
    REG(u, EBB_NRF51_UART_TASKS_STARTRX) = 1;
    REG(u, EBB_NRF51_UART_INTENSET) = EBB_NRF51_UART_INT_RXDRDY | EBB_NRF51_UART_INT_ERROR;
}

static void write_blocking(ebb_uart *uart, const void *data, size_t len)
{
    ebb_nrf51_uart *u = of(uart);
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
    if (!ebb_uart_tx_busy(uart)) {
        REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
        u->tx_busy = 0;
    }
    ebb_port_unlock(s);
}

static const ebb_uart_ops ops = {tx_start, tx_stop, rx_on, write_blocking};

void ebb_nrf51_uart_init(ebb_nrf51_uart *u, uintptr_t base, unsigned irq, unsigned txd_pin,
                         unsigned rxd_pin, unsigned prio)
{
    ebb_uart_init(&u->uart, &ops);
    u->base = base;
    u->tx_busy = 0;

    REG(u, EBB_NRF51_UART_ENABLE) = 0;
    REG(u, EBB_NRF51_UART_INTENCLR) = 0xFFFFFFFFu;
    REG(u, EBB_NRF51_UART_PSELTXD) = txd_pin;
    REG(u, EBB_NRF51_UART_PSELRXD) = rxd_pin;
    REG(u, EBB_NRF51_UART_PSELRTS) = EBB_NRF51_UART_PSEL_DISCONNECTED;
    REG(u, EBB_NRF51_UART_PSELCTS) = EBB_NRF51_UART_PSEL_DISCONNECTED;
    REG(u, EBB_NRF51_UART_BAUDRATE) = EBB_NRF51_UART_BAUD_115200;
    REG(u, EBB_NRF51_UART_CONFIG) = 0; /* no parity, no flow control */
    REG(u, EBB_NRF51_UART_ENABLE) = EBB_NRF51_UART_ENABLE_ON;
    REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
    REG(u, EBB_NRF51_UART_TASKS_STARTTX) = 1;
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

void ebb_nrf51_uart_isr(ebb_nrf51_uart *u)
{
    ebb_uart_rx *rx = u->uart.rx;
    if (REG(u, EBB_NRF51_UART_EVENTS_ERROR)) {
        REG(u, EBB_NRF51_UART_EVENTS_ERROR) = 0;
        uint32_t src = REG(u, EBB_NRF51_UART_ERRORSRC);
        REG(u, EBB_NRF51_UART_ERRORSRC) = src; /* write 1s to clear */
        if ((src & EBB_NRF51_UART_ERRORSRC_OVERRUN) && rx != NULL) {
            rx->overruns++;
        }
    }
    bool got = false;
    while (REG(u, EBB_NRF51_UART_EVENTS_RXDRDY)) {
        /* Clear the event before reading RXD, so that a byte arriving
         * meanwhile raises it again (manual, "UART reception"). */
        REG(u, EBB_NRF51_UART_EVENTS_RXDRDY) = 0;
        uint8_t b = (uint8_t)REG(u, EBB_NRF51_UART_RXD);
        if (rx != NULL) {
            got |= ebb_uart_rx_put(rx, b);
        }
    }
    if (got) {
        ebb_uart_rx_wake(rx);
    }
    if (REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) && ebb_uart_tx_busy(&u->uart)) {
        ebb_irq_state s = ebb_port_lock();
        REG(u, EBB_NRF51_UART_EVENTS_TXDRDY) = 0;
        u->tx_busy = 0;
        feed(u);
        if (!u->tx_busy) {
            tx_stop(&u->uart);
            ebb_uart_tx_end_locked(&u->uart);
        }
        ebb_port_unlock(s);
    }
}
