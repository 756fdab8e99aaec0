/* regs/exti.h - external interrupt controller and the SYSCFG line mapping
 * (RM0390 sections 10.3 and 8.2). */
#ifndef EBB_STM32_REGS_EXTI_H
#define EBB_STM32_REGS_EXTI_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW IMR;   /* 0x00 */
    EBB_STM32_RW EMR;   /* 0x04 */
    EBB_STM32_RW RTSR;  /* 0x08 */
    EBB_STM32_RW FTSR;  /* 0x0C */
    EBB_STM32_RW SWIER; /* 0x10 */
    EBB_STM32_RW PR;    /* 0x14: write 1 to clear */
} ebb_stm32_exti_regs;

#define EBB_STM32_EXTI EBB_STM32_PERIPH(ebb_stm32_exti_regs, 0x40013C00u)

typedef struct {
    EBB_STM32_RW MEMRMP;    /* 0x00 */
    EBB_STM32_RW PMC;       /* 0x04 */
    EBB_STM32_RW EXTICR[4]; /* 0x08..0x14: 4 bits per line, value = port */
} ebb_stm32_syscfg_regs;

#define EBB_STM32_SYSCFG EBB_STM32_PERIPH(ebb_stm32_syscfg_regs, 0x40013800u)

/* NVIC lines: EXTI0..4 -> 6..10, EXTI9_5 -> 23, EXTI15_10 -> 40. */
#define EBB_STM32_IRQ_EXTI0 6u
#define EBB_STM32_IRQ_EXTI9_5 23u
#define EBB_STM32_IRQ_EXTI15_10 40u

#endif
