/*
 * rvtest.h - checks for the RISC-V port's self-checking firmware tests: a
 * failed check prints file:line and exits with status 1 through the board.
 */
#ifndef EBB_RVTEST_H
#define EBB_RVTEST_H

#include "ebb_board.h"

__attribute__((noreturn)) static inline void rv_fail(const char *file, int line, const char *what)
{
    char num[12];
    ebb_board_puts("FAIL ");
    ebb_board_puts(file);
    ebb_board_puts(":");
    ebb_board_puts(ebb_rv_dec(num, line));
    ebb_board_puts(": ");
    ebb_board_puts(what);
    ebb_board_puts("\n");
    ebb_board_exit(1);
}

#define RV_CHECK(cond)                                                         \
    do {                                                                       \
        if (!(cond))                                                           \
            rv_fail(__FILE__, __LINE__, #cond);                                \
    } while (0)

static inline void rv_put_u32(const char *label, uint32_t v)
{
    char num[12];
    ebb_board_puts(label);
    ebb_board_puts(ebb_rv_dec(num, (int32_t)v));
    ebb_board_puts("\n");
}

#endif
