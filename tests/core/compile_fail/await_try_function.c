/* Must NOT compile: awaiting a try_ function's error code.  With an int
 * result EBB_OK would read as "pending" and the task would hang for good.
 * Rule 6 of ebb/async.h. */
#include "ebb/ebb.h"

EBB_CHANNEL_DEFINE(ch, int, 4);
struct s { ebb_co co; ebb_wait w; int v; };
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
    EBB_BEGIN(cx, &s->co);
#ifndef EBB_CF_OK
    EBB_AWAIT(ebb_channel_try_send(&ch, &s->v));
#else /* the fixed version compiles: the error above is this rule's */
    EBB_AWAIT(ebb_channel_send(&s->w, &ch, &s->v));
#endif
    EBB_END();
}
