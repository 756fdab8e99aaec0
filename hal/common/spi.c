/* spi.c - the chip-independent half of ebb's SPI master drivers; see
 * ebb_spi.h.  Compiled into each HAL library whose chip has an SPI. */
#include "ebb_spi.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"

EBB_MODULE("spi");

/* The echoes of bytes still on the wire after a stop are the next
 * transfer's to drop (they arrive whether or not anyone waits for them).
 * Lock held. */
static void settle_locked(ebb_spi *spi)
{
    spi->stale = (uint8_t)ebb_spi_in_flight(spi);
    spi->sent = spi->received;
}

/* The last byte is in: quiet the chip, report the transfer done (waking
 * its task, or readying the await about to be polled).  Lock held. */
static void complete_if_done_locked(ebb_spi *spi)
{
    if (spi->received == spi->len) {
        spi->running = 0;
        spi->ops->stop(spi);
        (void)ebb_op_complete(&spi->op, (int32_t)spi->len);
    }
}

/* The operation's stop hook (a cancel of the awaiting task): after it, no
 * interrupt feeds or completes this transfer.  A completion that got in
 * first stands: ebb_op keeps it. */
static void stop_hook(void *ctx)
{
    ebb_spi *spi = ctx;
    ebb_irq_state s = ebb_port_lock();
    spi->running = 0;
    spi->ops->stop(spi);
    if (spi->received == spi->len) {
        /* The stop took the last echo: every byte is through - completed,
         * as ebb_spi_last() will say. */
        (void)ebb_op_complete(&spi->op, (int32_t)spi->len);
    }
    settle_locked(spi);
    ebb_port_unlock(s);
}

uint32_t ebb_spi_configure(ebb_spi *spi, ebb_spi_mode mode, uint32_t hz)
{
    EBB_REQUIRE_OR(1, spi != NULL && spi->ops != NULL, return 0);
    EBB_REQUIRE_OR(2, (unsigned)mode <= 3u && hz > 0, return 0);
    EBB_REQUIRE_OR(3, !ebb_op_busy(&spi->op), return 0);
    return spi->ops->configure(spi, mode, hz);
}

ebb_poll_t (ebb_spi_transfer)(ebb_cx *cx, ebb_wait *w, ebb_spi *spi, const void *tx, void *rx, size_t len,
                              int32_t *result)
{
    EBB_REQUIRE_OR(1, spi != NULL && spi->ops != NULL, *result = EBB_EINVAL; return EBB_READY);
    ebb_irq_state s;
    if (spi->owner != w) {
        if (ebb_cx_cancelling(cx)) {
            return EBB_PENDING; /* this await started nothing */
        }
        EBB_REQUIRE_OR(4, len <= (size_t)INT32_MAX, *result = EBB_EINVAL; return EBB_READY);
        if (len == 0) {
            *result = 0;
            return EBB_READY;
        }
        s = ebb_port_lock();
        /* The owner stays set until its await has seen the op go idle, so
         * both tests are needed: a transfer runs, or its await is ending. */
        if (spi->owner != NULL || ebb_op_start(&spi->op, stop_hook, spi) != EBB_OK) {
            ebb_port_unlock(s);
            *result = EBB_EBUSY;
            return EBB_READY;
        }
        spi->owner = w;
        spi->tx = (const uint8_t *)tx;
        spi->rx = (uint8_t *)rx;
        spi->len = (uint32_t)len;
        spi->sent = spi->received = 0;
        spi->running = 1;
        spi->ops->start(spi);
        complete_if_done_locked(spi); /* a chip that took it all at once */
        ebb_port_unlock(s);
    }
    ebb_poll_t const r = EBB_POLL(ebb_op_wait)(cx, w, &spi->op, result);
    if (!ebb_op_busy(&spi->op)) {
        s = ebb_port_lock();
        if (spi->owner == w && !ebb_op_busy(&spi->op)) {
            spi->owner = NULL; /* READY or cancelled: the bus is free */
        }
        ebb_port_unlock(s);
    }
    return r;
}

void ebb_spi_isr(ebb_spi *spi)
{
    ebb_irq_state s = ebb_port_lock();
    if (spi->running) {
        spi->ops->feed(spi);
        complete_if_done_locked(spi);
    } else {
        spi->ops->stop(spi); /* nothing in flight: quiet the chip */
        settle_locked(spi);
    }
    ebb_port_unlock(s);
}
