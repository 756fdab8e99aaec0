/*
 * ebb_spi.h - the SPI master device class: one object and one awaitable
 * for every chip.  An `ebb_spi` holds what a transfer shares whatever the
 * chip (the operation in flight, an ebb_op; the buffers and counts; the
 * clock and interrupt line) and a small const table of the chip driver's
 * hooks (hal/<chip>/: register code only).  The class half, in
 * hal/common/spi.c, runs the transfer: it starts the operation, calls the
 * chip's `start`, calls its `feed` from the interrupt, completes the
 * operation when the last byte is in, and calls the chip's `stop` when the
 * awaiting task is cancelled.
 *
 *     // at file scope (or the board's: ebb_board_spi, a pointer to one)
 *     static ebb_spi spi = EBB_PL022_SPI_INITIALIZER(base, irq, clk_hz, prio);
 *     void IRQ22_IRQHandler(void) { ebb_spi_isr(&spi); }
 *
 *     // once: mode and clock rate
 *     (void)ebb_spi_configure(&spi, EBB_SPI_MODE0, 1000000u);
 *
 *     // in a task: select the device (a GPIO of the application), then
 *     my_cs_low();                                               // yours
 *     EBB_AWAIT(ebb_spi_transfer(&t->wait, &spi, cmd, reply, 4, &t->r));
 *     my_cs_high();                                              // yours
 *
 * Frames are 8 bits, most significant bit first, full duplex: every byte
 * sent clocks one byte in.  Chip select is the application's: a GPIO it
 * drives around the transfer (the chip's own select output, where it has
 * one, is not used), so that one bus serves any number of devices.
 *
 * One transfer at a time per bus: a second ebb_spi_transfer() while one
 * runs is READY at once with *result = EBB_EBUSY and touches nothing.
 * Tasks that share a bus take an ebb_mutex around select + transfers +
 * deselect (ebb/mutex.h); the mutex also keeps the chip selects apart.
 *
 * Cancelling the awaiting task (a select's losing branch, a timeout,
 * ebb_task_cancel) stops the hardware before the cancel returns: the chip's
 * interrupts (and DMA requests and channels) are off and its receive FIFO
 * emptied; no completion comes later.  The bytes already clocked stay clocked (the receive buffer holds
 * the first ebb_spi_received() of them); the device saw a partial frame,
 * so deselect it.  A completion that raced the cancel is kept:
 * ebb_spi_last() says whether the last transfer completed.
 *
 * DMA mode: ebb_spi_use_dma() gives the bus two channels of the DMA class
 * (ebb_dma.h), where the chip driver has the DMA hooks (the STM32F4 SPI
 * and the PL022 do).  Then a transfer starts the receive channel
 * (data register to rx; rx NULL: a one-byte sink, not incremented), then
 * the transmit channel (tx, or the fill byte not incremented, to the data
 * register), then turns the chip's DMA requests on; the receive channel's
 * completion interrupt completes the transfer: two interrupts per transfer
 * whatever its length, none per byte.  A cancel aborts the transmit
 * channel, waits for the bytes still on the wire (at most the chip's
 * FIFO depth + 1 frames: two on the STM32, nine on the PL022; bounded by
 * the bit rate) while the receive channel takes their echoes,
 * aborts the receive channel and turns the requests off, all before it
 * returns: ebb_spi_received() is the bytes the receive channel wrote, and
 * no echo of the stopped transfer can reach the next one.  A channel's bus
 * error (a buffer the controller cannot reach: the F4's CCM RAM) ends the
 * transfer the same way, READY with EBB_DMA_EBUS.  A transfer longer than
 * a channel counts (65535 bytes on the STM32F4), or the first one after a
 * cancelled interrupt-driven transfer whose echoes are still due, runs on
 * interrupts instead, as it would without channels; so does one whose
 * channel is busy with another driver's transfer.
 *
 * A chip driver's contract (ebb_spi_ops): every hook is called with the
 * port lock held, `start` and `stop` from the awaiting task, `feed` from
 * the interrupt (through ebb_spi_isr()).  The hooks move bytes with
 * ebb_spi_tx_next() / ebb_spi_rx_put() and read the in-flight count with
 * ebb_spi_in_flight(); they never wait for the bus.
 */
