/*
 * ebb_cortex_m.h - Cortex-M core peripherals and port services for boards,
 * drivers and applications: NVIC, SCB, SysTick, DWT registers (from the
 * ARMv7-M Architecture Reference Manual), semihosting, fault reports and the
 * stack high-water mark.  No CMSIS: register names are prefixed EBB_CM_.
 */
#ifndef EBB_CORTEX_M_H
#define EBB_CORTEX_M_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/contract.h"
#include "ebb/executor.h"
#include "ebb/trace.h"
#include "ebb_port_impl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EBB_CM_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* ARMv6-M (Cortex-M0/M0+) and ARMv8-M Baseline: NVIC_IPR and SHPR are
 * word-accessible only, there is no NVIC_STIR, no CFSR and no DWT cycle
 * counter (ARMv6-M ARM, B3.4 and B3.2). */
#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__)
#define EBB_CM_ARMV6M 1
#else
#define EBB_CM_ARMV6M 0
#endif

/* System control space */
#define EBB_CM_ICSR EBB_CM_REG(0xE000ED04u)
#define EBB_CM_VTOR EBB_CM_REG(0xE000ED08u)
#define EBB_CM_AIRCR EBB_CM_REG(0xE000ED0Cu)
#define EBB_CM_SCR EBB_CM_REG(0xE000ED10u)
#define EBB_CM_CCR EBB_CM_REG(0xE000ED14u)
#define EBB_CM_SHPR(n) (((volatile uint8_t *)0xE000ED18u)[(n)-4]) /* n = exception number 4..15 */
#define EBB_CM_SHCSR EBB_CM_REG(0xE000ED24u)
#define EBB_CM_CFSR EBB_CM_REG(0xE000ED28u)
#define EBB_CM_HFSR EBB_CM_REG(0xE000ED2Cu)
#define EBB_CM_MMFAR EBB_CM_REG(0xE000ED34u)
#define EBB_CM_BFAR EBB_CM_REG(0xE000ED38u)
#define EBB_CM_CPACR EBB_CM_REG(0xE000ED88u)
#define EBB_CM_FPCCR EBB_CM_REG(0xE000EF34u)
#define EBB_CM_MPU_TYPE EBB_CM_REG(0xE000ED90u)
#define EBB_CM_MPU_CTRL EBB_CM_REG(0xE000ED94u)
#define EBB_CM_MPU_RNR EBB_CM_REG(0xE000ED98u)
#define EBB_CM_MPU_RBAR EBB_CM_REG(0xE000ED9Cu)
#define EBB_CM_MPU_RASR EBB_CM_REG(0xE000EDA0u)
#define EBB_CM_MPU_RLAR EBB_CM_REG(0xE000EDA0u)  /* ARMv8-M: RASR's place */
#define EBB_CM_MPU_MAIR0 EBB_CM_REG(0xE000EDC0u) /* ARMv8-M */
#define EBB_CM_DHCSR EBB_CM_REG(0xE000EDF0u)
#define EBB_CM_DEMCR EBB_CM_REG(0xE000EDFCu)

#define EBB_CM_ICSR_PENDSTSET (1u << 26)
#define EBB_CM_SHCSR_MEMFAULTENA (1u << 16)
#define EBB_CM_SHCSR_BUSFAULTENA (1u << 17)
#define EBB_CM_SHCSR_USGFAULTENA (1u << 18)
#define EBB_CM_CCR_DIV_0_TRP (1u << 4)
#define EBB_CM_CFSR_MSTKERR (1u << 4)   /* MemManage on exception stacking */
#define EBB_CM_CFSR_MMARVALID (1u << 7) /* MMFAR holds the address */
#define EBB_CM_CFSR_STKOF (1u << 20)    /* ARMv8-M: a stack limit was hit */
/* PMSAv7 (ARMv7-M ARM B3.5): MPU_CTRL and MPU_RASR fields. */
#define EBB_CM_MPU_CTRL_ENABLE (1u << 0)
#define EBB_CM_MPU_CTRL_PRIVDEFENA (1u << 2)
#define EBB_CM_MPU_RASR_ENABLE (1u << 0)
#define EBB_CM_MPU_RASR_SIZE(log2) (((uint32_t)(log2) - 1u) << 1)
#define EBB_CM_MPU_RASR_XN (1u << 28) /* AP = 000: no access, at any privilege */
/* PMSAv8 (ARMv8-M ARM B3.13): RBAR's XN (AP = 00: privileged read/write,
 * SH = 00), RLAR's attribute index and enable; MAIR attribute bytes. */
