/*
 * ebb_board_host.h - what the host board adds to ebb_board.h: the simulated
 * button and console are driven and observed by the program itself.
 *
 * The console is a UART model: a write takes 10 bits per byte at
 * EBB_BOARD_CONSOLE_BAUD of virtual time (its bytes appear on stdout, and
 * at the observer, when the last one is "out"), one write at a time, the
 * others in FIFO order - so queues fill and drain as they do on a board.
 */
#ifndef EBB_BOARD_HOST_H
#define EBB_BOARD_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "ebb/executor.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Start the host board on `ex` (it runs the console's transmitter task
 * there); ebb_board_init() is this with no executor, for programs that
 * never write to the console asynchronously.  Context: main, after
 * ebb_host_reset() and ebb_executor_init().
 */
void ebb_board_host_init(ebb_executor *ex);

/**
 * Press (true) or release (false) the button: if a wait selected that
 * edge, its waiters are woken in the caller's context (call it from a
 * simulated interrupt, ebb_host_irq()).  No-op when the level does not
 * change.  Context: any.
 */
void ebb_board_button_set(bool pressed);

/** Called with each completed console write (NULL: none).  Context: main. */
void ebb_board_host_console_observer(void (*fn)(const void *data, size_t len));

/** How many times the LED was switched on so far.  Context: any. */
unsigned ebb_board_host_led_ons(void);

#ifdef __cplusplus
}
#endif

#endif /* EBB_BOARD_HOST_H */
