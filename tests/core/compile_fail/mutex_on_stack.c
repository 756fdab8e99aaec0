/* The mutex table (what a cancel searches for a mutex the task owned)
 * cannot point into a stack frame: a mutex defined inside a function must
 * be static. */
#include "ebb/ebb.h"

ebb_mutex *get(void);
ebb_mutex *get(void)
{
#ifndef EBB_CF_OK
    EBB_MUTEX_DEFINE(m);
#else /* the fixed version compiles: the error above is this rule's */
    static EBB_MUTEX_DEFINE(m);
#endif
    return &m;
}
