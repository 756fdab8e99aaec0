/* Must NOT compile: a software-interrupt executor at a level outside
 * 1..EBB_CONFIG_RV_SWI_LEVELS (level 0 is thread mode). */
#include "ebb/ebb.h"
#include "ebb_riscv.h"

#ifndef EBB_CF_OK
static EBB_RV_SWI_EXECUTOR_DEFINE(x, 0);
#else /* the fixed version compiles: the error above is this rule's */
static EBB_RV_SWI_EXECUTOR_DEFINE(x, 1);
#endif
ebb_executor *use(void);
ebb_executor *use(void) { return &x.ex; }
