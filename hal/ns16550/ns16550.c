/*
 * ns16550.c - interrupt-driven 16550 UART.  Register map and bits from the
 * PC16550D datasheet (National Semiconductor / TI), "Registers":
 *   0 RBR (read) / THR (write) / DLL (LCR.DLAB=1)
 *   1 IER: bit 0 ERBFI receive data, bit 1 ETBEI THR empty / DLM (DLAB=1)
 *   2 IIR (read) / FCR (write): bit 0 FIFO enable, 1 clear RX, 2 clear TX
 *   3 LCR: bits 1:0 = 3 for 8 data bits, bit 7 DLAB
 *   4 MCR: bit 3 OUT2 (gates the interrupt line on PC-style boards)
 *   5 LSR: bit 0 DR, bit 1 OE, bit 5 THRE, bit 6 TEMT
 */
#include "ebb_ns16550.h"

#include "ebb/driver/port.h"

EBB_MODULE("ns16550");

enum { RBR = 0, THR = 0, DLL = 0, IER = 1, DLM = 1, IIR = 2, FCR = 2, LCR = 3, MCR = 4, LSR = 5 };

#define IER_ERBFI 0x01u
#define IER_ETBEI 0x02u
#define FCR_ENABLE 0x01u
#define FCR_CLEAR_RX 0x02u
#define FCR_CLEAR_TX 0x04u
#define LCR_8N1 0x03u
#define LCR_DLAB 0x80u
#define MCR_OUT2 0x08u
#define LSR_DR 0x01u
#define LSR_OE 0x02u
#define LSR_THRE 0x20u
#define LSR_TEMT 0x40u
#define TX_FIFO 16u

static inline volatile uint8_t *reg(const ebb_ns16550 *u, unsigned r)
{
    return (volatile uint8_t *)(u->base + ((uintptr_t)r << u->shift));
}

void ebb_ns16550_init(ebb_ns16550 *u, uintptr_t base, unsigned reg_shift, uint32_t clk_hz,
                      uint32_t baud)
{
    EBB_REQUIRE(1, baud > 0);
    u->base = base;
    u->shift = (uint8_t)reg_shift;
    u->tx = (ebb_uart_tx){0};
    u->rx = (ebb_uart_rx){0}; /* receiver off until ebb_ns16550_rx_start() */
    ebb_waitlist_init(&u->rx.waiters);
    u->ier = 0;

    uint32_t div = (clk_hz + 8u * baud) / (16u * baud);
    if (div == 0) {
        div = 1;
    }
    *reg(u, IER) = 0;
    *reg(u, LCR) = LCR_DLAB;
    *reg(u, DLL) = (uint8_t)div;
    *reg(u, DLM) = (uint8_t)(div >> 8);
    *reg(u, LCR) = LCR_8N1;
    *reg(u, FCR) = FCR_ENABLE | FCR_CLEAR_RX | FCR_CLEAR_TX; /* RX trigger: 1 byte */
    *reg(u, MCR) = MCR_OUT2;
    while (*reg(u, LSR) & LSR_DR) {
        (void)*reg(u, RBR);
    }
}

void ebb_ns16550_rx_start(ebb_ns16550 *u, uint8_t *rx_buf, uint16_t rx_size)
{
    EBB_REQUIRE(1, rx_buf != NULL && rx_size >= 2 && (rx_size & (rx_size - 1u)) == 0);
    ebb_irq_state s = ebb_port_lock();
    ebb_uart_rx_init(&u->rx, rx_buf, rx_size);
    u->ier |= IER_ERBFI;
    *reg(u, IER) = u->ier;
    ebb_port_unlock(s);
}

/* Fill the FIFO if it is empty.  Lock held (or in the ISR). */
static void feed(ebb_ns16550 *u)
{
    if (u->tx.ptr != u->tx.end && (*reg(u, LSR) & LSR_THRE)) {
        for (unsigned n = 0; n < TX_FIFO && u->tx.ptr != u->tx.end; n++) {
            *reg(u, THR) = *u->tx.ptr++;
        }
    }
}

static bool tx_start(void *drv)
{
    ebb_ns16550 *u = drv;
    feed(u);
    if (u->tx.ptr == u->tx.end && (*reg(u, LSR) & LSR_THRE)) {
        return true; /* QEMU with a ready backend, or an empty write */
    }
    u->ier |= IER_ETBEI; /* THRE interrupts from now */
    *reg(u, IER) = u->ier;
    return false;
}

static void tx_stop(void *drv)
{
    ebb_ns16550 *u = drv;
    u->ier &= (uint8_t)~IER_ETBEI;
    *reg(u, IER) = u->ier;
}

static const ebb_uart_tx_ops tx_ops = {tx_start, tx_stop};

ebb_poll_t (ebb_ns16550_write)(ebb_cx *cx, ebb_ns16550_write_op *op, ebb_ns16550 *u, const void *data,
                             size_t len)
{
    return ebb_uart_tx_write(cx, op, &u->tx, data, len, &tx_ops, u);
}

ebb_poll_t (ebb_ns16550_read)(ebb_cx *cx, ebb_wait *w, ebb_ns16550 *u, void *buf, size_t max, size_t *got)
{
    EBB_REQUIRE(2, u->rx.buf != NULL);
    return ebb_uart_rx_read(cx, w, &u->rx, buf, max, got);
}

void ebb_ns16550_write_blocking(ebb_ns16550 *u, const void *data, size_t len)
{
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (!(*reg(u, LSR) & LSR_THRE)) {
        }
        *reg(u, THR) = p[i];
    }
    while (!(*reg(u, LSR) & LSR_TEMT)) {
    }
}

void ebb_ns16550_isr(ebb_ns16550 *u)
{
    (void)*reg(u, IIR); /* reading IIR acknowledges a THRE interrupt */
    uint8_t lsr;
    bool woke = false;
    while ((lsr = *reg(u, LSR)) & (LSR_DR | LSR_OE)) {
        if (lsr & LSR_OE) {
            u->rx.overruns++; /* bytes after the FIFO's last were lost */
        }
        if (!(lsr & LSR_DR)) {
            break;
        }
        uint8_t b = *reg(u, RBR);
        if (u->rx.buf == NULL) {
            continue; /* receiver off: the byte is dropped */
        }
        woke |= ebb_uart_rx_put(&u->rx, b);
    }
    if (woke) {
        ebb_uart_rx_wake(&u->rx);
    }
    if (u->tx.owner != NULL && (lsr & LSR_THRE)) {
        bool freed = false;
        ebb_irq_state s = ebb_port_lock();
        if (u->tx.ptr != u->tx.end) {
            feed(u);
        } else {
            ebb_uart_tx_end_locked(&u->tx); /* the last byte has left the FIFO */
            tx_stop(u);
            freed = true;
        }
        ebb_port_unlock(s);
        if (freed) {
            ebb_uart_tx_wake(&u->tx); /* with the lock released: O(1) masked */
        }
    }
}
