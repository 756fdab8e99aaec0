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

#include "ebb/contract.h"
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

static ebb_ns16550 *of(ebb_uart *u) { return EBB_CONTAINER_OF(u, ebb_ns16550, uart); }

/* Fill the FIFO if it is empty.  Lock held (or in the ISR). */
static void feed(ebb_ns16550 *u)
{
    if (u->uart.tx_ptr != u->uart.tx_end && (*reg(u, LSR) & LSR_THRE)) {
        for (unsigned n = 0; n < TX_FIFO && u->uart.tx_ptr != u->uart.tx_end; n++) {
            *reg(u, THR) = *u->uart.tx_ptr++;
        }
    }
}

static bool tx_start(ebb_uart *uart)
{
    ebb_ns16550 *u = of(uart);
    feed(u);
    if (uart->tx_ptr == uart->tx_end && (*reg(u, LSR) & LSR_THRE)) {
        return true; /* QEMU with a ready backend, or an empty write */
    }
    u->ier |= IER_ETBEI; /* THRE interrupts from now */
    *reg(u, IER) = u->ier;
    return false;
}

static void tx_stop(ebb_uart *uart)
{
    ebb_ns16550 *u = of(uart);
    u->ier &= (uint8_t)~IER_ETBEI;
    *reg(u, IER) = u->ier;
}

static void rx_on(ebb_uart *uart)
{
    ebb_ns16550 *u = of(uart);
    u->ier |= IER_ERBFI;
    *reg(u, IER) = u->ier;
}

static void write_blocking(ebb_uart *uart, const void *data, size_t len)
{
    ebb_ns16550 *u = of(uart);
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (!(*reg(u, LSR) & LSR_THRE)) {
        }
        *reg(u, THR) = p[i];
    }
    while (!(*reg(u, LSR) & LSR_TEMT)) {
    }
}

static const ebb_uart_ops ops = {tx_start, tx_stop, rx_on, write_blocking};

void ebb_ns16550_init(ebb_ns16550 *u, uintptr_t base, unsigned reg_shift, uint32_t clk_hz,
                      uint32_t baud)
{
    EBB_REQUIRE(1, baud > 0);
    ebb_uart_init(&u->uart, &ops);
    u->base = base;
    u->shift = (uint8_t)reg_shift;
    u->ier = 0;

    uint32_t div = baud > 0 ? (clk_hz + 8u * baud) / (16u * baud) : 1u;
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

void ebb_ns16550_isr(ebb_ns16550 *u)
{
    (void)*reg(u, IIR); /* reading IIR acknowledges a THRE interrupt */
    ebb_uart_rx *rx = u->uart.rx;
    uint8_t lsr;
    bool woke = false;
    while ((lsr = *reg(u, LSR)) & (LSR_DR | LSR_OE)) {
        if ((lsr & LSR_OE) && rx != NULL) {
            rx->overruns++; /* bytes after the FIFO's last were lost */
        }
        if (!(lsr & LSR_DR)) {
            break;
        }
        uint8_t b = *reg(u, RBR);
        if (rx != NULL) { /* else the receiver is off: the byte is dropped */
            woke |= ebb_uart_rx_put(rx, b);
        }
    }
    if (woke) {
        ebb_uart_rx_wake(rx);
    }
    if (ebb_uart_tx_busy(&u->uart) && (lsr & LSR_THRE)) {
        ebb_irq_state s = ebb_port_lock();
        if (u->uart.tx_ptr != u->uart.tx_end) {
            feed(u);
        } else {
            tx_stop(&u->uart);
            ebb_uart_tx_end_locked(&u->uart); /* the last byte has left the FIFO */
        }
        ebb_port_unlock(s);
    }
}
