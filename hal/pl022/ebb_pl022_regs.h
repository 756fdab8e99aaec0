/* ebb_pl022_regs.h - ARM PrimeCell SSP (PL022) registers, from the PL022
 * Technical Reference Manual (ARM DDI 0194), chapter 3. */
#ifndef EBB_PL022_REGS_H
#define EBB_PL022_REGS_H

#include <stdint.h>

typedef struct {
    volatile uint32_t CR0;   /* 0x000 control 0: frame, clock */
    volatile uint32_t CR1;   /* 0x004 control 1: enable, mode */
    volatile uint32_t DR;    /* 0x008 data: TX FIFO on write, RX FIFO on read */
    volatile uint32_t SR;    /* 0x00C status */
    volatile uint32_t CPSR;  /* 0x010 clock prescale divisor (even, 2..254) */
    volatile uint32_t IMSC;  /* 0x014 interrupt mask set/clear (1 = enabled) */
    volatile uint32_t RIS;   /* 0x018 raw interrupt status */
    volatile uint32_t MIS;   /* 0x01C masked interrupt status */
    volatile uint32_t ICR;   /* 0x020 interrupt clear (write 1) */
    volatile uint32_t DMACR; /* 0x024 DMA control */
} ebb_pl022_regs;

#define EBB_PL022_CR0_DSS(bits) ((uint32_t)(bits) - 1u) /* frame size 4..16 */
#define EBB_PL022_CR0_FRF_SPI (0u << 4)               /* Motorola SPI frames */
#define EBB_PL022_CR0_SPO (1u << 6)                   /* clock idles high (CPOL) */
#define EBB_PL022_CR0_SPH (1u << 7)                   /* sample on the second edge (CPHA) */
#define EBB_PL022_CR0_SCR(n) ((uint32_t)(n) << 8)     /* serial clock rate, 0..255 */

#define EBB_PL022_CR1_LBM (1u << 0) /* loop back: TX feeds RX internally */
#define EBB_PL022_CR1_SSE (1u << 1) /* enable */
#define EBB_PL022_CR1_MS (1u << 2)  /* 1: slave; 0: master */
#define EBB_PL022_CR1_SOD (1u << 3) /* slave output disable */

#define EBB_PL022_SR_TFE (1u << 0) /* TX FIFO empty */
#define EBB_PL022_SR_TNF (1u << 1) /* TX FIFO not full */
#define EBB_PL022_SR_RNE (1u << 2) /* RX FIFO not empty */
#define EBB_PL022_SR_RFF (1u << 3) /* RX FIFO full */
#define EBB_PL022_SR_BSY (1u << 4) /* busy: sending, or TX FIFO not empty */

/* IMSC, RIS, MIS and (ROR, RT only) ICR */
#define EBB_PL022_INT_ROR (1u << 0) /* receive overrun */
#define EBB_PL022_INT_RT (1u << 1)  /* receive timeout: RX FIFO not empty and idle */
#define EBB_PL022_INT_RX (1u << 2)  /* RX FIFO half full or more */
#define EBB_PL022_INT_TX (1u << 3)  /* TX FIFO half empty or more */

/* DMACR (TRM: SSPDMACR, and the DMA interface): with RXDMAE the receive
 * request (SSPRXDMASREQ) is up while the receive FIFO holds an entry, with
 * TXDMAE the transmit request (SSPTXDMASREQ) while the transmit FIFO has
 * room for one. */
#define EBB_PL022_DMACR_RXDMAE (1u << 0)
#define EBB_PL022_DMACR_TXDMAE (1u << 1)

#define EBB_PL022_CPSR_CPSDVSR_MASK 0xFFu /* even, 2..254 */
#define EBB_PL022_CR0_SCR_SHIFT 8u

#define EBB_PL022_FIFO_DEPTH 8u /* entries of each FIFO */

/* Every register access of the driver goes through EBB_PL022_ACCESS(r)
 * (the block itself on the chip: no code), and the data register's loads
 * and stores - the only accesses that move FIFO entries - through
 * EBB_PL022_DR_READ / EBB_PL022_DR_WRITE.  Host tests of the driver define
 * them first, so that a simulated block gets control before each access
 * and gives DR its side effects (tests/drivers/sim_pl022.c). */
#ifndef EBB_PL022_ACCESS
#define EBB_PL022_ACCESS(r) (r)
#endif
#ifndef EBB_PL022_DR_READ
#define EBB_PL022_DR_READ(r) ((r)->DR)
#define EBB_PL022_DR_WRITE(r, v) ((r)->DR = (v))
#endif

#endif
