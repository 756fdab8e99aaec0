/** @file
 * ebb_uart.h - the UART device class: one object type and one API for
 * every UART ebb drives, whatever the chip.
 *
 * An application holds an `ebb_uart *` (a board's console is one:
 * ebb_board_console) and calls ebb_uart_write(), ebb_uart_read(),
 * ebb_uart_rx_count(), ebb_uart_overruns() and ebb_uart_write_blocking()
 * on it.  A chip driver (hal/<chip>/) embeds an ebb_uart in its own
 * object, fills in a small const ebb_uart_ops table with the code that
 * touches its registers, and from its interrupt handler moves bytes with
 * the driver-side calls at the end of this header.  Everything that is not
 * register code - one write at a time with the other writers waiting their
 * turn in FIFO order, cancellation, the receive ring - lives here and in
 * hal/common/uart.c, once.
 *
 * Writes: the write that owns the transmitter waits on `tx_done` (alone),
 * the others on `tx_turn`; the end of a transmission fires the owner and
 * hands the turn to the first writer waiting: O(1) in the interrupt,
 * whatever the number of writers.
 *
 * Reads: a single-producer (the interrupt) single-consumer (one reading
 * task) ring, attached by ebb_uart_rx_start().  Until then the receiver is
 * off and a UART that only transmits costs no receive RAM.
 */
#ifndef EBB_UART_H
#define EBB_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/async.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb/driver/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_uart ebb_uart;

/** What the chip driver supplies: its register code.  Called with the
 *  port lock held, except write_blocking. */
typedef struct ebb_uart_ops {
    /** Hand the first bytes of the write (u->tx_ptr..u->tx_end) to the
     *  hardware; return true if the write is complete already (every byte
     *  out: an emulator, or an empty write), else enable the interrupt that
     *  will end it with ebb_uart_tx_end_locked(). */
    bool (*tx_start)(ebb_uart *u);
    /** Disable the transmit interrupt (a cancel: the bytes already in the
     *  hardware still leave). */
    void (*tx_stop)(ebb_uart *u);
    /** Turn the receiver and its interrupt on (u->rx is set). */
    void (*rx_on)(ebb_uart *u);
    /** Transmit `len` bytes by polling; return when they are out.  Lock
     *  NOT held: it may spin for the transmission time. */
    void (*write_blocking)(ebb_uart *u, const void *data, size_t len);
} ebb_uart_ops;

/** Receive ring: filled by the driver's interrupt, read by one task. */
typedef struct ebb_uart_rx {
    uint8_t *buf;
    uint16_t mask;              /* size - 1, size a power of two */
    volatile uint16_t head;     /* written by the interrupt */
    volatile uint16_t tail;     /* written by the reader */
    ebb_waitlist waiters;
    volatile uint32_t overruns; /* bytes lost: ring full or hardware overrun */
} ebb_uart_rx;

/** A UART.  Embedded in the chip driver's object, set up by its init
 *  function; the members belong to this header and the chip driver. */
struct ebb_uart {
    const ebb_uart_ops *ops;
    const uint8_t *tx_ptr, *tx_end; /* bytes not yet handed to the hardware */
    ebb_waitlist tx_done;           /* the write owning the transmitter, alone */
    ebb_waitlist tx_turn;           /* writers waiting for the transmitter */
    ebb_uart_rx *rx;                /* the receive ring, NULL while off */
};

/** State of one asynchronous write; embed it in the task's state,
 *  zero-initialise.  Idle again once the write is READY or cancelled. */
typedef struct ebb_uart_write_op {
    ebb_wait wait;
} ebb_uart_write_op;

/**
 * Awaitable: transmit `len` bytes at `data` (valid until READY) on `u`;
 * READY once the last byte is out (as far as the chip can tell: the
 * chip's header says).  One write at a time, the others wait their turn in
 * FIFO order.  Cancelling stops the transmission after the bytes already
 * in the hardware and hands the turn on.
 * Contract wait:2, wait:3 - `op` is not in use by another await or task
 * (always checked: the await stays pending and touches nothing).
 * Context: task.  Cost: O(1) and one critical section per poll, plus the
 * chip's start; per byte at most one interrupt.
 */
