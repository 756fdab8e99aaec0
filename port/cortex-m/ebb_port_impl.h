/*
 * ebb_port_impl.h - Cortex-M critical sections for the ebb core.
 *
 * Priority ceiling rule (ARMv7-M / ARMv8-M Mainline, the default):
 *   ebb_port_lock() raises BASEPRI to EBB_CONFIG_PORT_BASEPRI_CEILING.  Every
 *   interrupt whose priority is numerically >= the ceiling (less or equally
 *   urgent) is masked inside ebb's critical sections and MAY call ebb
 *   (ebb_wake, ebb_waitlist_wake_all, ebb_channel_try_send, ...).  Interrupts
 *   numerically below the ceiling (more urgent) are never masked by ebb: they
 *   keep a latency of a few cycles, and in exchange they MUST NOT call ebb.
 *   See docs/interrupts.md.
 *
 * PRIMASK variant (EBB_CONFIG_PORT_USE_PRIMASK=1, automatic on ARMv6-M and
 * ARMv8-M Baseline, which have no BASEPRI): the lock masks every maskable
 * interrupt, so all of them may call ebb and none is exempt.
 */
#ifndef EBB_PORT_IMPL_H
#define EBB_PORT_IMPL_H

#include <stdint.h>

#include "ebb/config.h"

/* Implemented NVIC priority bits (STM32F4: 4, i.e. 16 levels in bits 7:4). */
#ifndef EBB_CONFIG_PORT_PRIO_BITS
#define EBB_CONFIG_PORT_PRIO_BITS 4
#endif

/* 1: lock with PRIMASK (cpsid i) instead of BASEPRI. */
#ifndef EBB_CONFIG_PORT_USE_PRIMASK
#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__)
#define EBB_CONFIG_PORT_USE_PRIMASK 1
#else
#define EBB_CONFIG_PORT_USE_PRIMASK 0
#endif
#endif

/* The most urgent logical priority (0 = most urgent) that may call ebb.
 * Default 1: priority 0 stays free for interrupts that must never be delayed
 * by ebb (and therefore never call it). */
#ifndef EBB_CONFIG_PORT_CEILING_PRIO
#define EBB_CONFIG_PORT_CEILING_PRIO 1
#endif

/* The same ceiling as written to BASEPRI (priority in the top bits). */
#ifndef EBB_CONFIG_PORT_BASEPRI_CEILING
#define EBB_CONFIG_PORT_BASEPRI_CEILING \
    ((EBB_CONFIG_PORT_CEILING_PRIO) << (8 - (EBB_CONFIG_PORT_PRIO_BITS)))
#endif

#if EBB_CONFIG_PORT_USE_PRIMASK == 0 && \
    (EBB_CONFIG_PORT_BASEPRI_CEILING <= 0 || EBB_CONFIG_PORT_BASEPRI_CEILING > 0xFF)
#error "EBB_CONFIG_PORT_BASEPRI_CEILING must be 1..255 (0 would disable masking)"
#endif

/* 1: ebb_port_idle() sleeps in WFI.  0: it returns at once, so the executor
 * spins; measurement builds on QEMU use 0 because a WFI under -icount
 * sleep=off distorts virtual time. */
#ifndef EBB_CONFIG_PORT_IDLE_WFI
#define EBB_CONFIG_PORT_IDLE_WFI 1
#endif

/* Device interrupts 0 .. EBB_CONFIG_PORT_IRQ_COUNT - 1 have an entry in
 * the vector table (ebb_cm_vectors.h); the table ends there, 4 bytes of
 * flash saved per interrupt left out, and ebb_cm_irq_enable() refuses an
 * interrupt at or above it (contract cm:4; a constant one does not
 * compile).  A board or application that uses only low-numbered interrupts
 * sets it to its highest interrupt + 1.  0 (the default): the device's
 * whole table, no check. */
#ifndef EBB_CONFIG_PORT_IRQ_COUNT
#define EBB_CONFIG_PORT_IRQ_COUNT 0
#endif

/* 0: the board never uses semihosting (hardware without a debug session):
 * the port's fault and panic reports and the return from main() do not ask
 * ebb_board_semihosting(), and no semihosting call is linked for them
 * (the showdown on the NUCLEO: 76 bytes of flash at -O3, 20 with LTO).
 * A board sets it from its own switch (boards/nucleo-f446ze: off unless
 * configured with EBB_BOARD_SEMIHOSTING=1).  1 (the default): ask. */
#ifndef EBB_CONFIG_PORT_SEMIHOSTING
#define EBB_CONFIG_PORT_SEMIHOSTING 1
#endif

/* A trace record's context (ebb/trace.h): the running exception's number
 * (IPSR; 0 in thread mode). */
static inline uint32_t ebb__cm_trace_ctx(void)
{
    uint32_t v;
    __asm volatile("mrs %0, ipsr" : "=r"(v));
    return v;
}
#define EBB_PORT_TRACE_CTX() ebb__cm_trace_ctx()

/* Convert a logical priority (0 = most urgent) to the NVIC byte format. */
#define EBB_PORT_PRIO(p) ((uint8_t)((p) << (8 - (EBB_CONFIG_PORT_PRIO_BITS))))

/* 1: every ebb_port_lock() (so every call into ebb) checks that the running
 * exception is allowed to call ebb, i.e. at or below the ceiling (contract
 * cm:3, ebb_cm_check_ceiling() in ebb_cortex_m.h).  Default: on in debug
 * builds (no NDEBUG), off otherwise, so that release code pays nothing. */
