/* Must NOT compile: keeping an awaitable's result outside an await macro is
 * still forgetting to await it (the hand-written way is EBB_POLL(fn)).
 * Rule 6 of ebb/async.h. */
#include "ebb/ebb.h"

EBB_CHANNEL_DEFINE(ch, int, 4);
struct s { ebb_co co; ebb_wait w; int v; };
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    ebb_poll_t r = ebb_channel_recv(&s->w, &ch, &s->v);
    (void)r;
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT(ebb_channel_recv(&s->w, &ch, &s->v));
#endif
    EBB_END();
}
