/* op.c - one-shot hardware operations as awaitables (ebb/op.h). */
#include "ebb/op.h"
#include "ebb/driver/port.h"
#include "ebb/driver/wait.h"

EBB_MODULE("op");

int ebb_op_start(ebb_op *op, ebb_op_stop_fn stop, void *ctx)
{
    EBB_REQUIRE_OR(1, op != NULL, return EBB_EINVAL);
    ebb_irq_state s = ebb_port_lock();
    if (op->state != EBB__OP_IDLE) {
        ebb_port_unlock(s);
        return EBB_EBUSY;
    }
    op->stop = stop;
    op->ctx = ctx;
    op->last_done = 0;
    op->state = EBB__OP_RUNNING;
    ebb_port_unlock(s);
    return EBB_OK;
}

bool ebb_op_complete(ebb_op *op, int32_t result)
{
    EBB_REQUIRE_OR(1, op != NULL, return false);
    ebb_irq_state s = ebb_port_lock();
    /* Stopping: the hook has not taken effect yet, and the operation did
     * finish - recorded, so that the cancel can report it. */
    bool const taken = op->state == EBB__OP_RUNNING || op->state == EBB__OP_STOPPING;
    if (taken) {
        op->result = result;
        op->state = EBB__OP_DONE;
        (void)ebb_waitlist_wake_one_locked(&op->waiter);
    }
    ebb_port_unlock(s);
    return taken;
}

ebb_poll_t (ebb_op_wait)(ebb_cx *cx, ebb_wait *w, ebb_op *op, int32_t *result)
{
    EBB_REQUIRE_OR(1, op != NULL, return EBB_PENDING);
    ebb_irq_state s = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &op->waiter))) {
        ebb_port_unlock(s);
        return ebb__wait_refuse(cx, w);
    }
    if (ebb_cx_cancelling(cx)) {
        ebb_wait_remove_locked(w);
        if (op->state == EBB__OP_RUNNING) {
            op->state = EBB__OP_STOPPING;
            ebb_op_stop_fn const stop = op->stop;
            void *const ctx = op->ctx;
            ebb_port_unlock(s);
            if (stop != NULL) {
                stop(ctx); /* the hardware stops before the cancel returns */
            }
            s = ebb_port_lock();
        }
        /* Done (before or during the stop): the result stays readable. */
        op->last_done = op->state == EBB__OP_DONE;
        op->state = EBB__OP_IDLE;
        ebb_port_unlock(s);
        return EBB_PENDING;
    }
    ebb_poll_t r = EBB_PENDING;
    if (op->state == EBB__OP_DONE) {
        ebb_wait_remove_locked(w);
        *result = op->result;
        op->last_done = 1;
        op->state = EBB__OP_IDLE;
        r = EBB_READY;
    } else if (op->state == EBB__OP_RUNNING) {
        ebb_wait_add_locked(cx, w, &op->waiter); /* a re-poll: already there */
    } else {
        ebb_wait_remove_locked(w);
        ebb_port_unlock(s);
        EBB_REQUIRE(2, false); /* nothing was started: nothing would come */
        *result = EBB_EINVAL;
        return EBB_READY;
    }
    ebb_port_unlock(s);
    return r;
}
