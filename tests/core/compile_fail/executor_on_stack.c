/* The executor table cannot point into a stack frame: an executor defined
 * inside a function must be static. */
#include "ebb/ebb.h"

void run(void);
void run(void)
{
#ifndef EBB_CF_OK
    EBB_EXECUTOR_DEFINE(ex, NULL);
#else /* the fixed version compiles: the error above is this rule's */
    static EBB_EXECUTOR_DEFINE(ex, NULL);
#endif
    ebb_executor_run(&ex);
}
