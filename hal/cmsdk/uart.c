/* uart.c - the CMSDK APB UART (CMSDK TRM, "APB UART") as an ebb UART; see
 * ebb_cmsdk_uart.h. */
#include "ebb_cmsdk_uart.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("cmsdk_uart");

static ebb_cmsdk_uart *of(ebb_uart *u) { return EBB_CONTAINER_OF(u, ebb_cmsdk_uart, uart); }

/* Move bytes while the transmit buffer has room.  Lock held (or in the ISR). */
static void feed(ebb_cmsdk_uart *u)
{
    ebb_cmsdk_uart_regs *r = u->regs;
    while (u->uart.tx_ptr != u->uart.tx_end && !(r->STATE & EBB_CMSDK_UART_STATE_TXFULL)) {
        r->DATA = *u->uart.tx_ptr++;
    }
}

static bool tx_start(ebb_uart *uart)
{
    ebb_cmsdk_uart *u = of(uart);
    feed(u);
    if (uart->tx_ptr == uart->tx_end) {
        return true; /* everything accepted (QEMU), or an empty write */
    }
    u->regs->INTSTATUS = EBB_CMSDK_UART_INT_TX;
    u->regs->CTRL |= EBB_CMSDK_UART_CTRL_TXIE;
    /* The buffer may have emptied before TXIE was set: the interrupt for
     * that is lost, so feed again. */
    feed(u);
    if (uart->tx_ptr == uart->tx_end) {
        u->regs->CTRL &= ~EBB_CMSDK_UART_CTRL_TXIE;
        return true;
    }
    return false;
}

static void tx_stop(ebb_uart *uart)
{
    of(uart)->regs->CTRL &= ~EBB_CMSDK_UART_CTRL_TXIE;
}

static void rx_on(ebb_uart *uart)
{
    ebb_cmsdk_uart_regs *r = of(uart)->regs;
    r->STATE = EBB_CMSDK_UART_STATE_RXOVR;
    r->INTSTATUS = EBB_CMSDK_UART_INT_RX | EBB_CMSDK_UART_INT_RXOVR;
    r->CTRL |= EBB_CMSDK_UART_CTRL_RXEN | EBB_CMSDK_UART_CTRL_RXIE | EBB_CMSDK_UART_CTRL_RXOVRIE;
}

static void write_blocking(ebb_uart *uart, const void *data, size_t len)
{
    ebb_cmsdk_uart_regs *r = of(uart)->regs;
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (r->STATE & EBB_CMSDK_UART_STATE_TXFULL) {
        }
        r->DATA = p[i];
    }
    while (r->STATE & EBB_CMSDK_UART_STATE_TXFULL) {
    }
}

static const ebb_uart_ops ops = {tx_start, tx_stop, rx_on, write_blocking};

void ebb_cmsdk_uart_init(ebb_cmsdk_uart *u, uintptr_t regs_base, unsigned rx_irq, unsigned tx_irq,
                         uint32_t pclk_hz, uint32_t baud, unsigned prio)
{
    EBB_REQUIRE(1, baud > 0 && pclk_hz / baud >= 16u);
    ebb_uart_init(&u->uart, &ops);
    u->regs = (ebb_cmsdk_uart_regs *)regs_base;

    ebb_cmsdk_uart_regs *r = u->regs;
    r->CTRL = 0;
    r->BAUDDIV = baud > 0 ? pclk_hz / baud : 16u;
    r->STATE = EBB_CMSDK_UART_STATE_TXOVR | EBB_CMSDK_UART_STATE_RXOVR;
    r->INTSTATUS = 0xFu;
    r->CTRL = EBB_CMSDK_UART_CTRL_TXEN;
    ebb_cm_irq_set_prio(rx_irq, prio);
    ebb_cm_irq_set_prio(tx_irq, prio);
    ebb_cm_irq_enable(rx_irq);
    ebb_cm_irq_enable(tx_irq);
}

void ebb_cmsdk_uart_isr(ebb_cmsdk_uart *u)
{
    ebb_cmsdk_uart_regs *r = u->regs;
    ebb_uart_rx *rx = u->uart.rx;
    if (rx != NULL) { /* the receiver is on only with a ring */
        if (r->STATE & EBB_CMSDK_UART_STATE_RXOVR) {
            r->STATE = EBB_CMSDK_UART_STATE_RXOVR;
            rx->overruns++; /* a byte was lost in hardware */
        }
        r->INTSTATUS = EBB_CMSDK_UART_INT_RX | EBB_CMSDK_UART_INT_RXOVR;
        bool got = false;
        while (r->STATE & EBB_CMSDK_UART_STATE_RXFULL) {
            got |= ebb_uart_rx_put(rx, (uint8_t)r->DATA);
        }
        if (got) {
            ebb_uart_rx_wake(rx);
        }
    }
    if ((r->CTRL & EBB_CMSDK_UART_CTRL_TXIE) && (r->INTSTATUS & EBB_CMSDK_UART_INT_TX)) {
        ebb_irq_state s = ebb_port_lock();
        r->INTSTATUS = EBB_CMSDK_UART_INT_TX;
        feed(u);
        if (u->uart.tx_ptr == u->uart.tx_end) {
            tx_stop(&u->uart);
            ebb_uart_tx_end_locked(&u->uart);
        }
        ebb_port_unlock(s);
    }
}
