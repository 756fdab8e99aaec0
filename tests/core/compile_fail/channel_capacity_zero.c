/* Must NOT compile: a channel of capacity 0. */
#include "ebb/ebb.h"

#ifndef EBB_CF_OK
EBB_CHANNEL_DEFINE(zero, int, 0);
#else /* the fixed version compiles: the error above is this rule's */
EBB_CHANNEL_DEFINE(one, int, 1);
#endif
