/* Must NOT compile: two awaits on one line would share a resume point. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer a, b; };
ebb_poll_t two(ebb_cx *cx, struct s *s);
ebb_poll_t two(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    EBB_AWAIT(ebb_sleep_for(&s->a, 1)); EBB_AWAIT(ebb_sleep_for(&s->b, 1));
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT(ebb_sleep_for(&s->a, 1));
    EBB_AWAIT(ebb_sleep_for(&s->b, 1));
#endif
    EBB_END();
}
