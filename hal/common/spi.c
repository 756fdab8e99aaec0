/* spi.c - the chip-independent half of ebb's SPI master drivers; see
 * ebb_spi.h.  Compiled into each HAL library whose chip has an SPI. */
#include "ebb_spi.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_dma.h"

EBB_MODULE("spi");

/* What moves the transfer in flight (ebb_spi::running): nothing, the
 * chip's interrupt (it may feed and complete), or the DMA channels. */
enum { SPI_IDLE = 0, SPI_IRQ = 1, SPI_DMA = 2 }; /* 0: EBB_SPI_INITIALIZER's */

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
        spi->running = SPI_IDLE;
        spi->ops->stop(spi);
        (void)ebb_op_complete(&spi->op, (int32_t)spi->len);
    }
}

/* The operation's stop hook (a cancel of the awaiting task): after it, no
 * interrupt feeds or completes this transfer.  A completion that got in
 * first stands: ebb_op keeps it. */
static void dma_stop(ebb_spi *spi);

static void stop_hook(void *ctx)
{
    ebb_spi *spi = ctx;
    if (spi->running == SPI_DMA) { /* set before the op started running: no race */
        dma_stop(spi);
        return;
    }
    ebb_irq_state s = ebb_port_lock();
    spi->running = SPI_IDLE;
    spi->ops->stop(spi);
    if (spi->received == spi->len) {
        /* The stop took the last echo: every byte is through - completed,
         * as ebb_spi_last() will say. */
        (void)ebb_op_complete(&spi->op, (int32_t)spi->len);
    }
    settle_locked(spi);
    ebb_port_unlock(s);
}

/* ---- the DMA mode ----
 *
 * Two channels move the bytes: the receive channel from the data register
 * into rx (or a one-byte sink), the transmit channel from tx (or the fill
 * byte) into the data register, each paced by the chip's request.  The
 * receive channel's completion is the transfer's: every byte's echo is in
 * memory.  A stop (cancel, or a channel's bus error) aborts the transmit
 * channel (no byte is handed over after it), lets the chip wait for the
 * bytes still on the wire (at most two frames on the STM32: one shifting,
 * one in the transmit buffer; nine on the PL022, whose transmit FIFO holds
 * eight) while the receive channel takes their echoes, then aborts the
 * receive channel and turns the requests off (the chip drops the echoes
 * the channel did not take: one on the STM32, up to a FIFO's worth on the
 * PL022): no echo is left to land
 * in the next transfer's buffer, so after a DMA transfer `stale` is
 * always 0.  (Counting them as stale for the next transfer, as the
 * interrupt path does, would not do: with two echoes on the wire and
 * nobody reading, the second overruns the first and is lost, and the
 * count with it; turning the receive request off before the wire is idle
 * would overrun the same way.)  A transfer
 * that would start with stale echoes (after a cancelled interrupt-driven
 * one) or is longer than a channel counts runs on the interrupt path. */

/* The transfer ends with `result` (len, or EBB_DMA_EBUS), `got` bytes in
 * rx; the hardware is stopped and drained.  A completion that came first
 * stands (running already SPI_IDLE). */
static void dma_end(ebb_spi *spi, uint32_t got, int32_t result, bool complete)
{
    ebb_irq_state s = ebb_port_lock();
    if (spi->running != SPI_IDLE) {
        spi->running = SPI_IDLE;
        spi->received = spi->sent = got;
        spi->stale = 0;
        if (complete) {
            (void)ebb_op_complete(&spi->op, result);
        }
    }
    ebb_port_unlock(s);
}

/* Requests off, both channels stopped, the wire drained.  Returns the
 * bytes the receive channel wrote (all of them if it completed). */
static uint32_t dma_halt(ebb_spi *spi, bool *rx_completed)
{
    uint32_t got = 0;
    (void)ebb_dma_abort(spi->dma_tx, NULL);
    spi->ops->drain(spi);
    *rx_completed = !ebb_dma_abort(spi->dma_rx, &got);
    spi->ops->dma(spi, false);
    return got;
}

/* Cancel (the op's stop hook, lock not held). */
static void dma_stop(ebb_spi *spi)
{
    bool rx_completed;
    uint32_t const got = dma_halt(spi, &rx_completed);
    if (rx_completed) {
        return; /* its callback completed the transfer (or failed it) */
    }
    /* Every byte in (the completion's interrupt not yet taken): completed,
     * as on the interrupt path when the stop took the last echo. */
    dma_end(spi, got, (int32_t)spi->len, got == spi->len);
}

/* A channel's bus error (its completion interrupt, lock not held): the
 * transfer ends with EBB_DMA_EBUS, the bytes known written reported. */
