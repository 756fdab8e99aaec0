/* A semaphore with a limit of 0 could never hold a token: must not compile. */
#include "ebb/ebb.h"

#ifndef EBB_CF_OK
static EBB_SEM_DEFINE(s, 0, 0);
#else /* the fixed version compiles: the error above is this rule's */
static EBB_SEM_DEFINE(s, 0, 1);
#endif
ebb_sem *use(void);
ebb_sem *use(void) { return &s; }
