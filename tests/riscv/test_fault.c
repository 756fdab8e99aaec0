/*
 * test_fault - faults and failed contracts end the program with a report on
 * the console and a distinct exit status (docs/porting.md, RISC-V):
 *   RV_FAULT_KIND=1  illegal instruction   -> "FAULT illegal instruction", 101
 *   RV_FAULT_KIND=2  load from unmapped 16 -> "FAULT load access fault", 101
 *   RV_FAULT_KIND=3  failed contract       -> "PANIC riscv:1", 100
 */
#include "rvtest.h"

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_fault\n");
#if RV_FAULT_KIND == 1
    __asm volatile(".4byte 0x00000000"); /* all zeros: defined illegal */
#elif RV_FAULT_KIND == 2
    /* Nothing is mapped below 0x1000; the address goes through a volatile
     * variable so that the compiler cannot see a null-page access. */
    static volatile uintptr_t where = 16u;
    (void)*(volatile uint32_t *)where;
#elif RV_FAULT_KIND == 3
    static EBB_EXECUTOR_DEFINE(bad, NULL);
    ebb_rv_swi_executor_init(&bad, 0); /* level 0 is thread mode */
#endif
    ebb_board_puts("no fault\n");
    return 1;
}
