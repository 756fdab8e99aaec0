/* Must NOT compile: an awaitable polled from an interrupt handler (outside
 * any coroutine) has no poll context: there is no task to register. */
#include "ebb/ebb.h"

static EBB_WAITLIST_DEFINE(events);
static ebb_wait w;

void some_irq_handler(void);
void some_irq_handler(void)
{
#ifndef EBB_CF_OK
    (void)ebb_poll_is_ready(ebb_wait_on(&w, &events));
#else /* the fixed version: a handler wakes the waiters instead */
    (void)w;
    ebb_waitlist_wake_all(&events);
#endif
}
