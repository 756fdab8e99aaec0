/*
 * ebb_riscv.h - RISC-V machine-mode port services for boards, drivers and
 * applications: CSR access, the trap dispatcher's hooks, software-interrupt
 * executors (on the CLINT's MSIP), the PLIC, fault reports and the stack
 * high-water mark.
 *
 * Register and CSR layouts come from "The RISC-V Instruction Set Manual,
 * Volume II: Privileged Architecture" (mstatus, mie, mip, mcause, mtvec)
 * and, for the memory-mapped interrupt devices, from the SiFive CLINT and
 * PLIC descriptions (FE310-G002 manual, chapters 9 and 10; QEMU's virt
 * machine models the same devices).  Where they are is the board's business:
 * the board passes their addresses at init.
 *
 * Interrupt levels, lowest to highest (docs/porting.md, "RISC-V"):
 *   thread mode (main, the thread executor)
 *   < software-interrupt executors, level 1 .. EBB_CONFIG_RV_SWI_LEVELS
 *     (each preempts thread mode and every lower level)
 *   < the machine timer (its handler masks the timer and software
 *     interrupts in mie, not MIE: devices preempt it between expiries)
 *   < the PLIC's device handlers, by PLIC priority (each raises the
 *     threshold to its source's priority while it runs).
 * No handler re-enters itself; ebb_port_lock() masks all of them.
 */
#ifndef EBB_RISCV_H
#define EBB_RISCV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/config.h" /* first: an application's ebb_config.h sets every option */

#include "ebb/contract.h"
#include "ebb/executor.h"
#include "ebb/driver/port.h" /* the port header, found as the core finds it */

