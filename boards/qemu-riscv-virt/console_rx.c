/*
 * console_rx.c - the console's receive ring, in an object of its own: the
 * default ebb_board_console_rx_init() (see ebb_board.h), left out of the
 * image when the application defines EBB_BOARD_CONSOLE_NO_RX().
 */
#include "ebb_board.h"
#include "ebb_ns16550.h"

extern ebb_ns16550 ebb__board_console; /* board.c */

static uint8_t ring[EBB_BOARD_CONSOLE_RX_SIZE];

void ebb_board_console_rx_init(void)
{
    ebb_ns16550_rx_start(&ebb__board_console, ring, sizeof ring);
}
