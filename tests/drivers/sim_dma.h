/*
 * sim_dma.h - simulated STM32F4 DMA1 and DMA2 (eight streams each) on the
 * bus of sim_spi.c, for host tests of hal/stm32f4/stm32_dma.c and of the
 * SPI class's DMA mode with hal/stm32f4/stm32_spi.c.
 *
 * Every register access of the drivers goes through sim_periph() (one bus
 * tick each: the SPI shifts, then every enabled stream moves at most one
 * item), and the simulation sees the drivers' stores at the next access
 * (or tick), as a bus does one cycle later: SxCR.EN set starts a stream
 * with the NDTR, PAR and M0AR stored; EN cleared while the stream runs
 * stops it sim_dma_stop_ticks ticks later (default 2): EN reads 1 until
 * then, and then the item it was moving lands (if it had a request) and
 * NDTR counts it; LIFCR/HIFCR clear flags.  A store to NDTR, PAR,
 * M0AR, FCR or a configuration change of CR while the stream is enabled
 * aborts the test, as do a zero NDTR at enable, sizes other than bytes on
 * the SPI, direct mode for memory to memory, memory to memory on DMA1 and
 * an SPI request served with PAR other than SPI1's DR.
 *
 * Requests: DMA2 stream 0 or 2, channel 3, peripheral to memory: SPI1's
 * RXNE with RXDMAEN (the stream reads DR); DMA2 stream 3 or 5, channel 3,
 * memory to peripheral: TXE with TXDMAEN and SPE (the stream writes DR).
 * Any other peripheral stream gets no request and moves nothing.  Memory
 * to memory moves an item per tick.  Each item decrements NDTR; at 0 the
 * stream sets TCIF and clears EN.  An item whose memory side lies in
 * [sim_dma_bad_lo, sim_dma_bad_hi) is a bus error: TEIF set, EN cleared,
 * nothing moved.  A stream's line is high while a flag and its enable
 * (TCIE, TEIE, HTIE, DMEIE, FCR.FEIE) are set; the NVIC latches it, as
 * sim_spi.c's; the test names the handlers (sim_dma_handler).  Not
 * modelled: the FIFO's bursts and thresholds, half transfer, circular and
 * double-buffer modes, priorities between streams, PFCTRL.
 */
#ifndef SIM_DMA_H
#define SIM_DMA_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_periph.h"
void sim_dma_addr_write(volatile uint32_t *reg, uintptr_t a);
#define EBB_STM32_DMA_ADDR_WRITE(reg, a) sim_dma_addr_write(&(reg), (a))

#include "ebb_stm32_dma.h"
#include "sim_spi.h"

extern ebb_stm32_dma_regs sim_dma[2];           /* DMA1, DMA2 */
extern void (*sim_dma_handler[2][8])(void);     /* the streams' handlers */
extern unsigned long sim_dma_items[2][8];       /* items moved */
extern unsigned long sim_dma_irqs[2][8];        /* handler runs */
extern bool sim_dma_nvic_enabled[2][8];
extern unsigned sim_dma_stop_ticks;             /* EN reads 1 this long after a clear */
extern uintptr_t sim_dma_bad_lo, sim_dma_bad_hi; /* memory that answers with a bus error */

/* Power-on state of both controllers (after sim_spi_reset()). */
void sim_dma_reset(void);
/* True while stream `n` of controller `c` (0: DMA1, 1: DMA2) runs. */
bool sim_dma_running(unsigned c, unsigned n);
/* True while its line is latched in the NVIC, not yet taken. */
bool sim_dma_pending(unsigned c, unsigned n);

#endif
