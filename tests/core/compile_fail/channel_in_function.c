/* The channel table (what a cancel searches for a reservation or peek the
 * task held) cannot point into a stack frame: EBB_CHANNEL_DEFINE belongs at
 * file scope; a channel inside a function is set up with ebb_channel_init()
 * (and is then in no table). */
#include "ebb/ebb.h"

#ifdef EBB_CF_OK /* the fixed version compiles: the error below is this rule's */
EBB_CHANNEL_DEFINE(ch, int, 4);
#endif

ebb_channel *get(void);
ebb_channel *get(void)
{
#ifndef EBB_CF_OK
    EBB_CHANNEL_DEFINE(ch, int, 4);
#endif
    return &ch;
}
