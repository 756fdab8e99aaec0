/*
 * test_swi_contract - a software-interrupt executor at level 0 (thread
 * mode) is refused: "PANIC riscv:1", exit 100 (docs/porting.md, RISC-V).
 */
#include "fwtest.h"

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_swi_contract\n");
    static EBB_EXECUTOR_DEFINE(bad, NULL);
    ebb_rv_swi_executor_init(&bad, 0); /* level 0 is thread mode */
    ebb_board_puts("no contract violation reported\n");
    return 1;
}
