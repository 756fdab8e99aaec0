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
 * image and place), _ebss (end of .bss, which follows .data),
 * _ebb_stack_bottom (first byte after the static data, 8-aligned) and
 * _estack (initial MSP, top of RAM).
 */
#include <stdbool.h>
#include <stdint.h>

#include "ebb/driver/port.h"
#include "ebb/fmt.h"
#include "ebb_cortex_m.h"

extern uint32_t _sidata[], _sdata[], _edata[], _ebss[];
extern uint32_t _ebb_stack_bottom[], _estack[];
/* Weak: a board's own linker script that places no guard gets none. */
extern uint32_t _ebb_stack_guard[] __attribute__((weak));
extern const uint32_t ebb_vector_table[];
/* Its value is the NULL guard's MPU_RASR (sections.ld); 0 or undefined:
 * no guard. */
extern const char _ebb_null_guard_rasr[] __attribute__((weak));
/* Its value is the NULL guard's size as a power of two (sections.ld). */
extern const char _ebb_null_guard_log2[] __attribute__((weak));

int main(void);

/* stack.c, when the image asks for the stack's peak. */
extern void ebb__cm_stack_paint(uintptr_t end) __attribute__((weak));

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
     * high-water mark, if the image asks for it (stack.c: the weak
     * reference is 0 otherwise); stop short of this function's own frame. */
    if (ebb__cm_stack_paint != NULL) {
        uint32_t sp;
        __asm volatile("mov %0, sp" : "=r"(sp));
        ebb__cm_stack_paint(sp - 64u);
    }

    ebb_board_early_init();

    /* .data from its image, then zeros to the end of .bss: one loop, as
     * .bss follows .data (sections.ld asserts it; alignment between them
     * is zeroed too).  8 B less at -O3, 16 with LTO, than a loop each. */
    const uint32_t *src = _sidata;
    for (uint32_t *dst = _sdata; dst < _ebss; dst++) {
        *dst = dst < _edata ? *src++ : 0u;
    }

#if !EBB_CM_ARMV6M
    /* Separate fault handlers (instead of everything escalating to
     * HardFault) make the report say what went wrong; trapping division by
     * zero turns a silent 0 result into a report.  ARMv6-M has neither. */
    EBB_CM_SHCSR |= EBB_CM_SHCSR_MEMFAULTENA | EBB_CM_SHCSR_BUSFAULTENA | EBB_CM_SHCSR_USGFAULTENA;
    EBB_CM_CCR |= EBB_CM_CCR_DIV_0_TRP;
#if defined(__ARM_ARCH_8M_MAIN__)
    /* The main stack's limit: a push below it is a UsageFault (STKOF)
     * that neither moves SP past it nor writes (ARMv8-M ARM, B3.19). */
    if (_ebb_stack_guard != NULL) {
        __asm volatile("msr msplim, %0" : : "r"(_ebb_stack_bottom) : "memory");
    }
    /* The NULL guard.  The ARMv8-M MPU has no no-access permission, so
     * the guard is what no region covers: with PRIVDEFENA clear, five
     * regions give back the architecture's default map (ARMv8-M ARM, the
     * system address map: code write-through, SRAM and external RAM
     * write-back, the peripheral and device ranges Device and never
     * executed) from the end of the guard up, and an access below it
     * faults.  The guard's size comes from the link, as on ARMv7-M
     * (sections.ld); the system range (0xE0000000 up) keeps its default
     * map whatever the MPU says.  Left off without five regions or a
     * guard size. */
    unsigned const guard_log2 = (unsigned)(uintptr_t)_ebb_null_guard_log2;
    if (((EBB_CM_MPU_TYPE >> 8) & 0xFFu) >= 5u && guard_log2 >= 5u) {
        static const uint32_t map[5][2] = {
            {0x00000000u, 0x1FFFFFE0u | EBB_CM_MPU_RLAR_ATTR(0)},
            {0x20000000u, 0x3FFFFFE0u | EBB_CM_MPU_RLAR_ATTR(1)},
            {0x40000000u | EBB_CM_MPU_RBAR_XN, 0x5FFFFFE0u | EBB_CM_MPU_RLAR_ATTR(2)},
            {0x60000000u, 0x9FFFFFE0u | EBB_CM_MPU_RLAR_ATTR(1)},
            {0xA0000000u | EBB_CM_MPU_RBAR_XN, 0xDFFFFFE0u | EBB_CM_MPU_RLAR_ATTR(2)},
        };
        EBB_CM_MPU_MAIR0 = EBB_CM_MAIR_NORMAL_WT | EBB_CM_MAIR_NORMAL_WBWA << 8 | EBB_CM_MAIR_DEVICE << 16;
        for (uint32_t r = 0; r < 5u; r++) {
            EBB_CM_MPU_RNR = r;
            EBB_CM_MPU_RBAR = map[r][0] | (r == 0 ? 1u << guard_log2 : 0u);
            EBB_CM_MPU_RLAR = map[r][1] | EBB_CM_MPU_RLAR_EN;
        }
        EBB_CM_MPU_CTRL = EBB_CM_MPU_CTRL_ENABLE;
    }
