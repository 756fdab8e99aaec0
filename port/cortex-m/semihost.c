/*
 * semihost.c - the two ARM semihosting calls ebb uses (ARM "Semihosting for
 * AArch32 and AArch64": bkpt 0xab on M-profile, op in r0, argument in r1).
 */
#include "ebb_cortex_m.h"

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

void ebb_semihost_exit(int code)
{
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
