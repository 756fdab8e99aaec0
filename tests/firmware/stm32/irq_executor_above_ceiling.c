/* Must NOT compile: an interrupt executor defined above the port's ceiling
 * (its tasks call ebb, which an interrupt above the ceiling must never do:
 * contract cm:1 when bound at run time). */
#include "ebb/ebb.h"
#include "ebb_cortex_m.h"

#ifndef EBB_CF_OK
static EBB_CM_IRQ_EXECUTOR_DEFINE(x, 5, EBB_CONFIG_PORT_CEILING_PRIO - 1);
#else /* the fixed version compiles: the error above is this rule's */
static EBB_CM_IRQ_EXECUTOR_DEFINE(x, 5, EBB_CONFIG_PORT_CEILING_PRIO);
#endif
ebb_executor *use(void);
ebb_executor *use(void) { return &x.ex; }