EBB_AWAITABLE ebb_poll_t ebb_uart_write(ebb_cx *cx, ebb_uart_write_op *op, ebb_uart *u, const void *data,
                                        size_t len);
#define ebb_uart_write(...) EBB_AWAITABLE_CALL(ebb_uart_write, __VA_ARGS__)

/**
 * Awaitable: wait until at least one byte has been received on `u`, then
 * copy up to `max` (> 0) bytes into `buf` and set *got.  Bytes stay in the
 * ring until read, so a cancelled read loses nothing.
 * Contract uart:2 - the receiver was started (ebb_uart_rx_start) (always
 * checked: the read stays pending for ever).
 * Context: task (one reader per UART).  Cost: O(bytes copied).
 */
EBB_AWAITABLE ebb_poll_t ebb_uart_read(ebb_cx *cx, ebb_wait *w, ebb_uart *u, void *buf, size_t max,
                                       size_t *got);
#define ebb_uart_read(...) EBB_AWAITABLE_CALL(ebb_uart_read, __VA_ARGS__)

/**
 * Start receiving on `u` into `rx`, a ring of `size` bytes at `buf` (a
 * power of two, 2..32768): from now on the receive interrupt fills it and
 * ebb_uart_read() takes from it.  Starting again resets the ring.
 * Contract uart:1 - buf != NULL and size a power of two >= 2 (always
 * checked: the receiver stays as it was).
 * Context: main/init, or a task no read is pending in.  Cost: a few stores
 * and the chip's rx_on.
 */
void ebb_uart_rx_start(ebb_uart *u, ebb_uart_rx *rx, uint8_t *buf, uint16_t size);

/** Bytes waiting in the receive ring (0 while the receiver is off).
 *  Context: any.  Cost: 3 loads. */
static inline uint16_t ebb_uart_rx_count(const ebb_uart *u)
{
    const ebb_uart_rx *rx = u->rx;
    return rx != NULL ? (uint16_t)(rx->head - rx->tail) : 0u;
}

/** Received bytes lost so far: ring full or hardware overrun (0 while the
 *  receiver is off).  Context: any.  Cost: 2 loads. */
static inline uint32_t ebb_uart_overruns(const ebb_uart *u)
{
    return u->rx != NULL ? u->rx->overruns : 0u;
}

/**
 * Transmit by polling, bypassing the interrupt path (fault reports,
 * panics, start-up banners).  Returns when the bytes are out.  Output
 * interleaves with an asynchronous write in progress.
 * Context: any.  Cost: the transmission time, spinning.
 */
static inline void ebb_uart_write_blocking(ebb_uart *u, const void *data, size_t len)
{
    u->ops->write_blocking(u, data, len);
}

/* ---- for chip drivers ---- */

/** Set up the class half of `u` with the chip's `ops`: idle transmitter,
 *  receiver off.  Context: the chip's init.  Cost: a few stores. */
void ebb_uart_init(ebb_uart *u, const ebb_uart_ops *ops);

/** True while a write owns the transmitter.  Context: any, lock held.
 *  Cost: O(1). */
static inline bool ebb_uart_tx_busy(const ebb_uart *u) { return !ebb_waitlist_empty(&u->tx_done); }

/**
 * The write owning the transmitter is over (the chip's interrupt saw its
 * last byte leave): wake its task and hand the turn to the next writer.
 * A no-op without an owner (a cancelled write's last interrupt).
 * Context: interrupt, lock held.  Cost: O(1), at most two wakes.
 */
void ebb_uart_tx_end_locked(ebb_uart *u);

/** Store a received byte, or count it lost if the ring is full; true if
 *  stored (then call ebb_uart_rx_wake() once after the interrupt's last
 *  byte).  Context: the chip's interrupt, receiver on.  Cost: O(1). */
bool ebb_uart_rx_put(ebb_uart_rx *rx, uint8_t b);

/** Wake the reader.  Context: interrupt, lock NOT held.  Cost: O(waiters). */
static inline void ebb_uart_rx_wake(ebb_uart_rx *rx) { ebb_waitlist_wake_all(&rx->waiters); }

#ifdef __cplusplus
}
#endif

#endif /* EBB_UART_H */
