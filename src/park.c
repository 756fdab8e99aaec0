/* park.c - park / unpark with a permit, so no release is lost. */
#include "ebb/executor.h"
#include "ebb/park.h"
#include "ebb/port.h"

EBB_MODULE("park");

ebb_poll_t (ebb_park)(ebb_cx *cx, ebb_parker *pk)
{
    EBB_REQUIRE_OR(1, pk != NULL, return EBB_PENDING);
    ebb_task *const me = cx->task;
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();

    if (EBB_UNLIKELY(pk->parked != NULL && pk->parked != me)) {
        /* Another task is parked here: neither waiting nor cancelling
         * touches its registration. */
        ebb_port_unlock(s);
        if (!ebb_cx_cancelling(cx)) {
            EBB_REQUIRE(2, false);
        }
        return EBB_PENDING;
    }
    if (ebb_cx_cancelling(cx)) {
        pk->parked = NULL; /* a permit that came meanwhile stays */
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