#else
    /* The stack guard as MPU region 0, no access and never executed, the
     * rest of the map the default one for privileged code (PRIVDEFENA);
     * left off on a core without an MPU (MPU_TYPE.DREGION = 0). */
    if (((EBB_CM_MPU_TYPE >> 8) & 0xFFu) && _ebb_stack_guard != NULL) {
        EBB_CM_MPU_RNR = 0;
        EBB_CM_MPU_RBAR = (uint32_t)(uintptr_t)_ebb_stack_guard;
        EBB_CM_MPU_RASR = EBB_CM_MPU_RASR_XN | EBB_CM_MPU_RASR_SIZE(7) | EBB_CM_MPU_RASR_ENABLE;
        /* The NULL guard: the first bytes of the map are region 1, no
         * access, so that a load or store through NULL (or a small offset
         * from it) faults instead of reading code or writing nowhere.  Its
         * size comes from the link (sections.ld): where the vector table
         * is at 0 it covers only the table - an exception's vector fetch
         * uses the default memory map, not the MPU's regions (ARMv7-M ARM,
         * PMSAv7), so interrupts still find their handlers. */
        EBB_CM_VTOR = (uint32_t)(uintptr_t)ebb_vector_table;
        uint32_t const guard = (uint32_t)(uintptr_t)_ebb_null_guard_rasr;
        if (guard != 0) {
            EBB_CM_MPU_RNR = 1;
            EBB_CM_MPU_RBAR = 0;
            EBB_CM_MPU_RASR = guard;
        }
        EBB_CM_MPU_CTRL = EBB_CM_MPU_CTRL_PRIVDEFENA | EBB_CM_MPU_CTRL_ENABLE;
    }
#endif
    __asm volatile("dsb\n\tisb" ::: "memory");
#else
    /* No MPU and no stack limit: a canary in the guard, checked at idle
     * (ebb_port_idle()). */
    ebb__cm_guard_paint();
#endif

    int rc = main();
    /* A test's main may simply return its verdict. */
    if (ebb__cm_semihosting()) {
        ebb_semihost_exit(rc);
    }
    for (;;) {
        __asm volatile("wfi");
    }
}

#if defined(__ARM_FP)
/* The FPU must be on before any compiler-generated code can touch an FP
 * register, hence this assembly prologue (CPACR CP10/CP11 full access). */
EBB_WEAK __attribute__((naked, noreturn, used)) void Reset_Handler(void)
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
EBB_WEAK __attribute__((noreturn, used)) void Reset_Handler(void)
{
    ebb_cm_reset_c();
}
#endif

#if EBB_CM_ARMV6M
/* The guard's canary: every word of it, written once at reset. */
#define GUARD_CANARY 0x57AC6ADEu

