/* A pool of no blocks must not compile. */
#include "ebb/ebb.h"

#ifndef EBB_CF_OK
EBB_POOL_DEFINE(p, int, 0);
#else /* the fixed version compiles: the error above is this rule's */
EBB_POOL_DEFINE(p, int, 1);
#endif
