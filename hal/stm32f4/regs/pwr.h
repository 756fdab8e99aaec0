/* regs/pwr.h - power controller (RM0390 section 5.4). */
#ifndef EBB_STM32_REGS_PWR_H
#define EBB_STM32_REGS_PWR_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW CR;  /* 0x00 */
    EBB_STM32_RW CSR; /* 0x04 */
} ebb_stm32_pwr_regs;

#define EBB_STM32_PWR EBB_STM32_PERIPH(ebb_stm32_pwr_regs, 0x40007000u)

#define EBB_PWR_CR_VOS_SCALE1_F446 (3u << 14) /* F446/F42x: bits 15:14 = 11 */
#define EBB_PWR_CR_VOS_SCALE1_F405 (1u << 14) /* F405/F407: bit 14 (bit 15 reserved) */
#define EBB_PWR_CR_ODEN (1u << 16)
#define EBB_PWR_CR_ODSWEN (1u << 17)
#define EBB_PWR_CSR_ODRDY (1u << 16)
#define EBB_PWR_CSR_ODSWRDY (1u << 17)

#endif
