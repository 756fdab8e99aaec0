/*
 * console_rx.c - the console's receive ring, in an object of its own: the
 * default ebb_board_console_rx_init() (see ebb_board.h), left out of the
 * image when the application defines EBB_BOARD_CONSOLE_NO_RX().
 */
#include "ebb_board.h"

static uint8_t ring[EBB_BOARD_CONSOLE_RX_SIZE];

void ebb_board_console_rx_init(void)
{
    ebb_ns16550_rx_start(&ebb_board_console, ring, sizeof ring);
}
