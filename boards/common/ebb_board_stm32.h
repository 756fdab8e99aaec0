/*
 * ebb_board_stm32.h - the STM32 boards' inline part of ebb_board.h
 * (EBB_BOARD_INLINE_HEADER): the button is an EXTI line, the console a
 * USART, the probe pins GPIO bit-band stores.  Inline so that the
 * showdown's measured windows cost what the drivers cost, with no call in
 * between.  Applications use the names of ebb_board.h only.
 */
#ifndef EBB_BOARD_STM32_H
#define EBB_BOARD_STM32_H

#include "ebb_stm32_exti.h"
#include "ebb_stm32_gpio.h"
#include "ebb_stm32_usart.h"

/* The board's console USART (board.c); its driver calls are the board's. */
extern ebb_usart ebb__board_console;

/* The board's edge names are the EXTI driver's values: no conversion. */
_Static_assert((int)EBB_BOARD_RISING == (int)EBB_EXTI_RISING &&
                   (int)EBB_BOARD_FALLING == (int)EBB_EXTI_FALLING &&
                   (int)EBB_BOARD_ANY == (int)EBB_EXTI_ANY,
               "ebb_board_edge and ebb_exti_edge differ");

EBB_AWAITABLE static inline ebb_poll_t ebb_board_button_wait(ebb_cx *cx, ebb_wait *w, ebb_board_edge edge)
{
    return EBB_POLL(ebb_exti_wait)(cx, w, EBB_BOARD_BUTTON_LINE, (ebb_exti_edge)edge);
}

EBB_AWAITABLE static inline ebb_poll_t ebb_board_console_write(ebb_cx *cx, ebb_board_write_op *op, const void *data,
                                                               size_t len)
{
    return EBB_POLL(ebb_usart_write)(cx, op, &ebb__board_console, data, len);
}

EBB_AWAITABLE static inline ebb_poll_t ebb_board_console_read(ebb_cx *cx, ebb_wait *w, void *buf, size_t max, size_t *got)
{
    return EBB_POLL(ebb_usart_read)(cx, w, &ebb__board_console, buf, max, got);
}

static inline size_t ebb_board_console_rx_count(void)
{
    return ebb_usart_rx_count(&ebb__board_console);
}

static inline uint32_t ebb_board_console_overruns(void)
{
    return ebb_usart_overruns(&ebb__board_console);
}

/* Probe pins (PG0 = interrupt pin, PG1 = thread pin on every STM32 board):
 * one bit-band store each. */
#define EBB_BOARD_PROBE_IRQ_HIGH() EBB_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_IRQ_LOW() EBB_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_THREAD_HIGH() \
    EBB_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)
#define EBB_BOARD_PROBE_THREAD_LOW() \
    EBB_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)

#endif /* EBB_BOARD_STM32_H */
