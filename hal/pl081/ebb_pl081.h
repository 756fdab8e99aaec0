/*
 * ebb_pl081.h - the ARM PrimeCell PL081 DMA controller (two channels) as
 * two ebb_dma_chan channels of the DMA class (ebb_dma.h): this driver holds
 * only the register code - programming a channel, disabling it, its
 * remaining count, and the interrupt that reports a terminal count or an
 * error to the class.
 *
 * A transfer is one hardware transfer without linked items: at most 4095
 * items (the 12-bit TransferSize field), so up to 16380 bytes of words.
 * Memory-to-memory transfers are flow-controlled by the DMAC; a peripheral
 * side (EBB_DMA_SRC_PERIPH / EBB_DMA_DST_PERIPH) uses the request line
 * ebb_dma_xfer::request with the DMAC as flow controller.  Both AHB
 * masters are left on master 1.  The abort is the TRM's immediate one
 * (clear the channel's enable bit): data still in the channel FIFO is
 * lost, so the bytes an abort reports were read from the source and may
 * not all have reached the destination.
 *
 * One interrupt per controller: its combined line (DMACINTR) carries the
 * terminal-count and error interrupts of both channels; the application's
 * handler for that line calls ebb_pl081_isr().
 *
 * QEMU 7.2 (measured by tests/firmware/pl081): a transfer runs to its end
 * inside the store that enables the channel, so the terminal-count
 * status is set when that store completes and a cancel can never catch a
 * transfer in flight; the interrupt lines follow the status only at a
 * store to a controller register (the driver writes IntTCClear with 0
 * after the enabling store, harmless on hardware); the error interrupt is never raised (a
 * transfer from an address nothing answers completes, reading zeros).
 * No AN505 peripheral raises a DMA request, so a transfer that names a
 * peripheral side waits for ever (it stays enabled, nothing moves);
 * peripheral flow control (flow >= 4, which this driver never uses) stops
 * QEMU with an error.  The peripheral side is therefore tested on the host,
 * against register simulations of the PL081 and the PL022
 * (tests/drivers/sim_pl081.c, drivers.test_spi_dma_pl022).
 */
#ifndef EBB_PL081_H
#define EBB_PL081_H

#include <stdint.h>

#include "ebb_dma.h"
#include "ebb_pl081_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Items of one transfer (the TransferSize field). */
#define EBB_PL081_MAX_ITEMS 4095u

typedef struct ebb_pl081 ebb_pl081;

/** One channel: the class's channel and where it sits. */
typedef struct ebb_pl081_chan {
    ebb_dma_chan dma;  /* the class half: hand &ch->dma to ebb_dma_* */
    ebb_pl081 *ctl;
    uint8_t index;     /* 0 or 1 */
} ebb_pl081_chan;

/** A controller and its two channels. */
struct ebb_pl081 {
    ebb_pl081_regs *regs;
    ebb_pl081_chan ch[2];
};

/**
 * Set up the controller at `base`: enabled (little-endian masters), both
 * channels disabled with their interrupt status cleared, and its combined
 * interrupt line `irq` enabled at logical priority `prio` (>= the port's
 * ceiling).  Afterwards &c->ch[0].dma and &c->ch[1].dma are idle channels.
 * Contract pl081:1 - c != NULL and base != 0 (always checked: nothing is
 * set up).
 * The channels select request lines 0..15 (dma:5 refuses a larger one).
 * Context: init.  Cost: a dozen register writes.
 */
void ebb_pl081_init(ebb_pl081 *c, uintptr_t base, unsigned irq, unsigned prio);

/** The class channel `n` (0 or 1) of `c`.  Contract pl081:2 - n < 2
 *  (contracts off: channel 1).  Context: any.  Cost: O(1). */
ebb_dma_chan *ebb_pl081_channel(ebb_pl081 *c, unsigned n);

/**
 * The interrupt of controller `c` (call it from the handler of its
 * combined line): each channel that reached its terminal count completes
 * with all its bytes, each that signalled an error is disabled and
 * completes with EBB_DMA_EBUS.
 * Context: interrupt.  Cost: O(1), a few register accesses per channel.
 */
void ebb_pl081_isr(ebb_pl081 *c);

#ifdef __cplusplus
}
#endif

#endif /* EBB_PL081_H */
