/*
 * ebb_i2c.h - the I2C master device class: what every I2C driver of ebb
 * shares, whatever the chip.  A chip driver (hal/stm32f4/ebb_stm32_i2c.h
 * is one) embeds an ebb_i2c, supplies two operations (start a transfer,
 * stop the peripheral now) and reports the end of the transfer with
 * ebb_i2c_complete() from its interrupts; the awaitable, the timeout,
 * cancellation and the contracts live here (hal/common/i2c.c).
 *
 * One transfer at a time per bus: a write, a read, or a write followed by
 * a repeated START and a read (a register or EEPROM pointer, then its
 * data).  Tasks sharing a bus take turns with an ebb_mutex; a transfer
 * started while another runs is refused with EBB_EBUSY.
 *
 * Results: EBB_OK, or one of the negative codes below, or EBB_ETIMEDOUT
 * when the transfer did not end within the bus's timeout (a slave
 * stretching the clock for ever, a bus held low: the START never goes
 * out).  Nothing waits busily: the timeout is an ebb timer armed beside
 * the completion, in the same awaitable (ebb_sleep_until() on the bus's
 * own ebb_timer); when it fires, the driver's stop runs exactly as for a
 * cancel and the transfer ends with EBB_ETIMEDOUT - unless it completed
 * meanwhile, whose result is then kept.
 */
#ifndef EBB_I2C_H
#define EBB_I2C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/op.h"
#include "ebb/task.h"
#include "ebb/time.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EBB_I2C_ENACK_ADDR (-32) /**< no slave acknowledged the address */
#define EBB_I2C_ENACK_DATA (-33) /**< the slave did not acknowledge a written byte */
#define EBB_I2C_EARB (-34)       /**< another master won the bus (arbitration lost) */
#define EBB_I2C_EBUS (-35)       /**< a START or STOP out of place on the bus (bus error) */

/** The transfer in flight, for the chip driver: bytes to write, then to
 *  read, and how far each has gone. */
typedef struct ebb_i2c_xfer {
    const uint8_t *tx;
    uint8_t *rx;
    uint16_t txlen, rxlen;
    uint16_t txpos, rxpos;
    uint8_t addr; /**< 7-bit address */
} ebb_i2c_xfer;

typedef struct ebb_i2c ebb_i2c;

/** What a chip driver supplies: `start` begins the transfer in i2c->x
 *  (a START, its interrupts on); `stop` stops the peripheral now -
 *  interrupts off, a STOP condition if it owns the bus, else whatever
 *  resets it (the chip's software reset) - so that nothing of the
 *  transfer is reported after it returns.  Called with the lock not held,
 *  from a task. */
typedef struct ebb_i2c_ops {
    void (*start)(ebb_i2c *i2c);
    void (*stop)(ebb_i2c *i2c);
} ebb_i2c_ops;

/** An I2C bus.  The chip driver initialises it with ebb_i2c_init(); the
 *  members are private to i2c.c and the chip driver. */
struct ebb_i2c {
    ebb_op op;              /* the transfer in flight */
    const ebb_i2c_ops *ops; /* the chip's half */
    ebb_timer timer;        /* its deadline */
    ebb_ticks timeout;      /* per transfer */
    ebb_ticks deadline;
    ebb_i2c_xfer x;
};

/**
 * For chip drivers: make `i2c` an idle bus driven by `ops`, whose
 * transfers time out after `timeout` ticks.  Returns true; false, with
 * nothing changed, while a transfer runs or is awaited - the chip's init
 * must then leave the hardware alone too.  `i2c` is static (zeroed) or was
 * set up before.
 * Contract i2c:2 - no transfer runs, is awaited or has its timeout armed:
 * a second init then would cut the waiting task's and the timer queue's
 * links (always checked: false, nothing changes).
 * Context: init.  Cost: O(1), one critical section and a copy of the bus.
 */
EBB_MUST_CHECK bool ebb_i2c_init(ebb_i2c *i2c, const ebb_i2c_ops *ops, ebb_ticks timeout);

/** How long a transfer may take from its start before it is stopped and
 *  ends with EBB_ETIMEDOUT (EBB_TICKS_NEVER: no limit).  Takes effect at
 *  the next transfer.  Context: any.  Cost: one store. */
static inline void ebb_i2c_set_timeout(ebb_i2c *i2c, ebb_ticks timeout) { i2c->timeout = timeout; }

/**
 * Awaitable: one transfer with the slave at `addr7` - write `txlen` bytes
 * of `tx`, then (after a repeated START, without a STOP between) read
 * `rxlen` bytes into `rx`; either length may be 0, not both.  Ready with
 * *result = EBB_OK, EBB_I2C_ENACK_ADDR, EBB_I2C_ENACK_DATA, EBB_I2C_EARB,
 * EBB_I2C_EBUS, EBB_ETIMEDOUT, or EBB_EBUSY (nothing started) while
 * another transfer runs.  The buffers stay valid until ready or
 * cancelled; on an error `rx` holds what was read so far.
 * Cancelled while it runs: the driver stops the peripheral before the
 * cancel returns (a STOP, or a software reset); ebb_i2c_last() says
 * whether it had completed anyway.
 * Contract i2c:1 - the bus was set up by its chip's init, addr7 <= 0x7F,
 *                  txlen + rxlen > 0, tx and rx not NULL where their
 *                  length is not 0 (always checked: ready with EBB_EINVAL,
 *                  nothing started).
 * Contracts wait:2, wait:3, time:5.
 * Context: task.  Cost: O(1) to start and per poll; an interrupt or two
 * per byte (the driver's).
 */
EBB_AWAITABLE ebb_poll_t ebb_i2c_transfer(ebb_cx *cx, ebb_wait *w, ebb_i2c *i2c, uint8_t addr7, const void *tx,
                                          size_t txlen, void *rx, size_t rxlen, int32_t *result);
#define ebb_i2c_transfer(...) EBB_AWAITABLE_CALL(ebb_i2c_transfer, __VA_ARGS__)

/**
 * The last transfer of idle bus `i2c`: true if it completed (its result
 * in *result, also when a cancel came too late to stop it), false if it
 * was stopped first (or none ran).
 * Context: any.  Cost: two loads.
 */
static inline bool ebb_i2c_last(const ebb_i2c *i2c, int32_t *result) { return ebb_op_last(&i2c->op, result); }

/** True while a transfer runs (or has ended and is not yet awaited).
 *  Context: any.  Cost: one load. */
static inline bool ebb_i2c_busy(const ebb_i2c *i2c) { return ebb_op_busy(&i2c->op); }

/**
 * For chip drivers: the transfer in flight ended with `result` (EBB_OK or
 * an EBB_I2C_* code) and the driver's interrupts for it are off.  Wakes
 * its task; false if no transfer was running (stopped first).
 * Context: the driver's interrupt.  Cost: O(1), a critical section and a
 * wake.
 */
static inline bool ebb_i2c_complete(ebb_i2c *i2c, int32_t result) { return ebb_op_complete(&i2c->op, result); }

#ifdef __cplusplus
}
#endif

#endif /* EBB_I2C_H */