#define EBB_CM_MPU_RBAR_XN (1u << 0)
#define EBB_CM_MPU_RLAR_ATTR(i) ((uint32_t)(i) << 1)
#define EBB_CM_MPU_RLAR_EN (1u << 0)
#define EBB_CM_MAIR_NORMAL_WT 0xAAu   /* write-through, read-allocate */
#define EBB_CM_MAIR_NORMAL_WBWA 0xFFu /* write-back, read/write-allocate */
#define EBB_CM_MAIR_DEVICE 0x04u      /* Device-nGnRE */
#define EBB_CM_FPCCR_ASPEN (1u << 31)
#define EBB_CM_FPCCR_LSPEN (1u << 30)
#define EBB_CM_DHCSR_C_DEBUGEN (1u << 0)
#define EBB_CM_DEMCR_TRCENA (1u << 24)

/* SysTick */
#define EBB_CM_SYST_CSR EBB_CM_REG(0xE000E010u)
#define EBB_CM_SYST_RVR EBB_CM_REG(0xE000E014u)
#define EBB_CM_SYST_CVR EBB_CM_REG(0xE000E018u)
#define EBB_CM_SYST_CSR_ENABLE (1u << 0)
#define EBB_CM_SYST_CSR_TICKINT (1u << 1)
#define EBB_CM_SYST_CSR_CLKSOURCE (1u << 2)
#define EBB_CM_SYST_CSR_COUNTFLAG (1u << 16)

/* NVIC */
#define EBB_CM_NVIC_ISER(n) EBB_CM_REG(0xE000E100u + 4u * (n))
#define EBB_CM_NVIC_ICER(n) EBB_CM_REG(0xE000E180u + 4u * (n))
#define EBB_CM_NVIC_ISPR(n) EBB_CM_REG(0xE000E200u + 4u * (n))
#define EBB_CM_NVIC_ICPR(n) EBB_CM_REG(0xE000E280u + 4u * (n))
#define EBB_CM_NVIC_IPR(irq) (((volatile uint8_t *)0xE000E400u)[(irq)])
#define EBB_CM_NVIC_STIR EBB_CM_REG(0xE000EF00u)

/* DWT cycle counter (not modelled by QEMU: reads 0) */
#define EBB_CM_DWT_CTRL EBB_CM_REG(0xE0001000u)
#define EBB_CM_DWT_CYCCNT EBB_CM_REG(0xE0001004u)

/**
 * Sleep in WFI until an interrupt, unless `ex` has work: the race-free idle
 * of ebb_port_idle() (EBB_CONFIG_PORT_IDLE_WFI=1), callable on its own by an
 * application whose board idles otherwise.  PRIMASK (not BASEPRI) makes the
 * check and the WFI one atomic step: an interrupt arriving after the check
 * stays pending, makes WFI return at once, and runs at cpsie.
 * Context: thread mode.  Cost: a handful of instructions plus the sleep.
 */
static inline void ebb_cm_idle_wfi(const ebb_executor *ex)
{
    __asm volatile("cpsid i" ::: "memory");
    if (!ebb_executor_has_work(ex)) {
        __asm volatile("dsb\n\twfi" ::: "memory");
    }
    __asm volatile("cpsie i\n\tisb" ::: "memory");
}

#if EBB_CONFIG_PORT_IRQ_COUNT != 0
/* Called only where a constant interrupt number is beyond the table: the
 * call survives optimisation, and the build stops. */
void ebb__cm_irq_beyond_table(void)
    __attribute__((error("interrupt number at or above EBB_CONFIG_PORT_IRQ_COUNT: it has no vector")));
#endif