__attribute__((cold)) void ebb__cm_guard_paint(void)
{
    if (_ebb_stack_guard == NULL) {
        return;
    }
    for (volatile uint32_t *p = _ebb_stack_guard; p < _ebb_stack_bottom; p++) {
        *p = GUARD_CANARY;
    }
}

void ebb__cm_guard_check(void)
{
    /* Its top 32 bytes (a stack growing into it) and its lowest word (a
     * heap growing out of its size): nine loads per idle turn. */
    if (_ebb_stack_guard == NULL) {
        return;
    }
    const volatile uint32_t *top = (const volatile uint32_t *)((uintptr_t)_ebb_stack_bottom - 32u);
    uint32_t damaged = _ebb_stack_guard[0] ^ GUARD_CANARY;
    for (unsigned i = 0; i < 8u; i++) {
        damaged |= top[i] ^ GUARD_CANARY;
    }
    if (damaged != 0) {
        ebb_cm_fatal("FAULT stack overflow (the guard's canary is overwritten)\n", EBB_CM_EXIT_STACK_OVERFLOW);
    }
}
#endif

uint32_t ebb_cm_stack_size_bytes(void)
{
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)_ebb_stack_bottom);
}


/* ---- faults ---- */

/* Fault paths are compiled for size (cold) and linked after the code that
 * runs (port/cortex-m/sections.ld): they run once.  The report is built in
 * one buffer (the console and semihosting each take it whole) from a table
 * of fields, so that one loop formats them all. */

/* Skip to the string after `s` in a list of NUL-separated strings. */
__attribute__((cold)) static const char *next_str(const char *s)
{
    while (*s++ != '\0') {
    }
    return s;
}

/* `frame` is the stacked r0-r3, r12, lr, pc, xpsr of the faulting context.
 * Which fault it is comes from the exception number (IPSR): 3 HardFault,
 * 4 MemManage, 5 BusFault, 6 UsageFault, and 2 NMI (kind 4, exit code
 * EBB_CM_EXIT_NMI) - the five vectors share one entry. */
__attribute__((noreturn, used, cold)) void ebb_cm_fault_c(const uint32_t *frame, uint32_t exc_return)
{
    uint32_t kind = ebb_cm_ipsr() - 3u;
    if (kind > 4u) {
        kind = 4u; /* NMI (2) */
    }
#if !EBB_CM_ARMV6M
    /* The report reads the frame even where it lies in the stack guard. */
    EBB_CM_MPU_CTRL = 0;
    uint32_t cfsr = EBB_CM_CFSR;
    uintptr_t const mmfar = EBB_CM_MMFAR;
    /* The stack reached its guard: a stack limit (ARMv8-M), an exception
     * frame that could not be pushed, or an access inside the guard.  Its
     * frame was not (or not wholly) written: SP instead of PC and LR. */
    bool const overflow = (cfsr & (EBB_CM_CFSR_STKOF | EBB_CM_CFSR_MSTKERR)) != 0 ||
                          ((cfsr & EBB_CM_CFSR_MMARVALID) && mmfar >= (uintptr_t)_ebb_stack_guard &&
                           mmfar < (uintptr_t)_ebb_stack_bottom);
    if (overflow) {
        kind = 5u;
    }
    const uint32_t value[] = {cfsr, EBB_CM_HFSR, (uint32_t)mmfar, EBB_CM_BFAR, frame[6], frame[5],
                              (uint32_t)(uintptr_t)frame, exc_return};
    /* MMFAR and BFAR only when CFSR says they hold the address: fields 2
     * and 3 are left out unless MMARVALID (bit 7) and BFARVALID (bit 15),
     * shifted onto them, say otherwise (shifts, not a branch each: 4 B);
     * PC and LR (4, 5) or SP (6). */
    uint32_t left_out = (~(((cfsr >> 5) & (1u << 2)) | ((cfsr >> 12) & (1u << 3))) & 0xCu) |
                        (overflow ? 0x30u : 0x40u);
    const char *name = " CFSR=\0 HFSR=\0 MMFAR=\0 BFAR=\0 PC=\0 LR=\0 SP=\0 EXC_RETURN=";
#else
    const uint32_t value[] = {frame[6], frame[5], exc_return};
    uint32_t left_out = 0;
    const char *name = " PC=\0 LR=\0 EXC_RETURN=";
#endif
    const char *kind_name = "HardFault\0MemManage\0BusFault\0UsageFault\0NMI\0stack overflow";
    for (uint32_t k = kind; k != 0; k--) {
        kind_name = next_str(kind_name);
    }
    /* The longest report, "FAULT stack overflow" and all eight fields, is
     * 142 characters and a newline. */
    char msg[148];
    char *end = msg + sizeof msg - 1;
    char *p = ebb_report_put(ebb_report_put(msg, end, "FAULT "), end, kind_name);
    for (unsigned i = 0; i < sizeof value / sizeof value[0]; i++, name = next_str(name)) {
        if (!(left_out & (1u << i))) {
            p = ebb_report_put(p, end, name);
            p = ebb_fmt_hex32(p, value[i]); /* msg has room for all */
        }
    }
    *p++ = '\n';
    *p = '\0';
    ebb_cm_fatal(msg, kind == 5u ? EBB_CM_EXIT_STACK_OVERFLOW : EBB_CM_EXIT_HARDFAULT + (int)kind);
}

