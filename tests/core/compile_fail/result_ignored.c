/* A result that means "refused, nothing changed" must be used
 * (EBB_MUST_CHECK, warn_unused_result): a spawn, a cancel, whose caller
 * would otherwise go on as if the task ran or stopped.  A warning, made an
 * error here with -Werror=unused-result (ebb's own builds: -Wall -Werror);
 * with GCC a (void) cast does not silence it either. */
#include "ebb/ebb.h"

int start(ebb_executor *ex, ebb_task *t);
int start(ebb_executor *ex, ebb_task *t)
{
#ifdef EBB_CF_OK
    if (ebb_task_spawn(ex, t) != EBB_OK) {
        return -1;
    }
    return ebb_task_cancel(t);
#else
    (void)ebb_task_spawn(ex, t);
    ebb_task_cancel(t);
    return 0;
#endif
}