#ifndef EBB_SPI_H
#define EBB_SPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/op.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Clock polarity and phase: mode = CPOL * 2 + CPHA (the usual numbering:
 *  mode 0 samples on the rising edge of an idle-low clock). */
typedef enum ebb_spi_mode {
    EBB_SPI_MODE0 = 0, /**< CPOL 0, CPHA 0 */
    EBB_SPI_MODE1 = 1, /**< CPOL 0, CPHA 1 */
    EBB_SPI_MODE2 = 2, /**< CPOL 1, CPHA 0 */
    EBB_SPI_MODE3 = 3, /**< CPOL 1, CPHA 1 */
} ebb_spi_mode;

typedef struct ebb_spi ebb_spi;

/* The DMA channel class (ebb_dma.h); only pointers are named here. */
struct ebb_dma_chan;

/** What a chip driver supplies (a const table, one per chip). */
typedef struct ebb_spi_ops {
    /** Reset the chip to an idle master with 8-bit frames, `mode`, and the
     *  fastest bit rate at or below `hz` from spi->clk_hz; set its
     *  interrupt line up (priority spi->prio, enabled, the chip's sources
     *  masked).  Return the rate set, or 0 if none is at or below `hz`
     *  (nothing changed then).  Lock NOT held (context: init). */
    uint32_t (*configure)(ebb_spi *spi, ebb_spi_mode mode, uint32_t hz);
    /** Begin the transfer set up in `spi`: hand the first bytes to the
     *  hardware and unmask the interrupt sources that will call feed. */
    void (*start)(ebb_spi *spi);
    /** The interrupt: move what the FIFOs allow (received bytes out, bytes
     *  to send in) and leave the interrupt sources as the rest needs. */
    void (*feed)(ebb_spi *spi);
    /** Stop: mask the chip's interrupt sources and take what its receive
     *  FIFO holds (ebb_spi_rx_put() while ebb_spi_rx_expected()); the class
     *  then counts the echoes still on the wire as stale.  Also called
     *  after the last byte of a transfer came in. */
    void (*stop)(ebb_spi *spi);
    /* The DMA mode (all three NULL: the chip has none; ebb_spi_use_dma()
     * refuses it). */
    /** The address of the data register both channels move bytes
     *  through.  Lock held. */
    uintptr_t (*dma_addr)(ebb_spi *spi);
    /** Turn the chip's transmit and receive DMA requests on (after both
     *  channels started; the transmit request is up at once) or off; off
     *  also reads and drops an echo left in the receive register and
     *  clears an overrun.  Never waits.  Lock held or not. */
    void (*dma)(ebb_spi *spi, bool on);
    /** After the transmit channel was stopped, the receive channel still
     *  running: wait until the bytes still on the wire are through (at
     *  most depth + 1 frames: bounded by the bit rate, never by the other
     *  end), touching no data register - the receive channel takes their
     *  echoes.  Lock NOT held. */
    void (*drain)(ebb_spi *spi);
} ebb_spi_ops;

/** An SPI master bus.  Define it with the chip's initializer
 *  (EBB_PL022_SPI_INITIALIZER, EBB_STM32_SPI_INITIALIZER); the members are
 *  the class's and the chip driver's, not the application's. */
struct ebb_spi {
    ebb_op op;                /* the transfer in flight */
    const ebb_spi_ops *ops;   /* the chip driver */
    void *regs;               /* its register block */
    struct ebb_dma_chan *dma_tx; /* DMA channels for a chip driver that */
    struct ebb_dma_chan *dma_rx; /* uses them (NULL: interrupts move bytes) */
    ebb_wait *owner;          /* the await whose transfer is in flight */
    const uint8_t *tx;        /* bytes to send, NULL: send `fill` */
    uint8_t *rx;              /* where received bytes go, NULL: discard */
    uint32_t len;             /* bytes of the transfer */
    uint32_t sent;            /* bytes handed to the hardware */
    uint32_t received;        /* bytes taken from the hardware */
    uint32_t clk_hz;          /* the clock of the chip's bit-rate divider */
    uint16_t irq;             /* its interrupt line */
    uint8_t prio;             /* and that line's priority */
    uint8_t fill;             /* sent when tx is NULL (0xFF) */
    uint8_t stale;            /* bytes of a stopped transfer still on the
                                 wire: their echoes are dropped first */
    uint8_t depth;            /* bytes the chip may have in flight */
    uint8_t running;          /* what moves the transfer (spi.c: SPI_IDLE, SPI_IRQ, SPI_DMA) */
    uint8_t tx_request;       /* the channels' request lines */
    uint8_t rx_request;
    uint8_t sink;             /* where the rx channel writes with rx NULL */
};

