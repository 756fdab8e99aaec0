/*
 * port/host/ebb_port_impl.h - critical sections of the host port.
 *
 * The host has no interrupts, so the port simulates them (ebb_host.h): a
 * simulated interrupt raised while the lock is held waits until the
 * outermost unlock, exactly as a masked interrupt stays pending on an MCU.
 */
#ifndef EBB_PORT_IMPL_H
#define EBB_PORT_IMPL_H

typedef unsigned ebb_irq_state;

/* ebb_host_reset() forgets the timer queue without touching the timers in
 * it (a test's may have gone with its stack frame): the core then checks,
 * when a task is cancelled, that its timer is still queued before taking it
 * out (src/time.c), so tasks may be reset after ebb_host_reset(). */
#define EBB_PORT_FORGETS_TIMERS 1

extern unsigned ebb__host_lock_depth;
extern unsigned ebb__host_lock_countdown;
void ebb__host_run_pending_irqs(void);
void ebb__host_lock_hook(void);

static inline ebb_irq_state ebb_port_lock(void)
{
    if (ebb__host_lock_countdown != 0) {
        ebb__host_lock_hook(); /* ebb_host_irq_in_lock(): tests of races */
    }
    return ebb__host_lock_depth++;
}

static inline void ebb_port_unlock(ebb_irq_state prev)
{
    ebb__host_lock_depth = prev;
    if (prev == 0) {
        ebb__host_run_pending_irqs();
    }
}

#endif /* EBB_PORT_IMPL_H */
