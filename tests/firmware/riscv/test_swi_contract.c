/*
 * test_swi_contract - software-interrupt executors refused: "PANIC
 * riscv:1", exit 100 (docs/porting.md, RISC-V).  FW_SWI_KIND 0: one bound
 * at level 0 (thread mode) at run time; 1: two defined at one level, the
 * second refused at the first spawn on it.
 */
#include "fwtest.h"

#ifndef FW_SWI_KIND
#define FW_SWI_KIND 0
#endif

#if FW_SWI_KIND == 1
static EBB_RV_SWI_EXECUTOR_DEFINE(first, 2);
static EBB_RV_SWI_EXECUTOR_DEFINE(second, 2);
static ebb_poll_t once_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    return EBB_READY;
}
static ebb_task a = EBB_TASK_INITIALIZER(once_poll);
static ebb_task b = EBB_TASK_INITIALIZER(once_poll);
#endif

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_swi_contract\n");
#if FW_SWI_KIND == 1
    FW_CHECK(ebb_task_spawn(&first.ex, &a) == EBB_OK);
    ebb_board_puts("first executor at level 2 took it\n");
    FW_CHECK(ebb_task_spawn(&second.ex, &b) != EBB_OK); /* level 2 is taken: a contract */
#else
    static EBB_RV_SWI_EXECUTOR_DEFINE(bad, 1);
    ebb_rv_swi_executor_init(&bad, 0); /* level 0 is thread mode */
#endif
    ebb_board_puts("no contract violation reported\n");
    return 1;
}