/** Initializer for a chip driver's *_SPI_INITIALIZER: `ops`, its register
 *  block at `base`, interrupt line `irq` at logical priority `prio` (>= the
 *  port's ceiling), the chip's bit-rate clock `clk_hz`, and `depth` bytes
 *  in flight (its receive FIFO's depth). */
#define EBB_SPI_INITIALIZER(ops_, base, irq_, clk_hz_, prio_, depth_)                              \
    {EBB_OP_INITIALIZER, (ops_), (void *)(uintptr_t)(base), NULL, NULL, NULL, NULL, NULL, 0, 0, 0,      \
     (clk_hz_), (uint16_t)(irq_), (uint8_t)(prio_), 0xFFu, 0, (uint8_t)(depth_), 0, 0, 0, 0}

/**
 * Set the bus up: SPI `mode`, and the fastest bit rate at or below `hz`
 * the chip's divider gives; returns that rate in Hz, or 0 when none is at
 * or below `hz` (nothing changed).  Enables the interrupt line.
 * Contract spi:1 - spi != NULL and was defined with a chip's initializer
 *                  (always checked: 0).
 * Contract spi:2 - mode is EBB_SPI_MODE0..3 and hz > 0 (always checked: 0).
 * Contract spi:3 - no transfer is in flight (always checked: 0).
 * Context: init, or a task between transfers.  Cost: a few register writes.
 */
uint32_t ebb_spi_configure(ebb_spi *spi, ebb_spi_mode mode, uint32_t hz);

/**
 * Move the bytes of `spi`'s transfers by DMA: `tx_chan` (memory to the
 * chip, on its request line `tx_request`) and `rx_chan` (the chip to
 * memory, `rx_request`); both NULL: back to interrupts.  The channels are
 * the bus's from now on (another user's transfer on one makes the bus's
 * transfers run on interrupts while it lasts).  On the STM32F4's SPI1:
 * DMA2 stream 3 (or 5) for tx, stream 0 (or 2) for rx, request 3 both; on
 * a PL022 with a PL081, the request lines the board wires (the
 * integrator's numbers: ebb does not wire the AN505's).
 * Returns EBB_OK, EBB_EINVAL or EBB_EBUSY (nothing changed).
 * Contract spi:1 - spi != NULL and initialised (always checked: EBB_EINVAL).
 * Contract spi:5 - both channels or neither, two different ones, the chip
 *                  driver has the DMA hooks, each request line one its
 *                  channel selects, at most ebb_dma_max_request() (always
 *                  checked: EBB_EINVAL).
 * Contract spi:3 - no transfer is in flight (always checked: EBB_EBUSY).
 * Context: init, or a task between transfers.  Cost: a few stores.
 */
int ebb_spi_use_dma(ebb_spi *spi, struct ebb_dma_chan *tx_chan, unsigned tx_request, struct ebb_dma_chan *rx_chan,
                    unsigned rx_request);

