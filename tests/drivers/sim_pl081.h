/*
 * sim_pl081.h - a simulated ARM PL081 DMA controller (two channels; PL080
 * TRM DDI 0196, PL081 TRM DDI 0218) on the bus of sim_pl022.c, its
 * request lines driven by the simulated PL022's DMA requests, for host
 * tests of hal/pl081/pl081.c with the DMA class and of the SPI class's DMA
 * mode with hal/pl022/pl022.c.  QEMU 7.2's PL081 serves no request line,
 * so memory-to-peripheral and peripheral-to-memory run here only.
 *
 * Every register access of the drivers goes through sim_amba() (the
 * EBB_PL081_ACCESS seam of ebb_pl081_regs.h; one bus tick each: the PL022
 * shifts, then the controller moves at most one item), and the simulation
 * sees the driver's stores at the next access (or tick), as a bus does one
 * cycle later; the address stores come through sim_pl081_addr_write() (the
 * EBB_PL081_ADDR_WRITE seam), which keeps the host's full addresses.
 *
 * A channel's CONFIG.E set starts it with the SRC, DST, CTRL stored (LLI 0,
 * TransferSize not 0, bursts of one item, equal widths, flow control by the
 * DMAC - 0 memory to memory, 1 memory to peripheral, 2 peripheral to
 * memory - or the test aborts); a store to SRC, DST, LLI or CTRL, or to
 * CONFIG other than clearing E, while the channel is enabled aborts the
 * test.  E cleared while it runs stops it at once (the TRM's immediate
 * abort; the item in flight is not modelled: items move whole).  Each tick
 * the enabled channel with a request moves one item, channel 0 first (the
 * higher priority): memory to memory always has one; a peripheral side has
 * one when its request line (SRCPERIPH / DSTPERIPH) is sim_pl081_tx_line
 * with the PL022's transmit request up, or sim_pl081_rx_line with its
 * receive request up (the test's wiring, not a board's); another line has
 * none and the channel waits.  A peripheral side must be the PL022's DR,
 * in bytes.  Each item decrements TransferSize in CTRL; at 0 the channel
 * clears E and, with CTRL.I, sets its raw terminal-count status.  An item
 * whose memory side lies in [sim_pl081_bad_lo, sim_pl081_bad_hi) is a bus
 * error: raw error status set, E cleared, nothing moved.  IntTCClear and
 * IntErrClr clear raw status; IntTCStatus and IntErrorStatus are the raw
 * status masked by each channel's CONFIG.ITC / IE; the combined line is
 * high while either is not 0, and the NVIC latches it (handler
 * sim_pl081_handler).  Not modelled: linked lists, bursts, the channel
 * FIFO and data lost in it by an abort, halt (H) and active (A), locked
 * transfers, the AHB masters, big-endian masters, peripheral flow control.
 */
#ifndef SIM_PL081_H
#define SIM_PL081_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_pl022.h"
void sim_pl081_addr_write(volatile uint32_t *reg, uintptr_t a);
#define EBB_PL081_ACCESS(r) ((ebb_pl081_regs *)sim_amba((uintptr_t)(r)))
#define EBB_PL081_ADDR_WRITE(reg, a) sim_pl081_addr_write(&(reg), (a))

#include "ebb_pl081.h"

/* mps2-an505's DMA0 (boards/mps2-an505): its address and combined line. */
#define SIM_PL081_BASE 0x50110000u
#define SIM_PL081_IRQ 58u

extern ebb_pl081_regs sim_pl081;
extern void (*sim_pl081_handler)(void);  /* the combined line's handler */
extern unsigned sim_pl081_tx_line;       /* the PL022's transmit request */
extern unsigned sim_pl081_rx_line;       /* and its receive request */
extern unsigned long sim_pl081_items[2]; /* items moved per channel */
extern unsigned long sim_pl081_irqs;     /* handler runs */
extern bool sim_pl081_nvic_enabled;
extern uintptr_t sim_pl081_bad_lo, sim_pl081_bad_hi;

/* Power-on state (after sim_pl022_reset()). */
void sim_pl081_reset(void);
/* True while channel `n` is enabled. */
bool sim_pl081_running(unsigned n);
/* True while the line is latched in the NVIC, not yet taken. */
bool sim_pl081_pending(void);

#endif