/** Enable device interrupt `irq` in the NVIC.
 *  Contract cm:4 - irq < EBB_CONFIG_PORT_IRQ_COUNT when that is set: the
 *                  vector table ends there, so the interrupt would fetch its
 *                  handler from whatever follows the table.  A constant
 *                  `irq` beyond it is a build error (in optimised builds).
 *                  Contracts off: such an interrupt stays disabled.
 *  Context: any.  Cost: 1 store (+ a compare when `irq` is not constant
 *  and the table is trimmed). */
static inline void ebb_cm_irq_enable(unsigned irq)
{
#if EBB_CONFIG_PORT_IRQ_COUNT != 0
    if (__builtin_constant_p(irq) && irq >= EBB_CONFIG_PORT_IRQ_COUNT) {
        ebb__cm_irq_beyond_table();
    }
#if EBB_CONFIG_CONTRACTS
    if (EBB_UNLIKELY(irq >= EBB_CONFIG_PORT_IRQ_COUNT)) {
        ebb_on_contract("cm", 4);
    }
#else
    if (irq >= EBB_CONFIG_PORT_IRQ_COUNT) {
        return; /* documented fallback: the interrupt stays disabled */
    }
#endif
#endif
    EBB_CM_NVIC_ISER(irq >> 5) = 1u << (irq & 31u);
}

/** Disable device interrupt `irq`; a running handler finishes.  Context: any.
 *  Cost: 1 store + barriers. */
static inline void ebb_cm_irq_disable(unsigned irq)
{
    EBB_CM_NVIC_ICER(irq >> 5) = 1u << (irq & 31u);
    __asm volatile("dsb\n\tisb" ::: "memory");
}

/** Pend device interrupt `irq` through NVIC_STIR: one store, no
 *  read-modify-write, so it is safe from any context (ebb runs privileged;
 *  unprivileged code would need CCR.USERSETMPEND).  On QEMU this is the only
 *  way to enter an EXTI handler.  Context: any.  Cost: 1 store. */
static inline void ebb_cm_irq_pend(unsigned irq)
{
#if EBB_CM_ARMV6M
    EBB_CM_NVIC_ISPR(irq >> 5) = 1u << (irq & 31u); /* write-1-to-set: no RMW either */
#else
    EBB_CM_NVIC_STIR = irq;
#endif
}

/** Clear a pending device interrupt.  Context: any.  Cost: 1 store. */
static inline void ebb_cm_irq_unpend(unsigned irq)
{
    EBB_CM_NVIC_ICPR(irq >> 5) = 1u << (irq & 31u);
}

/** Set the logical priority (0 = most urgent) of device interrupt `irq`.
 *  An interrupt that calls ebb needs prio >= EBB_CONFIG_PORT_CEILING_PRIO.
 *  Context: any.  Cost: 1 store. */
static inline void ebb_cm_irq_set_prio(unsigned irq, unsigned prio)
{
#if EBB_CM_ARMV6M
    /* Word access only: read-modify-write under the lock. */
    volatile uint32_t *ipr = &EBB_CM_REG(0xE000E400u + 4u * (irq >> 2));
    unsigned shift = 8u * (irq & 3u);
    ebb_irq_state s = ebb_port_lock();
    *ipr = (*ipr & ~(0xFFu << shift)) | ((uint32_t)EBB_PORT_PRIO(prio) << shift);
    ebb_port_unlock(s);
#else
    EBB_CM_NVIC_IPR(irq) = EBB_PORT_PRIO(prio);
#endif
}

/** Set the logical priority of system exception `exc` (4..15, e.g. 15 =
 *  SysTick, 14 = PendSV).  Context: any.  Cost: 1 store. */
static inline void ebb_cm_exc_set_prio(unsigned exc, unsigned prio)
{
#if EBB_CM_ARMV6M
    volatile uint32_t *shpr = &EBB_CM_REG(0xE000ED18u + 4u * ((exc - 4u) >> 2));
    unsigned shift = 8u * (exc & 3u);
    ebb_irq_state s = ebb_port_lock();
    *shpr = (*shpr & ~(0xFFu << shift)) | ((uint32_t)EBB_PORT_PRIO(prio) << shift);
    ebb_port_unlock(s);
#else
    EBB_CM_SHPR(exc) = EBB_PORT_PRIO(prio);
#endif
}

