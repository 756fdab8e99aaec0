/* Must NOT compile, with a message that names the rule: EBB_TASK_DEFINE in
 * its old argument order (type, name, fn).  The name comes first now, as in
 * every *_DEFINE (docs/api.md, "Defining objects"). */
#include "ebb/ebb.h"

struct blinky { ebb_task task; int n; };
static ebb_poll_t blinky_poll(ebb_task *self, ebb_cx *cx) { (void)self; (void)cx; return EBB_READY; }
#ifndef EBB_CF_OK
static EBB_TASK_DEFINE(struct blinky, blinky, blinky_poll);
#else /* the fixed version compiles: the error above is this rule's */
static EBB_TASK_DEFINE(blinky, struct blinky, blinky_poll);
#endif
void use(void);
void use(void) { (void)blinky.n; }
