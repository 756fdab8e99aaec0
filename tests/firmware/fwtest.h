/*
 * fwtest.h - the helpers of ebb's self-checking firmware suite, the same on
 * every board: a check that reports file:line and exits with status 1
 * through the board, number printing without printf, and the few things a
 * test needs from the target that ebb_board.h does not offer.  A test
 * passes by exiting with 0.
 *
 * What differs per target is implemented once per port or chip, outside the
 * tests (tests/firmware/CMakeLists.txt adds the right files):
 *   - fw_cortex_m.c / fw_riscv.c: the spare interrupt (the suite's finger
 *     on an interrupt line) and an interrupt executor;
 *   - ref_<clock>.c: a reference clock the time driver does not use.
 */
#ifndef EBB_FWTEST_H
#define EBB_FWTEST_H

#include "ebb_board.h"

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

static inline void fw_put_line(const char *label, uint64_t v)
{
    ebb_board_puts(label);
    fw_put_u64(v);
    ebb_board_puts("\n");
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

/* ---- the spare interrupt and an interrupt executor (fw_<port>.c) ---- */

/* The spare interrupt: a line nothing else drives, at a priority allowed to
 * call ebb, whose handler calls `fn` (Cortex-M: EBB_BOARD_SPARE0_IRQ at
 * priority 2; RISC-V: the RTC's alarm through the PLIC).  Call once. */
void fw_spare_init(void (*fn)(void));
/* The finger: make the spare interrupt pending (from a task or an
 * interrupt); it runs as soon as nothing masks it. */
void fw_spare_raise(void);

/* How fw_irq_executor_start() sets its executor up. */
enum fw_irqx {
    FW_IRQX_OK,             /* more urgent than thread mode, allowed to call ebb */
    FW_IRQX_ABOVE_CEILING,  /* init above the port's ceiling: a contract */
    FW_IRQX_MOVED_ABOVE,    /* moved above the ceiling after init */
    FW_IRQX_DEFINED,        /* complete as defined: no init call at all */
};
/* An interrupt executor more urgent than thread mode (Cortex-M: port
 * object on EBB_BOARD_SPARE1_IRQ; RISC-V: software-interrupt level 1).
 * A wake from thread mode runs its task at once. */
ebb_executor *fw_irq_executor_start(enum fw_irqx how);
/* True while the code runs in that executor's interrupt. */
bool fw_in_irq_executor(void);

/* Execute exactly 2 * n instructions (n > 0) of a two-instruction loop:
 * under QEMU -icount, 2 * n * 2^shift ns of virtual time. */
void fw_spin_pairs(uint32_t n);

/* Bytes of the stack used since reset, as the port's painted high-water
 * mark finds them (an image that calls this paints its stack at reset). */
static inline uint32_t fw_stack_peak_bytes(void)
{
#if defined(__riscv)
    return ebb_rv_stack_peak_bytes();
#else
    return ebb_cm_stack_peak_bytes();
#endif
}

/* ---- the reference clock (ref_<clock>.c) ---- */

/* Start the board's reference clock (call once, before ebb_board_init()
 * where the clock is shared with nothing).  fw_ref_ns(): its time in
 * nanoseconds, 64-bit; call at least once per wrap of the counter (the
 * file says how long that is). */
void fw_ref_start(void);
uint64_t fw_ref_ns(void);

/* A counter `now` wrapping at mask + 1, extended to 64 bits (for the
 * ref_*.c files). */
static inline uint64_t fw_ref_extend(uint32_t now, uint32_t mask)
{
    static uint32_t last;
    static uint64_t total;
    static bool started;
    if (!started) {
        started = true;
        last = now;
    }
    total += (uint32_t)(now - last) & mask;
    last = now;
    return total;
}

#endif
