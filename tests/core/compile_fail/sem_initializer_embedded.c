/* The build-time checks live in the *_INITIALIZER, so a semaphore embedded
 * in a struct is checked as one made with EBB_SEM_DEFINE. */
#include "ebb/ebb.h"

struct device {
    ebb_sem ready;
    int id;
};

#ifndef EBB_CF_OK
struct device dev = {EBB_SEM_INITIALIZER(3, 2), 1};
#else /* the fixed version compiles: the error above is this rule's */
struct device dev = {EBB_SEM_INITIALIZER(2, 2), 1};
#endif
