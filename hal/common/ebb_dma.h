/*
 * ebb_dma.h - the DMA channel device class: what every DMA driver of ebb
 * shares, whatever the chip.  A chip driver (hal/pl081/ is one) embeds an
 * ebb_dma_chan per hardware channel, fills in a small ops table (start,
 * abort, remaining) and calls ebb_dma_complete() from its interrupt; the
 * rest - one transfer at a time per channel, the awaitable, cancellation,
 * the contracts - lives here (hal/common/dma.c).
 *
 * Two ways to use a channel, one transfer at a time either way:
 *   - awaited: ebb_dma_copy() (memory to memory), or ebb_dma_start() with
 *     no callback followed by ebb_dma_wait().  The transfer is an ebb_op
 *     (ebb/op.h): a cancel of the awaiting task aborts the channel before
 *     the cancel returns; a completion that raced the abort is kept
 *     (ebb_dma_last());
 *   - with a completion callback: ebb_dma_start() with `done`, for a driver
 *     whose own operation awaits the transfer (an SPI exchange starts a
 *     memory-to-peripheral channel and a peripheral-to-memory channel and
 *     completes its own ebb_op from the receive channel's callback; its
 *     stop hook calls ebb_dma_abort() on both).
 *
 * Results: a completed transfer reports the bytes it moved (>= 0, all of
 * them); a transfer the controller ended with a bus error reports
 * EBB_DMA_EBUS.  An aborted transfer reports nothing: ebb_dma_abort()
 * returns the bytes read from the source until then.
 *
 * Length: one start is one hardware transfer of at most `max_items` items
 * (the chip's transfer-size field: 4095 on the PL081); a longer one is
 * refused (contract dma:3), never split - split it yourself, or let the
 * driver of the peripheral do it.  ebb_dma_copy() moves 4-byte items when
 * both addresses and the length are multiples of 4, else 2-byte items when
 * they are even, else bytes: up to 4 * max_items bytes per copy.
 */
#ifndef EBB_DMA_H
#define EBB_DMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/op.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A transfer the controller ended with a bus error (a bad address). */
#define EBB_DMA_EBUS (-16)

/** Flags of a transfer (ebb_dma_xfer::flags). */
#define EBB_DMA_SRC_INC 1u   /**< the source address advances per item (memory) */
#define EBB_DMA_DST_INC 2u   /**< the destination address advances per item */
#define EBB_DMA_SRC_PERIPH 4u /**< the source paces the transfer (its request line) */
#define EBB_DMA_DST_PERIPH 8u /**< the destination paces the transfer */

/** One transfer, as ebb_dma_start() takes it. */
typedef struct ebb_dma_xfer {
    uintptr_t src;   /**< first source address, aligned to `width` */
    uintptr_t dst;   /**< first destination address, aligned to `width` */
    uint32_t len;    /**< bytes, a multiple of `width`, > 0 */
    uint8_t width;   /**< bytes per item: 1, 2 or 4 */
    uint8_t flags;   /**< EBB_DMA_* */
    uint8_t request; /**< the peripheral's request line (with *_PERIPH) */
} ebb_dma_xfer;

typedef struct ebb_dma_chan ebb_dma_chan;

/** What a chip driver supplies.  `start` programs and enables the channel
 *  for `x` (already checked against the contracts) with its completion
 *  and error interrupts; `abort` disables the channel at once and clears
 *  its pending interrupt status, so that no completion of that transfer
 *  is reported after it returns; `remaining` is the number of items not
 *  yet read from the source.  Each is called from a task or an
 *  interrupt, with or without the port lock held (the class reads
 *  `remaining` inside it; the SPI class starts and retires its channels
 *  inside its own critical section), so none may wait for the hardware
 *  beyond a bounded stop. */
typedef struct ebb_dma_ops {
    void (*start)(ebb_dma_chan *ch, const ebb_dma_xfer *x);
    void (*abort)(ebb_dma_chan *ch);
    uint32_t (*remaining)(const ebb_dma_chan *ch);
} ebb_dma_ops;

/** A completion callback (callback mode): `result` is the bytes moved or
 *  EBB_DMA_EBUS.  Called from the chip's interrupt, lock not held. */
typedef void (*ebb_dma_done_fn)(void *arg, int32_t result);

/** A DMA channel.  The chip driver initialises it with ebb_dma_chan_init();
 *  the members are private to dma.c and the chip driver. */
struct ebb_dma_chan {
    ebb_op op;                /* the awaited transfer */
    const ebb_dma_ops *ops;   /* the chip's half */
    ebb_dma_done_fn done;     /* callback mode; NULL: complete `op` */
    void *arg;                /* its argument */
    uint32_t len;             /* bytes of the transfer in flight */
    uint32_t max_items;       /* items per transfer the hardware counts */
    int32_t stopped;          /* bytes of the last aborted awaited transfer */
    uint8_t width;            /* bytes per item of the transfer in flight */
    uint8_t max_request;      /* highest request line the controller selects */
    volatile uint8_t active;  /* a transfer runs: its completion is due */
};

/**
 * For chip drivers: make `ch` an idle channel driven by `ops`, whose
 * hardware counts at most `max_items` (> 0) items per transfer and selects
 * request lines 0..`max_request` (a larger number would name another
 * peripheral's: ebb_dma_start() refuses it, contract dma:5).
 * Context: init.  Cost: a few stores.
 */
