/*
 * ebb_stm32_usart.h - the STM32F4 USART as an ebb UART (ebb_uart.h): an
 * interrupt-driven transmitter whose write completes when the last byte has
 * left the shift register (TC), and a receiver filling the class's ring from
 * the RXNE interrupt once ebb_uart_rx_start() turns it on.  Hardware
 * overruns (ORE) are counted with the bytes lost to a full ring.
 *
 * QEMU 7.2 (netduinoplus2): the USART sends synchronously and reports TXE
 * and TC always set, so a write completes within its first poll; the
 * driver enables TXEIE/TCIE only when they are not set, which is right on
 * hardware too.
 */
#ifndef EBB_STM32_USART_H
#define EBB_STM32_USART_H

#include <stdint.h>

#include "ebb_uart.h"
#include "regs/usart.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A USART.  Applications use its `uart` (ebb_uart.h). */
typedef struct ebb_stm32_usart {
    ebb_uart uart;
    ebb_stm32_usart_regs *regs;
} ebb_stm32_usart;

/**
 * Set up USART `regs_base` (EBB_STM32_USARTn_BASE) for 8N1 at `baud` from
 * its bus clock `pclk_hz` (BRR = pclk / baud, rounded; 16x oversampling),
 * transmitter on, receiver off (ebb_uart_rx_start turns it on), and enable
 * its NVIC line `irq` at logical priority `prio` (>= the port's ceiling).
 * Enables the peripheral clock of USART1/2/3/6.  The pins are the board's
 * (ebb_stm32_gpio_alternate).
 * Contract stm32_usart:1 - baud > 0 (always checked: BRR is set to 1, no
 * division by zero).
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_stm32_usart_init(ebb_stm32_usart *u, uintptr_t regs_base, unsigned irq, uint32_t pclk_hz,
                          uint32_t baud, unsigned prio);

/** The interrupt handler body; call it from USARTn_IRQHandler.
 *  Context: interrupt.  Cost: one byte moved, plus a wake when a write
 *  completes or a byte arrives. */
void ebb_stm32_usart_isr(ebb_stm32_usart *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_USART_H */
