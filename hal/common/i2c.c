/* i2c.c - the chip-independent half of ebb's I2C drivers; see ebb_i2c.h.
 * Compiled into each HAL library that has an I2C driver. */
#include "ebb_i2c.h"

#include "ebb/async.h"
#include "ebb/contract.h"
#include "ebb/driver/port.h"

EBB_MODULE("i2c");

bool ebb_i2c_init(ebb_i2c *i2c, const ebb_i2c_ops *ops, ebb_ticks timeout)
{
    ebb_irq_state s = ebb_port_lock();
    /* The awaiting task's wait and the armed timeout are linked into lists
     * that would be cut by writing over them. */
    bool const idle = !ebb_op_busy(&i2c->op) && ebb_waitlist_empty(&i2c->op.waiter) &&
                      !ebb_timer_armed(&i2c->timer);
    if (idle) {
        EBB_SET_UNLINKED(*i2c, (ebb_i2c){.op = EBB_OP_INITIALIZER, .ops = ops, .timer = EBB_TIMER_INITIALIZER,
                                         .timeout = timeout});
    }
    ebb_port_unlock(s);
    EBB_REQUIRE_OR(2, idle, return false);
    return true;
}

/* The op's stop hook: a cancel or the timeout stops the peripheral. */
static void op_stop(void *ctx)
{
    ebb_i2c *i2c = (ebb_i2c *)ctx;
    i2c->ops->stop(i2c);
}

ebb_poll_t (ebb_i2c_transfer)(ebb_cx *cx, ebb_wait *w, ebb_i2c *i2c, uint8_t addr7, const void *tx, size_t txlen,
                              void *rx, size_t rxlen, int32_t *result)
{
    if (w->task == NULL) {
        /* Not registered: this await has not started its transfer yet
         * (its first poll either ends or registers `w`). */
        if (ebb_cx_cancelling(cx)) {
            return EBB_PENDING; /* nothing of ours runs */
        }
        bool const ok = i2c->ops != NULL && addr7 <= 0x7Fu && txlen + rxlen > 0 && txlen <= 0xFFFFu && rxlen <= 0xFFFFu &&
                        (tx != NULL || txlen == 0) && (rx != NULL || rxlen == 0);
        EBB_REQUIRE_OR(1, ok, *result = EBB_EINVAL; return EBB_READY);
        if (ebb_op_start(&i2c->op, op_stop, i2c) != EBB_OK) {
            *result = EBB_EBUSY;
            return EBB_READY;
        }
        i2c->x = (ebb_i2c_xfer){.tx = (const uint8_t *)tx, .rx = (uint8_t *)rx, .txlen = (uint16_t)txlen,
                                .rxlen = (uint16_t)rxlen, .addr = addr7};
        i2c->deadline = ebb_ticks_add(ebb_now(), i2c->timeout);
        i2c->ops->start(i2c);
    }
    ebb_poll_t const r = EBB_POLL(ebb_op_wait)(cx, w, &i2c->op, result);
    if (ebb_cx_cancelling(cx) || ebb_poll_is_ready(r)) {
        EBB__CANCEL_IN(cx, EBB_POLL(ebb_sleep_until)(cx, &i2c->timer, i2c->deadline)); /* disarm */
        return r;
    }
    if (!ebb_poll_is_ready(EBB_POLL(ebb_sleep_until)(cx, &i2c->timer, i2c->deadline))) {
        return EBB_PENDING; /* both armed: the completion or the deadline wakes us */
    }
    /* The deadline passed first: stop it as a cancel would; a completion
     * that came meanwhile is kept. */
    EBB__CANCEL_IN(cx, EBB_POLL(ebb_op_wait)(cx, w, &i2c->op, result));
    if (!ebb_op_last(&i2c->op, result)) {
        *result = EBB_ETIMEDOUT;
    }
    return EBB_READY;
}