void ebb_dma_chan_init(ebb_dma_chan *ch, const ebb_dma_ops *ops, uint32_t max_items, uint8_t max_request);

/** The highest request line channel `ch` selects.  Context: any.  Cost:
 *  one load. */
static inline unsigned ebb_dma_max_request(const ebb_dma_chan *ch) { return ch->max_request; }

/**
 * Start transfer `x` on idle channel `ch`.  With `done` NULL the transfer
 * is awaited with ebb_dma_wait(); otherwise `done(arg, result)` is called
 * once from the completion interrupt, unless ebb_dma_abort() stopped it.
 * Returns EBB_OK, or EBB_EBUSY (nothing started) while a transfer runs or
 * an awaited one has completed and not yet been awaited.
 * Contract dma:1 - ch and x not NULL (always checked: EBB_EINVAL).
 * Contract dma:2 - x->width is 1, 2 or 4, x->src and x->dst are aligned to
 *                  it, x->len is a non-zero multiple of it (contracts off:
 *                  EBB_EINVAL, nothing started).
 * Contract dma:3 - x->len / x->width <= the channel's max_items (contracts
 *                  off: EBB_EINVAL, nothing started).
 * Contract dma:5 - with a peripheral side, x->request is a line the
 *                  channel selects, at most ebb_dma_max_request(ch)
 *                  (contracts off: EBB_EINVAL, nothing started).
 * Context: any.  Cost: O(1): two critical sections and the chip's start.
 */
EBB_MUST_CHECK int ebb_dma_start(ebb_dma_chan *ch, const ebb_dma_xfer *x, ebb_dma_done_fn done, void *arg);

/**
 * Awaitable: ready when the transfer started on `ch` without a callback
 * completes; its result (bytes moved, or EBB_DMA_EBUS) in *result.
 * Cancelled while it runs: the channel is aborted before the cancel
 * returns; ebb_dma_last() then tells what happened to it.
 * Contracts op:2 (nothing started: ready with EBB_EINVAL), wait:2, wait:3.
 * Context: task; one task awaits a channel.  Cost: as ebb_op_wait.
 */
EBB_AWAITABLE ebb_poll_t ebb_dma_wait(ebb_cx *cx, ebb_wait *w, ebb_dma_chan *ch, int32_t *result);
#define ebb_dma_wait(...) EBB_AWAITABLE_CALL(ebb_dma_wait, __VA_ARGS__)

/**
 * Awaitable: copy `len` bytes from `src` to `dst` (memory, not
 * overlapping) on channel `ch`; ready with *result = len when done,
 * EBB_DMA_EBUS if the controller reported a bus error, EBB_EBUSY (nothing
 * started) if the channel was busy, 0 at once for len 0.  Both buffers
 * stay valid and untouched by the CPU until ready or cancelled.
 * Cancelled: the channel is aborted before the cancel returns, no
 * completion follows; ebb_dma_last() says whether the copy had completed
 * anyway, or how many bytes were read from `src` before the abort.
 * Contract dma:3 - len fits one transfer (up to max_items items of the
 *                  width the alignment allows; contracts off: ready with
 *                  EBB_EINVAL, nothing started).
 * Contracts wait:2, wait:3.
 * Context: task.  Cost: O(1) to start, one interrupt to complete
 * (measured in docs/dma-i2c.md).
 */
EBB_AWAITABLE ebb_poll_t ebb_dma_copy(ebb_cx *cx, ebb_wait *w, ebb_dma_chan *ch, void *dst, const void *src, size_t len,
                                      int32_t *result);
#define ebb_dma_copy(...) EBB_AWAITABLE_CALL(ebb_dma_copy, __VA_ARGS__)

/**
 * The last awaited transfer of idle channel `ch`: true if it completed
 * (its result in *result, also when a cancel came too late to stop it);
 * false if an abort stopped it first (*result = the bytes read from the
 * source until then; 0 if none ran).
 * Context: any.  Cost: a few loads.
 */
bool ebb_dma_last(const ebb_dma_chan *ch, int32_t *result);

/**
 * Abort the transfer started on `ch` with a callback: the channel is
 * disabled and its interrupt status cleared before this returns.  Returns
 * true if it stopped the transfer (its callback will not be called;
 * *bytes = the bytes read from the source until then, when `bytes` is not
 * NULL), false if the completion was already reported (or nothing ran).
 * Contract dma:4 - not an awaited transfer: cancel its await instead
 *                  (always checked: false, nothing touched).
 * Context: any.  Cost: O(1), the chip's abort and one critical section.
 */
bool ebb_dma_abort(ebb_dma_chan *ch, uint32_t *bytes);

/** True while a transfer runs on `ch`.  Context: any.  Cost: one load. */
static inline bool ebb_dma_busy(const ebb_dma_chan *ch) { return ch->active != 0; }

/**
 * For chip drivers: the transfer running on `ch` ended with `result`
 * (bytes moved, or EBB_DMA_EBUS), the hardware channel is disabled.
 * Reports it to its awaiter or callback; false if no transfer was running
 * (an abort came first).
 * Context: the chip's interrupt (any), lock not held.  Cost: O(1), one
 * critical section and a wake (or the callback).
 */
bool ebb_dma_complete(ebb_dma_chan *ch, int32_t result);

#ifdef __cplusplus
}
#endif

#endif /* EBB_DMA_H */
