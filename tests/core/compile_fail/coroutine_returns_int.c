/* Must NOT compile: a coroutine body must return ebb_poll_t. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t; };
#ifndef EBB_CF_OK
int body(ebb_cx *cx, struct s *s);
int body(ebb_cx *cx, struct s *s)
#else /* the fixed version compiles: the error above is this rule's */
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
#endif
{
    EBB_BEGIN(cx, &s->co);
    EBB_AWAIT(ebb_sleep_for(&s->t, 10));
    EBB_END();
}