/** Number of the active exception (0 in thread mode).  Context: any.
 *  Cost: 1 instruction. */
static inline uint32_t ebb_cm_ipsr(void)
{
    uint32_t v;
    __asm volatile("mrs %0, ipsr" : "=r"(v));
    return v;
}

/** True when a debugger has enabled halting debug (DHCSR.C_DEBUGEN): only
 *  then is a semihosting bkpt safe on hardware.  Context: any.  Cost: 1 load. */
static inline bool ebb_cm_debugger_attached(void)
{
    return (EBB_CM_DHCSR & EBB_CM_DHCSR_C_DEBUGEN) != 0;
}

/** Start the DWT cycle counter (hardware only; QEMU reads 0 forever).
 *  Context: any.  Cost: a few stores. */
static inline void ebb_cm_cyccnt_start(void)
{
    EBB_CM_DEMCR |= EBB_CM_DEMCR_TRCENA;
    EBB_CM_DWT_CYCCNT = 0;
    EBB_CM_DWT_CTRL |= 1u;
}

/** Current DWT cycle count.  Context: any.  Cost: 1 load. */
static inline uint32_t ebb_cm_cyccnt(void)
{
    return EBB_CM_DWT_CYCCNT;
}

/* ---- semihosting (port/cortex-m/semihost.c) ---- */

/** Write a NUL-terminated string to the host's stderr (SYS_WRITE0).  Traps
 *  (HardFault) when no debugger/QEMU handles semihosting, so callers check
 *  the board's semihosting flag first.  Context: any.  Cost: a debug trap. */
void ebb_semihost_write0(const char *s);

/** End the session with exit status `code` (SYS_EXIT_EXTENDED); QEMU exits
 *  with that status.  Does not return (loops if the host ignores it).
 *  Context: any. */
__attribute__((noreturn)) void ebb_semihost_exit(int code);

/* ---- hooks a board provides (weak defaults in port.c / startup.c) ---- */

/** Board hook: write `s` to the console synchronously (polling), usable
 *  from fault handlers with interrupts masked.  Default: does nothing.
 *  Context: any.  Cost: the transmission time. */
void ebb_board_puts(const char *s);

/** Board hook: true when semihosting is available (QEMU, or a debugger).
 *  Default: false.  Context: any.  Cost: O(1). */
bool ebb_board_semihosting(void);

/* Internal: ebb_board_semihosting() where the port asks it - false without
 * a call where the board has none (EBB_CONFIG_PORT_SEMIHOSTING=0). */
static inline bool ebb__cm_semihosting(void)
{
    return EBB_CONFIG_PORT_SEMIHOSTING && ebb_board_semihosting();
}

/** Board hook run by the reset handler before .data and .bss are set up
 *  (external memory, early clocks).  Must not use static data.  Default:
 *  nothing.  Context: reset, before main. */
void ebb_board_early_init(void);

/** Report "UNEXPECTED IRQ <n>" and stop (the device vector table's
 *  Default_Handler calls it).  Context: interrupt.  Does not return. */
__attribute__((noreturn)) void ebb_cm_unexpected_irq(void);

/* Exit codes used by the port when semihosting is available. */
#define EBB_CM_EXIT_PANIC 100      /* ebb_port_panic / a failed contract */
#define EBB_CM_EXIT_HARDFAULT 101
#define EBB_CM_EXIT_MEMMANAGE 102
#define EBB_CM_EXIT_BUSFAULT 103
#define EBB_CM_EXIT_USAGEFAULT 104
#define EBB_CM_EXIT_NMI 105
#define EBB_CM_EXIT_UNEXPECTED_IRQ 106
#define EBB_CM_EXIT_STACK_OVERFLOW 107 /* the stack reached its guard */

#if EBB_CM_ARMV6M
/* Internal (startup.c): the stack guard's canary on a core with neither an
 * MPU nor a stack limit - painted at reset, checked by ebb_port_idle(). */
void ebb__cm_guard_paint(void);
void ebb__cm_guard_check(void);
#endif

