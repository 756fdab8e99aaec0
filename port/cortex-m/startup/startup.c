/*
 * startup.c - reset and fault handling for Cortex-M: ARMv7-M (M3, M4F, M7),
 * ARMv8-M Mainline (M33) and ARMv6-M (M0: no configurable faults, no CFSR,
 * no IT blocks - everything escalates to HardFault).
 *
 * Linked as an object (not from an archive) because nothing calls it; the
 * device's vector table (e.g. hal/stm32f4/vectors.c) points here.  Every
 * handler is weak so ebb can live inside an existing CMSIS/Cube project that
 * brings its own.
 *
 * Linker symbols (port/cortex-m/sections.ld): _sidata/_sdata/_edata (.data
 * image and place), _sbss/_ebss, _ebb_stack_bottom (first byte after the
 * static data, 8-aligned) and _estack (initial MSP, top of RAM).
 */
#include <stdint.h>

#include "ebb_cortex_m.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern uint32_t _ebb_stack_bottom[], _estack[];

int main(void);

#define STACK_PAINT 0xEBBEBBEBu

/** Board hook run before .data/.bss are set up (e.g. clock or external RAM
 *  setup).  Must not touch static data.  Default: nothing. */
EBB_WEAK void ebb_board_early_init(void) {}

/* no-tree-loop-distribute-patterns: left alone, GCC turns the two copy loops
 * below into calls to the C library's memcpy and memset, which are built
 * for speed on large blocks and cost 470 bytes of flash for a job done
 * once, on a few hundred bytes.  Cold: it runs once, compile it for size. */
__attribute__((noreturn, used, cold, optimize("no-tree-loop-distribute-patterns"))) void ebb_cm_reset_c(void)
{
#if defined(__ARM_FP)
    /* Lazy FP context stacking (ASPEN|LSPEN) is the reset default; set it
     * anyway in case a bootloader changed it: an ISR that uses no FP
     * registers then pays nothing for the FPU.  (Without an FPU, FPCCR does
     * not exist: QEMU raises a BusFault on the access.) */
    EBB_CM_FPCCR |= EBB_CM_FPCCR_ASPEN | EBB_CM_FPCCR_LSPEN;
#endif

    /* Paint the free stack so that ebb_cm_stack_peak_bytes() can find the
     * high-water mark; stop short of this function's own frame. */
    uint32_t sp;
    __asm volatile("mov %0, sp" : "=r"(sp));
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

#if !EBB_CM_ARMV6M
    /* Separate fault handlers (instead of everything escalating to
     * HardFault) make the report say what went wrong; trapping division by
     * zero turns a silent 0 result into a report.  ARMv6-M has neither. */
    EBB_CM_SHCSR |= EBB_CM_SHCSR_MEMFAULTENA | EBB_CM_SHCSR_BUSFAULTENA | EBB_CM_SHCSR_USGFAULTENA;
    EBB_CM_CCR |= EBB_CM_CCR_DIV_0_TRP;
    __asm volatile("dsb\n\tisb" ::: "memory");
#endif

    int rc = main();
    /* A test's main may simply return its verdict. */
    if (ebb_board_semihosting()) {
        ebb_semihost_exit(rc);
    }
    for (;;) {
        __asm volatile("wfi");
    }
}

#if defined(__ARM_FP)
/* The FPU must be on before any compiler-generated code can touch an FP
 * register, hence this assembly prologue (CPACR CP10/CP11 full access). */
EBB_WEAK __attribute__((naked, noreturn)) void Reset_Handler(void)
{
    __asm volatile("ldr r0, =0xE000ED88\n\t"
                   "ldr r1, [r0]\n\t"
                   "orr r1, r1, #(0xF << 20)\n\t"
                   "str r1, [r0]\n\t"
                   "dsb\n\t"
                   "isb\n\t"
                   "b ebb_cm_reset_c\n\t"
                   ".ltorg");
}
#else
EBB_WEAK __attribute__((noreturn)) void Reset_Handler(void)
{
    ebb_cm_reset_c();
}
#endif

uint32_t ebb_cm_stack_size_bytes(void)
{
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)_ebb_stack_bottom);
}

uint32_t ebb_cm_stack_peak_bytes(void)
{
    const uint32_t *p = _ebb_stack_bottom;
    while (p < _estack && *p == STACK_PAINT) {
        p++;
    }
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)p);
}

/* ---- faults ---- */

enum { FAULT_HARD, FAULT_MEM, FAULT_BUS, FAULT_USAGE };

/* Fault paths are compiled for size (cold): they run once, and at -O3 the
 * report alone would otherwise take over a kilobyte. */
__attribute__((cold)) static void append(char *buf, uint32_t *n, uint32_t cap, const char *s)
{
    while (*s != '\0' && *n + 1 < cap) {
        buf[(*n)++] = *s++;
    }
    buf[*n] = '\0';
}

