/* EBB_CHANNEL_DEFINE (and EBB_POOL_DEFINE) make their storage at file
 * scope: inside a function their storage would live on the stack, so a
 * static channel there must not compile.  The fix: define it at file scope
 * (with or without static), or name the storage and use the initializer. */
#include "ebb/ebb.h"

#ifdef EBB_CF_OK
static EBB_CHANNEL_DEFINE(ch, int, 4);
#endif
ebb_channel *get(void);
ebb_channel *get(void)
{
#ifndef EBB_CF_OK
    static EBB_CHANNEL_DEFINE(ch, int, 4);
#endif
    return &ch;
}
