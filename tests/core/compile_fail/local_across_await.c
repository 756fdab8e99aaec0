/* Rule 1 of ebb/async.h (locals do not survive an await) cannot be enforced
 * by the compiler in general, but these warnings catch a local that is set
 * before an await and read after it: GCC's -Wmaybe-uninitialized (in -Wall,
 * needs -O1 or more) and Clang's -Wconditional-uninitialized.  ebb's own
 * builds use them with -Werror; this test checks that they still fire
 * through the coroutine macros. */
#include "ebb/ebb.h"

struct s { ebb_co co; ebb_timer t; int kept; };
int sample(void);
void use(int v);
ebb_poll_t body(ebb_cx *cx, struct s *s);
ebb_poll_t body(ebb_cx *cx, struct s *s)
{
#ifndef EBB_CF_OK
    int v;
    EBB_BEGIN(cx, &s->co);
    v = sample();
    EBB_AWAIT(ebb_sleep_for(&s->t, 10));
    use(v); /* stale: v did not survive the await */
#else /* the fix: keep it in the state struct */
    EBB_BEGIN(cx, &s->co);
    s->kept = sample();
    EBB_AWAIT(ebb_sleep_for(&s->t, 10));
    use(s->kept);
#endif
    EBB_END();
}
