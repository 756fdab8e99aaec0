/* Assigning a timer - EBB_TIMER_INITIALIZER over one that may be armed -
 * would cut the timer queue's links: a struct holding a list or queue link
 * cannot be assigned, so it must not compile.  (A timer is idle again once
 * its sleep ended or was cancelled: it needs no re-initialization.) */
#include "ebb/ebb.h"

struct blinker {
    ebb_task task;
    ebb_timer timer;
};

void restart(struct blinker *b);
void restart(struct blinker *b)
{
#ifndef EBB_CF_OK
    b->timer = (ebb_timer)EBB_TIMER_INITIALIZER;
#else /* the fixed version compiles: the error above is this rule's */
    (void)b;
#endif
}
