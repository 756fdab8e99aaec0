/*
 * ebb_board_virt.h - qemu-riscv-virt's part of ebb_board.h (included by it
 * through EBB_BOARD_FAMILY_HEADER): the 16550 console, the LED stand-in,
 * a virtual button, and no probe pins (the machine has no GPIO).
 *
 * Like the MPS2 boards, the console keeps the names the applications use
 * today (ebb_usart, ebb_usart_write, ...) as aliases of the 16550 driver,
 * until the board interface stops naming HAL types.
 */
#ifndef EBB_BOARD_VIRT_H
#define EBB_BOARD_VIRT_H

#include <stdbool.h>

#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb_ns16550.h"
#include "ebb_riscv.h"

typedef ebb_ns16550 ebb_usart;
typedef ebb_ns16550_write_op ebb_usart_write_op;
#define ebb_usart_write ebb_ns16550_write
#define ebb_usart_read ebb_ns16550_read
#define ebb_usart_overruns ebb_ns16550_overruns
#define ebb_usart_rx_count ebb_ns16550_rx_count
#define ebb_usart_write_blocking ebb_ns16550_write_blocking
#define ebb_cm_dec ebb_rv_dec

/** The console: the 16550 at 0x10000000 (QEMU's first -serial). */
extern ebb_ns16550 ebb_board_console;

/** The LED's state: the machine has no GPIO, so ebb_board_led() only
 *  records it (blinky prints every change).  Context: any.  Cost: 1 load. */
bool ebb_board_led_state(void);

/** Button edges (the names of the STM32 EXTI driver). */
typedef enum ebb_exti_edge {
    EBB_EXTI_RISING = 1,
    EBB_EXTI_FALLING = 2,
    EBB_EXTI_ANY = 3,
} ebb_exti_edge;

/**
 * Awaitable: the next press (EBB_EXTI_RISING) or release (EBB_EXTI_FALLING)
 * of the virtual button.  The machine has no GPIO: the button is a level
 * that ebb_board_button_set() changes (from the finger's executor, or from
 * the console's interrupt in keys mode); an armed edge wakes the waiters
 * right there, in that interrupt context, as an EXTI handler would.  The
 * selected edge stays selected after it fired, as on STM32.
 * Context: task.  Cost: a lock, a list insert.
 */
EBB_AWAITABLE ebb_poll_t ebb_board_button_wait(ebb_wait *w, ebb_exti_edge edge);
#define ebb_board_button_wait(...) EBB_AWAITABLE_CALL(ebb_board_button_wait, __VA_ARGS__)

/* No probe pins (no GPIO). */
#define EBB_BOARD_PROBE_IRQ_HIGH() ((void)0)
#define EBB_BOARD_PROBE_IRQ_LOW() ((void)0)
#define EBB_BOARD_PROBE_THREAD_HIGH() ((void)0)
#define EBB_BOARD_PROBE_THREAD_LOW() ((void)0)

#endif /* EBB_BOARD_VIRT_H */
