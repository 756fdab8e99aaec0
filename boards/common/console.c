/*
 * console.c - the console's polled output, the same on every board: the
 * panic and fault reports go through it, before ebb_board_init() too
 * (nothing is written then: the UART is not set up).
 */
#include "ebb_board.h"

/* Counted by hand, not by strlen: GCC would otherwise call the C library's
 * word-at-a-time strlen (220 bytes) for panic and report messages. */
#if defined(__GNUC__) && !defined(__clang__)
#define COUNTED_BY_HAND __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define COUNTED_BY_HAND
#endif

COUNTED_BY_HAND void ebb_board_puts(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    if (ebb_board_console->ops != NULL) {
        ebb_uart_write_blocking(ebb_board_console, s, n);
    }
}