static void dma_fail(ebb_spi *spi, bool rx_failed)
{
    bool rx_completed;
    uint32_t const got = dma_halt(spi, &rx_completed);
    dma_end(spi, rx_failed ? 0 : got, EBB_DMA_EBUS, true);
}

static void tx_done(void *arg, int32_t result)
{
    if (result < 0) {
        dma_fail(arg, false);
    }
}

static void rx_done(void *arg, int32_t result)
{
    ebb_spi *spi = arg;
    if (result < 0) {
        dma_fail(spi, true);
        return;
    }
    /* Every echo is in, so every byte went out: the transmit channel is
     * done too, though its interrupt may not have been taken yet - retire
     * it here, so that the next transfer finds it idle. */
    (void)ebb_dma_abort(spi->dma_tx, NULL);
    spi->ops->dma(spi, false);
    dma_end(spi, spi->len, (int32_t)spi->len, true);
}

/* Start the transfer set up in `spi` on its channels; false (nothing
 * started) if it is to run on interrupts.  Lock held. */
static bool dma_start_locked(ebb_spi *spi)
{
    ebb_dma_chan *const rxc = spi->dma_rx, *const txc = spi->dma_tx;
    if (spi->stale != 0 || spi->len > rxc->max_items || spi->len > txc->max_items) {
        return false;
    }
    uintptr_t const dr = spi->ops->dma_addr(spi);
    ebb_dma_xfer const rx = {
        .src = dr,
        .dst = spi->rx != NULL ? (uintptr_t)spi->rx : (uintptr_t)&spi->sink,
        .len = spi->len,
        .width = 1,
        .flags = (uint8_t)(EBB_DMA_SRC_PERIPH | (spi->rx != NULL ? EBB_DMA_DST_INC : 0u)),
        .request = spi->rx_request,
    };
    ebb_dma_xfer const tx = {
        .src = spi->tx != NULL ? (uintptr_t)spi->tx : (uintptr_t)&spi->fill,
        .dst = dr,
        .len = spi->len,
        .width = 1,
        .flags = (uint8_t)(EBB_DMA_DST_PERIPH | (spi->tx != NULL ? EBB_DMA_SRC_INC : 0u)),
        .request = spi->tx_request,
    };
    /* First: the stop hook must see the mode the channels run in. */
    spi->running = SPI_DMA;
    if (ebb_dma_start(rxc, &rx, rx_done, spi) != EBB_OK) {
        spi->running = SPI_IRQ;
        return false; /* a channel another driver holds: interrupts */
    }
    if (ebb_dma_start(txc, &tx, tx_done, spi) != EBB_OK) {
        (void)ebb_dma_abort(rxc, NULL);
        spi->running = SPI_IRQ;
        return false;
    }
    spi->ops->dma(spi, true); /* the first request: the bytes start moving */
    return true;
}

int ebb_spi_use_dma(ebb_spi *spi, struct ebb_dma_chan *tx_chan, unsigned tx_request, struct ebb_dma_chan *rx_chan,
                    unsigned rx_request)
{
    EBB_REQUIRE_OR(1, spi != NULL && spi->ops != NULL, return EBB_EINVAL);
    EBB_REQUIRE_OR(5, (tx_chan == NULL) == (rx_chan == NULL) && (tx_chan == NULL || tx_chan != rx_chan) &&
                          (tx_chan == NULL || (spi->ops->dma_addr != NULL && spi->ops->dma != NULL &&
                                               spi->ops->drain != NULL && tx_request <= ebb_dma_max_request(tx_chan) &&
                                               rx_request <= ebb_dma_max_request(rx_chan))),
                   return EBB_EINVAL);
    EBB_REQUIRE_OR(3, !ebb_op_busy(&spi->op), return EBB_EBUSY);
    ebb_irq_state s = ebb_port_lock();
    spi->dma_tx = tx_chan;
    spi->dma_rx = rx_chan;
    spi->tx_request = (uint8_t)tx_request;
    spi->rx_request = (uint8_t)rx_request;
    ebb_port_unlock(s);
    return EBB_OK;
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
        spi->running = SPI_IRQ;
        if (spi->dma_rx == NULL || !dma_start_locked(spi)) {
            spi->ops->start(spi);
            complete_if_done_locked(spi); /* a chip that took it all at once */
        }
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
    uint8_t const running = spi->running;
    if (running == SPI_IRQ) {
        spi->ops->feed(spi);
        complete_if_done_locked(spi);
    } else if (running == SPI_IDLE) {
        spi->ops->stop(spi); /* nothing in flight: quiet the chip */
        settle_locked(spi);
    }
    /* 2: the channels move the bytes and the chip's sources are off - a
     * stray interrupt (a pend left by an interrupt-driven transfer); a
     * stop here would end the requests. */
    ebb_port_unlock(s);
}
