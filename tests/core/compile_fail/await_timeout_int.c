/* Must NOT compile: a timeout around something that is not an awaitable.
 * Rule 6 of ebb/async.h. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t; ebb_wait w; ebb_waitlist l; int result; };
int ready_flag(void);
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    EBB_AWAIT_TIMEOUT(s->result, &s->t, 100, ready_flag());
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT_TIMEOUT(s->result, &s->t, 100, ebb_wait_on(&s->w, &s->l));
#endif
    EBB_END();
}
