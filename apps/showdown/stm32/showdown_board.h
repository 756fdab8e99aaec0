/* showdown_board.h (STM32 boards) - the showdown's board services, inlined:
 * in the measured windows a probe-pin write is one store, the LED one store,
 * the edge wait a direct call into the EXTI driver. */
#ifndef SHOWDOWN_BOARD_H
#define SHOWDOWN_BOARD_H

#include "ebb_board.h"

typedef struct showdown_uart_write {
    ebb_usart_write_op op;
} showdown_uart_write;

static inline ebb_poll_t showdown_button_edge(ebb_wait *w, enum showdown_edge edge)
{
    return EBB_POLL(ebb_board_button_wait)(w, edge == SHOWDOWN_RISING ? EBB_EXTI_RISING : EBB_EXTI_FALLING);
}

static inline void showdown_led(bool on) { ebb_board_led(on); }

static inline ebb_poll_t showdown_console_write(showdown_uart_write *op, const void *buf, size_t len)
{
    return EBB_POLL(ebb_usart_write)(&op->op, &ebb_board_console, buf, len);
}

#if SHOWDOWN_SELFTIME
void showdown_selftime_thread(bool high); /* main.c: DWT timestamps */
#endif

static inline void showdown_probe_thread(bool high)
{
#if SHOWDOWN_SELFTIME
    showdown_selftime_thread(high);
#endif
    if (high) {
        EBB_BOARD_PROBE_THREAD_HIGH();
    } else {
        EBB_BOARD_PROBE_THREAD_LOW();
    }
}

#endif
