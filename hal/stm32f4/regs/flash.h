/* regs/flash.h - embedded flash interface (RM0390 section 3.8). */
#ifndef EBB_STM32_REGS_FLASH_H
#define EBB_STM32_REGS_FLASH_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW ACR; /* 0x00 */
} ebb_stm32_flash_regs;

#define EBB_STM32_FLASH EBB_STM32_PERIPH(ebb_stm32_flash_regs, 0x40023C00u)

#define EBB_FLASH_ACR_LATENCY(ws) ((uint32_t)(ws) << 0)
#define EBB_FLASH_ACR_LATENCY_MASK (0xFu << 0)
#define EBB_FLASH_ACR_PRFTEN (1u << 8)
#define EBB_FLASH_ACR_ICEN (1u << 9)
#define EBB_FLASH_ACR_DCEN (1u << 10)

#endif
