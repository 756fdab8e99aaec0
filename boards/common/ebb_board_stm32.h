/*
 * ebb_board_stm32.h - what every STM32 board's ebb_board_config.h adds to
 * ebb_board.h: the probe pins (PG0 = interrupt pin, PG1 = thread pin) as
 * one GPIO bit-band store each.
 */
#ifndef EBB_BOARD_STM32_H
#define EBB_BOARD_STM32_H

#include "ebb_stm32_gpio.h"

#define EBB_BOARD_PROBE_IRQ_HIGH() EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_IRQ_LOW() EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_THREAD_HIGH() \
    EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)
#define EBB_BOARD_PROBE_THREAD_LOW() \
    EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)

#endif /* EBB_BOARD_STM32_H */
