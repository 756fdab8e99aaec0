/* Must NOT compile: EBB_TASK_REGISTER takes the address of an ebb_task (a
 * plain initializer would only warn about incompatible pointer types, and
 * the debugger would then read the wrong object as a task). */
#include "ebb/ebb.h"

struct t { ebb_task task; int count; };
static ebb_poll_t body(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_END();
}
static struct t workers[2] = {{EBB_TASK_INITIALIZER(body), 0}, {EBB_TASK_INITIALIZER(body), 0}};
#ifndef EBB_CF_OK
EBB_TASK_REGISTER(worker0, &workers[0], "worker0");
#else /* the fixed version compiles: the error above is this rule's */
EBB_TASK_REGISTER(worker0, &workers[0].task, "worker0");
#endif
