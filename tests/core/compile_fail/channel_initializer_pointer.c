/* EBB_CHANNEL_INITIALIZER takes its capacity from an array's length: a
 * pointer has none, so it must not compile (sizeof would read the
 * pointer's size as the capacity). */
#include "ebb/ebb.h"

static int storage[8];
#ifndef EBB_CF_OK
static int *const ring = storage;
static ebb_channel ch = EBB_CHANNEL_INITIALIZER(ring);
#else /* the fixed version compiles: the error above is this rule's */
static ebb_channel ch = EBB_CHANNEL_INITIALIZER(storage);
#endif
ebb_channel *use(void);
ebb_channel *use(void) { return &ch; }
