/*
 * sim_spi.h - a simulated STM32F4 SPI1 (master, one transmit buffer and a
 * shift register), its RCC bits and NVIC line, for host tests of
 * hal/stm32f4/stm32_spi.c with the SPI class (hal/common/spi.c).
 *
 * Every register access of the driver goes through sim_periph(), so the
 * simulation gets control before each one: one bus tick passes per access
 * (the bus runs while the CPU works), and the interrupt is taken there if
 * its line is high and nothing masks it (the port lock: the host port's
 * ebb_host_irq() holds it back until the outermost unlock).  DR's loads and
 * stores come through sim_spi_dr_read() / sim_spi_dr_write() (regs/spi.h's
 * seam), which give them their side effects.
 *
 * What is modelled: a byte written to DR waits in the transmit buffer
 * (TXE clear) until the shift register is free, then takes
 * sim_spi_shift_ticks ticks; its echo - the byte itself in loop-back, its
 * complement otherwise (a device that answers) - lands in the receive
 * buffer and sets RXNE; an echo landing on a set RXNE is an overrun
 * (counted; the driver must never cause one).  The line is high while
 * RXNEIE and RXNE, or TXEIE and TXE, are set; the NVIC latches it, clears
 * pending on entry, re-pends at exit if it is still high, and takes a
 * software pend (ebb_cm_irq_pend) too.  With RXDMAEN / TXDMAEN set,
 * RXNE / TXE are DMA requests, served by sim_dma.c.  Not modelled: CRC, modes other
 * than 8-bit master, MODF, the bit-level timing of CPOL/CPHA.
 */
#ifndef SIM_SPI_H
#define SIM_SPI_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_periph.h"
#include "sim_bus.h" /* the bus it shares with sim_dma.c */
uint32_t sim_spi_dr_read(volatile void *r);
void sim_spi_dr_write(volatile void *r, uint32_t v);
#define EBB_STM32_SPI_DR_READ(r) sim_spi_dr_read(r)
#define EBB_STM32_SPI_DR_WRITE(r, v) sim_spi_dr_write((r), (v))

#include "ebb_stm32_spi.h"
#include "regs/rcc.h"

void SPI1_IRQHandler(void); /* the test's handler: ebb_spi_isr() */

extern ebb_stm32_spi_regs sim_spi;
extern ebb_stm32_rcc_regs sim_rcc;
extern unsigned sim_spi_shift_ticks; /* ticks per byte on the bus */
extern bool sim_spi_loopback;
extern unsigned long sim_spi_overruns;  /* echoes lost on a full RXNE */
extern unsigned long sim_spi_irqs;      /* handler runs */
extern unsigned long sim_spi_bytes;     /* bytes shifted out */
extern bool sim_spi_nvic_enabled;

/* Power-on state; shift time `ticks`. */
void sim_spi_reset(unsigned ticks, bool loopback);
/* Let `ticks` bus ticks pass outside the driver (interrupts taken as they
 * come, unless the lock is held). */
void sim_spi_run(unsigned long ticks);
/* Let the bus run until nothing is in the transmit buffer or the shift
 * register, with no interrupt taken (an ebb_host_isr_fn: the echo lands
 * inside whatever the driver is doing). */
void sim_spi_finish_shift(void *unused);
/* True while a byte waits or shifts. */
bool sim_spi_busy(void);
/* The request lines a DMA stream sees: RXNE, TXE. */
bool sim_spi_rxne(void);
bool sim_spi_txe(void);

#endif
