/* Assigning a whole task state - here to start it over - writes over its
 * task's run-queue link and its wait's list links, which may be in use: a
 * struct that embeds a list link cannot be assigned, so it must not
 * compile.  (Set the fields that need a new value one by one; the links
 * are left to ebb.) */
#include "ebb/ebb.h"

struct reader {
    ebb_task task;
    ebb_wait wait;
    unsigned count;
};

void start_over(struct reader *r);
void start_over(struct reader *r)
{
#ifndef EBB_CF_OK
    *r = (struct reader){.count = 0};
#else /* the fixed version compiles: the error above is this rule's */
    r->count = 0;
#endif
}
