/* Must NOT compile: an await outside EBB_BEGIN/EBB_END has no coroutine to
 * suspend (misuse "await outside a task" is caught at compile time). */
#include "ebb/ebb.h"

ebb_poll_t not_a_coroutine(ebb_timer *t);
ebb_poll_t not_a_coroutine(ebb_timer *t)
{
#ifndef EBB_CF_OK
    EBB_AWAIT(ebb_sleep_for(t, 10));
    return EBB_READY;
#else /* the fixed version compiles: the error above is this rule's */
    ebb_cx cx = {NULL, true}; /* a context of its own: nothing to cancel */
    return EBB_POLL(ebb_sleep_for)(&cx, t, 10);
#endif
}
