/*
 * ebb_board_stm32.h - what every STM32 board's ebb_board_config.h adds to
 * ebb_board.h: the button's wait bound to its EXTI line, and the probe pins
 * (PG0 = interrupt pin, PG1 = thread pin) as one GPIO bit-band store each.
 */
#ifndef EBB_BOARD_STM32_H
#define EBB_BOARD_STM32_H

#include "ebb_stm32_exti.h"
#include "ebb_stm32_gpio.h"

/* The button is the EXTI driver's inline awaitable on the board's line:
 * ebb_board_edge's values are the driver's (board_common.c checks), so a
 * wait compiles to the driver's and its resume runs no call. */
#define ebb_board_button_wait(w, edge) \
    ebb_stm32_exti_wait((w), EBB_BOARD_BUTTON_LINE, (ebb_stm32_exti_edge)(edge))

#define EBB_BOARD_PROBE_IRQ_HIGH() EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_IRQ_LOW() EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_THREAD_HIGH() \
    EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)
#define EBB_BOARD_PROBE_THREAD_LOW() \
    EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)

#endif /* EBB_BOARD_STM32_H */
