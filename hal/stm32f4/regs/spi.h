/* regs/spi.h - SPI (RM0390 section 26.7; the SPI half of SPI/I2S). */
#ifndef EBB_STM32_REGS_SPI_H
#define EBB_STM32_REGS_SPI_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW CR1;     /* 0x00 */
    EBB_STM32_RW CR2;     /* 0x04 */
    EBB_STM32_RW SR;      /* 0x08 */
    EBB_STM32_RW DR;      /* 0x0C */
    EBB_STM32_RW CRCPR;   /* 0x10 */
    EBB_STM32_RW RXCRCR;  /* 0x14 */
    EBB_STM32_RW TXCRCR;  /* 0x18 */
    EBB_STM32_RW I2SCFGR; /* 0x1C */
    EBB_STM32_RW I2SPR;   /* 0x20 */
} ebb_stm32_spi_regs;

/* A load of DR takes the received byte (clearing RXNE), a store hands one
 * over: the only accesses with side effects.  Host tests of the driver
 * define these first to give a simulated block the same meaning
 * (tests/drivers/sim_spi.c). */
#ifndef EBB_STM32_SPI_DR_READ
#define EBB_STM32_SPI_DR_READ(r) ((r)->DR)
#define EBB_STM32_SPI_DR_WRITE(r, v) ((r)->DR = (v))
#endif

#define EBB_STM32_SPI1_BASE 0x40013000u /* APB2 */
#define EBB_STM32_SPI4_BASE 0x40013400u /* APB2 (F446, not F405) */
#define EBB_STM32_SPI2_BASE 0x40003800u /* APB1 */
#define EBB_STM32_SPI3_BASE 0x40003C00u /* APB1 */
#define EBB_STM32_IRQ_SPI1 35u
#define EBB_STM32_IRQ_SPI2 36u
#define EBB_STM32_IRQ_SPI3 51u
#define EBB_STM32_IRQ_SPI4 84u

#define EBB_STM32_SPI_CR1_CPHA (1u << 0)
#define EBB_STM32_SPI_CR1_CPOL (1u << 1)
#define EBB_STM32_SPI_CR1_MSTR (1u << 2)
#define EBB_STM32_SPI_CR1_BR(n) ((uint32_t)(n) << 3) /* fPCLK / 2^(n+1), n 0..7 */
#define EBB_STM32_SPI_CR1_SPE (1u << 6)
#define EBB_STM32_SPI_CR1_LSBFIRST (1u << 7)
#define EBB_STM32_SPI_CR1_SSI (1u << 8)
#define EBB_STM32_SPI_CR1_SSM (1u << 9)
#define EBB_STM32_SPI_CR1_RXONLY (1u << 10)
#define EBB_STM32_SPI_CR1_DFF (1u << 11) /* 16-bit frames */

#define EBB_STM32_SPI_CR2_RXDMAEN (1u << 0)
#define EBB_STM32_SPI_CR2_TXDMAEN (1u << 1)
#define EBB_STM32_SPI_CR2_SSOE (1u << 2)
#define EBB_STM32_SPI_CR2_FRF (1u << 4)
#define EBB_STM32_SPI_CR2_ERRIE (1u << 5)
#define EBB_STM32_SPI_CR2_RXNEIE (1u << 6)
#define EBB_STM32_SPI_CR2_TXEIE (1u << 7)

#define EBB_STM32_SPI_SR_RXNE (1u << 0)
#define EBB_STM32_SPI_SR_TXE (1u << 1)
#define EBB_STM32_SPI_SR_MODF (1u << 5)
#define EBB_STM32_SPI_SR_OVR (1u << 6)
#define EBB_STM32_SPI_SR_BSY (1u << 7)

#endif
