/* showdown_board.h (host) - console writes take the time a 115200-baud UART
 * would, in virtual time, so the queue fills and drains as on the board. */
#ifndef SHOWDOWN_BOARD_H
#define SHOWDOWN_BOARD_H

#include "ebb/time.h"

typedef struct showdown_uart_write {
    ebb_timer timer;
} showdown_uart_write;

#endif
