/* Must NOT compile (with default compiler flags): an awaitable called as a
 * plain statement - the task would never wait.  Rule 6 of ebb/async.h. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t; };
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    ebb_sleep_for(&s->t, 10);
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT(ebb_sleep_for(&s->t, 10));
#endif
    EBB_END();
}
