/*
 * trace_cost.c - what tracing and deferred logging cost when they are on,
 * in executed instructions on the Cortex-M4 (QEMU -icount, TIM2 counting
 * one per instruction; probe.h), next to snprintf for the same message.
 * Built on a copy of the core and the port compiled with EBB_CONFIG_TRACE=1
 * (lab/bench/CMakeLists.txt).  Prints "op <name> <instructions>" lines, and
 * "bytes <name> <n>" for what each message takes in the stream or buffer,
 * for lab/bench/check_ops.py and lab/bench/trace_budget.json.
 */
#include <stdio.h>

#include "probe.h"
#include "ebb/log.h"
#include "ebb/trace.h"


/* Records are stamped by the probe's own counter, the board's TIM2, which
 * qemu-netduinoplus2 names as its profiling counter
 * (EBB_CONFIG_PROFILE_COUNTER, read inline: one load, as a cycle
 * counter's would be); its rate: */
uint32_t ebb_profile_clock_hz(void) { return 1000000000u; }

static ebb_trace_record drained[64];

/* Records the ring holds now, taken out (the ring starts each measure
 * empty, so none is dropped). */
static uint32_t drain(void)
{
    return (uint32_t)ebb_trace_read(drained, sizeof drained / sizeof drained[0]);
}

int main(void)
{
    ebb_board_init();
    probe_calibrate();
    volatile unsigned a = 1, b = 13; /* as the showdown's "Button is 1 (13)" */
    char buf[32];
    int n = 0;

    (void)drain();
    PROBE_MEASURE("trace_event", EBB_TRACE_ISR_ENTER(40u));
    probe_put("bytes", "trace_event", (int32_t)(drain() * (uint32_t)sizeof(ebb_trace_record)));

    PROBE_MEASURE("log_info(2_args)", EBB_LOG_INFO("Button is %u (%u)", a, b));
    probe_put("bytes", "log_info(2_args)", (int32_t)(drain() * (uint32_t)sizeof(ebb_trace_record)));

    PROBE_MEASURE("log_info(no_args)", EBB_LOG_INFO("Button pressed"));
    probe_put("bytes", "log_info(no_args)", (int32_t)(drain() * (uint32_t)sizeof(ebb_trace_record)));

    PROBE_MEASURE("snprintf(2_args)", n = snprintf(buf, sizeof buf, "Button is %u (%u)\n", (unsigned)a, (unsigned)b));
    probe_put("bytes", "snprintf(2_args)", (int32_t)((uint32_t)n));
    ebb_board_exit(0);
}
