/*
 * ebb_port_impl.h - RISC-V (machine mode) critical sections for the ebb core.
 *
 * The lock clears mstatus.MIE: every interrupt is masked inside ebb's
 * critical sections, so every interrupt may call ebb.  (A RISC-V hart has no
 * BASEPRI: a PLIC threshold could mask only part of the external
 * interrupts, but not the timer or software interrupts, and it is a
 * memory-mapped device register, not a CSR.  The sections are a few dozen
 * instructions long, so masking everything costs little.)
 *
 * Nesting: csrrci returns the previous mstatus; unlock sets MIE again only
 * if it was set before, so an inner unlock (or one inside a trap handler,
 * where the hart cleared MIE on entry) never enables interrupts early.
 */
#ifndef EBB_PORT_IMPL_H
#define EBB_PORT_IMPL_H

#include <stdint.h>

#include "ebb/config.h"

/* mstatus.MIE: machine interrupts enabled (RISC-V privileged spec 3.1.6.1). */
#define EBB_RV_MSTATUS_MIE (1u << 3)

/* 1: ebb_port_idle() sleeps in WFI.  0: it returns at once, so the executor
 * spins (measurement builds that want virtual time proportional to
 * instructions). */
#ifndef EBB_CONFIG_PORT_IDLE_WFI
#define EBB_CONFIG_PORT_IDLE_WFI 1
#endif

typedef uint32_t ebb_irq_state;

static inline ebb_irq_state ebb_port_lock(void)
{
    ebb_irq_state prev;
    __asm volatile("csrrci %0, mstatus, 8" : "=r"(prev) : : "memory");
    return prev & EBB_RV_MSTATUS_MIE;
}

static inline void ebb_port_unlock(ebb_irq_state prev)
{
    /* prev is 0 or MIE: "csrs mstatus, 0" changes nothing. */
    __asm volatile("csrs mstatus, %0" : : "r"(prev) : "memory");
}

/* The port's own unmasked stretches (a trap handler's body, an executor's
 * poll, the idle check) begin with ebb__rv_irq_on() and end with
 * ebb__rv_irq_off(); unlike the lock they do not nest, their callers know
 * MIE's state.  A header that shadows this one (a build that times the
 * masked stretches) sees every change of MIE through these four. */
static inline void ebb__rv_irq_on(void) { __asm volatile("csrsi mstatus, 8" ::: "memory"); }
static inline void ebb__rv_irq_off(void) { __asm volatile("csrci mstatus, 8" ::: "memory"); }

/* The hart clears MIE when it takes a trap and mret restores it: the trap
 * entry calls the first as its first statement and the second as its
 * last.  Nothing to do here (the shadowing header times the two ends). */
static inline void ebb__rv_trap_begin(void) {}
static inline void ebb__rv_trap_end(void) {}

#if EBB_CONFIG_TRACE
/* A trace record's context (ebb/trace.h): 0x80 + the interrupt code of
 * the trap being handled (mcause), 0 outside every trap; kept by the trap
 * entry (trap.c), nested traps included. */
extern volatile uint8_t ebb__rv_trace_ctx;
#define EBB_PORT_TRACE_CTX() ebb__rv_trace_ctx
#endif

#endif /* EBB_PORT_IMPL_H */