/** Print `msg` on the console (and on semihosting stderr when available),
 *  then exit with `code` through semihosting, or spin forever with
 *  interrupts masked.  The common end of panics and faults.
 *  Context: any.  Cost: the console write. */
__attribute__((noreturn)) void ebb_cm_fatal(const char *msg, int code);

/* Internal, for the fault reports: "<text><n>\n" to ebb_cm_fatal() (at
 * most 50 characters of text). */
__attribute__((noreturn)) void ebb__cm_fatal_num(const char *text, int32_t n, int code);

/* ---- stack high-water mark (stack.c) ---- */

/** Bytes of the main stack (MSP) ever used since reset: in an image that
 *  calls this, the startup code paints the free stack with a pattern, and
 *  this scans for the first overwritten word (an image that never calls it
 *  paints nothing).  Context: any.  Cost: O(unused stack) loads. */
uint32_t ebb_cm_stack_peak_bytes(void);

/** Size of the main stack region in bytes (RAM left after .data/.bss).
 *  Context: any.  Cost: O(1). */
uint32_t ebb_cm_stack_size_bytes(void);

/* ---- interrupt executors (a port object) ---- */

/**
 * An executor run by a device interrupt: its tasks run in that interrupt's
 * handler, preempting thread mode and every less urgent interrupt, on the one
 * shared stack.  ebb_wake() on one of its tasks pends the interrupt (NVIC_STIR,
 * or ISPR on ARMv6-M).  Spawn tasks on &x->ex.
 */
typedef struct ebb_cm_irq_executor {
    ebb_executor ex; /* first member: &x->ex is what tasks are spawned on */
    uint16_t irq;
    uint8_t prio; /* logical priority; in what was padding */
} ebb_cm_irq_executor;

/** @cond INTERNAL */
/* The pender an interrupt executor starts with: the first wake of one of
 * its tasks (its first spawn) sets the line's NVIC priority and enables it,
 * then puts the steady pender in its place - so the set-up costs no later
 * wake anything, and a program whose executors are all defined makes no
 * init call. */
void ebb__cm_irq_executor_first_pend(ebb_executor *ex);
/** @endcond */

/** Initializer of an interrupt executor on device interrupt `irq` at
 *  logical priority `prio` (0 = most urgent), for one embedded in a struct
 *  (which also needs EBB_EXECUTOR_TABLE_ENTRY).  Both must be constant
 *  expressions; a priority above the ceiling (contract cm:1's rule), one
 *  that does not fit EBB_CONFIG_PORT_PRIO_BITS or a line >= 496 (cm:2's)
 *  does not compile. */
#define EBB_CM_IRQ_EXECUTOR_INITIALIZER(irq, prio)                             \
    {EBB_EXECUTOR_INITIALIZER(ebb__cm_irq_executor_first_pend),                \
     (uint16_t)EBB_BUILD_CHECKED((irq), (irq) < 496u,                          \
                                 "interrupt executor: irq must be < 496"),     \
     (uint8_t)EBB_BUILD_CHECKED((prio),                                        \
         (prio) >= EBB_CONFIG_PORT_CEILING_PRIO &&                             \
             (prio) < (1u << EBB_CONFIG_PORT_PRIO_BITS),                       \
         "interrupt executor: need EBB_CONFIG_PORT_CEILING_PRIO <= prio < "    \
         "2^EBB_CONFIG_PORT_PRIO_BITS (its tasks call ebb)")}

/** Define interrupt executor `name` on device interrupt `irq` at logical
 *  priority `prio` (0 = most urgent), and enter it in the executor table
 *  (see EBB_EXECUTOR_DEFINE).  Complete as defined: no init call - the
 *  first spawn of a task on it sets the line's NVIC priority and enables
 *  it.  Its handler is EBB_CM_IRQ_EXECUTOR_HANDLER(<vector name>, name).
 *  Use an interrupt line nothing else drives (an absent peripheral's
 *  vector).  `irq` and `prio` are checked at compile time (see
 *  EBB_CM_IRQ_EXECUTOR_INITIALIZER).  Prefix with `static` as needed.
 *  RAM: 12 bytes on a 32-bit MCU, + one pointer in the executor table. */
