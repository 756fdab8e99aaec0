/* Must NOT compile: a select of one awaitable.  Rule 7 of ebb/async.h. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t, t2; int which; };
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    EBB_AWAIT_ANY(s->which, ebb_sleep_for(&s->t, 10));
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT_ANY(s->which, ebb_sleep_for(&s->t, 10), ebb_sleep_for(&s->t2, 20));
#endif
    EBB_END();
}
