/*
 * test_contract - a failed contract of ebb's core is reported with its
 * location and ends the run with the panic status, on any board:
 * ebb_ticker_start() with a zero period (contract time:2) must print
 * "PANIC time:2 at 0x<address>" - the address resolves to the check in
 * src/time.c (ctest runs addr2line) - and exit with 100.  Built with
 * FW_CONTRACT_IN_TASK (and the task table on), the call comes from a
 * task's poll and the line names it: " in task culprit".  (A "pass" of
 * this firmware would be the failure.)
 */
#include "fwtest.h"

static ebb_ticker ticker;

#if FW_CONTRACT_IN_TASK
struct culprit {
    ebb_task task;
};
static ebb_poll_t culprit_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&ticker, 0);
    EBB_END();
}
static EBB_TASK_DEFINE(culprit, struct culprit, culprit_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);
#endif

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_contract\n");
#if FW_CONTRACT_IN_TASK
    FW_CHECK(ebb_task_spawn(&exec, &culprit.task) == EBB_OK);
    (void)ebb_executor_poll(&exec);
#else
    ebb_ticker_start(&ticker, 0);
#endif
    ebb_board_puts("no contract violation reported\n");
    ebb_board_exit(0);
}
