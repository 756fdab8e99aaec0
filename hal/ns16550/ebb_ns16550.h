/*
 * ebb_ns16550.h - interrupt-driven 16550-compatible UART (the PC16550D
 * register set: byte registers at base + n << reg_shift): an async write
 * that completes when the transmitter has taken the last byte, and an async
 * read from a ring buffer filled by the receive interrupt.
 *
 * One write transmits at a time; other writers wait their turn in FIFO
 * order.  Received bytes that do not fit in the ring, and hardware overruns
 * (LSR.OE), are counted in `overruns` and dropped.
 *
 * Completion: the 16550 has no "transmitter empty" interrupt, only "holding
 * register / FIFO empty" (THRE).  A write is READY at the THRE after its
 * last byte, i.e. when that byte is in the shift register; a following
 * ebb_ns16550_write_blocking() waits for TEMT before it returns.
 *
 * QEMU note: QEMU's 16550 passes each byte to its character backend as it
 * is written and sets THRE again at once, unless the backend is busy (a
 * full pipe), in which case THRE stays clear and the THRE interrupt comes
 * later.  A write on QEMU therefore usually completes within its first poll;
 * the interrupt path runs when the host does not keep up.
 */
#ifndef EBB_NS16550_H
#define EBB_NS16550_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb_uart.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_ns16550 {
    uintptr_t base;
    uint8_t shift; /* register spacing: 1 << shift bytes */
    uint8_t ier;   /* interrupt enables as last written (IER) */
    ebb_uart_tx tx; /* hal/common: the write in progress, writers waiting */
    ebb_uart_rx rx; /* hal/common: the receive ring (buf NULL: off), bytes lost */
} ebb_ns16550;

/** State of one write (the type every ebb UART driver shares). */
typedef ebb_uart_write_op ebb_ns16550_write_op;

/**
 * Set up the UART at `base` (registers 1 << `reg_shift` bytes apart) for
 * 8N1 at `baud` from its input clock `clk_hz` (divisor = clk / (16 baud),
 * rounded), FIFOs on, transmit only.  The board routes the UART's
 * interrupt to ebb_ns16550_isr().
 * Contract ns16550:1 - baud > 0.
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_ns16550_init(ebb_ns16550 *u, uintptr_t base, unsigned reg_shift, uint32_t clk_hz,
                      uint32_t baud);

/**
 * Start receiving into a ring of `rx_size` bytes (a power of two,
 * 2..32768) at `rx_buf`: the receive interrupt goes on.  Optional: an
 * application that never reads need not pay for the ring.
 * Contract ns16550:1 - rx_buf != NULL, rx_size a power of two >= 2.
 * Context: main/init.  Cost: a few stores.
 */
void ebb_ns16550_rx_start(ebb_ns16550 *u, uint8_t *rx_buf, uint16_t rx_size);

/**
 * Awaitable: transmit `len` bytes at `data` (valid until READY).  Cancelling
 * stops the transmission after the bytes already in the FIFO.
 * Context: task.  Cost: one THRE interrupt per 16 bytes on hardware.
 */
EBB_AWAITABLE ebb_poll_t ebb_ns16550_write(ebb_cx *cx, ebb_ns16550_write_op *op, ebb_ns16550 *u, const void *data,
                             size_t len);
#define ebb_ns16550_write(...) EBB_AWAITABLE_CALL(ebb_ns16550_write, __VA_ARGS__)

/**
 * Awaitable: wait until at least one byte has been received, then copy up to
 * `max` (> 0) bytes into `buf` and set *got.  Bytes stay in the ring until
 * read, so a cancelled read loses nothing.
 * Contract ns16550:2 - the receiver was started (ebb_ns16550_rx_start).
 * Context: task (one reader per UART).  Cost: O(bytes copied).
 */
EBB_AWAITABLE ebb_poll_t ebb_ns16550_read(ebb_cx *cx, ebb_wait *w, ebb_ns16550 *u, void *buf, size_t max, size_t *got);
#define ebb_ns16550_read(...) EBB_AWAITABLE_CALL(ebb_ns16550_read, __VA_ARGS__)

/** Bytes waiting in the receive ring.  Context: any.  Cost: 2 loads. */
static inline uint16_t ebb_ns16550_rx_count(const ebb_ns16550 *u)
{
    return ebb_uart_rx_count(&u->rx);
}

/** Bytes lost so far (ring full or hardware overrun).  Context: any. */
static inline uint32_t ebb_ns16550_overruns(const ebb_ns16550 *u)
{
    return u->rx.overruns;
}

/**
 * Transmit by polling, bypassing the interrupt path (fault reports,
 * panics).  Returns when the transmitter is empty (LSR.TEMT).
 * Context: any.  Cost: the transmission time, spinning.
 */
void ebb_ns16550_write_blocking(ebb_ns16550 *u, const void *data, size_t len);

/** The interrupt handler body.  Context: interrupt.  Cost: the bytes moved
 *  plus a wake when a write completes or bytes arrive. */
void ebb_ns16550_isr(ebb_ns16550 *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_NS16550_H */
