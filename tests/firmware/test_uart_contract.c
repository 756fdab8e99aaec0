/*
 * test_uart_contract - a device class's contract is reported like the
 * core's, on every board: a receive ring whose size is not a power of two
 * -> "PANIC uart:1", exit 100.
 */
#include "fwtest.h"

EBB_BOARD_CONSOLE_NO_RX();

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_uart_contract\n");
    static uint8_t ring[3];
    static ebb_uart_rx rx;
    ebb_uart_rx_start(ebb_board_console, &rx, ring, sizeof ring); /* not a power of two */
    ebb_board_puts("no contract violation reported\n");
    return 0;
}
