/* regs/dma.h - the DMA controllers DMA1 and DMA2 (RM0390 section 9.5):
 * eight streams each, a stream serving one of eight request channels. */
#ifndef EBB_STM32_REGS_DMA_H
#define EBB_STM32_REGS_DMA_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW CR;   /* 0x10 + 0x18 * stream: configuration */
    EBB_STM32_RW NDTR; /* 0x14 + ...: items left (16 bits) */
    EBB_STM32_RW PAR;  /* 0x18 + ...: peripheral address */
    EBB_STM32_RW M0AR; /* 0x1C + ...: memory address */
    EBB_STM32_RW M1AR; /* 0x20 + ...: memory address 1 (double buffer) */
    EBB_STM32_RW FCR;  /* 0x24 + ...: FIFO control */
} ebb_stm32_dma_stream_regs;

typedef struct {
    EBB_STM32_RW LISR;  /* 0x00: flags of streams 0-3 (read only) */
    EBB_STM32_RW HISR;  /* 0x04: flags of streams 4-7 (read only) */
    EBB_STM32_RW LIFCR; /* 0x08: write 1 to clear a flag of streams 0-3 */
    EBB_STM32_RW HIFCR; /* 0x0C: streams 4-7 */
    ebb_stm32_dma_stream_regs S[8];
} ebb_stm32_dma_regs;

/* A store of a memory or peripheral address into SxPAR / SxM0AR.  Host
 * tests define this first: their addresses do not fit the 32-bit
 * register (tests/drivers/sim_dma.c). */
#ifndef EBB_STM32_DMA_ADDR_WRITE
#define EBB_STM32_DMA_ADDR_WRITE(reg, a) ((reg) = (uint32_t)(a))
#endif

#define EBB_STM32_DMA1_BASE 0x40026000u /* AHB1 */
#define EBB_STM32_DMA2_BASE 0x40026400u /* AHB1; the only one that copies memory to memory */

/* Interrupt lines, one per stream. */
#define EBB_STM32_IRQ_DMA1_STREAM(n) ((n) < 7u ? 11u + (n) : 47u)
#define EBB_STM32_IRQ_DMA2_STREAM(n) ((n) < 5u ? 56u + (n) : 68u + (n) - 5u)

/* The six flags of a stream in LISR/HISR (and its bits in LIFCR/HIFCR),
 * shifted by EBB_STM32_DMA_FLAG_SHIFT(stream). */
#define EBB_STM32_DMA_FEIF (1u << 0)  /* FIFO error */
#define EBB_STM32_DMA_DMEIF (1u << 2) /* direct mode error */
#define EBB_STM32_DMA_TEIF (1u << 3)  /* transfer error */
#define EBB_STM32_DMA_HTIF (1u << 4)  /* half transfer */
#define EBB_STM32_DMA_TCIF (1u << 5)  /* transfer complete */
#define EBB_STM32_DMA_FLAGS 0x3Du
/* Streams 0, 1, 2, 3 (and 4-7 in the high registers) at bits 0, 6, 16, 22. */
#define EBB_STM32_DMA_FLAG_SHIFT(stream) (((stream) & 1u) * 6u + (((stream) >> 1) & 1u) * 16u)

/* SxCR */
#define EBB_STM32_DMA_CR_EN (1u << 0)
#define EBB_STM32_DMA_CR_DMEIE (1u << 1)
#define EBB_STM32_DMA_CR_TEIE (1u << 2)
#define EBB_STM32_DMA_CR_HTIE (1u << 3)
#define EBB_STM32_DMA_CR_TCIE (1u << 4)
#define EBB_STM32_DMA_CR_PFCTRL (1u << 5)
#define EBB_STM32_DMA_CR_DIR_P2M (0u << 6)
#define EBB_STM32_DMA_CR_DIR_M2P (1u << 6)
#define EBB_STM32_DMA_CR_DIR_M2M (2u << 6)
#define EBB_STM32_DMA_CR_DIR_MASK (3u << 6)
#define EBB_STM32_DMA_CR_CIRC (1u << 8)
#define EBB_STM32_DMA_CR_PINC (1u << 9)
#define EBB_STM32_DMA_CR_MINC (1u << 10)
#define EBB_STM32_DMA_CR_PSIZE(n) ((uint32_t)(n) << 11) /* 0 byte, 1 halfword, 2 word */
#define EBB_STM32_DMA_CR_MSIZE(n) ((uint32_t)(n) << 13)
#define EBB_STM32_DMA_CR_PINCOS (1u << 15)
#define EBB_STM32_DMA_CR_PL(n) ((uint32_t)(n) << 16) /* priority 0 low .. 3 very high */
#define EBB_STM32_DMA_CR_DBM (1u << 18)
#define EBB_STM32_DMA_CR_CT (1u << 19)
#define EBB_STM32_DMA_CR_PBURST(n) ((uint32_t)(n) << 21) /* 0: single */
#define EBB_STM32_DMA_CR_MBURST(n) ((uint32_t)(n) << 23)
#define EBB_STM32_DMA_CR_CHSEL(n) ((uint32_t)(n) << 25) /* request channel 0..7 */
#define EBB_STM32_DMA_CR_CHSEL_MASK (7u << 25)

/* SxNDTR: 16 bits */
#define EBB_STM32_DMA_NDTR_MAX 65535u

/* SxFCR */
#define EBB_STM32_DMA_FCR_FTH(n) ((uint32_t)(n) << 0) /* 0 1/4, 1 1/2, 2 3/4, 3 full */
#define EBB_STM32_DMA_FCR_DMDIS (1u << 2)             /* 1: FIFO mode, 0: direct mode */
#define EBB_STM32_DMA_FCR_FEIE (1u << 7)

/* RCC AHB1ENR */
#define EBB_STM32_RCC_AHB1ENR_DMA1EN (1u << 21)
#define EBB_STM32_RCC_AHB1ENR_DMA2EN (1u << 22)

#endif
