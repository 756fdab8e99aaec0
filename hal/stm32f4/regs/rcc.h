/* regs/rcc.h - Reset and clock control (RM0390 section 6.3, RM0090 section 7.3). */
#ifndef EBB_STM32_REGS_RCC_H
#define EBB_STM32_REGS_RCC_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW CR;         /* 0x00 */
    EBB_STM32_RW PLLCFGR;    /* 0x04 */
    EBB_STM32_RW CFGR;       /* 0x08 */
    EBB_STM32_RW CIR;        /* 0x0C */
    EBB_STM32_RW AHB1RSTR;   /* 0x10 */
    EBB_STM32_RW AHB2RSTR;   /* 0x14 */
    EBB_STM32_RW AHB3RSTR;   /* 0x18 */
    uint32_t reserved0;      /* 0x1C */
    EBB_STM32_RW APB1RSTR;   /* 0x20 */
    EBB_STM32_RW APB2RSTR;   /* 0x24 */
    uint32_t reserved1[2];   /* 0x28 */
    EBB_STM32_RW AHB1ENR;    /* 0x30 */
    EBB_STM32_RW AHB2ENR;    /* 0x34 */
    EBB_STM32_RW AHB3ENR;    /* 0x38 */
    uint32_t reserved2;      /* 0x3C */
    EBB_STM32_RW APB1ENR;    /* 0x40 */
    EBB_STM32_RW APB2ENR;    /* 0x44 */
} ebb_stm32_rcc_regs;

#define EBB_STM32_RCC EBB_STM32_PERIPH(ebb_stm32_rcc_regs, 0x40023800u)

#define EBB_STM32_RCC_CR_HSEON (1u << 16)
#define EBB_STM32_RCC_CR_HSERDY (1u << 17)
#define EBB_STM32_RCC_CR_HSEBYP (1u << 18)
#define EBB_STM32_RCC_CR_PLLON (1u << 24)
#define EBB_STM32_RCC_CR_PLLRDY (1u << 25)

#define EBB_STM32_RCC_PLLCFGR_M(m) ((uint32_t)(m) << 0)          /* 6 bits */
#define EBB_STM32_RCC_PLLCFGR_N(n) ((uint32_t)(n) << 6)          /* 9 bits */
#define EBB_STM32_RCC_PLLCFGR_P(p) ((uint32_t)((p) / 2u - 1u) << 16) /* 2,4,6,8 */
#define EBB_STM32_RCC_PLLCFGR_SRC_HSE (1u << 22)
#define EBB_STM32_RCC_PLLCFGR_Q(q) ((uint32_t)(q) << 24)
#define EBB_STM32_RCC_PLLCFGR_R(r) ((uint32_t)(r) << 28)         /* F446 only */

#define EBB_STM32_RCC_CFGR_SW_PLL (2u << 0)
#define EBB_STM32_RCC_CFGR_SWS_MASK (3u << 2)
#define EBB_STM32_RCC_CFGR_SWS_PLL (2u << 2)
#define EBB_STM32_RCC_CFGR_HPRE_DIV1 (0u << 4)
#define EBB_STM32_RCC_CFGR_PPRE1_DIV4 (5u << 10)
#define EBB_STM32_RCC_CFGR_PPRE2_DIV2 (4u << 13)

/* AHB1ENR */
#define EBB_STM32_RCC_AHB1ENR_GPIO(port) (1u << (port)) /* port 0 = A .. 8 = I */
/* APB1ENR */
#define EBB_STM32_RCC_APB1ENR_TIM2EN (1u << 0)
#define EBB_STM32_RCC_APB1ENR_TIM3EN (1u << 1)
#define EBB_STM32_RCC_APB1ENR_TIM5EN (1u << 3)
#define EBB_STM32_RCC_APB1ENR_SPI2EN (1u << 14)
#define EBB_STM32_RCC_APB1ENR_SPI3EN (1u << 15)
#define EBB_STM32_RCC_APB1ENR_USART2EN (1u << 17)
#define EBB_STM32_RCC_APB1ENR_USART3EN (1u << 18)
#define EBB_STM32_RCC_APB1ENR_PWREN (1u << 28)
/* APB2ENR */
#define EBB_STM32_RCC_APB2ENR_USART1EN (1u << 4)
#define EBB_STM32_RCC_APB2ENR_USART6EN (1u << 5)
#define EBB_STM32_RCC_APB2ENR_SPI1EN (1u << 12)
#define EBB_STM32_RCC_APB2ENR_SPI4EN (1u << 13)
#define EBB_STM32_RCC_APB2ENR_SYSCFGEN (1u << 14)

#endif
