/* Must NOT compile: a task body that is not an ebb_task_fn (a plain
 * initializer would only warn about incompatible pointer types). */
#include "ebb/ebb.h"

struct t { ebb_task task; };
#ifndef EBB_CF_OK
static int not_a_body(ebb_task *self, ebb_cx *cx) { (void)self; (void)cx; return 0; }
EBB_TASK_DEFINE(bad_task, struct t, not_a_body);
#else /* the fixed version compiles: the error above is this rule's */
static ebb_poll_t a_body(ebb_task *self, ebb_cx *cx) { (void)self; (void)cx; return EBB_READY; }
EBB_TASK_DEFINE(good_task, struct t, a_body);
#endif
