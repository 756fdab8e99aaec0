/*
 * tgtest.h - helpers of the target tests (tests/targets): checks that report
 * file:line and exit with status 1, number printing, and the board's
 * reference clock: a timer the time driver does not use (the MPS2 dual
 * timer, the nRF51's TIMER1), read as a 64-bit count of nanoseconds.
 */
#ifndef EBB_TGTEST_H
#define EBB_TGTEST_H

#include "ebb_board.h"

static inline void tg_put_u64(uint64_t v)
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

static inline void tg_put_i64(int64_t v)
{
    if (v < 0) {
        ebb_board_puts("-");
        tg_put_u64((uint64_t)0 - (uint64_t)v);
    } else {
        tg_put_u64((uint64_t)v);
    }
}

__attribute__((noreturn)) static inline void tg_fail(const char *file, int line, const char *what)
{
    char num[12];
    ebb_board_puts("FAIL ");
    ebb_board_puts(file);
    ebb_board_puts(":");
    ebb_board_puts(ebb_cm_dec(num, line));
    ebb_board_puts(": ");
    ebb_board_puts(what);
    ebb_board_puts("\n");
    ebb_board_exit(1);
}

#define TG_CHECK(cond)                                                         \
    do {                                                                       \
        if (!(cond))                                                           \
            tg_fail(__FILE__, __LINE__, #cond);                                \
    } while (0)

/* Start the reference clock and return its count (call once, first). */
uint32_t tg_ref_start(void);
/* Reference count: clocks of EBB_BOARD_TIMER_HZ, wrapping at
 * tg_ref_mask + 1 (2^32 on MPS2, 2^24 with SysTick). */
uint32_t tg_ref_count(void);
extern const uint32_t tg_ref_mask;

/* Reference extended to 64 bits, in nanoseconds; call at least once per
 * wrap of the reference (171 s on MPS2, 1.05 s with the micro:bit's
 * SysTick). */
static inline uint64_t tg_ref_ns(void)
{
    static uint32_t last;
    static uint64_t total;
    static bool started;
    uint32_t now = tg_ref_count();
    if (!started) {
        started = true;
        last = now;
    }
    total += (uint32_t)(now - last) & tg_ref_mask;
    last = now;
    /* Clocks of a whole number of MHz: on the micro:bit (16 MHz) this is a
     * shift, not a 64-bit division the Cortex-M0 does in software. */
    return total * 1000u / (EBB_BOARD_TIMER_HZ / 1000000u);
}

#endif
