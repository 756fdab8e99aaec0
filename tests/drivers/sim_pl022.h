/*
 * sim_pl022.h - a simulated ARM PL022 (PrimeCell SSP, TRM DDI 0194) as an
 * SPI master with its NVIC line, on an AMBA bus that other simulated
 * blocks can join (sim_pl081.c), for host tests of hal/pl022/pl022.c with
 * the SPI class (hal/common/spi.c) - its DMA mode above all, which QEMU
 * 7.2 cannot run (its PL081 serves no request line).
 *
 * Every register access of the driver goes through sim_amba() (the
 * EBB_PL022_ACCESS seam of ebb_pl022_regs.h, defined here first), so the
 * simulation gets control before each one: one bus tick passes per access
 * (the bus runs while the CPU works), and an interrupt is taken there if
 * its line is high and nothing masks it (the port lock: the host port's
 * ebb_host_irq() holds it back until the outermost unlock).  DR's loads
 * and stores come through sim_pl022_dr_read() / sim_pl022_dr_write() (the
 * EBB_PL022_DR_* seam), which give them their side effects; the driver's
 * other stores are seen at the next access or tick (ICR's clears).
 *
 * What is modelled: a transmit FIFO and a receive FIFO of 8 entries each
 * (a store to DR with the transmit FIFO full, or a load with the receive
 * FIFO empty, aborts the test); with CR1.SSE set, the shifter takes the
 * oldest transmit entry and shifts it for sim_pl022_shift_ticks ticks;
 * its echo - the byte itself in loop-back (CR1.LBM, or sim_pl022_loopback:
 * MISO tied to MOSI), its complement otherwise (a device that answers) -
 * enters the receive FIFO, or is lost with ROR raised if the FIFO is full
 * (counted: the drivers must never cause one).  SR: TFE, TNF, RNE, RFF,
 * BSY (shifting, or the transmit FIFO not empty).  RIS: TXRIS (transmit
 * FIFO half empty or more: 4 entries or fewer), RXRIS (receive FIFO half
 * full or more), RTRIS (receive FIFO not empty and no frame for
 * sim_pl022_rt_ticks ticks; cleared by ICR.RTIC, by the FIFO becoming
 * empty and by a new frame), RORRIS (cleared by ICR.RORIC); MIS = RIS &
 * IMSC; the line is high while MIS is not 0, and the NVIC latches it as
 * sim_spi.c's does.  DMACR: with TXDMAE the transmit request is up while
 * the transmit FIFO has room, with RXDMAE the receive request while the
 * receive FIFO holds an entry (the single requests; sim_pl081.c serves
 * them).  Not modelled: frame formats other than 8-bit Motorola SPI, the
 * slave mode, the burst requests, the bit-level timing of the clock
 * phases, CPSR/SCR (the shift time is the test's).
 */
#ifndef SIM_PL022_H
#define SIM_PL022_H

#include <stdbool.h>
#include <stdint.h>
#include "sim_bus.h" /* the bus it shares with sim_pl081.c */

void *sim_amba(uintptr_t addr);
uint32_t sim_pl022_dr_read(void *r);
void sim_pl022_dr_write(void *r, uint32_t v);
#define EBB_PL022_ACCESS(r) ((ebb_pl022_regs *)sim_amba((uintptr_t)(r)))
#define EBB_PL022_DR_READ(r) sim_pl022_dr_read(r)
#define EBB_PL022_DR_WRITE(r, v) sim_pl022_dr_write((r), (v))

#include "ebb_pl022.h"

/* mps2-an505's SPI0 (boards/mps2-an505): the address and line the test
 * uses; nothing else of the board is modelled. */
#define SIM_PL022_BASE 0x50205000u
#define SIM_PL022_IRQ 51u

void SSP_IRQHandler(void); /* the test's handler: ebb_spi_isr() */

extern ebb_pl022_regs sim_pl022;
extern unsigned sim_pl022_shift_ticks;   /* ticks per frame */
extern unsigned sim_pl022_rt_ticks;      /* quiet ticks before RTRIS */
extern bool sim_pl022_loopback;
extern bool sim_pl022_stalled;            /* SSPCLK stopped: the frame shifting never ends */
extern void (*sim_pl022_on_access)(void); /* called before each register access (time passing) */
extern unsigned long sim_pl022_overruns; /* echoes lost on a full FIFO */
extern unsigned long sim_pl022_irqs;     /* handler runs */
extern unsigned long sim_pl022_bytes;    /* frames shifted out */
extern bool sim_pl022_nvic_enabled;

/* Power-on state; shift time `ticks`. */
void sim_pl022_reset(unsigned ticks, bool loopback);
/* Let `ticks` bus ticks pass outside the driver (interrupts taken as they
 * come, unless the lock is held). */
void sim_pl022_run(unsigned long ticks);
/* True while a frame waits or shifts. */
bool sim_pl022_busy(void);
unsigned sim_pl022_tx_level(void);
unsigned sim_pl022_rx_level(void);
/* The request lines a DMA channel sees. */
bool sim_pl022_tx_request(void);
bool sim_pl022_rx_request(void);

#endif
