/* ebb_fmt checks its arguments against the format as printf does: a %d
 * given a string, or a %llu given a 32-bit value (the garbage a printf
 * without long long support prints), does not build with -Werror=format
 * (ebb's own builds: -Wall -Werror). */
#include <stdint.h>

#include "ebb/fmt.h"

int report(char *buf, size_t cap, const char *name, uint32_t count);
int report(char *buf, size_t cap, const char *name, uint32_t count)
{
#ifdef EBB_CF_OK
    return ebb_fmt(buf, cap, "%s: %llu", name, (unsigned long long)count);
#else
    return ebb_fmt(buf, cap, "%d: %llu", name, count);
#endif
}