/* `frame` is the stacked r0-r3, r12, lr, pc, xpsr of the faulting context. */
__attribute__((noreturn, used, cold)) void ebb_cm_fault_c(const uint32_t *frame, uint32_t exc_return, uint32_t kind)
{
    static const char *const names[] = {"HardFault", "MemManage", "BusFault", "UsageFault"};
    static const int codes[] = {EBB_CM_EXIT_HARDFAULT, EBB_CM_EXIT_MEMMANAGE, EBB_CM_EXIT_BUSFAULT,
                                EBB_CM_EXIT_USAGEFAULT};
    char msg[200];
    char hex[11];
    uint32_t n = 0;
    append(msg, &n, sizeof msg, "FAULT ");
    append(msg, &n, sizeof msg, names[kind & 3u]);
#if !EBB_CM_ARMV6M
    uint32_t cfsr = EBB_CM_CFSR;
    append(msg, &n, sizeof msg, " CFSR=");
    append(msg, &n, sizeof msg, ebb_cm_hex32(hex, cfsr));
    append(msg, &n, sizeof msg, " HFSR=");
    append(msg, &n, sizeof msg, ebb_cm_hex32(hex, EBB_CM_HFSR));
    if (cfsr & (1u << 7)) { /* MMARVALID */
        append(msg, &n, sizeof msg, " MMFAR=");
        append(msg, &n, sizeof msg, ebb_cm_hex32(hex, EBB_CM_MMFAR));
    }
    if (cfsr & (1u << 15)) { /* BFARVALID */
        append(msg, &n, sizeof msg, " BFAR=");
        append(msg, &n, sizeof msg, ebb_cm_hex32(hex, EBB_CM_BFAR));
    }
#endif
    append(msg, &n, sizeof msg, " PC=");
    append(msg, &n, sizeof msg, ebb_cm_hex32(hex, frame[6]));
    append(msg, &n, sizeof msg, " LR=");
    append(msg, &n, sizeof msg, ebb_cm_hex32(hex, frame[5]));
    append(msg, &n, sizeof msg, " EXC_RETURN=");
    append(msg, &n, sizeof msg, ebb_cm_hex32(hex, exc_return));
    append(msg, &n, sizeof msg, "\n");
    ebb_cm_fatal(msg, codes[kind & 3u]);
}

/* Pick the stack the exception frame was pushed on (EXC_RETURN bit 2). */
#if EBB_CM_ARMV6M
/* Thumb-1: no IT blocks, and only low registers in most instructions. */
#define EBB_FAULT_STUB(name, kind)                                             \
    EBB_WEAK __attribute__((naked)) void name(void)                            \
    {                                                                          \
        __asm volatile("mov r1, lr\n\t"                                        \
                       "movs r2, #4\n\t"                                       \
                       "tst r1, r2\n\t"                                        \
                       "bne 1f\n\t"                                            \
                       "mrs r0, msp\n\t"                                       \
                       "b 2f\n"                                                 \
                       "1:\tmrs r0, psp\n"                                      \
                       "2:\tmovs r2, #" #kind "\n\t"                             \
                       "ldr r3, =ebb_cm_fault_c\n\t"                           \
                       "bx r3\n\t"                                             \
                       ".ltorg");                                              \
    }
#else
#define EBB_FAULT_STUB(name, kind)                                             \
    EBB_WEAK __attribute__((naked)) void name(void)                            \
    {                                                                          \
        __asm volatile("tst lr, #4\n\t"                                        \
                       "ite eq\n\t"                                            \
                       "mrseq r0, msp\n\t"                                     \
                       "mrsne r0, psp\n\t"                                     \
                       "mov r1, lr\n\t"                                        \
                       "movs r2, #" #kind "\n\t"                               \
                       "b ebb_cm_fault_c");                                    \
    }
#endif

EBB_FAULT_STUB(HardFault_Handler, 0)
EBB_FAULT_STUB(MemManage_Handler, 1)
EBB_FAULT_STUB(BusFault_Handler, 2)
EBB_FAULT_STUB(UsageFault_Handler, 3)

EBB_WEAK void NMI_Handler(void)
{
    ebb_cm_fatal("FAULT NMI\n", EBB_CM_EXIT_NMI);
}

/** Called by the device's Default_Handler: an enabled interrupt without a
 *  handler is a configuration bug, so report its number instead of
 *  spinning silently. */
__attribute__((noreturn, cold)) void ebb_cm_unexpected_irq(void)
{
    char msg[40]; /* not "= ...": zero-filling it would link memset */
    char num[12];
    uint32_t n = 0;
    append(msg, &n, sizeof msg, "UNEXPECTED IRQ ");
    append(msg, &n, sizeof msg, ebb_cm_dec(num, (int32_t)ebb_cm_ipsr() - 16));
    append(msg, &n, sizeof msg, "\n");
    ebb_cm_fatal(msg, EBB_CM_EXIT_UNEXPECTED_IRQ);
}