#ifndef EBB_CONFIG_PORT_CHECK_CEILING
#ifdef NDEBUG
#define EBB_CONFIG_PORT_CHECK_CEILING 0
#else
#define EBB_CONFIG_PORT_CHECK_CEILING 1
#endif
#endif
#if EBB_CONFIG_PORT_CHECK_CEILING
void ebb_cm_check_ceiling(void);
#define EBB__PORT_CHECK_CEILING() ebb_cm_check_ceiling()
#else
#define EBB__PORT_CHECK_CEILING() ((void)0)
#endif

typedef uint32_t ebb_irq_state;

#if EBB_CONFIG_PORT_USE_PRIMASK

static inline ebb_irq_state ebb_port_lock(void)
{
    ebb_irq_state prev;
    EBB__PORT_CHECK_CEILING();
    __asm volatile("mrs %0, primask\n\tcpsid i" : "=r"(prev) : : "memory");
    return prev;
}

static inline void ebb_port_unlock(ebb_irq_state prev)
{
    __asm volatile("msr primask, %0" : : "r"(prev) : "memory");
}

#else

/* basepri_max only ever raises the mask, so nesting inside a more urgent
 * ISR (or a caller that already holds a higher mask) cannot lower it.
 * No ISB: on Cortex-M3/M4/M7 a BASEPRI raise is effective for the next
 * instruction (ARM AN321); the "memory" clobber keeps the compiler from
 * moving accesses across the boundary. */
static inline ebb_irq_state ebb_port_lock(void)
{
    ebb_irq_state prev;
    EBB__PORT_CHECK_CEILING();
    __asm volatile("mrs %0, basepri\n\tmsr basepri_max, %1"
                   : "=&r"(prev)
                   : "r"((uint32_t)EBB_CONFIG_PORT_BASEPRI_CEILING)
                   : "memory");
    return prev;
}

static inline void ebb_port_unlock(ebb_irq_state prev)
{
    __asm volatile("msr basepri, %0" : : "r"(prev) : "memory");
}

#endif

/* Word copies in blocks of four (a channel's element copy, under the
 * lock): the odd word and the odd pair first, then one LDM and one STM per
 * 16 bytes.  An interrupt inside an LDM/STM is taken at once (ARMv7-M
 * continues it, ARMv6-M restarts it), so a block adds nothing to a masked
 * stretch but its own cycles.  Both pointers word-aligned.  The moved
 * words pass through r3-r6 (clobbered; r7 may be the frame pointer), so
 * the operands can stay in r0-r2 where a caller has them.  After
 * `lsls #31`, N is bit 0 of n and C bit 1; LDM and STM leave the flags. */
#if defined(__GNUC__)
#if defined(__thumb__) && !defined(__thumb2__) && !defined(__clang__)
/* GCC assembles Thumb-1 inline asm in divided syntax: switch, and back. */
#define EBB__CM_ASM_UNIFIED ".syntax unified\n\t"
#define EBB__CM_ASM_DIVIDED "\n\t.syntax divided"
#else
#define EBB__CM_ASM_UNIFIED ""
#define EBB__CM_ASM_DIVIDED ""
#endif
#define EBB_PORT_COPY_WORDS(dst, src, n) ebb__cm_copy_words((dst), (src), (n))
static inline __attribute__((always_inline)) void ebb__cm_copy_words(uint32_t *dst, const uint32_t *src,
                                                                     uint32_t n)
{
    __asm volatile(EBB__CM_ASM_UNIFIED
                   "lsls r3, %2, #31\n\t"
                   "bpl 1f\n\t"
                   "ldmia %0!, {r3}\n\t"
                   "stmia %1!, {r3}\n"
                   "1:\n\t"
                   "bcc 2f\n\t"
                   "ldmia %0!, {r3, r4}\n\t"
                   "stmia %1!, {r3, r4}\n"
                   "2:\n\t"
                   "lsrs %2, %2, #2\n\t"
                   "beq 4f\n"
                   "3:\n\t"
                   "ldmia %0!, {r3-r6}\n\t"
                   "stmia %1!, {r3-r6}\n\t"
                   "subs %2, %2, #1\n\t"
                   "bne 3b\n"
                   "4:" EBB__CM_ASM_DIVIDED
                   : "+l"(src), "+l"(dst), "+l"(n)
                   :
                   : "r3", "r4", "r5", "r6", "cc", "memory");
}
#endif

/* Coroutine label addresses as instruction immediates (GCC, Thumb-2:
 * "%a" prints a label operand bare).  ebb/async.h makes a body's start
 * (&&top) and each resume offset (&&L - &&top) from these when a port
 * defines them: without them GCC loads both from constants in flash, a data
 * read on every resume, which a flash accelerator's small data cache (the
 * STM32F4's ART: 8 lines) misses on most interrupt-to-task paths.  The
 * address is absolute (movw/movt, resolved by the linker), not adr: adr's
 * base is the PC rounded down to a word, which the assembler fixes before
 * the linker places a function that is only halfword-aligned (-Os), so a
 * label could come out two bytes off. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__thumb2__)
#define EBB_PORT_CODE_ADDR(label)                                              \
    (__extension__({                                                           \
        char *ebb__addr;                                                       \
        __asm__("movw %0, #:lower16:%a1\n\tmovt %0, #:upper16:%a1"              \
                : "=r"(ebb__addr)                                              \
                : "i"(__extension__ && label));                                \
        ebb__addr;                                                             \
    }))
#define EBB_PORT_CODE_OFFSET(label, base)                                      \
    (__extension__({                                                           \
        uint32_t ebb__offset;                                                  \
        __asm__("movw %0, #:lower16:(%a1 - %a2)"                               \
                : "=r"(ebb__offset)                                            \
                : "i"(__extension__ && label), "i"(__extension__ && base));    \
        (uint16_t)ebb__offset;                                                 \
    }))
#endif

#endif /* EBB_PORT_IMPL_H */
