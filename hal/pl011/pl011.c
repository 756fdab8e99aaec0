/* pl011.c - the Arm PL011 UART (DDI 0183) as an ebb UART; see ebb_pl011.h. */
#include "ebb_pl011.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("pl011");

/* Register offsets and bits (DDI 0183, "Register descriptions"). */
enum { DR = 0x000, RSR = 0x004, FR = 0x018, IBRD = 0x024, FBRD = 0x028, LCR_H = 0x02C, CR = 0x030,
       IFLS = 0x034, IMSC = 0x038, MIS = 0x040, ICR = 0x044 };
#define FR_RXFE (1u << 4)
#define FR_TXFF (1u << 5)
#define FR_BUSY (1u << 3)
#define LCR_H_FEN (1u << 4)
#define LCR_H_WLEN8 (3u << 5)
#define CR_UARTEN (1u << 0)
#define CR_TXE (1u << 8)
#define CR_RXE (1u << 9)
#define INT_RX (1u << 4)
#define INT_TX (1u << 5)
#define INT_RT (1u << 6)
#define INT_OE (1u << 10)
#define INT_ALL 0x7FFu
#define DR_OE (1u << 11)

static inline volatile uint32_t *reg(const ebb_pl011 *u, unsigned off)
{
    return (volatile uint32_t *)(u->base + off);
}

static ebb_pl011 *of(ebb_uart *u) { return EBB_CONTAINER_OF(u, ebb_pl011, uart); }

/* Move bytes while the transmit FIFO has room.  Lock held (or in the ISR). */
static void feed(ebb_pl011 *u)
{
    while (u->uart.tx_ptr != u->uart.tx_end && !(*reg(u, FR) & FR_TXFF)) {
        *reg(u, DR) = *u->uart.tx_ptr++;
    }
}

static bool tx_start(ebb_uart *uart)
{
    ebb_pl011 *u = of(uart);
    feed(u);
    if (uart->tx_ptr == uart->tx_end) {
        return true; /* every byte in the FIFO (QEMU), or an empty write */
    }
    /* The transmit interrupt marks the FIFO's level passing down through
     * its trigger (DDI 0183: a transition, not a level); feed() stopped at
     * a full FIFO, so that passage is still to come. */
    *reg(u, IMSC) |= INT_TX;
    return false;
}

static void tx_stop(ebb_uart *uart)
{
    *reg(of(uart), IMSC) &= ~INT_TX;
}

static void rx_on(ebb_uart *uart)
{
    ebb_pl011 *u = of(uart);
    while (!(*reg(u, FR) & FR_RXFE)) {
        (void)*reg(u, DR); /* what came in while the receiver was off */
    }
    *reg(u, ICR) = INT_RX | INT_RT | INT_OE;
    *reg(u, IMSC) |= INT_RX | INT_RT | INT_OE;
    *reg(u, CR) |= CR_RXE;
}

static void write_blocking(ebb_uart *uart, const void *data, size_t len)
{
    ebb_pl011 *u = of(uart);
    const uint8_t *p = (const uint8_t *)data;
    for (size_t i = 0; i < len; i++) {
        while (*reg(u, FR) & FR_TXFF) {
        }
        *reg(u, DR) = p[i];
    }
    while (*reg(u, FR) & FR_BUSY) {
    }
}

static const ebb_uart_ops ops = {tx_start, tx_stop, rx_on, write_blocking};

void ebb_pl011_init(ebb_pl011 *u, uintptr_t base, unsigned irq, uint32_t uartclk_hz, uint32_t baud,
                    unsigned prio)
{
    EBB_REQUIRE(1, baud > 0 && uartclk_hz / baud >= 16u);
    ebb_uart_init(&u->uart, &ops);
    u->base = base;
    /* Divisor in 1/64ths: uartclk * 4 / baud = 64 * uartclk / (16 baud). */
    uint32_t div64 = baud > 0 ? (uint32_t)(((uint64_t)uartclk_hz * 4u + baud / 2u) / baud) : 64u;
    if (div64 < 64u) {
        div64 = 64u;
    }
    *reg(u, CR) = 0;
    *reg(u, IMSC) = 0;
    *reg(u, ICR) = INT_ALL;
    *reg(u, IBRD) = div64 >> 6;
    *reg(u, FBRD) = div64 & 63u;
    *reg(u, LCR_H) = LCR_H_WLEN8 | LCR_H_FEN; /* writing LCR_H latches the divisor */
    *reg(u, IFLS) = 0; /* interrupts at 1/8 full (receive) and 1/8 full (transmit) */
    *reg(u, CR) = CR_UARTEN | CR_TXE;
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

void ebb_pl011_isr(ebb_pl011 *u)
{
    uint32_t const mis = *reg(u, MIS);
    ebb_uart_rx *rx = u->uart.rx;
    if (mis & (INT_RX | INT_RT | INT_OE)) {
        *reg(u, ICR) = INT_RX | INT_RT | INT_OE;
        bool got = false;
        while (!(*reg(u, FR) & FR_RXFE)) {
            uint32_t const d = *reg(u, DR);
            if (rx == NULL) {
                continue; /* receiver enabled behind the driver's back: dropped */
            }
            if (d & DR_OE) {
                rx->overruns++; /* bytes after this one were lost in hardware */
            }
            got |= ebb_uart_rx_put(rx, (uint8_t)d);
        }
        *reg(u, RSR) = 0; /* clear the error flags */
        if (got) {
            ebb_uart_rx_wake(rx);
        }
    }
    if (mis & INT_TX) {
        ebb_irq_state s = ebb_port_lock();
        feed(u);
        if (u->uart.tx_ptr == u->uart.tx_end) {
            tx_stop(&u->uart);
            ebb_uart_tx_end_locked(&u->uart);
        }
        ebb_port_unlock(s);
    }
}
