/*
 * board_common.c - the parts of the board interface (ebb_board.h) that are
 * the same on every STM32 board: console output by polling and the LED.
 * Compiled into each board's library, against that board's
 * ebb_board_config.h.
 */
#include "ebb_board.h"

void ebb_board_write(const void *data, size_t len)
{
    if (ebb__board_console.regs != NULL) {
        ebb_usart_write_blocking(&ebb__board_console, data, len);
    }
}

/* Counted by hand, not by strlen: GCC would otherwise call the C library's
 * word-at-a-time strlen (220 bytes) for panic and report messages. */
__attribute__((optimize("no-tree-loop-distribute-patterns"))) void ebb_board_puts(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    ebb_board_write(s, n);
}

void ebb_board_led(bool on)
{
    if (on) {
        EBB_GPIO_PROBE_HIGH(EBB_BOARD_LED_PORT, EBB_BOARD_LED_PIN);
    } else {
        EBB_GPIO_PROBE_LOW(EBB_BOARD_LED_PORT, EBB_BOARD_LED_PIN);
    }
}
