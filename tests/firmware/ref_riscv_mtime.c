/* ref_riscv_mtime.c - the reference clock of the firmware suite on QEMU's
 * RISC-V virt machine.  The machine has no second timer that follows
 * virtual time (its RTC follows the host's clock), so the reference is the
 * machine timer the time driver uses, read here directly: it checks the
 * driver's conversion and alarms against the raw counter, not the counter
 * itself (docs/riscv.md).  64-bit, never wraps. */
#include "fwtest.h"

#define MTIME_LO EBB_RV_REG32(EBB_VIRT_MTIME)
#define MTIME_HI EBB_RV_REG32(EBB_VIRT_MTIME + 4u)

void fw_ref_start(void) {}

uint64_t fw_ref_ns(void)
{
    uint32_t hi, lo;
    do {
        hi = MTIME_HI;
        lo = MTIME_LO;
    } while (MTIME_HI != hi);
    return (((uint64_t)hi << 32) | lo) * (1000000000u / EBB_VIRT_MTIME_HZ);
}
