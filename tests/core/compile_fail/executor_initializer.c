/* An executor made from an initializer would be outside the executor table:
 * the initializer is gone, EBB_EXECUTOR_DEFINE is the one way. */
#include "ebb/ebb.h"

#ifndef EBB_CF_OK
static ebb_executor ex = EBB_EXECUTOR_INITIALIZER;
#else /* the fixed version compiles: the error above is this rule's */
static EBB_EXECUTOR_DEFINE(ex, NULL);
#endif
ebb_executor *use(void);
ebb_executor *use(void) { return &ex; }
