/*
 * fwtest.h - the few helpers of ebb's self-checking firmware tests: a check
 * that reports file:line and exits with status 1 through the board, and
 * number printing without printf.  A test passes by exiting with 0.
 */
#ifndef EBB_FWTEST_H
#define EBB_FWTEST_H

#include "ebb_board.h"

/* QEMU's TIM2 counter: a free-running 1 GHz virtual clock; under
 * -icount shift=0 it advances exactly 1 per executed instruction.  The
 * tests use it as the reference for ebb's clock. */
#define FW_TIM2_CNT (*(volatile uint32_t *)0x40000024u)

static inline void fw_put_u64(uint64_t v)
{
    char buf[21];
    int n = 20;
    buf[n] = '\0';
    do {
        buf[--n] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    ebb_board_puts(&buf[n]);
}

static inline void fw_put_i64(int64_t v)
{
    if (v < 0) {
        ebb_board_puts("-");
        fw_put_u64((uint64_t)0 - (uint64_t)v);
    } else {
        fw_put_u64((uint64_t)v);
    }
}

__attribute__((noreturn)) static inline void fw_fail(const char *file, int line, const char *what)
{
    ebb_board_puts("FAIL ");
    ebb_board_puts(file);
    ebb_board_puts(":");
    fw_put_u64((uint64_t)line);
    ebb_board_puts(": ");
    ebb_board_puts(what);
    ebb_board_puts("\n");
    ebb_board_exit(1);
}

#define FW_CHECK(cond)                                                         \
    do {                                                                       \
        if (!(cond))                                                           \
            fw_fail(__FILE__, __LINE__, #cond);                                \
    } while (0)

/* Reference clock extended to 64 bits; call at least every 4 s. */
static inline uint64_t fw_ref_ns(void)
{
    static uint32_t last;
    static uint64_t total;
    static bool started;
    uint32_t now = FW_TIM2_CNT;
    if (!started) {
        started = true;
        last = now;
    }
    total += (uint32_t)(now - last);
    last = now;
    return total;
}

#endif
