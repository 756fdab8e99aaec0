/* signal.c - latest-value-wins mailbox. */
#include "ebb/driver/port.h"
#include "ebb/signal.h"
#include "ebb/driver/wait.h"

void ebb_signal_raise(ebb_signal *s, uint32_t value)
{
    ebb_irq_state st = ebb_port_lock();
    s->value = value;
    s->set = true;
    (void)ebb_waitlist_wake_one_locked(&s->waiters); /* one value, one taker */
    ebb_port_unlock(st);
}

static bool take_locked(ebb_signal *s, uint32_t *value)
{
    if (!s->set) {
        return false;
    }
    s->set = false;
    *value = s->value;
    return true;
}

bool ebb_signal_try_take(ebb_signal *s, uint32_t *value)
{
    ebb_irq_state st = ebb_port_lock();
    bool r = take_locked(s, value);
    ebb_port_unlock(st);
    return r;
}

void ebb_signal_reset(ebb_signal *s)
{
    ebb_irq_state st = ebb_port_lock();
    s->set = false;
    ebb_port_unlock(st);
}

ebb_poll_t (ebb_signal_wait)(ebb_cx *cx, ebb_wait *w, ebb_signal *s, uint32_t *value)
{
    ebb_irq_state st = ebb_port_lock();
    if (EBB_UNLIKELY(!ebb_wait_mine(cx, w, &s->waiters))) {
        ebb_port_unlock(st);
        return ebb__wait_refuse(cx, w);
    }
    bool ok = !ebb_cx_cancelling(cx) && ebb_wait_turn(w, &s->waiters) && take_locked(s, value);
    ebb_poll_t r = ebb_wait_step_locked(cx, w, &s->waiters, ok, s->set);
    ebb_port_unlock(st);
    return r;
}
