/*
 * ebb_board_mps2.h - the MPS2 boards' part of ebb_board.h (included by it
 * through EBB_BOARD_FAMILY_HEADER): console on a CMSDK UART; the virtual
 * button's edge waits and the probe macros (ebb_virtual_button.h).
 *
 * The console keeps the names the applications use today (ebb_usart,
 * ebb_usart_write, ...) as aliases of the CMSDK UART driver, and the button
 * edges keep the EXTI names, so every example builds unchanged on these
 * boards.  These aliases go away when the board interface stops naming HAL
 * types.
 */
#ifndef EBB_BOARD_MPS2_H
#define EBB_BOARD_MPS2_H

#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb_cmsdk_uart.h"
#include "ebb_virtual_button.h"

typedef ebb_cmsdk_uart ebb_usart;
typedef ebb_cmsdk_uart_write_op ebb_usart_write_op;
#define ebb_usart_write ebb_cmsdk_uart_write
#define ebb_usart_read ebb_cmsdk_uart_read
#define ebb_usart_overruns ebb_cmsdk_uart_overruns
#define ebb_usart_rx_count ebb_cmsdk_uart_rx_count
#define ebb_usart_write_blocking ebb_cmsdk_uart_write_blocking

/** The console UART (UART0 = QEMU's first -serial). */
extern ebb_cmsdk_uart ebb_board_console;

#endif /* EBB_BOARD_MPS2_H */
