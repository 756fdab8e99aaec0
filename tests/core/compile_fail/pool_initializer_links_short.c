/* A pool's link table needs one entry per block: arrays of different
 * lengths must not compile (the pool would index past the links). */
#include "ebb/ebb.h"

static uint32_t blocks[8];
#ifndef EBB_CF_OK
static uint16_t links[4];
#else /* the fixed version compiles: the error above is this rule's */
static uint16_t links[8];
#endif
static ebb_pool pool = EBB_POOL_INITIALIZER(blocks, links);
ebb_pool *use(void);
ebb_pool *use(void) { return &pool; }
