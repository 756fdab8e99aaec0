/*
 * bench/lockprobe/ebb_port_impl.h - the Cortex-M port's critical sections,
 * instrumented: every outermost ebb_port_lock() .. ebb_port_unlock() stretch
 * is timed on TIM2's counter (one count per executed instruction under QEMU
 * -icount) and the longest is kept in ebb_lockprobe_max.  Only the
 * benchmark bench/scale_lock.elf is built with it (a second copy of the core
 * compiled with this folder first on its include path); nothing else sees it.
 */
#ifndef EBB_LOCKPROBE_PORT_IMPL_H
#define EBB_LOCKPROBE_PORT_IMPL_H

#define ebb_port_lock ebb__lockprobe_real_lock
#define ebb_port_unlock ebb__lockprobe_real_unlock
#include_next "ebb_port_impl.h"
#undef ebb_port_lock
#undef ebb_port_unlock

#if EBB_CONFIG_PORT_USE_PRIMASK
#error "the lock probe assumes the BASEPRI port (outermost section: BASEPRI was 0)"
#endif

#define EBB_LOCKPROBE_CNT (*(volatile uint32_t *)0x40000024u) /* TIM2_CNT */

extern uint32_t ebb_lockprobe_t0;  /* when the outermost section began */
extern uint32_t ebb_lockprobe_max; /* longest section so far, in counts */

static inline ebb_irq_state ebb_port_lock(void)
{
    ebb_irq_state s = ebb__lockprobe_real_lock();
    if (s == 0) {
        ebb_lockprobe_t0 = EBB_LOCKPROBE_CNT;
    }
    return s;
}

static inline void ebb_port_unlock(ebb_irq_state s)
{
    if (s == 0) {
        uint32_t d = EBB_LOCKPROBE_CNT - ebb_lockprobe_t0;
        if (d > ebb_lockprobe_max) {
            ebb_lockprobe_max = d;
        }
    }
    ebb__lockprobe_real_unlock(s);
}

#endif
