/* Must NOT compile: with the task table on, a task defined inside a
 * function must be static - the table cannot point into a stack frame
 * (ebb/task.h, EBB_TASK_DEFINE).  The option may differ from one file to the
 * next, so this file turns it on for itself. */
#define EBB_CONFIG_TASK_REGISTRY 1
#include "ebb/ebb.h"

struct t { ebb_task task; };
static ebb_poll_t body(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_END();
}

int start(ebb_executor *ex);
int start(ebb_executor *ex)
{
#ifndef EBB_CF_OK
    EBB_TASK_DEFINE(worker, struct t, body);
#else /* the fixed version compiles: the error above is this rule's */
    static EBB_TASK_DEFINE(worker, struct t, body);
#endif
    return ebb_task_spawn(ex, &worker.task);
}
