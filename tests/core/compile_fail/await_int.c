/* Must NOT compile: a select whose branch is a plain int, not an
 * awaitable.  Rule 6 of ebb/async.h. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t, t2; int which; };
ebb_poll_t body(ebb_cx *cx, struct s *s, int flag);
ebb_poll_t body(ebb_cx *cx, struct s *s, int flag)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    EBB_AWAIT_ANY(s->which, ebb_sleep_for(&s->t, 10), flag);
#else /* the fixed version compiles: the error above is this rule's */
    (void)flag;
    EBB_AWAIT_ANY(s->which, ebb_sleep_for(&s->t, 10), ebb_sleep_for(&s->t2, 20));
#endif
    EBB_END();
}
