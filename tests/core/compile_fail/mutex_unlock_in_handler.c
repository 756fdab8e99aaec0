/* Must NOT compile: an interrupt handler (or main) has no poll context, so
 * it cannot release a mutex on some task's behalf - the unlock takes the
 * context of the task that owns it. */
#include "ebb/ebb.h"

static EBB_MUTEX_DEFINE(m);

void some_irq_handler(void);
void some_irq_handler(void)
{
#ifndef EBB_CF_OK
    ebb_mutex_unlock(&m);
#else /* the fixed version: a task's body unlocks with its context */
    (void)m;
#endif
}

#ifdef EBB_CF_OK
struct owner {
    ebb_task task;
    ebb_wait wait;
};
ebb_poll_t owner_poll(ebb_task *self, ebb_cx *cx);
ebb_poll_t owner_poll(ebb_task *self, ebb_cx *cx)
{
    struct owner *o = EBB_CONTAINER_OF(self, struct owner, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_mutex_lock(&o->wait, &m));
    ebb_mutex_unlock(cx, &m);
    EBB_END();
}
#endif
