/*
 * test_mutex_isr - ebb_mutex_unlock() from an interrupt handler that lands
 * inside the owner's poll is contract mutex:3 (it used to succeed:
 * ebb_current() still names the interrupted owner).  The port tells the
 * handler from the task by its execution context (ebb_port_context():
 * Cortex-M IPSR, RISC-V the trap entry's record of the trap it handles).
 * The task locks a mutex and raises the suite's spare interrupt, whose
 * handler unlocks it; the task waits inside its poll until the handler has
 * run.  The run must end with "PANIC mutex:3" and the panic status (ctest
 * expects both; a "pass" of this firmware would be the failure).
 */
#include "fwtest.h"

static EBB_MUTEX_DEFINE(m);
static volatile bool handled;

static void unlock_from_handler(void)
{
    ebb_mutex_unlock(&m); /* mutex:3: does not return with contracts on */
    handled = true;
}

struct owner {
    ebb_task task;
    ebb_wait wait;
};

static ebb_poll_t owner_poll(ebb_task *self)
{
    struct owner *o = EBB_CONTAINER_OF(self, struct owner, task);
    EBB_BEGIN(&self->co);
    EBB_AWAIT(ebb_mutex_lock(&o->wait, &m));
    ebb_board_puts("locked; the handler unlocks\n");
    fw_spare_raise();
    while (!handled) {
        /* inside this poll until the handler has run */
    }
    ebb_board_puts("the handler's unlock was not reported\n");
    ebb_mutex_unlock(&m);
    EBB_END();
}

static EBB_TASK_DEFINE(owner, struct owner, owner_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mutex_isr\n");
    fw_spare_init(unlock_from_handler);
    ebb_task_spawn(&exec, &owner.task);
    while (ebb_task_state(&owner.task) == EBB_TASK_RUNNING) {
        (void)ebb_executor_poll(&exec);
    }
    ebb_board_exit(0);
}