#define EBB_CM_IRQ_EXECUTOR_DEFINE(name, irq, prio)                            \
    ebb_cm_irq_executor name = EBB_CM_IRQ_EXECUTOR_INITIALIZER(irq, prio);    \
    EBB_EXECUTOR_TABLE_ENTRY(name, &name.ex)

/**
 * Bind `x` to device interrupt `irq` at logical priority `prio` now, and
 * enable the interrupt: for a line or priority chosen at run time (one
 * known at build time goes to EBB_CM_IRQ_EXECUTOR_DEFINE, which needs no
 * call).  Its handler is EBB_CM_IRQ_EXECUTOR_HANDLER(<vector name>, x).
 * Contract cm:1 - prio >= EBB_CONFIG_PORT_CEILING_PRIO: its tasks call ebb,
 *                 which an interrupt above the ceiling must never do.
 * Contract cm:2 - prio < 2^EBB_CONFIG_PORT_PRIO_BITS and irq < 496.
 * Context: main (or a task of a less urgent executor), before tasks are
 * spawned on it.  Cost: a few stores.
 */
void ebb_cm_irq_executor_init(ebb_cm_irq_executor *x, unsigned irq, unsigned prio);

/**
 * Debug check that the running exception may call ebb: its priority is at or
 * below the ceiling (EBB_CONFIG_PORT_CEILING_PRIO); thread mode always may.
 * Contract cm:3 - violated by an interrupt above the ceiling (NMI and
 * HardFault included): such an interrupt is not masked by ebb_port_lock(), so
 * its call would corrupt ebb's lists.  The check FreeRTOS makes in
 * vPortValidateInterruptPriority().  Called by ebb_port_lock() and by
 * interrupt executors when EBB_CONFIG_PORT_CHECK_CEILING is 1 (the default
 * without NDEBUG, i.e. in debug builds).  Context: any.  Cost: ~10
 * instructions.
 */
void ebb_cm_check_ceiling(void);

/** The body of an interrupt executor's handler: run its ready tasks.
 *  Context: that interrupt's handler.  Cost: ebb_executor_poll(). */
static inline void ebb_cm_irq_executor_run(ebb_cm_irq_executor *x)
{
#if EBB_CONFIG_PORT_CHECK_CEILING
    ebb_cm_check_ceiling();
#endif
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    (void)ebb_executor_poll(&x->ex);
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
}

/* The portable "executor at application level `level`" (ebb_board.h,
 * EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE) on Cortex-M: an interrupt executor
 * on the board's line for that level, EBB_BOARD_PREEMPT<level>_IRQ, at its
 * NVIC priority EBB_BOARD_PREEMPT<level>_PRIO, with its handler
 * EBB_BOARD_PREEMPT<level>_HANDLER.  A level the board does not name does
 * not compile. */
#define EBB__CM_CAT3(a, b, c) EBB__CM_CAT3_(a, b, c)
#define EBB__CM_CAT3_(a, b, c) a##b##c
#define EBB_PORT_PREEMPTIVE_EXECUTOR_DEFINE(name, level)                       \
    extern ebb_cm_irq_executor name;                                           \
    EBB_CM_IRQ_EXECUTOR_HANDLER(EBB__CM_CAT3(EBB_BOARD_PREEMPT, level, _HANDLER), name) \
    EBB_CM_IRQ_EXECUTOR_DEFINE(name, EBB__CM_CAT3(EBB_BOARD_PREEMPT, level, _IRQ), \
                               EBB__CM_CAT3(EBB_BOARD_PREEMPT, level, _PRIO))

/** Define the interrupt handler `handler` (the vector's name, e.g.
 *  SPI4_IRQHandler) of interrupt executor `x` (an ebb_cm_irq_executor). */
#define EBB_CM_IRQ_EXECUTOR_HANDLER(handler, x) \
    void handler(void);                         \
    void handler(void) { ebb_cm_irq_executor_run(&(x)); }

#ifdef __cplusplus
}
#endif

#endif /* EBB_CORTEX_M_H */
