/*
 * ebb_uart.h - what every UART driver of ebb shares, whatever the chip: the
 * state of one asynchronous write (the board interface, ebb_board.h, names
 * its console writes with it, so an application embeds the same type on
 * every board and no chip's driver type leaks into it), and the chip-
 * independent half of an interrupt-driven driver: the transmit hand-over
 * (one write at a time, the others wait their turn in FIFO order) and the
 * receive ring (filled by the interrupt, read by one task), in
 * hal/common/uart.c.  A driver embeds ebb_uart_tx and ebb_uart_rx and adds
 * only what touches its registers (hal/cmsdk/uart.c is the shortest).
 */
#ifndef EBB_UART_H
#define EBB_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/wait.h"
#include "ebb/driver/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** State of one asynchronous UART write; embed it in the task's state.
 *  Zero-initialise.  Idle again (reusable) once the write is READY or
 *  cancelled.  Just its wait: while the write owns the transmitter the
 *  driver's state says so (its owner, or the head of its list), and the end
 *  of its transmission fires the wait from the driver's `done` list - which
 *  the wait records (ebb_wait::list) - so "my write is over" is told from
 *  "my turn has come" (fired from the `turn` list) without a flag. */
typedef struct ebb_uart_write_op {
    ebb_wait wait;
} ebb_uart_write_op;

/* Internal, for drivers: the transmission of the write waiting with `w`
 * (it owns the transmitter) is over: wake it from `done`, where it is then
 * first.  Context: any, lock held.  O(1). */
static inline void ebb__uart_write_end_locked(ebb_wait *w, ebb_waitlist *done)
{
    if (ebb_wait_linked(w)) {
        (void)ebb_waitlist_wake_one_locked(done);
    }
}

/* Internal, for drivers: true if the write of `op` was fired from the
 * driver's `done` list (its transmission is over) and has not been polled
 * READY (or cancelled) since.  Context: task, lock held.  O(1). */
static inline bool ebb__uart_write_done(const ebb_uart_write_op *op, const ebb_waitlist *done)
{
    return ebb_wait_fired(&op->wait) && op->wait.list == done;
}

/** Transmit side of a driver: the write in progress and its bytes, the
 *  task waiting for its end and the writers waiting for their turn.
 *  Zero-initialised = idle. */
typedef struct ebb_uart_tx {
    const uint8_t *ptr, *end; /* bytes not yet handed to the hardware */
    ebb_wait *owner;          /* the write in progress, NULL when idle */
    ebb_waitlist done;        /* its task (alone), until the last byte is taken */
    ebb_waitlist turn;        /* writers waiting for the transmitter */
} ebb_uart_tx;

/** What ebb_uart_tx_write() asks of the driver, lock held: `start` hands
 *  the first bytes (tx->ptr..tx->end) to the hardware and enables the
 *  transmit interrupt, returning true if the write is already complete
 *  (all bytes taken: an emulator, or an empty write); `stop` disables the
 *  transmit interrupt. */
typedef struct ebb_uart_tx_ops {
    bool (*start)(void *drv);
    void (*stop)(void *drv);
} ebb_uart_tx_ops;

/**
 * The write awaitable of a driver: take the transmitter when it is free
 * (else wait for the turn), start it, and be READY once the driver's
 * interrupt handed over the last byte and called ebb_uart_tx_end_locked().
 * Cancelling stops after the bytes in flight.  The wakes happen after the
 * lock is released.  Context: task.  Cost: O(1) plus the driver's start.
 */
ebb_poll_t ebb_uart_tx_write(ebb_cx *cx, ebb_uart_write_op *op, ebb_uart_tx *tx, const void *data, size_t len,
                             const ebb_uart_tx_ops *ops, void *drv);

/** The write in progress has handed over its last byte (the driver's
 *  interrupt, lock held): wake its task (marking its write done) and free
 *  the transmitter.  Call ebb_uart_tx_wake() once the lock is released.
 *  Context: interrupt, lock held.  Cost: O(1), one wake. */
static inline void ebb_uart_tx_end_locked(ebb_uart_tx *tx)
{
    if (tx->owner != NULL) {
        ebb__uart_write_end_locked(tx->owner, &tx->done);
        tx->owner = NULL;
    }
}

/** Wake the writers waiting for their turn, one critical section per
 *  waiter (never O(waiters) with the lock held).
 *  Context: any, lock NOT held.  Cost: O(waiters). */
void ebb_uart_tx_wake(ebb_uart_tx *tx);

/** Receive side of a driver: a single-producer (interrupt) single-consumer
 *  (one reading task) ring, and the bytes lost. */
typedef struct ebb_uart_rx {
    uint8_t *buf;
    uint16_t mask;             /* size - 1, size a power of two */
    volatile uint16_t head;    /* written by the interrupt */
    volatile uint16_t tail;    /* written by the reader */
    ebb_waitlist waiters;
    volatile uint32_t overruns; /* bytes lost: ring full or hardware overrun */
} ebb_uart_rx;

/** Use `size` bytes (a power of two, 2..32768: the driver's contract
 *  checks it) at `buf` as an empty ring.  Context: init, or lock held.
 *  Cost: a few stores. */
void ebb_uart_rx_init(ebb_uart_rx *rx, uint8_t *buf, uint16_t size);

/** Store a received byte, or count it lost if the ring is full; true if
 *  stored (then call ebb_uart_rx_wake() once after the interrupt's last
 *  byte).  Context: the driver's interrupt.  Cost: O(1). */
bool ebb_uart_rx_put(ebb_uart_rx *rx, uint8_t b);

/** Wake the reader.  Context: interrupt, lock NOT held.  Cost: O(waiters). */
static inline void ebb_uart_rx_wake(ebb_uart_rx *rx) { ebb_waitlist_wake_all(&rx->waiters); }

/** The read awaitable of a driver: wait until at least one byte is in the
 *  ring, then copy up to `max` (> 0) into `buf` and set *got.  Bytes stay
 *  in the ring until read, so a cancelled read loses nothing.
 *  Context: task (one reader per ring).  Cost: O(bytes copied). */
ebb_poll_t ebb_uart_rx_read(ebb_cx *cx, ebb_wait *w, ebb_uart_rx *rx, void *buf, size_t max, size_t *got);

/** Bytes waiting in the ring.  Context: any.  Cost: 2 loads. */
static inline uint16_t ebb_uart_rx_count(const ebb_uart_rx *rx)
{
    return (uint16_t)(rx->head - rx->tail);
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_UART_H */
