/*
 * board_common.c - the parts of the board interface (ebb_board.h) that are
 * the same on every STM32 board and are not inline in ebb_board_stm32.h:
 * the LED.  Compiled into each board's library, against that board's
 * ebb_board_config.h.
 */
#include "ebb_board.h"

#include "ebb_stm32_exti.h"

/* The board's edge names are the EXTI driver's values: the button's wait
 * (ebb_board_stm32.h) passes them on with no conversion. */
_Static_assert((int)EBB_BOARD_RISING == (int)EBB_STM32_EXTI_RISING &&
                   (int)EBB_BOARD_FALLING == (int)EBB_STM32_EXTI_FALLING &&
                   (int)EBB_BOARD_ANY == (int)EBB_STM32_EXTI_ANY,
               "ebb_board_edge and ebb_stm32_exti_edge differ");

void ebb_board_led(bool on)
{
    if (on) {
        EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_LED_PORT, EBB_BOARD_LED_PIN);
    } else {
        EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_LED_PORT, EBB_BOARD_LED_PIN);
    }
}
