/*
 * ebb_board_mps2.h - the MPS2 boards' part of ebb_board.h (included by it
 * through EBB_BOARD_FAMILY_HEADER): console on a CMSDK UART, the virtual
 * button's edge waits, and probe macros.
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

typedef ebb_cmsdk_uart ebb_usart;
typedef ebb_cmsdk_uart_write_op ebb_usart_write_op;
#define ebb_usart_write ebb_cmsdk_uart_write
#define ebb_usart_read ebb_cmsdk_uart_read
#define ebb_usart_overruns ebb_cmsdk_uart_overruns
#define ebb_usart_rx_count ebb_cmsdk_uart_rx_count
#define ebb_usart_write_blocking ebb_cmsdk_uart_write_blocking

/** Button edges (the names of the STM32 EXTI driver). */
typedef enum ebb_exti_edge {
    EBB_EXTI_RISING = 1,
    EBB_EXTI_FALLING = 2,
    EBB_EXTI_ANY = 3,
} ebb_exti_edge;

/** The console UART (UART0 = QEMU's first -serial). */
extern ebb_cmsdk_uart ebb_board_console;

/**
 * Awaitable: the next press (EBB_EXTI_RISING) or release (EBB_EXTI_FALLING)
 * of the virtual button.  The MPS2 machines have no GPIO input in QEMU, so
 * an edge pends an otherwise unused NVIC line (EBB_BOARD_BUTTON_IRQ) whose
 * handler wakes the waiters, as an EXTI line would; the selected edge stays
 * selected after it fired, as on STM32.
 * Context: task.  Cost: a lock, a list insert.
 */
EBB_AWAITABLE ebb_poll_t ebb_board_button_wait(ebb_wait *w, ebb_exti_edge edge);
#define ebb_board_button_wait(...) EBB_AWAITABLE_CALL(ebb_board_button_wait, __VA_ARGS__)

/* No probe pins: the FPGA's user I/O is not modelled for the scope. */
#define EBB_BOARD_PROBE_IRQ_HIGH() ((void)0)
#define EBB_BOARD_PROBE_IRQ_LOW() ((void)0)
#define EBB_BOARD_PROBE_THREAD_HIGH() ((void)0)
#define EBB_BOARD_PROBE_THREAD_LOW() ((void)0)

#endif /* EBB_BOARD_MPS2_H */
