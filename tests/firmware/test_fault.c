/*
 * test_fault - contracts and faults are reported on the console and end the
 * run with a failure status, never a hang.  One image per FW_FAULT_KIND:
 *   1 a failed ebb contract (spawning onto an executor that was never
 *     initialised) -> "PANIC task:1", exit 100
 *   2 a load from an address nothing answers (FW_BAD_ADDRESS, the board's)
 *     -> BusFault (exit 103) on ARMv7-M/ARMv8-M, HardFault (101) on
 *     ARMv6-M, load access fault (101) on RISC-V
 *   3 an undefined instruction -> UsageFault (104) on ARMv7-M/ARMv8-M,
 *     HardFault (101) on ARMv6-M, illegal instruction (101) on RISC-V
 * ctest expects the status and the message (tests/firmware/CMakeLists.txt:
 * the board's EBB_FW_FAULT_* settings); a "pass" of this firmware would be
 * the failure.
 */
#include "fwtest.h"

#ifndef FW_FAULT_KIND
#error "define FW_FAULT_KIND"
#endif

static ebb_poll_t body(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_END();
}

static ebb_task t = EBB_TASK_INITIALIZER(body);
static ebb_executor never_initialised;

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_fault\n");
#if FW_FAULT_KIND == 1
    FW_CHECK(ebb_task_spawn(&never_initialised, &t) != EBB_OK); /* task:1 fires first */
#elif FW_FAULT_KIND == 2
    (void)t;
    (void)never_initialised;
    /* Through a volatile variable, so that the compiler sees no constant
     * (null-page) access to warn about or to fold away. */
    static volatile uintptr_t where = FW_BAD_ADDRESS;
    (void)*(volatile uint32_t *)where;
#else
    (void)t;
    (void)never_initialised;
#if defined(__riscv)
    __asm volatile(".4byte 0x00000000"); /* all zeros: defined illegal */
#else
    __asm volatile("udf #0");
#endif
#endif
    ebb_board_puts("no fault happened\n");
    return 0;
}