/**
 * Awaitable: send `len` bytes from `tx` (NULL: the fill byte 0xFF) while
 * receiving `len` bytes into `rx` (NULL: discard), then READY with
 * *result = len.  READY at once with *result = EBB_EBUSY (nothing
 * touched) while another transfer runs on `spi`; with 0 for len 0; in
 * DMA mode with EBB_DMA_EBUS if a channel reported a bus error (the
 * transfer stopped as for a cancel).  The buffers must stay valid (and
 * untouched by the CPU, in DMA mode) until READY or cancelled.
 * Cancelled: the hardware stops before the cancel returns (see the file
 * comment).
 * Contract spi:1 - spi != NULL and initialised (always checked: READY
 *                  with EBB_EINVAL).
 * Contract spi:4 - len <= INT32_MAX (always checked: READY with EBB_EINVAL).
 * Contract op:*, wait:2, wait:3 as ebb_op_wait().
 * Context: task.  Cost: the chip's start (a FIFO's worth of stores), then
 * one interrupt per FIFO refill (per byte on a chip with one data
 * register); in DMA mode two channel starts, then one interrupt per
 * channel for the whole transfer; O(1) per poll.  A cancel in DMA mode
 * waits up to two frames (STM32F4) or nine (PL022) for the wire to drain.
 */
EBB_AWAITABLE ebb_poll_t ebb_spi_transfer(ebb_cx *cx, ebb_wait *w, ebb_spi *spi, const void *tx, void *rx,
                                          size_t len, int32_t *result);
#define ebb_spi_transfer(...) EBB_AWAITABLE_CALL(ebb_spi_transfer, __VA_ARGS__)

/**
 * The interrupt handler's body: call it from the chip's handler.  Moves
 * bytes through the chip's feed hook and completes the transfer (waking
 * its task) when the last byte is in.  An interrupt with no transfer in
 * flight masks the chip's sources and returns.
 * Context: the chip's interrupt (at a priority allowed to call ebb).
 * Cost: one critical section holding one FIFO's worth of moves.
 */
void ebb_spi_isr(ebb_spi *spi);

/** True while a transfer runs on `spi` (or is done and not yet awaited).
 *  Context: any.  Cost: one load. */
static inline bool ebb_spi_busy(const ebb_spi *spi) { return ebb_op_busy(&spi->op); }

/** The last transfer of idle `spi`: true if it completed (also when a
 *  cancel came too late to stop it), false if it was stopped first.
 *  Context: any.  Cost: two loads. */
static inline bool ebb_spi_last(const ebb_spi *spi)
{
    int32_t r;
    return ebb_op_last(&spi->op, &r);
}

/** Bytes of the current or last transfer received so far (after a cancel:
 *  the bytes written to its rx buffer; in DMA mode the count is only
 *  updated at the end: after a cancel, the bytes the receive channel
 *  wrote; after EBB_DMA_EBUS, those known written, 0 if the receive
 *  channel failed).  Context: any.  Cost: one load. */
static inline uint32_t ebb_spi_received(const ebb_spi *spi) { return spi->received; }

/* ---- for chip drivers (lock held) ---- */

/** Bytes handed to the hardware whose echo has not been read yet, the
 *  stale ones of a stopped transfer included.  Context: a hook. */
static inline uint32_t ebb_spi_in_flight(const ebb_spi *spi)
{
    return spi->sent - spi->received + spi->stale;
}

/** True while the transfer has bytes left to send and the chip room for
 *  one more in flight.  Context: a hook. */
static inline bool ebb_spi_tx_ready(const ebb_spi *spi)
{
    return spi->sent != spi->len && ebb_spi_in_flight(spi) < spi->depth;
}

/** The next byte to send (counted as sent).  Context: a hook, after
 *  ebb_spi_tx_ready().  */
static inline uint8_t ebb_spi_tx_next(ebb_spi *spi)
{
    uint32_t const i = spi->sent++;
    return spi->tx != NULL ? spi->tx[i] : spi->fill;
}

/** Take one byte read from the hardware: a stopped transfer's echo is
 *  dropped, else it is the next received byte.  Context: a hook. */
static inline void ebb_spi_rx_put(ebb_spi *spi, uint8_t b)
{
    if (spi->stale != 0) {
        spi->stale--;
        return;
    }
    uint32_t const i = spi->received++;
    if (spi->rx != NULL) {
        spi->rx[i] = b;
    }
}

/** True while an echo is still expected (of this transfer or a stale
 *  one).  Context: a hook. */
static inline bool ebb_spi_rx_expected(const ebb_spi *spi) { return ebb_spi_in_flight(spi) != 0; }

#ifdef __cplusplus
}
#endif

#endif /* EBB_SPI_H */
