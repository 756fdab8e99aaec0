/** @file
 * ebb/op.h - a one-shot hardware operation as an awaitable: the bridge from
 * a driver's "start it, the interrupt says when it is done" to a task's
 * EBB_AWAIT, with cancellation that stops the hardware.
 *
 *     // the driver's awaitable (a DMA transfer, an SPI exchange, a vendor
 *     // HAL's ..._IT call whose completion callback calls ebb_op_complete):
 *     if (!ebb_op_busy(&d->op)) {
 *         (void)ebb_op_start(&d->op, dma_abort, d);   // then start the hardware
 *         dma_start(d, ...);
 *     }
 *     return EBB_POLL(ebb_op_wait)(cx, w, &d->op, &d->result);
 *
 *     // its interrupt or completion callback:
 *     (void)ebb_op_complete(&d->op, bytes_done);
 *
 * A cancel of the awaiting task (a select's losing branch, a timeout,
 * ebb_task_cancel) while the operation runs calls the driver's stop hook,
 * which stops the hardware before the cancel returns; a completion that
 * raced in - reported done before the stop took effect - is never lost:
 * ebb_op_last() tells whether the last operation completed, and with what
 * result.  States: idle -> running (start) -> done (complete) -> idle (the
 * await takes the result, or a cancel); a cancel while running goes
 * running -> stopping (the hook runs) -> idle.
 */
#ifndef EBB_OP_H
#define EBB_OP_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/task.h"
#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The driver's stop hook: stop the hardware of the operation now (abort
 *  the DMA, disable the interrupt); when it returns, no completion of this
 *  operation may start any more (one already running may still finish:
 *  ebb_op_complete() then records it).  Called without the port lock, from
 *  the cancelling context. */
typedef void (*ebb_op_stop_fn)(void *ctx);

/** A one-shot operation (EBB_OP_INITIALIZER).  The members are private. */
typedef struct ebb_op {
    ebb_waitlist waiter;  /**< the task awaiting the completion */
    ebb_op_stop_fn stop;  /**< the running operation's stop hook */
    void *ctx;            /**< its argument */
    int32_t result;       /**< the completion's result */
    uint8_t state;        /**< EBB__OP_* */
    uint8_t last_done;    /**< the last operation completed (vs stopped) */
} ebb_op;

#define EBB__OP_IDLE 0u
#define EBB__OP_RUNNING 1u
#define EBB__OP_DONE 2u
#define EBB__OP_STOPPING 3u

/** Initializer of an idle operation (all-zero is one too). */
#define EBB_OP_INITIALIZER {EBB_WAITLIST_INITIALIZER, NULL, NULL, 0, EBB__OP_IDLE, 0}

/**
 * Start an operation on idle `op`: from now a completion is expected.  The
 * driver calls it just before it starts the hardware (so that a completion
 * can never come first); `stop` (may be NULL: nothing to stop) is called
 * with `ctx` if the await is cancelled meanwhile.
 * Returns EBB_OK, or EBB_EBUSY with nothing changed while an operation is
 * running, done but not yet awaited, or stopping.
 * Contract op:1 - op != NULL (always checked: EBB_EINVAL).
 * Context: any.  Cost: O(1), one critical section.
 */
EBB_MUST_CHECK int ebb_op_start(ebb_op *op, ebb_op_stop_fn stop, void *ctx);

/**
 * Report the running operation of `op` done with `result` and wake the
 * task awaiting it.  Returns true when it was taken; false when no
 * operation was running (a late completion after a stop, or a stray
 * interrupt): nothing changes.
 * Contract op:1 - op != NULL (always checked: false).
 * Context: any (the completion interrupt, a DMA or vendor-HAL callback).
 * Cost: O(1), one critical section and a wake.
 */
bool ebb_op_complete(ebb_op *op, int32_t result);

/**
 * Awaitable: ready when the operation started on `op` completes; its
 * result in *result, and `op` idle again.  Cancelled while the operation
 * runs: the driver's stop hook is called (the hardware stops before the
 * cancel returns) and `op` goes idle; ebb_op_last() then says whether it
 * completed before the stop, and with what result.
 * Contract op:1 - op != NULL (always checked: stays pending).
 * Contract op:2 - an operation was started on `op` (always checked: ready
 *                 with *result = EBB_EINVAL).
 * Contract wait:2, wait:3 (ebb_wait_mine()).
 * Context: task; one task awaits an operation.  Cost: O(1), one critical
 * section per poll (a cancel: two, and the hook).
 */
EBB_AWAITABLE ebb_poll_t ebb_op_wait(ebb_cx *cx, ebb_wait *w, ebb_op *op, int32_t *result);
#define ebb_op_wait(...) EBB_AWAITABLE_CALL(ebb_op_wait, __VA_ARGS__)

/** True while an operation of `op` is running, done and not yet awaited,
 *  or stopping (ebb_op_start() would refuse).  Context: any.  Cost: one
 *  load. */
static inline bool ebb_op_busy(const ebb_op *op) { return op->state != EBB__OP_IDLE; }

/**
 * The last operation of idle `op`: true if it completed (its result in
 * *result, also after a cancel that came too late to stop it), false if it
 * was stopped before completing (or none ran).
 * Context: any.  Cost: two loads.
 */
static inline bool ebb_op_last(const ebb_op *op, int32_t *result)
{
    *result = op->result;
    return op->last_done != 0;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_OP_H */