/* One entry for the five fault vectors (NMI included): pick the stack the
 * exception frame was pushed on (EXC_RETURN bit 2) and report. */
#if EBB_CM_ARMV6M
/* Thumb-1: no IT blocks, and only low registers in most instructions. */
__attribute__((naked, used)) static void fault_entry(void)
{
    __asm volatile("mov r1, lr\n\t"
                   "movs r2, #4\n\t"
                   "tst r1, r2\n\t"
                   "bne 1f\n\t"
                   "mrs r0, msp\n\t"
                   "b 2f\n"
                   "1:\tmrs r0, psp\n"
                   "2:\tldr r3, =ebb_cm_fault_c\n\t"
                   "bx r3\n\t"
                   ".ltorg");
}
#else
__attribute__((naked, used)) static void fault_entry(void)
{
    /* A main stack within 64 bytes of its bottom (or past it, into the
     * guard) cannot hold the report: it is written on a fresh stack from
     * the top of RAM - the program does not go on. */
    __asm volatile("tst lr, #4\n\t"
                   "ite eq\n\t"
                   "mrseq r0, msp\n\t"
                   "mrsne r0, psp\n\t"
                   "mov r1, lr\n\t"
                   "mrs r2, msp\n\t"
                   "ldr r3, =_ebb_stack_bottom + 64\n\t"
                   "cmp r2, r3\n\t"
                   "bhs 1f\n\t"
                   "ldr r2, =_estack\n\t"
                   "msr msp, r2\n"
                   "1:\tb ebb_cm_fault_c\n\t"
                   ".ltorg");
}
#endif

/* Weak, like every handler, so that a CMSIS project may bring its own. */
void HardFault_Handler(void) __attribute__((weak, alias("fault_entry"), used));
void MemManage_Handler(void) __attribute__((weak, alias("fault_entry"), used));
void BusFault_Handler(void) __attribute__((weak, alias("fault_entry"), used));
void UsageFault_Handler(void) __attribute__((weak, alias("fault_entry"), used));
/* An NMI is reported as a fault too ("FAULT NMI" and the registers). */
void NMI_Handler(void) __attribute__((weak, alias("fault_entry"), used));
EBB_BUILD_ASSERT(EBB_CM_EXIT_HARDFAULT + 4 == EBB_CM_EXIT_NMI, "kind 4 is the NMI");

/** Called by the device's Default_Handler: an enabled interrupt without a
 *  handler is a configuration bug, so report its number instead of
 *  spinning silently. */
__attribute__((noreturn, cold)) void ebb_cm_unexpected_irq(void)
{
    ebb__cm_fatal_num("UNEXPECTED IRQ ", (int32_t)ebb_cm_ipsr() - 16, EBB_CM_EXIT_UNEXPECTED_IRQ);
}
