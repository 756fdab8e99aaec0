/*
 * ebb_port_impl.h - TEMPLATE of a port's critical sections: copy
 * port/template/ to port/<your-arch>/ and replace every part marked
 * "TEMPLATE:" with your CPU's instructions (docs/porting.md).
 *
 * The core needs one lock: a critical section that masks every interrupt
 * whose handler may call ebb.  It nests: lock returns the previous state,
 * unlock restores exactly that state.
 *
 * Here the CPU's interrupt-enable bit is a variable,
 * ebb_template_irq_enabled, so that the template builds and runs on the
 * host (tests/port_template/).
 */
#ifndef EBB_PORT_IMPL_H
#define EBB_PORT_IMPL_H

#include <stdint.h>

#include "ebb/config.h"

/* The saved mask state: whatever your lock instruction reads. */
typedef uint32_t ebb_irq_state;

/* TEMPLATE: the interrupt-enable bit (Cortex-M: PRIMASK or BASEPRI;
 * RISC-V: mstatus.MIE).  1: interrupts may be taken. */
extern volatile uint32_t ebb_template_irq_enabled;

static inline ebb_irq_state ebb_port_lock(void)
{
    /* TEMPLATE: read the mask and mask, in one instruction if the CPU has
     * one (RISC-V: csrrci t, mstatus, 8), else read then mask. */
    ebb_irq_state const prev = ebb_template_irq_enabled;
    ebb_template_irq_enabled = 0;
    __asm__ volatile("" ::: "memory"); /* no access moves out of the section */
    return prev;
}

static inline void ebb_port_unlock(ebb_irq_state prev)
{
    __asm__ volatile("" ::: "memory");
    /* TEMPLATE: restore the saved mask (RISC-V: csrs mstatus if prev had MIE). */
    ebb_template_irq_enabled = prev;
}

#endif /* EBB_PORT_IMPL_H */
