/* Must NOT compile: a poll result is not an integer; comparing it with ==
 * would also accept EBB_OK.  Test it with ebb_poll_is_ready(). */
#include "ebb/ebb.h"

ebb_poll_t forward(ebb_cx *cx, ebb_wait *w, ebb_waitlist *l);
ebb_poll_t forward(ebb_cx *cx, ebb_wait *w, ebb_waitlist *l)
{
#ifndef EBB_CF_OK
    if (EBB_POLL(ebb_wait_on)(cx, w, l) == EBB_READY) {
#else /* the fixed version compiles: the error above is this rule's */
    if (ebb_poll_is_ready(EBB_POLL(ebb_wait_on)(cx, w, l))) {
#endif
        return EBB_READY;
    }
    return EBB_PENDING;
}
