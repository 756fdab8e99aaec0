/* Must NOT compile: a task's name in the task table is a string (an integer
 * would only warn, and ebb_task_name() or the debugger would then read
 * memory at that address). */
#include "ebb/ebb.h"

struct t { ebb_task task; };
static ebb_poll_t body(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_END();
}
static struct t worker = {EBB_TASK_INITIALIZER(body)};
#ifndef EBB_CF_OK
EBB_TASK_REGISTER(worker, &worker.task, 7);
#else /* the fixed version compiles: the error above is this rule's */
EBB_TASK_REGISTER(worker, &worker.task, "worker");
#endif
