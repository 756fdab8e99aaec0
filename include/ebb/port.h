/** @file
 * ebb/port.h - what every port (`port/<arch>/`) provides to the portable core.
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
#include <stdint.h>

#include "ebb/contract.h"
#include "ebb_port_impl.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ebb_executor;

/**
 * Optional, in ebb_port_impl.h: static inline uint32_t ebb_port_context(void)
 * and the macro EBB_PORT_HAS_CONTEXT set to 1.  Which execution context runs
 * now: 0 in thread mode, otherwise a number that differs between an
 * interrupt handler and whatever it interrupted (Cortex-M: the active
 * exception number; RISC-V: the mcause of the trap being handled).  The core
 * compares it to catch a call from an interrupt handler that landed inside a
 * task's poll, where ebb_current() still names the task (contract mutex:3
 * for a mutex lock or unlock).  A port without it reads 0 everywhere, and
 * those checks see nothing.
 * Context: any.  Cost: a register (or one word) read.
 *
 * With it, the port also defines (as an ordinary function)
 *     uint32_t ebb_port_poll_context(const struct ebb_executor *ex);
 * the context in which `ex` polls its tasks: 0 for an executor without a
 * pender (main's, in thread mode), the interrupt's for the port's own
 * interrupt executors, and for one whose pender the port did not make what
 * the application declared (ebb_executor_declared_context(): its
 * EBB_EXECUTOR_CONTEXT_ENTRY, else 0).  The core asks it only outside
 * thread mode.  Context: any.  Cost: O(1).
 */
#ifndef EBB_PORT_HAS_CONTEXT
/** The execution context, for a port without one: thread mode everywhere
 *  (see above).  Context: any.  Cost: none. */
static inline uint32_t ebb_port_context(void) { return 0; }
/** Where `ex` polls, for a port without execution contexts: thread mode,
 *  like every call (see above).  Context: any.  Cost: none. */
static inline uint32_t ebb_port_poll_context(const struct ebb_executor *ex)
{
    (void)ex;
    return 0;
}
#else
/** Where `ex` polls its tasks (see above).  Context: any.  Cost: O(1). */
uint32_t ebb_port_poll_context(const struct ebb_executor *ex);
#endif

struct ebb_executor;

/**
 * Sleep until there may be work for `ex`, without a lost-wakeup window: the
 * check ebb_executor_has_work(ex) and the sleep must be atomic with respect to
 * interrupts (Cortex-M: cpsid i; check; wfi; cpsie i).  May return early.
 * Context: the thread that runs ebb_executor_run().  Cost: until a wake.
 */
void ebb_port_idle(struct ebb_executor *ex);

/**
 * Report an unrecoverable error (a failed contract, a fault) and stop.
 * Context: any.  Cost: the report; does not return.
 */
EBB_NORETURN void ebb_port_panic(const char *module, int id);

#ifdef __cplusplus
}
#endif

#endif /* EBB_PORT_H */