#ifdef __cplusplus
extern "C" {
#endif

#define EBB_RV_REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

#define EBB_RV_CSR_READ(csr)                                                   \
    __extension__({                                                            \
        uint32_t v_;                                                           \
        __asm volatile("csrr %0, " #csr : "=r"(v_) : : "memory");              \
        v_;                                                                    \
    })
#define EBB_RV_CSR_WRITE(csr, v) __asm volatile("csrw " #csr ", %0" : : "r"((uint32_t)(v)) : "memory")
#define EBB_RV_CSR_SET(csr, v) __asm volatile("csrs " #csr ", %0" : : "r"((uint32_t)(v)) : "memory")
#define EBB_RV_CSR_CLEAR(csr, v) __asm volatile("csrc " #csr ", %0" : : "r"((uint32_t)(v)) : "memory")

/* mie / mip bits (privileged spec 3.1.9) */
#define EBB_RV_MIE_MSIE (1u << 3)  /* machine software interrupt */
#define EBB_RV_MIE_MTIE (1u << 7)  /* machine timer interrupt */
#define EBB_RV_MIE_MEIE (1u << 11) /* machine external interrupt (PLIC) */

/* mcause (privileged spec 3.1.15): bit 31 = interrupt, low bits = code */
#define EBB_RV_MCAUSE_INTERRUPT (1u << 31)
#define EBB_RV_IRQ_MSI 3u
#define EBB_RV_IRQ_MTI 7u
#define EBB_RV_IRQ_MEI 11u

/* Exit codes of the port's fatal paths (the board's ebb_board_exit). */
#define EBB_RV_EXIT_PANIC 100          /* ebb_port_panic / a failed contract */
#define EBB_RV_EXIT_EXCEPTION 101      /* a synchronous exception (a fault) */
#define EBB_RV_EXIT_UNEXPECTED_IRQ 106 /* an interrupt nobody handles */
#define EBB_RV_EXIT_STACK_OVERFLOW 107 /* the stack reached its guard */

/* Software-interrupt executor levels (1..N; at most 31). */
#ifndef EBB_CONFIG_RV_SWI_LEVELS
#define EBB_CONFIG_RV_SWI_LEVELS 4
#endif
#if EBB_CONFIG_RV_SWI_LEVELS < 1 || EBB_CONFIG_RV_SWI_LEVELS > 31
#error "EBB_CONFIG_RV_SWI_LEVELS must be 1..31"
#endif

/* PLIC interrupt sources the dispatcher has handler slots for (1..N-1). */
#ifndef EBB_CONFIG_RV_PLIC_SOURCES
#define EBB_CONFIG_RV_PLIC_SOURCES 32
#endif

/**
 * Sleep in WFI until an interrupt, unless `ex` has work: the race-free idle
 * of ebb_port_idle().  MIE is cleared around the check: WFI still wakes on
 * any pending interrupt that mie enables (privileged spec 3.3.3, "WFI"),
 * whatever MIE says, and the interrupt is taken when MIE is set again.
 * So a wake between the check and the WFI ends the WFI at once.
 * Context: thread mode.  Cost: 4 instructions plus the sleep.
 */
static inline void ebb_rv_idle_wfi(const ebb_executor *ex)
{
    ebb__rv_irq_off();
    if (!ebb_executor_has_work(ex)) {
        __asm volatile("wfi" ::: "memory");
    }
    ebb__rv_irq_on();
}

/** True when mstatus.MIE is set: false inside ebb_port_lock(), true in
 *  thread mode, in a software-interrupt executor's poll and in the body of
 *  a timer or device handler.  Context: any.  Cost: 1 CSR read. */
static inline bool ebb_rv_interrupts_enabled(void)
{
    return (EBB_RV_CSR_READ(mstatus) & EBB_RV_MSTATUS_MIE) != 0;
}

/* ---- software-interrupt executors (port/riscv/swi.c) ---- */

/**
 * Tell the port where this hart's MSIP register is (CLINT base + 4 * hart)
 * and enable the machine software interrupt.  Call once before the first
 * ebb_rv_swi_executor_init().  Context: main/init.  Cost: 2 stores.
 */
void ebb_rv_swi_init(uintptr_t msip_addr);

/** A software-interrupt executor (EBB_RV_SWI_EXECUTOR_DEFINE): an executor
 *  and its level.  Spawn its tasks on &x.ex. */
typedef struct ebb_rv_swi_executor {
    ebb_executor ex; /**< the executor its tasks are spawned on */
    uint8_t level;   /**< 1..EBB_CONFIG_RV_SWI_LEVELS; higher preempts lower */
} ebb_rv_swi_executor;

/**
 * Register `x` as an interrupt executor at software level `level`
 * (1..EBB_CONFIG_RV_SWI_LEVELS; higher preempts lower), now: for a level
 * chosen at run time (one known at build time is the DEFINE's, which needs
 * no call).  A wake of one of its tasks marks the level pending and raises
 * MSIP; the MSIP handler polls the highest pending level above the one it
 * interrupted, with interrupts enabled, so the timer, devices and higher
 * levels preempt it.
 * Contract riscv:1 - level in range and not already taken;
 * ebb_rv_swi_init() was called.
 * Context: main/init.  Cost: O(1).
 */
void ebb_rv_swi_executor_init(ebb_rv_swi_executor *x, unsigned level);

/** @cond INTERNAL */
/* The pender a software-interrupt executor starts with: the first wake of
 * one of its tasks (its first spawn) registers it at its level - as
 * ebb_rv_swi_executor_init() would - and puts the steady pender in its
 * place, so later wakes pay nothing for it. */
void ebb__rv_swi_first_pend(ebb_executor *ex);
/** @endcond */

/** Initializer of a software-interrupt executor at level `level`, for one
 *  embedded in a struct (which also needs EBB_EXECUTOR_TABLE_ENTRY of its
 *  .ex).  A level outside 1..EBB_CONFIG_RV_SWI_LEVELS does not compile. */
#define EBB_RV_SWI_EXECUTOR_INITIALIZER(level)                                 \
    {EBB_EXECUTOR_INITIALIZER(ebb__rv_swi_first_pend),                         \
     (uint8_t)EBB_BUILD_CHECKED((level),                                       \
         (level) >= 1 && (level) <= EBB_CONFIG_RV_SWI_LEVELS,                  \
         "software-interrupt executor: level must be 1..EBB_CONFIG_RV_SWI_LEVELS")}

/**
 * Define software-interrupt executor `name` at level `level`
 * (1..EBB_CONFIG_RV_SWI_LEVELS; higher preempts lower), and enter it in the
 * executor table; its tasks are spawned on &name.ex.  Complete as defined:
 * no init call - the first spawn of a task on it registers it at its level
 * (the board's init has called ebb_rv_swi_init(), as for every
 * software-interrupt executor).  A level out of range does not compile; two
 * executors at one level are contract riscv:1 at the second one's first
 * spawn (contracts off: its tasks are never run, nothing is overwritten).
 * Prefix with `static` as needed.
 * RAM: 12 bytes on a 32-bit MCU, + one pointer in the executor table.
 */
#define EBB_RV_SWI_EXECUTOR_DEFINE(name, level)                                \
    ebb_rv_swi_executor name = EBB_RV_SWI_EXECUTOR_INITIALIZER(level);         \
    EBB_EXECUTOR_TABLE_ENTRY(name, &name.ex)

/* The portable "executor at application level `level`" (ebb_board.h,
 * EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE) on RISC-V: a software-interrupt
 * executor at that level (1..EBB_BOARD_PREEMPT_LEVELS, which the board
 * keeps below the levels it uses itself). */
#define EBB_PORT_PREEMPTIVE_EXECUTOR_DEFINE(name, level)                       \
    EBB_RV_SWI_EXECUTOR_DEFINE(name,                                           \
        EBB_BUILD_CHECKED((level), (level) >= 1 && (level) <= EBB_BOARD_PREEMPT_LEVELS, \
                          "application executor level must be 1..EBB_BOARD_PREEMPT_LEVELS"))

/** Level of the software-interrupt executor running now (0: thread mode
 *  or a device handler).  Context: any.  Cost: 1 load. */
unsigned ebb_rv_swi_level(void);

/* ---- PLIC (port/riscv/plic.c) ---- */

typedef void (*ebb_rv_irq_handler)(void);

/**
 * Take over the PLIC at `base` for hart context `context` (0 = hart 0's
 * machine mode on the virt and FE310 machines): every source disabled,
 * threshold 0, machine external interrupts enabled.
 * Context: main/init.  Cost: O(sources) stores.
 */
void ebb_rv_plic_init(uintptr_t base, unsigned context);

/**
 * Route PLIC source `source` to `handler` at priority `prio` (1..7 on
 * QEMU; the PLIC delivers the highest priority first when several are
 * pending) and enable it.  The handler runs with MIE set: a source of a
 * higher priority preempts it, one of its own priority or lower waits.
 * Contract riscv:2 - 0 < source < EBB_CONFIG_RV_PLIC_SOURCES, prio > 0,
 * handler != NULL.
 * Context: main/init.  Cost: 3 stores.
 */
void ebb_rv_plic_enable(unsigned source, unsigned prio, ebb_rv_irq_handler handler);

/** Stop delivering `source` (a handler that is running finishes).
 *  Context: any.  Cost: a read-modify-write under the lock. */
void ebb_rv_plic_disable(unsigned source);

/* ---- hooks ---- */

/** Machine timer interrupt handler: the time driver defines it (a weak
 *  default reports an unexpected interrupt).  Context: interrupt. */
void ebb_rv_mtimer_isr(void);

/** Board hook: write `s` to the console by polling (fault paths).
 *  Default: nothing.  Context: any. */
void ebb_board_puts(const char *s);

/** Board hook: end the program with `code` (QEMU: the test device; else
 *  park).  Default: park with interrupts masked.  Context: any. */
EBB_NORETURN void ebb_board_exit(int code);

/** Board hook run by the startup code before .data and .bss are set up.
 *  Must not use static data.  Default: nothing.  Context: reset. */
void ebb_board_early_init(void);

/**
 * Print `msg` on the console, then end with `code` through the board
 * (ebb_board_exit), with interrupts masked.  The common end of panics and
 * faults.  Context: any.  Does not return.
 */
EBB_NORETURN void ebb_rv_fatal(const char *msg, int code);

/* ---- stack high-water mark (startup.c) ---- */

/** Bytes of the stack ever used since reset (the startup code paints the
 *  free stack).  Context: any.  Cost: O(unused stack) loads. */
uint32_t ebb_rv_stack_peak_bytes(void);

/** Size of the stack region in bytes.  Context: any.  Cost: O(1). */
uint32_t ebb_rv_stack_size_bytes(void);

#ifdef __cplusplus
}
#endif

#endif /* EBB_RISCV_H */
