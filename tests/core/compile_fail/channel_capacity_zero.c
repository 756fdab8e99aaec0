/* Must NOT compile: a channel of capacity 0. */
#include "ebb/ebb.h"

EBB_CHANNEL_DEFINE(zero, int, 0);
