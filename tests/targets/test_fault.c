/*
 * test_fault - contracts and faults are reported on the console and end the
 * run with the port's exit code.  TG_FAULT_KIND selects:
 *   1 a failed ebb contract (spawning onto an executor that was never
 *     initialised) -> "PANIC task:1", exit 100
 *   2 a load from an address no device answers (TG_BAD_ADDRESS) ->
 *     "FAULT BusFault", exit 103, on ARMv7-M/ARMv8-M; "FAULT HardFault",
 *     exit 101, on ARMv6-M (no configurable faults)
 */
#include "tgtest.h"

static ebb_poll_t body(ebb_task *self)
{
    EBB_BEGIN(&self->co);
    EBB_END();
}

static ebb_task t = EBB_TASK_INITIALIZER(body);
static ebb_executor never_initialised;

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_fault\n");
#if TG_FAULT_KIND == 1
    (void)ebb_task_spawn(&never_initialised, &t);
#else
    (void)t;
    (void)never_initialised;
    volatile uint32_t *bad = (volatile uint32_t *)(uintptr_t)TG_BAD_ADDRESS;
    (void)*bad;
#endif
    ebb_board_puts("no fault\n");
    return 0;
}
