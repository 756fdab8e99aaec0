/*
 * ebb_cm_vectors.h - what every Cortex-M vector table shares: the 16 system
 * entries (ARMv6-M, ARMv7-M, ARMv8-M), the weak handler aliases and the
 * trimming to EBB_CONFIG_PORT_IRQ_COUNT device interrupts.  A device's
 * vectors.c includes it and writes only its list of device interrupts:
 *
 *     #define MY_DEVICE_IRQS(V, R, N) \
 *         V(WWDG_IRQHandler)      -- 0: a weak alias of Default_Handler \
 *         R(EXTI0_IRQHandler)     -- 1: a weak reference (defined weakly by a driver) \
 *         N                       -- 2: no source, the entry is 0 \
 *         ...
 *     EBB_CM_VECTOR_TABLE(MY_DEVICE_IRQS)
 *
 * Include it from exactly one file per image: it defines Default_Handler.
 *
 * Handler names are the CMSIS ones and every handler is weak, so ebb can live
 * in an existing CMSIS/Cube project, and an application overrides one by
 * defining it.  Default_Handler reports the unexpected interrupt.  The fault
 * handlers, NMI and Reset_Handler come from the port (startup/startup.c).
 *
 * The table is written in assembly (one top-level asm statement) because
 * only the assembler can drop the entries at and above
 * EBB_CONFIG_PORT_IRQ_COUNT one by one (`.if` on a running count); a C
 * initializer cannot leave out an element by a condition.  An image then
 * carries 4 bytes per interrupt it can use, not per interrupt of the chip.
 * The symbols the asm names are marked `used`, so that LTO keeps them.
 */
#ifndef EBB_CM_VECTORS_H
#define EBB_CM_VECTORS_H

#include <stdint.h>

#include "ebb_cortex_m.h"

EBB_WEAK __attribute__((used)) void Default_Handler(void)
{
    ebb_cm_unexpected_irq();
}

#define EBB__CM_STR_(x) #x
#define EBB__CM_STR(x) EBB__CM_STR_(x)

/* The C side of each kind of entry: the declarations. */
#define EBB__CM_DECL_V(name) void name(void) __attribute__((weak, alias("Default_Handler"), used));
#define EBB__CM_DECL_R(name) void name(void) __attribute__((weak));
#define EBB__CM_DECL_N

/* The asm side: one entry, kept while the running count is below the
 * configured count (0: every entry of the list). */
#define EBB__CM_KEEP ".if (" EBB__CM_STR(EBB_CONFIG_PORT_IRQ_COUNT) " == 0) || (ebb__cm_irq < " EBB__CM_STR(EBB_CONFIG_PORT_IRQ_COUNT) ")\n"
#define EBB__CM_NEXT ".endif\n.set ebb__cm_irq, ebb__cm_irq + 1\n"
#define EBB__CM_ASM_V(name) EBB__CM_KEEP ".word " #name "\n" EBB__CM_NEXT
#define EBB__CM_ASM_R(name) ".weak " #name "\n" EBB__CM_KEEP ".word " #name "\n" EBB__CM_NEXT
#define EBB__CM_ASM_N EBB__CM_KEEP ".word 0\n" EBB__CM_NEXT

/* System exceptions 1-15 (ARMv7-M ARM B1.5.2, ARMv6-M ARM B1.5.2, ARMv8-M
 * ARM B3.30): 7 is SecureFault on ARMv8-M, 4-6 and 12 do not exist on
 * ARMv6-M (reserved entries are 0, never taken). */
#if EBB_CM_ARMV6M
#define EBB__CM_SYS_FAULTS ".word 0\n.word 0\n.word 0\n"
#define EBB__CM_SYS_DEBUGMON ".word 0\n"
#else
#define EBB__CM_SYS_FAULTS ".word MemManage_Handler\n.word BusFault_Handler\n.word UsageFault_Handler\n"
#define EBB__CM_SYS_DEBUGMON ".word DebugMon_Handler\n"
#endif
#if defined(__ARM_ARCH_8M_MAIN__) || defined(__ARM_ARCH_8M_BASE__)
#define EBB__CM_SYS_SECURE ".word SecureFault_Handler\n"
#else
#define EBB__CM_SYS_SECURE ".word 0\n"
#endif

void Reset_Handler(void);
void NMI_Handler(void);
void HardFault_Handler(void);
void MemManage_Handler(void);
void BusFault_Handler(void);
void UsageFault_Handler(void);
EBB__CM_DECL_V(SecureFault_Handler)
EBB__CM_DECL_V(SVC_Handler)
EBB__CM_DECL_V(DebugMon_Handler)
EBB__CM_DECL_V(PendSV_Handler)
EBB__CM_DECL_V(SysTick_Handler)

/* The table, ebb_vector_table, in section .isr_vector (kept by the port's
 * linker script; nothing references it by name).  The assembler stops the
 * build when EBB_CONFIG_PORT_IRQ_COUNT is above the device's count. */
#define EBB_CM_VECTOR_TABLE(LIST)                                              \
    LIST(EBB__CM_DECL_V, EBB__CM_DECL_R, EBB__CM_DECL_N)                       \
    __asm__(".pushsection .isr_vector,\"a\",%progbits\n"                       \
            ".p2align 2\n"                                                     \
            ".global ebb_vector_table\n"                                       \
            ".type ebb_vector_table, %object\n"                                \
            "ebb_vector_table:\n"                                              \
            ".word _estack\n"                                                  \
            ".word Reset_Handler\n"                                            \
            ".word NMI_Handler\n"                                              \
            ".word HardFault_Handler\n" EBB__CM_SYS_FAULTS EBB__CM_SYS_SECURE  \
            ".word 0\n.word 0\n.word 0\n"                                      \
            ".word SVC_Handler\n" EBB__CM_SYS_DEBUGMON ".word 0\n"             \
            ".word PendSV_Handler\n"                                           \
            ".word SysTick_Handler\n"                                          \
            ".set ebb__cm_irq, 0\n"                                            \
            LIST(EBB__CM_ASM_V, EBB__CM_ASM_R, EBB__CM_ASM_N)                  \
            ".if ebb__cm_irq < " EBB__CM_STR(EBB_CONFIG_PORT_IRQ_COUNT) "\n"    \
            ".error \"EBB_CONFIG_PORT_IRQ_COUNT is above the device's interrupt count\"\n" \
            ".endif\n"                                                         \
            ".size ebb_vector_table, . - ebb_vector_table\n"                   \
            ".popsection\n");

#endif /* EBB_CM_VECTORS_H */
