/* regs/usart.h - USART (RM0390 section 25.6). */
#ifndef EBB_STM32_REGS_USART_H
#define EBB_STM32_REGS_USART_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW SR;   /* 0x00 */
    EBB_STM32_RW DR;   /* 0x04 */
    EBB_STM32_RW BRR;  /* 0x08 */
    EBB_STM32_RW CR1;  /* 0x0C */
    EBB_STM32_RW CR2;  /* 0x10 */
    EBB_STM32_RW CR3;  /* 0x14 */
    EBB_STM32_RW GTPR; /* 0x18 */
} ebb_stm32_usart_regs;

#define EBB_STM32_USART1_BASE 0x40011000u
#define EBB_STM32_USART2_BASE 0x40004400u
#define EBB_STM32_USART3_BASE 0x40004800u
#define EBB_STM32_USART6_BASE 0x40011400u
#define EBB_STM32_IRQ_USART1 37u
#define EBB_STM32_IRQ_USART2 38u
#define EBB_STM32_IRQ_USART3 39u
#define EBB_STM32_IRQ_USART6 71u

#define EBB_STM32_USART_SR_PE (1u << 0)
#define EBB_STM32_USART_SR_FE (1u << 1)
#define EBB_STM32_USART_SR_NF (1u << 2)
#define EBB_STM32_USART_SR_ORE (1u << 3)
#define EBB_STM32_USART_SR_RXNE (1u << 5)
#define EBB_STM32_USART_SR_TC (1u << 6)
#define EBB_STM32_USART_SR_TXE (1u << 7)

#define EBB_STM32_USART_CR1_RE (1u << 2)
#define EBB_STM32_USART_CR1_TE (1u << 3)
#define EBB_STM32_USART_CR1_RXNEIE (1u << 5)
#define EBB_STM32_USART_CR1_TCIE (1u << 6)
#define EBB_STM32_USART_CR1_TXEIE (1u << 7)
#define EBB_STM32_USART_CR1_UE (1u << 13)

#endif
