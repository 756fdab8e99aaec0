/** @file
 * ebb/driver/port.h - what every port (`port/<arch>/`) provides to the portable core.
 *
 * The core never touches hardware.  A port supplies, in a header named
 * "ebb_port_impl.h" on its include path:
 *   - typedef ... ebb_irq_state;
 *   - static inline ebb_irq_state ebb_port_lock(void);
 *         Enter a critical section that masks every interrupt allowed to call
 *         ebb (on Cortex-M: BASEPRI raised to the ceiling).  Nests: returns
 *         the previous state.  Context: any.
 *   - static inline void ebb_port_unlock(ebb_irq_state prev);
 *         Leave it, restoring `prev`.  Context: any.
 * and, as ordinary functions, the ones declared below.
 */
#ifndef EBB_PORT_H
#define EBB_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/contract.h"
#include "ebb_port_impl.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Optional, in ebb_port_impl.h: EBB_PORT_COPY_WORDS(dst, src, n), copy n
 * 32-bit words between word-aligned buffers that do not overlap, in
 * steps an interrupt can enter between (a channel copies its elements
 * with it under the lock; without it, a word loop in C).
 *
 * Optional, in ebb_port_impl.h: EBB_PORT_CODE_ADDR(label) and
 * EBB_PORT_CODE_OFFSET(label, base), a label's address and the distance
 * between two labels of one function as instruction immediates, for a
 * target where a constant loaded from code memory is a slow data read on
 * every resume of a coroutine (ebb/async.h uses them when both are
 * defined; the Cortex-M port defines them for GCC on Thumb-2).
 */

struct ebb_executor;

/**
 * Sleep until there may be work for `ex`, without a lost-wakeup window: the
 * check ebb_executor_has_work(ex) and the sleep must be atomic with respect to
 * interrupts (Cortex-M: cpsid i; check; wfi; cpsie i).  May return early.
 * With no work it returns only after an interrupt: a loop of its own calls
 * it only while something that can raise one (an armed timer, a device)
 * is pending, or it may sleep for ever.
 * Context: the thread that runs ebb_executor_run().  Cost: until a wake.
 */
void ebb_port_idle(struct ebb_executor *ex);

/**
 * The port's part of a panic: report "PANIC <module>:<id> at 0x<at>" (and
 * " in task <name>" when `task` is not NULL; the line ebb_panic_format()
 * writes) and stop.  `at` is the code address that raised it (resolve it
 * with addr2line, or gdb's `info line *0x...`).
 * Context: any.  Cost: the report; does not return.
 */
EBB_NORETURN void ebb_port_panic_at(const char *module, int id, uintptr_t at, const char *task);

/**
 * Report an unrecoverable error (a driver's bad configuration, a fault)
 * and stop: ebb_port_panic_at() with the caller's address and the task
 * being polled, when the task table names it (EBB_CONFIG_TASK_REGISTRY).
 * The default contract hook, ebb_on_contract(), does the same.  Provided by
 * the core (src/contract.c).  Context: any.  Cost: the report (and a walk
 * of the task table); does not return.
 */
EBB_NORETURN void ebb_port_panic(const char *module, int id);

/**
 * For a port's fault and panic reports, without libc: copy `s` to `p`,
 * stopping at `end`; returns the new end of the text (no '\0' written).
 * Context: any.  Cost: O(length).
 */
char *ebb_report_put(char *p, char *end, const char *s);

/**
 * Write the panic line "PANIC <module>:<id> at 0x<at>[ in task <name>]\n"
 * into `buf` (at most `cap` bytes, terminated) without libc, for a port's
 * ebb_port_panic_at().  Returns buf.  Context: any.  Cost: O(length).
 */
char *ebb_panic_format(char *buf, size_t cap, const char *module, int id, uintptr_t at,
                       const char *task);

#ifdef __cplusplus
}
#endif

#endif /* EBB_PORT_H */
