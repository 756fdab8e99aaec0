/*
 * dualtimer_probe.h - executed instructions on an MPS2 board, for the
 * benchmarks run there (QEMU -icount shift=0: one instruction per
 * nanosecond).  The clock is the board's CMSDK dual timer at
 * EBB_BOARD_TIMER_HZ, one tick per tens of instructions, so each figure is
 * a window summed over PROBE_RUNS repetitions, less the same sum for an
 * empty window, divided by PROBE_RUNS (rounded): the tick's phase drifts
 * across the repetitions and the error of the mean stays well under one
 * instruction.  Each figure is printed as "op <name> <instructions>", for
 * lab/bench/check_ops.py.
 */
#ifndef DUALTIMER_PROBE_H
#define DUALTIMER_PROBE_H

#include <stdint.h>

#include "ebb_board.h"
#include "ebb_cmsdk_regs.h"
#include "ebb/fmt.h"

#define PROBE_RUNS 1000u
#define PROBE_DT ((ebb_cmsdk_dualtimer_regs *)EBB_BOARD_DUALTIMER_BASE)

static inline uint32_t probe_stamp(void) { return 0xFFFFFFFFu - PROBE_DT->VALUE; }

static uint64_t probe_overhead; /* an empty window, summed over PROBE_RUNS */

/* Start the dual timer free-running and measure the empty window. */
static void probe_start(void)
{
    PROBE_DT->CONTROL = 0;
    PROBE_DT->LOAD = 0xFFFFFFFFu;
    PROBE_DT->CONTROL = EBB_CMSDK_DUALTIMER_EN | EBB_CMSDK_DUALTIMER_PERIODIC | EBB_CMSDK_DUALTIMER_SIZE32;
    uint64_t sum = 0;
    for (unsigned i = 0; i < PROBE_RUNS; i++) {
        uint32_t const t0 = probe_stamp();
        uint32_t const t1 = probe_stamp();
        sum += t1 - t0;
    }
    probe_overhead = sum;
}

/* Print `ticks`, a window summed over PROBE_RUNS, in instructions per run. */
static void probe_report(const char *name, uint64_t ticks)
{
    int64_t const net = (int64_t)ticks - (int64_t)probe_overhead;
    int64_t const insns = (net * (1000000000 / EBB_BOARD_TIMER_HZ) + PROBE_RUNS / 2) / PROBE_RUNS;
    char line[80];
    ebb_fmt(line, sizeof line, "op %s %ld\n", name, (long)insns);
    ebb_board_puts(line);
}

#endif
