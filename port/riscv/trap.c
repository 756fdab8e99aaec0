/*
 * trap.c - the one trap vector of RISC-V machine mode (mtvec direct mode):
 * interrupts to their handlers, exceptions to the fault report.
 *
 * In ebb::core, not in the startup object: crt0.S names it, so every
 * firmware links it, and a build that compiles the core with another
 * ebb_port_impl.h (one that times the masked stretches) gets its own copy.
 */
#include <stdint.h>

#include "ebb/driver/port.h"
#include "ebb/fmt.h"
#include "ebb/trace.h"
#include "ebb_riscv.h"

void ebb_rv_swi_isr(void);
void ebb_rv_plic_isr(void);

/* ---- faults ---- */


/* Exception codes (privileged spec table 3.6). */
static const char *exception_name(uint32_t code)
{
    switch (code) {
    case 0: return "instruction address misaligned";
    case 1: return "instruction access fault";
    case 2: return "illegal instruction";
    case 3: return "breakpoint";
    case 4: return "load address misaligned";
    case 5: return "load access fault";
    case 6: return "store address misaligned";
    case 7: return "store access fault";
    case 11: return "ecall from M-mode";
    default: return "exception";
    }
}

extern uint32_t _ebb_stack_guard[], _ebb_stack_bottom[];

/* The stack reached its guard (startup.c): the trap vector (crt0.S)
 * found no room for a trap's frame and moved to a fresh stack, the
 * overflowed sp in mscratch. */
__attribute__((noreturn, cold, used)) void ebb_rv_stack_overflow(void)
{
    char msg[120];
    char *const end = msg + sizeof msg - 1;
    char *p = ebb_report_put(msg, end, "FAULT stack overflow mcause=");
    p = ebb_fmt_hex32(p, EBB_RV_CSR_READ(mcause)); /* msg has room for all */
    p = ebb_fmt_hex32(ebb_report_put(p, end, " mepc="), EBB_RV_CSR_READ(mepc));
    p = ebb_fmt_hex32(ebb_report_put(p, end, " mtval="), EBB_RV_CSR_READ(mtval));
    p = ebb_fmt_hex32(ebb_report_put(p, end, " sp="), EBB_RV_CSR_READ(mscratch));
    *p++ = '\n';
    *p = '\0';
    ebb_rv_fatal(msg, EBB_RV_EXIT_STACK_OVERFLOW);
}

__attribute__((noreturn, cold)) static void fault(uint32_t mcause)
{
    uintptr_t const mtval = EBB_RV_CSR_READ(mtval);
    if ((mcause == 5u || mcause == 7u) && mtval >= (uintptr_t)_ebb_stack_guard &&
        mtval < (uintptr_t)_ebb_stack_bottom) {
        EBB_RV_CSR_WRITE(mscratch, mtval);
        ebb_rv_stack_overflow(); /* a load or store in the guard */
    }
    char msg[160];
    char *const end = msg + sizeof msg - 1;
    char *p = ebb_report_put(ebb_report_put(msg, end, "FAULT "), end, exception_name(mcause));
    p = ebb_fmt_hex32(ebb_report_put(p, end, " mcause="), mcause); /* msg has room for all */
    p = ebb_fmt_hex32(ebb_report_put(p, end, " mepc="), EBB_RV_CSR_READ(mepc));
    p = ebb_fmt_hex32(ebb_report_put(p, end, " mtval="), EBB_RV_CSR_READ(mtval));
    *p++ = '\n';
    *p = '\0';
    ebb_rv_fatal(msg, EBB_RV_EXIT_EXCEPTION);
}

__attribute__((noreturn, cold)) static void unexpected_irq(uint32_t code)
{
    char msg[40];
    char *p = ebb_fmt_dec32(ebb_report_put(msg, msg + sizeof msg, "UNEXPECTED IRQ "), (int32_t)code);
    *p++ = '\n';
    *p = '\0';
    ebb_rv_fatal(msg, EBB_RV_EXIT_UNEXPECTED_IRQ);
}

/* Weak: a build without a machine-timer time driver reports the interrupt
 * instead of looping in it. */
EBB_WEAK void ebb_rv_mtimer_isr(void)
{
    unexpected_irq(EBB_RV_IRQ_MTI);
}

/* A timer or device handler lets interrupts in while it works, but keeps
 * out every source at its own level or below: mie's timer and software
 * bits stay clear until it returns, and the PLIC's threshold keeps out the
 * devices of the claimed source's priority and below (plic.c).  So a
 * handler never re-enters itself, the software-interrupt executors stay
 * below the timer, and the timer below the devices; the nesting depth is
 * one frame per level.  Interrupts are masked only inside the port lock
 * and in the few instructions around the body.  mepc and mstatus (MPIE,
 * MPP) are kept here: a nested trap overwrites them. */
static inline __attribute__((always_inline)) void nest(uint32_t cause)
{
    uint32_t epc = EBB_RV_CSR_READ(mepc);
    uint32_t status = EBB_RV_CSR_READ(mstatus);
    uint32_t kept;
    __asm volatile("csrrc %0, mie, %1" : "=r"(kept) : "r"(EBB_RV_MIE_MTIE | EBB_RV_MIE_MSIE) : "memory");
    if (cause == EBB_RV_IRQ_MTI) {
        /* The source is masked at the hart (MTIE): no need to wait for
         * the driver to push mtimecmp out before letting the rest in. */
        ebb__rv_irq_on();
        ebb_rv_mtimer_isr();
        ebb__rv_irq_off();
    } else {
        ebb_rv_plic_isr(); /* lets them in after each claim */
    }
    /* MIE is clear again: what fell due meanwhile traps after mret. */
    EBB_RV_CSR_SET(mie, kept & (EBB_RV_MIE_MTIE | EBB_RV_MIE_MSIE));
    EBB_RV_CSR_WRITE(mepc, epc);
    EBB_RV_CSR_WRITE(mstatus, status);
}

/* The one trap vector (mtvec direct mode).  The interrupt attribute saves
 * every register the dispatcher and its callees may clobber and returns
 * with mret.  Interrupts come first: they are the hot path. */
#if EBB_CONFIG_TRACE
volatile uint8_t ebb__rv_trace_ctx;
#endif

__attribute__((interrupt("machine"), aligned(4), used)) void ebb_rv_trap_entry(void)
{
    ebb__rv_trap_begin();
    uint32_t mcause = EBB_RV_CSR_READ(mcause);
    if (mcause & EBB_RV_MCAUSE_INTERRUPT) {
#if EBB_CONFIG_TRACE
        uint8_t const outer = ebb__rv_trace_ctx;
        uint8_t const ctx = (uint8_t)(0x80u | (mcause & 0x7Fu));
        ebb__rv_trace_ctx = ctx;
        EBB_TRACE_ISR_ENTER(ctx);
#endif
        switch (mcause & ~EBB_RV_MCAUSE_INTERRUPT) {
        case EBB_RV_IRQ_MTI: nest(EBB_RV_IRQ_MTI); break;
        case EBB_RV_IRQ_MEI: nest(EBB_RV_IRQ_MEI); break;
        case EBB_RV_IRQ_MSI: ebb_rv_swi_isr(); break; /* nests by level itself */
        default: unexpected_irq(mcause & ~EBB_RV_MCAUSE_INTERRUPT);
        }
#if EBB_CONFIG_TRACE
        EBB_TRACE_ISR_EXIT(ctx);
        ebb__rv_trace_ctx = outer;
#endif
        ebb__rv_trap_end();
        return;
    }
    fault(mcause);
}
