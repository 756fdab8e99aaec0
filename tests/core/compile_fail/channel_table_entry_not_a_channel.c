/* Must NOT compile: EBB_CHANNEL_TABLE_ENTRY takes the address of an
 * ebb_channel (a plain initializer would only warn about incompatible
 * pointer types, and a cancel would then read a mutex - here the struct
 * holding the channel - as a channel).  EBB_MUTEX_TABLE_ENTRY is written the
 * same way. */
#include "ebb/ebb.h"

struct link { ebb_mutex lock; ebb_channel rx; };
static int rx_storage[4];
static struct link link = {EBB_MUTEX_INITIALIZER, EBB_CHANNEL_INITIALIZER(rx_storage)};
#ifndef EBB_CF_OK
EBB_CHANNEL_TABLE_ENTRY(link_rx, &link);
EBB_MUTEX_TABLE_ENTRY(link_lock, &link.rx);
#else /* the fixed version compiles: the error above is this rule's */
EBB_CHANNEL_TABLE_ENTRY(link_rx, &link.rx);
EBB_MUTEX_TABLE_ENTRY(link_lock, &link.lock);
#endif
