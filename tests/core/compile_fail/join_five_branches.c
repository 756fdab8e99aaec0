/* Must NOT compile: a join of five awaitables.  Rule 7 of ebb/async.h. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t[5]; unsigned mask; };
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    EBB_AWAIT_ALL(s->mask, ebb_sleep_for(&s->t[0], 1), ebb_sleep_for(&s->t[1], 1),
                  ebb_sleep_for(&s->t[2], 1), ebb_sleep_for(&s->t[3], 1),
                  ebb_sleep_for(&s->t[4], 1));
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT_ALL(s->mask, ebb_sleep_for(&s->t[0], 1), ebb_sleep_for(&s->t[1], 1),
                  ebb_sleep_for(&s->t[2], 1), ebb_sleep_for(&s->t[3], 1));
#endif
    EBB_END();
}
