/* ebb_board_config.h - QEMU netduinoplus2 (STM32F405, Cortex-M4F, 168 MHz). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "qemu-netduinoplus2"
#define EBB_BOARD_CORE_HZ 168000000u

/* The virtual button stands where the NUCLEO's is: "PC13" on EXTI13. */
#define EBB_BOARD_BUTTON_PORT EBB_STM32_GPIO_C
#define EBB_BOARD_BUTTON_PIN 13u
#define EBB_BOARD_BUTTON_LINE 13u
#define EBB_BOARD_BUTTON_IRQ 40u /* EXTI15_10 */

#define EBB_BOARD_LED_PORT EBB_STM32_GPIO_B
#define EBB_BOARD_LED_PIN 0u

#define EBB_BOARD_PROBE_PORT EBB_STM32_GPIO_G
#define EBB_BOARD_PROBE_IRQ_PIN 0u
#define EBB_BOARD_PROBE_THREAD_PIN 1u

/* QEMU's first -serial. */
/* Console receive ring (a power of two); an application that never reads
 * the console can shrink it to 2 bytes of RAM. */
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif
#define EBB_BOARD_CONSOLE_IRQ 37u /* USART1 */

/* SPI: SPI1 on interrupt 35, on APB2 (SYSCLK / 2); ebb_board_spi
 * (ebb_board.h).  QEMU attaches nothing to its bus. */
#define EBB_BOARD_HAS_SPI 1
#define EBB_BOARD_SPI_HEADER "ebb_stm32_spi.h"
#define EBB_BOARD_SPI_INITIALIZER                                              \
    EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI1_BASE, EBB_STM32_IRQ_SPI1, EBB_BOARD_CORE_HZ / 2u, EBB_BOARD_PRIO_SPI)
#define EBB_BOARD_SPI_HANDLER SPI1_IRQHandler

/* The finger's interrupt executor runs in an otherwise unused vector
 * (SPI4, absent on the F405) at the most urgent priority allowed to call
 * ebb. */
#define EBB_BOARD_HAS_FINGER 1
#define EBB_BOARD_FINGER_IRQ 84u
#define EBB_BOARD_PRIO_FINGER 1u

/* Two device interrupt lines nothing drives (QUADSPI and SAI2, absent on
 * the F405), for applications and the firmware suite (tests/firmware:
 * line 0 its spare interrupt, line 1 its interrupt executor). */
#define EBB_BOARD_SPARE0_IRQ 92u
#define EBB_BOARD_SPARE0_HANDLER QUADSPI_IRQHandler
#define EBB_BOARD_SPARE1_IRQ 91u
#define EBB_BOARD_SPARE1_HANDLER SAI2_IRQHandler
/* The one line an application's interrupt executor may take. */
#define EBB_BOARD_SPARE_IRQ EBB_BOARD_SPARE1_IRQ
#define EBB_BOARD_SPARE_IRQ_HANDLER EBB_BOARD_SPARE1_HANDLER

/* The probe pins: GPIO bit-band stores. */
#include "ebb_board_stm32.h"

#endif
