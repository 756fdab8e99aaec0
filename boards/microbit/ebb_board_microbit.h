/*
 * ebb_board_microbit.h - the micro:bit's part of ebb_board.h (included by
 * it through EBB_BOARD_FAMILY_HEADER): console on the nRF51 UART; the
 * virtual button and probe macros (ebb_virtual_button.h).  The console
 * keeps the names the examples use, as aliases, until the board interface
 * stops naming HAL types.
 */
#ifndef EBB_BOARD_MICROBIT_H
#define EBB_BOARD_MICROBIT_H

#include "ebb_nrf51_uart.h"
#include "ebb_virtual_button.h"

typedef ebb_nrf51_uart ebb_usart;
typedef ebb_nrf51_uart_write_op ebb_usart_write_op;
#define ebb_usart_write ebb_nrf51_uart_write
#define ebb_usart_read ebb_nrf51_uart_read
#define ebb_usart_overruns ebb_nrf51_uart_overruns
#define ebb_usart_rx_count ebb_nrf51_uart_rx_count
#define ebb_usart_write_blocking ebb_nrf51_uart_write_blocking

/** The console UART (QEMU's first -serial). */
extern ebb_nrf51_uart ebb_board_console;

#endif /* EBB_BOARD_MICROBIT_H */
