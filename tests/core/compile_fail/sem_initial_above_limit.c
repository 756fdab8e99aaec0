/* A semaphore that starts with more tokens than its limit must not compile. */
#include "ebb/ebb.h"

EBB_SEM_DEFINE(s, 2, 1);
