/* showdown_board.h (host) - console writes take the time a 115200-baud UART
 * would, in virtual time, so the queue fills and drains as on the board. */
#ifndef SHOWDOWN_BOARD_H
#define SHOWDOWN_BOARD_H

#include <stdbool.h>
#include <stddef.h>

#include "ebb/time.h"

typedef struct showdown_uart_write {
    ebb_timer timer;
} showdown_uart_write;

ebb_poll_t showdown_button_edge(ebb_wait *w, enum showdown_edge edge);
void showdown_led(bool on);
ebb_poll_t showdown_console_write(showdown_uart_write *op, const void *buf, size_t len);
void showdown_probe_thread(bool high);

#endif
