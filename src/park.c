/* park.c - park / unpark with a permit, so no release is lost. */
#include "ebb/executor.h"
#include "ebb/park.h"
#include "ebb/port.h"

EBB_MODULE("park");

ebb_poll_t (ebb_park)(ebb_parker *pk)
{
    if (EBB_UNLIKELY(pk == NULL)) {
        EBB_REQUIRE(1, false);
        return EBB_PENDING;
    }
    ebb_task *const me = ebb__cur;
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();

    if (ebb_cancelling()) {
        /* Stop waiting; a permit that came meanwhile stays for the next
         * park.  (The cancel path cannot tell which task it runs for: a
         * second task that misused this parker (park:2, contracts off) and
         * is cancelled clears the owner's registration too, so the owner
         * then waits for its next wake - memory-safe, but misuse.) */
        pk->parked = NULL;
    } else if (EBB_UNLIKELY(me == NULL)) {
        ebb_port_unlock(s);
        EBB_REQUIRE(3, false);
        return EBB_PENDING;
    } else if (EBB_UNLIKELY(pk->parked != NULL && pk->parked != me)) {
        ebb_port_unlock(s);
        EBB_REQUIRE(2, false);
        return EBB_PENDING;
    } else if (pk->permit) {
        pk->permit = 0;
        pk->parked = NULL;
        r = EBB_READY;
    } else {
        pk->parked = me;
    }
    ebb_port_unlock(s);
    return r;
}

bool ebb_unpark(ebb_parker *pk)
{
    if (EBB_UNLIKELY(pk == NULL)) {
        EBB_REQUIRE(1, false);
        return false;
    }
    ebb_irq_state s = ebb_port_lock();
    ebb_task *t = pk->parked;
    pk->permit = 1;
    bool woke = t != NULL && ebb__wake_locked(t);
    ebb_port_unlock(s);
    return woke;
}
