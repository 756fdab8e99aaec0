/* Must NOT compile: EBB_EXECUTOR_CONTEXT_ENTRY takes the address of an
 * ebb_executor (a plain initializer would only warn about incompatible
 * pointer types, and the port would then never find the executor it
 * declares: its tasks' mutex calls would be checked against thread mode). */
#include "ebb/ebb.h"

static void app_pend(ebb_executor *ex) { (void)ex; }
struct prio { ebb_executor ex; int level; };
static struct prio prio = {EBB_EXECUTOR_INITIALIZER(app_pend), 1};
EBB_EXECUTOR_TABLE_ENTRY(prio, &prio.ex);
#ifndef EBB_CF_OK
EBB_EXECUTOR_CONTEXT_ENTRY(prio, &prio, 17u);
#else /* the fixed version compiles: the error above is this rule's */
EBB_EXECUTOR_CONTEXT_ENTRY(prio, &prio.ex, 17u);
#endif
