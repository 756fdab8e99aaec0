/*
 * console_rx.c - the console's receive ring, in an object of its own.
 *
 * ebb_board_init() calls ebb_board_console_rx_init(); this file is its
 * default definition, pulled from the board library only when nothing else
 * defines it.  An application that never reads the console defines an empty
 * ebb_board_console_rx_init() (EBB_BOARD_CONSOLE_NO_RX in ebb_board.h): the
 * linker then leaves this object, and its RAM, out of the image, and the
 * receiver stays off.
 */
#include "ebb_board.h"

static uint8_t ring[EBB_BOARD_CONSOLE_RX_SIZE];
static ebb_uart_rx rx;

void ebb_board_console_rx_init(void)
{
    ebb_uart_rx_start(ebb_board_console, &rx, ring, sizeof ring);
}
