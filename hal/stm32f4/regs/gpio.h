/* regs/gpio.h - general-purpose I/O ports (RM0390 section 7.4). */
#ifndef EBB_STM32_REGS_GPIO_H
#define EBB_STM32_REGS_GPIO_H

#include "regs/common.h"

typedef struct {
    EBB_STM32_RW MODER;   /* 0x00: 2 bits per pin */
    EBB_STM32_RW OTYPER;  /* 0x04 */
    EBB_STM32_RW OSPEEDR; /* 0x08 */
    EBB_STM32_RW PUPDR;   /* 0x0C */
    EBB_STM32_RW IDR;     /* 0x10 */
    EBB_STM32_RW ODR;     /* 0x14 */
    EBB_STM32_RW BSRR;    /* 0x18: bit k sets pin k, bit 16+k resets it */
    EBB_STM32_RW LCKR;    /* 0x1C */
    EBB_STM32_RW AFR[2];  /* 0x20, 0x24: 4 bits per pin */
} ebb_stm32_gpio_regs;

/* Ports A..K are 0x400 apart from 0x40020000. */
#define EBB_STM32_GPIO_BASE(port) (0x40020000u + 0x400u * (uint32_t)(port))
#define EBB_STM32_GPIO(port) EBB_STM32_PERIPH(ebb_stm32_gpio_regs, EBB_STM32_GPIO_BASE(port))
#define EBB_STM32_GPIO_BSRR_ADDR(port) (EBB_STM32_GPIO_BASE(port) + 0x18u)

#define EBB_STM32_GPIO_MODE_INPUT 0u
#define EBB_STM32_GPIO_MODE_OUTPUT 1u
#define EBB_STM32_GPIO_MODE_AF 2u
#define EBB_STM32_GPIO_MODE_ANALOG 3u

#endif
