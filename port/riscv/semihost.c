/*
 * semihost.c - RISC-V semihosting (the RISC-V semihosting spec: the ARM
 * calls, trapped by an ebreak between two marker instructions), for the
 * trace stream (ebb/trace.h) on a board that has it.
 */
#include "ebb/trace.h"

#if EBB_CONFIG_TRACE

#include <stdbool.h>
#include <stdint.h>

#include "ebb_riscv.h"

bool ebb_board_semihosting(void); /* the board's: does the host answer? */

#define SYS_OPEN 0x01u
#define SYS_WRITE 0x05u

/* The three instructions must be uncompressed, in this order, in one page:
 * the debugger recognises the ebreak by its neighbours. */
static uint32_t semihost_call(uint32_t op, const void *arg)
{
    register uint32_t a0 __asm("a0") = op;
    register const void *a1 __asm("a1") = arg;
    __asm volatile(".option push\n\t.option norvc\n\t.balign 16\n\t"
                   "slli x0, x0, 0x1f\n\tebreak\n\tsrai x0, x0, 7\n\t.option pop"
                   : "+r"(a0) : "r"(a1) : "memory");
    return a0;
}

#ifndef EBB_CONFIG_TRACE_FILE
#define EBB_CONFIG_TRACE_FILE "ebb_trace.bin"
#endif

/* The stream into a file on the debug host (QEMU: its working directory),
 * opened at the first write, when the board has semihosting. */
void ebb_trace_output(const void *bytes, size_t n)
{
    static int32_t handle = -2; /* -2: not opened yet, -1: none */
    if (handle == -2) {
        static const char name[] = EBB_CONFIG_TRACE_FILE;
        uint32_t open_block[3] = {(uint32_t)(uintptr_t)name, 5u /* "wb" */, sizeof name - 1u};
        handle = ebb_board_semihosting() ? (int32_t)semihost_call(SYS_OPEN, open_block) : -1;
    }
    if (handle >= 0) {
        uint32_t write_block[3] = {(uint32_t)handle, (uint32_t)(uintptr_t)bytes, (uint32_t)n};
        (void)semihost_call(SYS_WRITE, write_block);
    }
}

#else
typedef int ebb__rv_semihost_off; /* a translation unit is never empty */
#endif
