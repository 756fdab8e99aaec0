/*
 * ebb_pl022.h - ARM PL022 (PrimeCell SSP) as an ebb SPI master (the class
 * is ebb_spi.h: an application uses ebb_spi_configure() and
 * ebb_spi_transfer() on the object this driver initialises).
 *
 * Interrupt driven from the FIFO levels, never waiting for the bus: up to
 * 8 bytes (the FIFOs' depth) are in flight, so the receive FIFO cannot
 * overrun; the RX interrupt (receive FIFO at least half full) takes the
 * echoes and refills the transmit FIFO, and the receive timeout interrupt
 * (the FIFO holds fewer than 4 bytes and the line went quiet for 32 bit
 * periods) takes the last few.  No TX interrupt is needed: every byte sent
 * has its echo in the receive FIFO, which the RX interrupt empties.
 *
 * DMA mode (ebb_spi_use_dma(), with two channels of a DMA controller that
 * serves the PL022's request lines - the board integrator's wiring: the
 * request numbers are parameters): DMACR's TXDMAE and RXDMAE pace the
 * channels through SSPDR; a stop waits (bounded by the bit rate) until the
 * transmit FIFO is empty and the controller idle, then drops what the
 * receive FIFO still holds, so no echo reaches the next transfer.  Tested
 * on the host's register simulations of the PL022 and PL081 only: QEMU
 * 7.2's PL081 serves no request line.
 *
 * QEMU 7.2 (measured, tests/firmware/test_spi.c and docs/drivers.md): the
 * model moves bytes from the transmit FIFO to the receive FIFO at the
 * register access that makes room, with no bit time; it never raises the
 * receive timeout, so the driver takes what arrived at once again after
 * the last byte is handed over (on hardware nothing has arrived yet then,
 * and the timeout interrupt takes it).
 */
#ifndef EBB_PL022_H
#define EBB_PL022_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb_pl022_regs.h"
#include "ebb_spi.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The PL022's hooks for the SPI class. */
extern const ebb_spi_ops ebb_pl022_spi_ops;

/** Initializer of an ebb_spi on the PL022 at `base`, interrupt line `irq`
 *  at logical priority `prio` (>= the port's ceiling), SSPCLK `clk_hz`.
 *  Then ebb_spi_configure() sets mode and rate; the application's handler
 *  of `irq` calls ebb_spi_isr(). */
#define EBB_PL022_SPI_INITIALIZER(base, irq, clk_hz, prio)                                         \
    EBB_SPI_INITIALIZER(&ebb_pl022_spi_ops, (base), (irq), (clk_hz), (prio), EBB_PL022_FIFO_DEPTH)

/**
 * Switch the PL022's loop-back mode (CR1.LBM): the transmit shifter feeds
 * the receive shifter inside the chip, nothing reaches the pins - a self
 * test of the chip and its driver.  Off after ebb_spi_configure().
 * Contract pl022:1 - spi was initialised with EBB_PL022_SPI_INITIALIZER
 *                    (its ops table's configure is the PL022's) and no
 *                    transfer is in flight (always checked: nothing
 *                    changes).
 * Context: init, or a task between transfers.  Cost: two register accesses.
 */
void ebb_pl022_loopback(ebb_spi *spi, bool on);

#ifdef __cplusplus
}
#endif

#endif /* EBB_PL022_H */
