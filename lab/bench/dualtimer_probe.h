/*
 * dualtimer_probe.h - executed instructions on an MPS2 board, for the
 * benchmarks run there (QEMU -icount shift=0: one instruction per
 * nanosecond).  The clock is the board's CMSDK dual timer at
 * EBB_BOARD_TIMER_HZ, one tick per tens of instructions, so each figure is
 * a window summed over PROBE_RUNS repetitions, less the same sum for an
 * empty window, divided by PROBE_RUNS (rounded).  A window opened at a
 * phase spread evenly over the tick counts, on average, exactly its length
 * in ticks; one opened at a few phases only (a loop whose length is a
 * multiple of part of the tick) is off by up to a tick.  So every window
 * opens with probe_begin(), after a delay of a pseudo-random number of
 * three-instruction steps: three is prime to the tick's length, so the
 * phases are uniform whatever the loop around, and the mean's error is a
 * random one of about half an instruction, the same in every run of one
 * image.  Each figure is printed as "op <name> <instructions>", for
 * lab/bench/check_ops.py.
 */
#ifndef DUALTIMER_PROBE_H
#define DUALTIMER_PROBE_H

#include <stdint.h>

#include "ebb_board.h"
#include "ebb_cmsdk_regs.h"
#include "ebb/fmt.h"

#define PROBE_RUNS 10000u
#define PROBE_DT ((ebb_cmsdk_dualtimer_regs *)EBB_BOARD_DUALTIMER_BASE)

static inline uint32_t probe_stamp(void) { return 0xFFFFFFFFu - PROBE_DT->VALUE; }

/* Instructions per tick (QEMU -icount shift=0: one per nanosecond). */
#define PROBE_TICK_INSNS (1000000000u / EBB_BOARD_TIMER_HZ)

/* Open a window: delay the tick's phase by a pseudo-random amount, then
 * read the counter.  The delay loop is three instructions per step, so
 * that its steps reach every phase of a tick of PROBE_TICK_INSNS (not a
 * multiple of three). */
static inline __attribute__((always_inline)) uint32_t probe_begin(void)
{
    _Static_assert(PROBE_TICK_INSNS % 3u != 0u, "the dither's step must be prime to the tick");
    static uint32_t lcg = 1u;
    lcg = lcg * 1664525u + 1013904223u;
    uint32_t n = 1u + (lcg >> 16) % PROBE_TICK_INSNS;
    __asm volatile("1: nop\n\tsubs %0, %0, #1\n\tbne 1b" : "+l"(n) : : "cc");
    return probe_stamp();
}

static uint64_t probe_overhead; /* an empty window, summed over PROBE_RUNS */

static void probe_check(void);

/* Start the dual timer free-running, measure the empty window and check
 * the instrument (probe_check()). */
static void probe_start(void)
{
    PROBE_DT->CONTROL = 0;
    PROBE_DT->LOAD = 0xFFFFFFFFu;
    PROBE_DT->CONTROL = EBB_CMSDK_DUALTIMER_EN | EBB_CMSDK_DUALTIMER_PERIODIC | EBB_CMSDK_DUALTIMER_SIZE32;
    uint64_t sum = 0;
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        uint32_t const t0 = probe_begin();
        uint32_t const t1 = probe_stamp();
        sum += t1 - t0;
    }
    probe_overhead = sum;
    probe_check();
}

/* `ticks`, a window summed over PROBE_RUNS, in instructions per run. */
static int64_t probe_insns(uint64_t ticks)
{
    int64_t const net = (int64_t)ticks - (int64_t)probe_overhead;
    return (net * (int64_t)PROBE_TICK_INSNS + PROBE_RUNS / 2) / PROBE_RUNS;
}

/* The instrument's own check: a window of exactly 100 instructions must
 * read 100 (to the mean's error); the image fails otherwise. */
static void probe_check(void)
{
    uint64_t sum = 0;
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        uint32_t const t0 = probe_begin();
        __asm volatile(".rept 100\n\tnop\n\t.endr");
        uint32_t const t1 = probe_stamp();
        sum += t1 - t0;
    }
    int64_t const got = probe_insns(sum);
    if (got < 99 || got > 101) {
        char line[64];
        ebb_fmt(line, sizeof line, "probe: 100 instructions read as %ld\n", (long)got);
        ebb_board_puts(line);
        ebb_board_exit(1);
    }
}

/* Print `ticks`, a window summed over PROBE_RUNS, in instructions per run. */
static void probe_report(const char *name, uint64_t ticks)
{
    char line[80];
    ebb_fmt(line, sizeof line, "op %s %ld\n", name, (long)probe_insns(ticks));
    ebb_board_puts(line);
}

#endif
