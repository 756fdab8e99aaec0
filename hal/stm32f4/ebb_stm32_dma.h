/*
 * ebb_stm32_dma.h - a stream of the STM32F4's DMA1 or DMA2 (RM0390
 * section 9) as a channel of the DMA class (ebb_dma.h): this driver holds
 * only the register code - programming a stream, disabling it, its
 * remaining count, and the interrupt that reports the end of a transfer.
 *
 *     static ebb_stm32_dma_stream rx_stream;
 *     void DMA2_Stream0_IRQHandler(void) { ebb_stm32_dma_isr(&rx_stream); }
 *     ...
 *     ebb_stm32_dma_init(&rx_stream, EBB_STM32_DMA2_BASE, 0,
 *                        EBB_STM32_IRQ_DMA2_STREAM(0), prio);
 *     // &rx_stream.dma is the ebb_dma_chan
 *
 * A transfer is one stream transfer, not circular, not double-buffered,
 * single (not burst) accesses: at most 65535 items (SxNDTR has 16 bits).
 * The request channel (SxCR.CHSEL, 0..7) is ebb_dma_xfer::request - the
 * column of RM0390's request mapping tables (DMA2 stream 0 / 2 and
 * stream 3 / 5, channel 3, serve SPI1's RX and TX).  A transfer with a
 * peripheral side uses direct mode (no FIFO), the peripheral as the
 * source (EBB_DMA_SRC_PERIPH) or the destination (EBB_DMA_DST_PERIPH);
 * memory to memory (neither flag) runs with the FIFO, on DMA2 only
 * (contract stm32_dma:2).  The stream interrupts at its transfer complete
 * (all items moved) and transfer error (a bus error: the hardware
 * disables the stream; reported EBB_DMA_EBUS).  The direct mode and FIFO
 * error interrupts stay off: neither stops a stream, and with single
 * accesses at one request per item neither can lose an item.
 *
 * The abort clears SxCR.EN and waits until it reads 0 (the stream ends the
 * single access it is in, a few bus cycles), then clears the stream's
 * flags; the count it reports is SxNDTR's (items not yet moved to the
 * destination; in direct mode a memory-to-peripheral stream has read one
 * item ahead from memory).
 *
 * Not modelled by QEMU 7.2's netduinoplus2 (reads 0, writes ignored):
 * the driver is tested on the host against a register simulation
 * (tests/drivers/sim_dma.c).
 */
#ifndef EBB_STM32_DMA_H
#define EBB_STM32_DMA_H

#include <stdint.h>

#include "ebb_dma.h"
#include "regs/dma.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Items of one transfer (SxNDTR). */
#define EBB_STM32_DMA_MAX_ITEMS EBB_STM32_DMA_NDTR_MAX

/** One stream; `dma` is its channel of the DMA class.  The other members
 *  are the driver's. */
typedef struct ebb_stm32_dma_stream {
    ebb_dma_chan dma;
    uintptr_t base;  /* DMA1 or DMA2 */
    uint8_t stream;  /* 0..7 */
    uint8_t irq;     /* its interrupt line */
} ebb_stm32_dma_stream;

/**
 * Set stream `stream` (0..7) of the controller at `base`
 * (EBB_STM32_DMA1_BASE / EBB_STM32_DMA2_BASE) up as an idle channel:
 * the controller's clock on, the stream disabled, its flags cleared, its
 * interrupt line `irq` (EBB_STM32_IRQ_DMAn_STREAM(stream)) at logical
 * priority `prio` (>= the port's ceiling) enabled.  The application's
 * DMAn_StreamS_IRQHandler calls ebb_stm32_dma_isr(s).
 * Contract stm32_dma:1 - s != NULL, base is DMA1 or DMA2 and stream <= 7
 *                        (always checked: nothing done).
 * Contract stm32_dma:2 - a transfer later started on the stream has at
 *                        most one peripheral side, and memory to memory
 *                        runs on DMA2 only (contracts off: that transfer
 *                        ends at once with EBB_DMA_EBUS).
 * The stream selects request channels (SxCR.CHSEL) 0..7 (dma:5 refuses
 * a larger one).
 * Context: init.  Cost: a few register writes.
 */
void ebb_stm32_dma_init(ebb_stm32_dma_stream *s, uintptr_t base, unsigned stream, unsigned irq, unsigned prio);

/**
 * The stream's interrupt handler's body: reports a transfer complete or a
 * transfer error to the class (ebb_dma_complete), clears the flags.
 * Context: the stream's interrupt.  Cost: O(1), a few register accesses
 * and the class's completion.
 */
void ebb_stm32_dma_isr(ebb_stm32_dma_stream *s);

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_DMA_H */
