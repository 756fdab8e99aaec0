/* ebb_board_config.h - NUCLEO-F446ZE (STM32F446ZE, Cortex-M4F, 180 MHz). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "nucleo-f446ze"
#define EBB_BOARD_CORE_HZ 180000000u
#define EBB_BOARD_APB1_HZ 45000000u
#define EBB_BOARD_APB1_TIM_HZ 90000000u /* x2 because APB1 is divided */

/* B1 "USER": PC13, high while pressed (external pull-down on the board). */
#define EBB_BOARD_BUTTON_PORT EBB_STM32_GPIO_C
#define EBB_BOARD_BUTTON_PIN 13u
#define EBB_BOARD_BUTTON_LINE 13u
#define EBB_BOARD_BUTTON_IRQ 40u /* EXTI15_10 */

/* LD1 (green): PB0. */
#define EBB_BOARD_LED_PORT EBB_STM32_GPIO_B
#define EBB_BOARD_LED_PIN 0u

/* The study's probe pins: PG0 = interrupt pin, PG1 = thread pin. */
#define EBB_BOARD_PROBE_PORT EBB_STM32_GPIO_G
#define EBB_BOARD_PROBE_IRQ_PIN 0u
#define EBB_BOARD_PROBE_THREAD_PIN 1u

/* USART3 on PD8 (TX) / PD9 (RX), AF7: the ST-LINK virtual COM port. */
/* Console receive ring (a power of two); an application that never reads
 * the console can shrink it to 2 bytes of RAM. */
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif
#define EBB_BOARD_CONSOLE_IRQ 39u

#define EBB_BOARD_HAS_FINGER 0

/* Two device interrupt lines nothing on the board drives (CAN1 RX1 and
 * SCE: the board uses no CAN), below the vector table's end (interrupts
 * 0..40 here, board.cmake), for applications. */
#define EBB_BOARD_SPARE0_IRQ 21u
#define EBB_BOARD_SPARE0_HANDLER CAN1_RX1_IRQHandler
#define EBB_BOARD_SPARE1_IRQ 22u
#define EBB_BOARD_SPARE1_HANDLER CAN1_SCE_IRQHandler

/* 1: semihosting (exit codes, stderr) for a debug session with OpenOCD's
 * "arm semihosting enable".  Without a debugger a semihosting call stops
 * the core, so the default is 0.  Set by configuring with
 * -DEBB_BOARD_SEMIHOSTING=1 (board.cmake), which also tells the port
 * (EBB_CONFIG_PORT_SEMIHOSTING): off, its fault reports carry no
 * semihosting code at all. */
#ifndef EBB_BOARD_SEMIHOSTING
#define EBB_BOARD_SEMIHOSTING EBB_CONFIG_PORT_SEMIHOSTING
#endif
#if EBB_BOARD_SEMIHOSTING && !EBB_CONFIG_PORT_SEMIHOSTING
#error "EBB_BOARD_SEMIHOSTING=1 as a C define only: configure with cmake -DEBB_BOARD_SEMIHOSTING=1, which turns on the port's side too"
#endif

/* The probe pins: GPIO bit-band stores. */
#include "ebb_board_stm32.h"

#endif
