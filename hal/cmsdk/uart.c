/* uart.c - CMSDK APB UART (CMSDK TRM, "APB UART"); see ebb_cmsdk_uart.h. */
#include "ebb_cmsdk_uart.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("cmsdk_uart");

void ebb_cmsdk_uart_init(ebb_cmsdk_uart *u, uintptr_t regs_base, unsigned rx_irq, unsigned tx_irq,
                         uint32_t pclk_hz, uint32_t baud, uint8_t *rx_buf, uint16_t rx_size,
                         unsigned prio)
{
    EBB_REQUIRE(1, rx_buf != NULL && rx_size >= 2 && (rx_size & (rx_size - 1u)) == 0 && baud > 0 &&
                       pclk_hz / baud >= 16u);
    u->regs = (ebb_cmsdk_uart_regs *)regs_base;
    u->tx = (ebb_uart_tx){0};
    u->rx.overruns = 0;
    ebb_uart_rx_init(&u->rx, rx_buf, rx_size);

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
    while (u->tx.ptr != u->tx.end && !(r->STATE & EBB_CMSDK_UART_STATE_TXFULL)) {
        r->DATA = *u->tx.ptr++;
    }
}

static bool tx_start(void *drv)
{
    ebb_cmsdk_uart *u = drv;
    feed(u);
    if (u->tx.ptr == u->tx.end) {
        return true; /* everything accepted (QEMU), or an empty write */
    }
    u->regs->INTSTATUS = EBB_CMSDK_UART_INT_TX;
    u->regs->CTRL |= EBB_CMSDK_UART_CTRL_TXIE;
    /* The buffer may have emptied before TXIE was set: the interrupt for
     * that is lost, so feed again. */
    feed(u);
    return u->tx.ptr == u->tx.end;
}

static void tx_stop(void *drv)
{
    ebb_cmsdk_uart *u = drv;
    u->regs->CTRL &= ~EBB_CMSDK_UART_CTRL_TXIE;
}

static const ebb_uart_tx_ops tx_ops = {tx_start, tx_stop};

ebb_poll_t (ebb_cmsdk_uart_write)(ebb_cx *cx, ebb_cmsdk_uart_write_op *op, ebb_cmsdk_uart *u, const void *data,
                                size_t len)
{
    return ebb_uart_tx_write(cx, op, &u->tx, data, len, &tx_ops, u);
}

ebb_poll_t (ebb_cmsdk_uart_read)(ebb_cx *cx, ebb_wait *w, ebb_cmsdk_uart *u, void *buf, size_t max,
                               size_t *got)
{
    return ebb_uart_rx_read(cx, w, &u->rx, buf, max, got);
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
        u->rx.overruns++; /* a byte was lost in hardware */
    }
    r->INTSTATUS = EBB_CMSDK_UART_INT_RX | EBB_CMSDK_UART_INT_RXOVR;
    bool got = false;
    while (r->STATE & EBB_CMSDK_UART_STATE_RXFULL) {
        got |= ebb_uart_rx_put(&u->rx, (uint8_t)r->DATA);
    }
    if (got) {
        ebb_uart_rx_wake(&u->rx);
    }
    if ((r->CTRL & EBB_CMSDK_UART_CTRL_TXIE) && (r->INTSTATUS & EBB_CMSDK_UART_INT_TX)) {
        bool freed = false;
        ebb_irq_state s = ebb_port_lock();
        r->INTSTATUS = EBB_CMSDK_UART_INT_TX;
        feed(u);
        if (u->tx.ptr == u->tx.end && u->tx.owner != NULL) {
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
