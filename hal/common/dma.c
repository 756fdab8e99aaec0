/* dma.c - the chip-independent half of ebb's DMA drivers; see ebb_dma.h.
 * Compiled into each HAL library that has a DMA driver. */
#include "ebb_dma.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb/driver/wait.h"

EBB_MODULE("dma");

void ebb_dma_chan_init(ebb_dma_chan *ch, const ebb_dma_ops *ops, uint32_t max_items, uint8_t max_request)
{
    EBB_SET_UNLINKED(*ch, (ebb_dma_chan){.op = EBB_OP_INITIALIZER, .ops = ops, .max_items = max_items,
                                         .max_request = max_request});
}

/* Stop the running transfer: the hardware first, so that nothing of it is
 * reported afterwards; then whoever clears `active` owns the ending. */
static bool abort_now(ebb_dma_chan *ch, uint32_t *bytes)
{
    ch->ops->abort(ch);
    ebb_irq_state s = ebb_port_lock();
    bool const stopped = ch->active != 0;
    if (stopped) {
        ch->active = 0;
        uint32_t const left = ch->ops->remaining(ch) * ch->width;
        if (bytes != NULL) {
            *bytes = left < ch->len ? ch->len - left : 0;
        }
    }
    ebb_port_unlock(s);
    return stopped;
}

/* The op's stop hook: a cancel of the await aborts the channel. */
static void op_stop(void *ctx)
{
    ebb_dma_chan *ch = (ebb_dma_chan *)ctx;
    uint32_t bytes = 0;
    if (abort_now(ch, &bytes)) {
        ch->stopped = (int32_t)bytes;
    }
}

int ebb_dma_start(ebb_dma_chan *ch, const ebb_dma_xfer *x, ebb_dma_done_fn done, void *arg)
{
    EBB_REQUIRE_OR(1, ch != NULL && x != NULL, return EBB_EINVAL);
    uint32_t const w = x->width;
    bool const shape = (w == 1u || w == 2u || w == 4u) && x->len != 0 && (x->len % w) == 0 &&
                       (x->src % w) == 0 && (x->dst % w) == 0;
    EBB_REQUIRE_OR(2, shape, return EBB_EINVAL);
    EBB_REQUIRE_OR(3, x->len / w <= ch->max_items, return EBB_EINVAL);
    EBB_REQUIRE_OR(5, !(x->flags & (EBB_DMA_SRC_PERIPH | EBB_DMA_DST_PERIPH)) || x->request <= ch->max_request,
                   return EBB_EINVAL);
    /* Claim the channel: free when no transfer runs and the op is idle (a
     * completed awaited transfer keeps it until its await takes it). */
    ebb_irq_state s = ebb_port_lock();
    if (ch->active != 0 || ebb_op_busy(&ch->op)) {
        ebb_port_unlock(s);
        return EBB_EBUSY;
    }
    ch->active = 1;
    ebb_port_unlock(s);
    if (done == NULL && ebb_op_start(&ch->op, op_stop, ch) != EBB_OK) {
        ch->active = 0;
        return EBB_EBUSY;
    }
    ch->done = done;
    ch->arg = arg;
    ch->len = x->len;
    ch->width = (uint8_t)w;
    ch->stopped = 0;
    ch->ops->start(ch, x); /* after the op: a completion can never come first */
    return EBB_OK;
}

bool ebb_dma_complete(ebb_dma_chan *ch, int32_t result)
{
    ebb_irq_state s = ebb_port_lock();
    if (ch->active == 0) {
        ebb_port_unlock(s);
        return false; /* aborted first: its abort reported it */
    }
    ch->active = 0;
    ebb_dma_done_fn const done = ch->done;
    void *const arg = ch->arg;
    if (done == NULL) {
        /* Under the same section: an abort from a higher priority cannot
         * fall between "no longer active" and "completed". */
        (void)ebb_op_complete(&ch->op, result);
    }
    ebb_port_unlock(s);
    if (done != NULL) {
        done(arg, result);
    }
    return true;
}

bool ebb_dma_abort(ebb_dma_chan *ch, uint32_t *bytes)
{
    EBB_REQUIRE_OR(4, ch->done != NULL || ch->active == 0, return false);
    return abort_now(ch, bytes);
}

ebb_poll_t (ebb_dma_wait)(ebb_cx *cx, ebb_wait *w, ebb_dma_chan *ch, int32_t *result)
{
    return EBB_POLL(ebb_op_wait)(cx, w, &ch->op, result);
}

bool ebb_dma_last(const ebb_dma_chan *ch, int32_t *result)
{
    if (ebb_op_last(&ch->op, result)) {
        return true;
    }
    *result = ch->stopped;
    return false;
}

ebb_poll_t (ebb_dma_copy)(ebb_cx *cx, ebb_wait *w, ebb_dma_chan *ch, void *dst, const void *src, size_t len,
                          int32_t *result)
{
    if (w->task == NULL) {
        /* Not registered: this await has not started its copy yet (its
         * first poll either completes or registers `w`). */
        if (ebb_cx_cancelling(cx)) {
            return EBB_PENDING; /* nothing of ours runs */
        }
        uintptr_t const d = (uintptr_t)dst;
        uintptr_t const sa = (uintptr_t)src;
        uintptr_t const all = d | sa | (uintptr_t)len;
        uint8_t const width = (all & 3u) == 0 ? 4u : (all & 1u) == 0 ? 2u : 1u;
        if (len == 0) {
            *result = 0;
            return EBB_READY;
        }
        EBB_REQUIRE_OR(3, len / width <= ch->max_items, *result = EBB_EINVAL; return EBB_READY);
        ebb_dma_xfer const x = {.src = sa, .dst = d, .len = (uint32_t)len, .width = width,
                                .flags = EBB_DMA_SRC_INC | EBB_DMA_DST_INC};
        int const rc = ebb_dma_start(ch, &x, NULL, NULL);
        if (rc != EBB_OK) {
            *result = rc;
            return EBB_READY;
        }
    }
    return EBB_POLL(ebb_op_wait)(cx, w, &ch->op, result);
}
