/*
 * startup.c - C reset code and the trap dispatcher for RISC-V machine mode.
 *
 * Linked as an object (not from an archive): nothing calls it by name.
 * Linker symbols (port/riscv/sections.ld): _sidata/_sdata/_edata (.data
 * image and place), _sbss/_ebss, _ebb_stack_bottom (first byte after the
 * static data, 16-aligned) and _estack (initial sp, top of RAM).
 */
#include <stdint.h>

#include "ebb_riscv.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern uint32_t _ebb_stack_bottom[], _estack[];

int main(void);
void ebb_rv_swi_isr(void);
void ebb_rv_plic_isr(void);

#define STACK_PAINT 0xEBBEBBEBu

EBB_WEAK void ebb_board_early_init(void) {}

__attribute__((noreturn, used)) void ebb_rv_reset_c(void)
{
    /* Paint the free stack for ebb_rv_stack_peak_bytes(); stop short of
     * this function's own frame. */
    uintptr_t sp;
    __asm volatile("mv %0, sp" : "=r"(sp));
    for (volatile uint32_t *p = _ebb_stack_bottom; (uintptr_t)p < sp - 64u; p++) {
        *p = STACK_PAINT;
    }

    ebb_board_early_init();

    for (uint32_t *src = _sidata, *dst = _sdata; dst < _edata;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = _sbss; dst < _ebss;) {
        *dst++ = 0;
    }

    /* A test's main may simply return its verdict. */
    ebb_board_exit(main());
}

uint32_t ebb_rv_stack_size_bytes(void)
{
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)_ebb_stack_bottom);
}

uint32_t ebb_rv_stack_peak_bytes(void)
{
    const uint32_t *p = _ebb_stack_bottom;
    while (p < _estack && *p == STACK_PAINT) {
        p++;
    }
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)p);
}

/* ---- faults ---- */

__attribute__((cold)) static void append(char *buf, uint32_t *n, uint32_t cap, const char *s)
{
    while (*s != '\0' && *n + 1 < cap) {
        buf[(*n)++] = *s++;
    }
    buf[*n] = '\0';
}

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

__attribute__((noreturn, cold)) static void fault(uint32_t mcause)
{
    char msg[160];
    char hex[11];
    uint32_t n = 0;
    append(msg, &n, sizeof msg, "FAULT ");
    append(msg, &n, sizeof msg, exception_name(mcause));
    append(msg, &n, sizeof msg, " mcause=");
    append(msg, &n, sizeof msg, ebb_rv_hex32(hex, mcause));
    append(msg, &n, sizeof msg, " mepc=");
    append(msg, &n, sizeof msg, ebb_rv_hex32(hex, EBB_RV_CSR_READ(mepc)));
    append(msg, &n, sizeof msg, " mtval=");
    append(msg, &n, sizeof msg, ebb_rv_hex32(hex, EBB_RV_CSR_READ(mtval)));
    append(msg, &n, sizeof msg, "\n");
    ebb_rv_fatal(msg, EBB_RV_EXIT_EXCEPTION);
}

__attribute__((noreturn, cold)) static void unexpected_irq(uint32_t code)
{
    char msg[40] = "UNEXPECTED IRQ ";
    char num[12];
    uint32_t n = 15;
    append(msg, &n, sizeof msg, ebb_rv_dec(num, (int32_t)code));
    append(msg, &n, sizeof msg, "\n");
    ebb_rv_fatal(msg, EBB_RV_EXIT_UNEXPECTED_IRQ);
}

/* Weak: a build without a machine-timer time driver reports the interrupt
 * instead of looping in it. */
EBB_WEAK void ebb_rv_mtimer_isr(void)
{
    unexpected_irq(EBB_RV_IRQ_MTI);
}

/* The one trap vector (mtvec direct mode).  The interrupt attribute saves
 * every register the dispatcher and its callees may clobber and returns
 * with mret.  Interrupts come first: they are the hot path. */
__attribute__((interrupt("machine"), aligned(4), used)) void ebb_rv_trap_entry(void)
{
    uint32_t mcause = EBB_RV_CSR_READ(mcause);
    if (mcause & EBB_RV_MCAUSE_INTERRUPT) {
        switch (mcause & ~EBB_RV_MCAUSE_INTERRUPT) {
        case EBB_RV_IRQ_MTI: ebb_rv_mtimer_isr(); break;
        case EBB_RV_IRQ_MEI: ebb_rv_plic_isr(); break;
        case EBB_RV_IRQ_MSI: ebb_rv_swi_isr(); break;
        default: unexpected_irq(mcause & ~EBB_RV_MCAUSE_INTERRUPT);
        }
        return;
    }
    fault(mcause);
}
