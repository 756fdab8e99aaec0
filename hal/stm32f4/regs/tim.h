/* regs/tim.h - general-purpose timers TIM2..TIM5 (RM0390 section 18.4). */
#ifndef EBB_STM32_REGS_TIM_H
#define EBB_STM32_REGS_TIM_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW CR1;   /* 0x00 */
    EBB_STM32_RW CR2;   /* 0x04 */
    EBB_STM32_RW SMCR;  /* 0x08 */
    EBB_STM32_RW DIER;  /* 0x0C */
    EBB_STM32_RW SR;    /* 0x10: write 0 to clear a flag */
    EBB_STM32_RW EGR;   /* 0x14 */
    EBB_STM32_RW CCMR1; /* 0x18 */
    EBB_STM32_RW CCMR2; /* 0x1C */
    EBB_STM32_RW CCER;  /* 0x20 */
    EBB_STM32_RW CNT;   /* 0x24 */
    EBB_STM32_RW PSC;   /* 0x28 */
    EBB_STM32_RW ARR;   /* 0x2C */
    EBB_STM32_RW RCR;   /* 0x30 */
    EBB_STM32_RW CCR[4]; /* 0x34..0x40 */
} ebb_stm32_tim_regs;

#define EBB_STM32_TIM2 EBB_STM32_PERIPH(ebb_stm32_tim_regs, 0x40000000u)
#define EBB_STM32_TIM3 EBB_STM32_PERIPH(ebb_stm32_tim_regs, 0x40000400u)
#define EBB_STM32_TIM5 EBB_STM32_PERIPH(ebb_stm32_tim_regs, 0x40000C00u)
#define EBB_STM32_IRQ_TIM2 28u
#define EBB_STM32_IRQ_TIM3 29u
#define EBB_STM32_IRQ_TIM5 50u

#define EBB_STM32_TIM_CR1_CEN (1u << 0)
#define EBB_STM32_TIM_CR1_URS (1u << 2)
#define EBB_STM32_TIM_DIER_UIE (1u << 0)
#define EBB_STM32_TIM_DIER_CC1IE (1u << 1)
#define EBB_STM32_TIM_DIER_CC2IE (1u << 2)
#define EBB_STM32_TIM_SR_UIF (1u << 0)
#define EBB_STM32_TIM_SR_CC1IF (1u << 1)
#define EBB_STM32_TIM_SR_CC2IF (1u << 2)
#define EBB_STM32_TIM_EGR_UG (1u << 0)

#endif
