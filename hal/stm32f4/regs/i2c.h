/* regs/i2c.h - I2C (RM0390 section 24.6). */
#ifndef EBB_STM32_REGS_I2C_H
#define EBB_STM32_REGS_I2C_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW CR1;   /* 0x00 */
    EBB_STM32_RW CR2;   /* 0x04 */
    EBB_STM32_RW OAR1;  /* 0x08 */
    EBB_STM32_RW OAR2;  /* 0x0C */
    EBB_STM32_RW DR;    /* 0x10 */
    EBB_STM32_RW SR1;   /* 0x14 */
    EBB_STM32_RW SR2;   /* 0x18 */
    EBB_STM32_RW CCR;   /* 0x1C */
    EBB_STM32_RW TRISE; /* 0x20 */
    EBB_STM32_RW FLTR;  /* 0x24 */
} ebb_stm32_i2c_regs;

/* One register access of the I2C driver.  SR1, SR2 and DR clear flags as
 * a side effect of being read, in sequences (SB: SR1 read then DR write;
 * ADDR: SR1 read then SR2 read), so a host test that simulates the block
 * defines these first and sees every access with its register and
 * direction (tests/drivers/sim_i2c.h). */
#ifndef EBB_STM32_I2C_READ
#define EBB_STM32_I2C_READ(regs, reg) ((regs)->reg)
#define EBB_STM32_I2C_WRITE(regs, reg, value) ((regs)->reg = (value))
#endif

#define EBB_STM32_I2C1_BASE 0x40005400u
#define EBB_STM32_I2C2_BASE 0x40005800u
#define EBB_STM32_I2C3_BASE 0x40005C00u
#define EBB_STM32_IRQ_I2C1_EV 31u
#define EBB_STM32_IRQ_I2C1_ER 32u
#define EBB_STM32_IRQ_I2C2_EV 33u
#define EBB_STM32_IRQ_I2C2_ER 34u
#define EBB_STM32_IRQ_I2C3_EV 72u
#define EBB_STM32_IRQ_I2C3_ER 73u
/* Their clock enables in RCC_APB1ENR (I2C1..3: bits 21..23). */
#define EBB_STM32_RCC_APB1ENR_I2C1EN (1u << 21)

#define EBB_STM32_I2C_CR1_PE (1u << 0)
#define EBB_STM32_I2C_CR1_START (1u << 8)
#define EBB_STM32_I2C_CR1_STOP (1u << 9)
#define EBB_STM32_I2C_CR1_ACK (1u << 10)
#define EBB_STM32_I2C_CR1_POS (1u << 11)
#define EBB_STM32_I2C_CR1_SWRST (1u << 15)

#define EBB_STM32_I2C_CR2_FREQ_MASK 0x3Fu /* APB clock in MHz, 2..50 */
#define EBB_STM32_I2C_CR2_ITERREN (1u << 8)
#define EBB_STM32_I2C_CR2_ITEVTEN (1u << 9)
#define EBB_STM32_I2C_CR2_ITBUFEN (1u << 10)

#define EBB_STM32_I2C_SR1_SB (1u << 0)
#define EBB_STM32_I2C_SR1_ADDR (1u << 1)
#define EBB_STM32_I2C_SR1_BTF (1u << 2)
#define EBB_STM32_I2C_SR1_STOPF (1u << 4)
#define EBB_STM32_I2C_SR1_RXNE (1u << 6)
#define EBB_STM32_I2C_SR1_TXE (1u << 7)
#define EBB_STM32_I2C_SR1_BERR (1u << 8)
#define EBB_STM32_I2C_SR1_ARLO (1u << 9)
#define EBB_STM32_I2C_SR1_AF (1u << 10)
#define EBB_STM32_I2C_SR1_OVR (1u << 11)
#define EBB_STM32_I2C_SR1_TIMEOUT (1u << 14)
/* The error flags (rc_w0: a write of 0 clears, of 1 leaves). */
#define EBB_STM32_I2C_SR1_ERRORS (EBB_STM32_I2C_SR1_BERR | EBB_STM32_I2C_SR1_ARLO | EBB_STM32_I2C_SR1_AF | EBB_STM32_I2C_SR1_OVR | \
                            EBB_STM32_I2C_SR1_TIMEOUT | (1u << 12) | (1u << 15))

#define EBB_STM32_I2C_SR2_MSL (1u << 0)
#define EBB_STM32_I2C_SR2_BUSY (1u << 1)
#define EBB_STM32_I2C_SR2_TRA (1u << 2)

#define EBB_STM32_I2C_CCR_FS (1u << 15) /* fast mode (up to 400 kHz) */
#define EBB_STM32_I2C_CCR_MASK 0xFFFu

#endif
