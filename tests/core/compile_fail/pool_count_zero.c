/* A pool of no blocks must not compile. */
#include "ebb/ebb.h"

EBB_POOL_DEFINE(p, int, 0);
