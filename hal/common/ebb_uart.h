/*
 * ebb_uart.h - what every UART driver of ebb shares, whatever the chip: the
 * state of one asynchronous write.  The board interface (ebb_board.h) names
 * its console writes with it, so an application embeds the same type on
 * every board and no chip's driver type leaks into it.
 */
#ifndef EBB_UART_H
#define EBB_UART_H

#include <stdint.h>

#include "ebb/wait.h"

#ifdef __cplusplus
extern "C" {
#endif

/** State of one asynchronous UART write; embed it in the task's state.
 *  Zero-initialise.  Idle again (reusable) once the write is READY or
 *  cancelled. */
typedef struct ebb_uart_write_op {
    ebb_wait wait;
    uint8_t started; /* owns the transmitter (vs. waiting for its turn) */
} ebb_uart_write_op;

#ifdef __cplusplus
}
#endif

#endif /* EBB_UART_H */
