/*
 * ebb_nrf51_uart.h - interrupt-driven nRF51 UART: an async write that
 * completes when its last byte has been sent (TXDRDY), and an async read
 * from a ring buffer filled by the RXDRDY interrupt.
 *
 * The UART has no "transmit buffer empty" status: the driver keeps one byte
 * in flight and sends the next one from the TXDRDY interrupt.  One write
 * transmits at a time; other writers wait in FIFO order.  Received bytes
 * that do not fit in the ring, and hardware overruns (ERRORSRC.OVERRUN), are
 * counted in `overruns` and dropped.
 */
#ifndef EBB_NRF51_UART_H
#define EBB_NRF51_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb_uart.h"
#include "ebb_nrf51_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_nrf51_uart {
    uintptr_t base;
    volatile uint8_t tx_busy; /* a byte is in flight (TXDRDY pending) */
    ebb_uart_tx tx; /* hal/common: the write in progress, writers waiting */
    ebb_uart_rx rx; /* hal/common: the receive ring, bytes lost */
} ebb_nrf51_uart;

/** State of one write (the type every ebb UART driver shares). */
typedef ebb_uart_write_op ebb_nrf51_uart_write_op;

/**
 * Set up the UART at `base` (EBB_NRF51_UART0_BASE) for 8N1 at 115200 baud
 * on pins `txd_pin`/`rxd_pin`, with a receive ring of `rx_size` bytes (a
 * power of two, 2..32768) at `rx_buf`, and enable its interrupt `irq` at
 * logical priority `prio`.
 * Contract nrf51_uart:1 - rx_buf != NULL, rx_size a power of two >= 2.
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_nrf51_uart_init(ebb_nrf51_uart *u, uintptr_t base, unsigned irq, unsigned txd_pin,
                         unsigned rxd_pin, uint8_t *rx_buf, uint16_t rx_size, unsigned prio);

/**
 * Awaitable: transmit `len` bytes at `data` (valid until READY); READY once
 * the last byte has been sent.  Cancelling stops after the byte in
 * flight.  Context: task.  Cost: one interrupt per byte.
 */
EBB_AWAITABLE ebb_poll_t ebb_nrf51_uart_write(ebb_cx *cx, ebb_nrf51_uart_write_op *op, ebb_nrf51_uart *u,
                                            const void *data, size_t len);
#define ebb_nrf51_uart_write(...) EBB_AWAITABLE_CALL(ebb_nrf51_uart_write, __VA_ARGS__)

/**
 * Awaitable: wait until at least one byte has been received, then copy up to
 * `max` (> 0) bytes into `buf` and set *got.  Bytes stay in the ring until
 * read, so a cancelled read loses nothing.
 * Context: task (one reader per UART).  Cost: O(bytes copied).
 */
EBB_AWAITABLE ebb_poll_t ebb_nrf51_uart_read(ebb_cx *cx, ebb_wait *w, ebb_nrf51_uart *u, void *buf, size_t max,
                                           size_t *got);
#define ebb_nrf51_uart_read(...) EBB_AWAITABLE_CALL(ebb_nrf51_uart_read, __VA_ARGS__)

/** Bytes waiting in the receive ring.  Context: any.  Cost: 2 loads. */
static inline uint16_t ebb_nrf51_uart_rx_count(const ebb_nrf51_uart *u)
{
    return ebb_uart_rx_count(&u->rx);
}

/** Bytes lost so far (ring full or hardware overrun).  Context: any. */
static inline uint32_t ebb_nrf51_uart_overruns(const ebb_nrf51_uart *u)
{
    return u->rx.overruns;
}

/** Transmit by polling, bypassing the interrupt path (fault reports,
 *  panics).  Context: any.  Cost: the transmission time, spinning. */
void ebb_nrf51_uart_write_blocking(ebb_nrf51_uart *u, const void *data, size_t len);

/** The interrupt handler body (UART0_IRQHandler).
 *  Context: interrupt.  Cost: a byte moved, plus a wake when a write
 *  completes or a byte arrives. */
void ebb_nrf51_uart_isr(ebb_nrf51_uart *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_NRF51_UART_H */
