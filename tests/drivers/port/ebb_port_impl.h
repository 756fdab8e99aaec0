/*
 * tests/drivers/port/ebb_port_impl.h - critical sections of the driver-test
 * port (tests/drivers/sim_tim.c).  Stands in for port/host, whose host.c
 * also contains a time driver and so cannot be linked with a real one.
 *
 * The lock only counts its depth; the simulated NVIC (sim_tim.c) holds back
 * the timer interrupt while it is non-zero and delivers it at the outermost
 * unlock, as BASEPRI would on the MCU.
 */
#ifndef EBB_PORT_IMPL_H
#define EBB_PORT_IMPL_H

typedef unsigned ebb_irq_state;

extern unsigned sim_lock_depth;
void sim_unlocked(void);

static inline ebb_irq_state ebb_port_lock(void)
{
    return sim_lock_depth++;
}

static inline void ebb_port_unlock(ebb_irq_state prev)
{
    sim_lock_depth = prev;
    if (prev == 0) {
        sim_unlocked(); /* a masked interrupt is taken now */
    }
}

#endif /* EBB_PORT_IMPL_H */
