/*
 * ebb_cmsdk_uart.h - interrupt-driven CMSDK APB UART: an async write that
 * completes when its last byte has been accepted by the transmitter, and an
 * async read from a ring buffer filled by the receive interrupt.
 *
 * The CMSDK UART has a one-byte transmit buffer and no "transmission
 * complete" flag: its TX interrupt is raised each time the buffer empties.
 * The driver writes while TXFULL is clear and only enables the TX interrupt
 * when it is set, so a write completes when its last byte has moved into
 * the shifter (one character time before the stop bit on hardware).
 * One write transmits at a time; other writers wait in FIFO order.
 * Received bytes that do not fit in the ring, and hardware receive overruns
 * (STATE.RXOVR), are counted in `overruns` and dropped.
 *
 * QEMU 7.2 (measured): the transmitter sends synchronously, TXFULL never
 * reads 1, so an async write completes within its first poll; INTSTATUS.TX
 * is set after each byte only while CTRL.TXIE is set.
 */
#ifndef EBB_CMSDK_UART_H
#define EBB_CMSDK_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb_uart.h"
#include "ebb_cmsdk_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_cmsdk_uart {
    ebb_cmsdk_uart_regs *regs;
    ebb_uart_tx tx; /* hal/common: the write in progress, writers waiting */
    ebb_uart_rx rx; /* hal/common: the receive ring, bytes lost */
} ebb_cmsdk_uart;

/** State of one write (the type every ebb UART driver shares). */
typedef ebb_uart_write_op ebb_cmsdk_uart_write_op;

/**
 * Set up the UART at `regs_base` for 8N1 at `baud` from its APB clock
 * `pclk_hz` (BAUDDIV = pclk / baud, at least 16), with a receive ring of
 * `rx_size` bytes (a power of two, 2..32768) at `rx_buf`, and enable its
 * interrupt lines `rx_irq` and `tx_irq` (equal when the machine wires one
 * combined line) at logical priority `prio` (>= the port's ceiling).
 * Contract cmsdk_uart:1 - rx_buf != NULL, rx_size a power of two >= 2,
 * baud > 0 and pclk_hz / baud >= 16.
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_cmsdk_uart_init(ebb_cmsdk_uart *u, uintptr_t regs_base, unsigned rx_irq, unsigned tx_irq,
                         uint32_t pclk_hz, uint32_t baud, uint8_t *rx_buf, uint16_t rx_size,
                         unsigned prio);

/**
 * Awaitable: transmit `len` bytes at `data` (valid until READY); READY once
 * the last byte is in the transmitter.  Cancelling stops after the byte in
 * flight.  Context: task.  Cost: per byte one interrupt on hardware (none on
 * QEMU).
 */
EBB_AWAITABLE ebb_poll_t ebb_cmsdk_uart_write(ebb_cx *cx, ebb_cmsdk_uart_write_op *op, ebb_cmsdk_uart *u, const void *data,
                                size_t len);
#define ebb_cmsdk_uart_write(...) EBB_AWAITABLE_CALL(ebb_cmsdk_uart_write, __VA_ARGS__)

/**
 * Awaitable: wait until at least one byte has been received, then copy up to
 * `max` (> 0) bytes into `buf` and set *got.  Bytes stay in the ring until
 * read, so a cancelled read loses nothing.
 * Context: task (one reader per UART).  Cost: O(bytes copied).
 */
EBB_AWAITABLE ebb_poll_t ebb_cmsdk_uart_read(ebb_cx *cx, ebb_wait *w, ebb_cmsdk_uart *u, void *buf, size_t max,
                               size_t *got);
#define ebb_cmsdk_uart_read(...) EBB_AWAITABLE_CALL(ebb_cmsdk_uart_read, __VA_ARGS__)

/** Bytes waiting in the receive ring.  Context: any.  Cost: 2 loads. */
static inline uint16_t ebb_cmsdk_uart_rx_count(const ebb_cmsdk_uart *u)
{
    return ebb_uart_rx_count(&u->rx);
}

/** Bytes lost so far (ring full or hardware overrun).  Context: any. */
static inline uint32_t ebb_cmsdk_uart_overruns(const ebb_cmsdk_uart *u)
{
    return u->rx.overruns;
}

/** Transmit by polling, bypassing the interrupt path (fault reports,
 *  panics).  Context: any.  Cost: the transmission time, spinning. */
void ebb_cmsdk_uart_write_blocking(ebb_cmsdk_uart *u, const void *data, size_t len);

/** The interrupt handler body, for the RX, TX (or combined) vector.
 *  Context: interrupt.  Cost: a byte moved, plus a wake when a write
 *  completes or a byte arrives. */
void ebb_cmsdk_uart_isr(ebb_cmsdk_uart *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_CMSDK_UART_H */
