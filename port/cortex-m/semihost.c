/*
 * semihost.c - the two ARM semihosting calls ebb uses (ARM "Semihosting for
 * AArch32 and AArch64": bkpt 0xab on M-profile, op in r0, argument in r1).
 */
#include "ebb_cortex_m.h"

#define SYS_OPEN 0x01u
#define SYS_WRITE 0x05u
#define SYS_WRITE0 0x04u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static inline uint32_t semihost_call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm("r0") = op;
    register const void *r1 __asm("r1") = arg;
    __asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void ebb_semihost_write0(const char *s)
{
    (void)semihost_call(SYS_WRITE0, s);
}

#if EBB_CONFIG_TRACE
/* The trace stream (ebb/trace.h) into a file on the debug host, named by
 * EBB_CONFIG_TRACE_FILE relative to the debugger's (QEMU's) working
 * directory: opened at the first write, when the board has semihosting. */
#ifndef EBB_CONFIG_TRACE_FILE
#define EBB_CONFIG_TRACE_FILE "ebb_trace.bin"
#endif
void ebb_trace_output(const void *bytes, size_t n)
{
    static int32_t handle = -2; /* -2: not opened yet, -1: refused */
    if (handle == -2) {
        static const char name[] = EBB_CONFIG_TRACE_FILE;
        uint32_t open_block[3] = {(uint32_t)(uintptr_t)name, 5u /* "wb" */, sizeof name - 1u};
        handle = ebb__cm_semihosting() ? (int32_t)semihost_call(SYS_OPEN, open_block) : -1;
    }
    if (handle >= 0) {
        uint32_t write_block[3] = {(uint32_t)handle, (uint32_t)(uintptr_t)bytes, (uint32_t)n};
        (void)semihost_call(SYS_WRITE, write_block);
    }
}
#endif

void ebb_semihost_exit(int code)
{
#if EBB_CONFIG_TRACE
    ebb_trace_flush(); /* what the ring holds, before the session ends */
#endif
    /* The extended form carries the whole status; plain SYS_EXIT only
     * distinguishes success from failure. */
    /* On the stack: the call is synchronous, and a static block would cost
     * RAM in every image, also on boards that never use semihosting. */
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)code};
    (void)semihost_call(SYS_EXIT_EXTENDED, block);
    for (;;) {
        __asm volatile("wfi");
    }
}
