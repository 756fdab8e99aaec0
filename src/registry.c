/* registry.c - task names and the task table (ebb/task.h).
 *
 * Reads the linker section "ebb_tasks" only; nothing here runs unless the
 * program asks for a name, so a program that never does links none of it. */
#include "ebb/task.h"

static const ebb_task_entry *entry_of(const ebb_task *t)
{
    if (t == NULL) {
        return NULL;
    }
    for (const ebb_task_entry *e = __start_ebb_tasks; e < __stop_ebb_tasks; e++) {
        if (e->task == t) {
            return e;
        }
    }
    return NULL;
}

const char *ebb_task_name(const ebb_task *t)
{
    const ebb_task_entry *e = entry_of(t);
    return e != NULL ? *e->name : NULL;
}

int ebb_task_set_name(ebb_task *t, const char *name)
{
    const ebb_task_entry *e = entry_of(t);
    if (e == NULL) {
        return EBB_EINVAL;
    }
    *e->name = name;
    return EBB_OK;
}
