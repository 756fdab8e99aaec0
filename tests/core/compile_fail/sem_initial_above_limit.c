/* A semaphore that starts with more tokens than its limit must not compile. */
#include "ebb/ebb.h"

#ifndef EBB_CF_OK
EBB_SEM_DEFINE(s, 2, 1);
#else /* the fixed version compiles: the error above is this rule's */
EBB_SEM_DEFINE(s, 1, 1);
#endif
