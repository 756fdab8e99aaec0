/* Must NOT compile: a deferred log message whose argument does not match
 * its format (the host would decode the record wrongly).  ebb/log.h. */
#include "ebb/log.h"

void f(const char *name, unsigned long long t);
void f(const char *name, unsigned long long t)
{
#ifndef EBB_CF_OK
    EBB_LOG_INFO("%d at %llu", name, t);
#else /* the fixed version compiles: the error above is this rule's */
    EBB_LOG_INFO("%s at %llu", name, t);
#endif
}
