/*
 * test_stack_overflow - a stack that grows into its guard is reported, not
 * left to overwrite the static data: a recursion that goes 64 bytes past
 * the stack's bottom ends in "FAULT stack overflow" (exit 107) - at once
 * where the core has an MPU (ARMv7-M), a stack limit (ARMv8-M) or PMP
 * (RISC-V), at the next idle turn where a canary stands for them
 * (ARMv6-M).  The static data
 * below the guard is checked intact on the way.
 */
#include "fwtest.h"

extern uint32_t _ebb_stack_bottom[];

static volatile uint32_t below_guard[4] = {1, 2, 3, 4}; /* .data, under the guard */

__attribute__((noinline)) static uint32_t dive(uint32_t n)
{
    volatile uint32_t local[4];
    local[0] = n;
    local[3] = n;
    uintptr_t const sp = (uintptr_t)__builtin_frame_address(0);
    if (sp < (uintptr_t)_ebb_stack_bottom - 64u) {
        return local[0];
    }
    return dive(n + 1u) + local[3];
}

static ebb_poll_t idle_once(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    return EBB_READY;
}

static EBB_EXECUTOR_DEFINE(exec, NULL);
struct one {
    ebb_task task;
};
static EBB_TASK_DEFINE(t, struct one, idle_once);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_stack_overflow\n");
    uint32_t r = dive(0);
    /* Only a core without MPU or stack limit gets here; its guard is
     * overwritten and the next idle turn reports it. */
    FW_CHECK(below_guard[0] == 1u && below_guard[3] == 4u);
    (void)r;
    FW_CHECK(ebb_task_spawn(&exec, &t.task) == EBB_OK);
    ebb_executor_run(&exec);
    ebb_board_puts("no stack overflow reported\n");
    return 0;
}
