/*
 * swi.c - interrupt executors on the machine software interrupt (MSIP).
 *
 * A hart has one software interrupt, so the port multiplexes priority
 * levels on it: a pender sets its level's bit in `pending` and raises MSIP;
 * the handler polls, highest first, every pending level above the level it
 * interrupted.  While it polls it re-enables interrupts (after saving mepc
 * and mstatus, which a nested trap overwrites), so:
 *   - the timer and the PLIC's device handlers preempt any executor;
 *   - a wake for a higher level re-enters the handler at once and runs that
 *     level to completion before returning to the lower one;
 *   - a wake for the same or a lower level re-enters the handler, finds
 *     nothing above the running level, and returns; the outer handler's
 *     loop picks the level up when the running one is done.
 * The stack is the one shared stack: nesting depth is at most one frame
 * per level plus one device handler.
 */
#include "ebb/driver/port.h"
#include "ebb_riscv.h"

EBB_MODULE("riscv");

static volatile uint32_t *msip;
static volatile uint32_t pending; /* bit n: level n has work */
static volatile uint32_t running; /* level being polled, 0 = none */
static ebb_rv_swi_executor *level_exec[EBB_CONFIG_RV_SWI_LEVELS + 1];

void ebb_rv_swi_init(uintptr_t msip_addr)
{
    msip = (volatile uint32_t *)msip_addr;
    *msip = 0;
    EBB_RV_CSR_SET(mie, EBB_RV_MIE_MSIE);
}

/* Called with the port lock held (MIE clear): a plain read-modify-write of
 * `pending` cannot be interleaved with the handler's. */
void ebb__rv_swi_pend(ebb_executor *ex)
{
    pending |= 1u << EBB_CONTAINER_OF(ex, ebb_rv_swi_executor, ex)->level;
    *msip = 1;
}

/* Register at the executor's level (set by its initializer), then the
 * steady pender, then the wake (lock held: no other wake races the swap).
 * A level another executor holds is riscv:1; contracts off the wake is
 * dropped and the pender stays, so the tasks of the second executor are
 * never run and the first keeps its level. */
void ebb__rv_swi_first_pend(ebb_executor *ex)
{
    ebb_rv_swi_executor *x = EBB_CONTAINER_OF(ex, ebb_rv_swi_executor, ex);
    unsigned level = x->level;
    EBB_REQUIRE_OR(1, msip != NULL && level >= 1 && level <= EBB_CONFIG_RV_SWI_LEVELS &&
                          (level_exec[level] == NULL || level_exec[level] == x),
                   return);
    level_exec[level] = x;
    ex->pend = ebb__rv_swi_pend;
    ebb__rv_swi_pend(ex);
}

void ebb_rv_swi_executor_init(ebb_rv_swi_executor *x, unsigned level)
{
    /* Contracts off: refused, nothing written (the level indexes a table). */
    EBB_REQUIRE_OR(1, msip != NULL && level >= 1 && level <= EBB_CONFIG_RV_SWI_LEVELS &&
                          level_exec[level] == NULL,
                   return);
    ebb_executor_init(&x->ex, ebb__rv_swi_pend);
    x->level = (uint8_t)level;
    level_exec[level] = x;
}

unsigned ebb_rv_swi_level(void)
{
    return running;
}

/* Called by the trap dispatcher with MIE clear. */
void ebb_rv_swi_isr(void)
{
    *msip = 0;
    uint32_t outer = running;
    for (;;) {
        /* Levels strictly above the interrupted one. */
        uint32_t mine = pending & ~((2u << outer) - 1u);
        if (mine == 0) {
            break;
        }
        uint32_t level = 31u - (uint32_t)__builtin_clz(mine);
        pending &= ~(1u << level);
        running = level;
        uint32_t epc = EBB_RV_CSR_READ(mepc);
        uint32_t status = EBB_RV_CSR_READ(mstatus);
        ebb__rv_irq_on();
        (void)ebb_executor_poll(&level_exec[level]->ex);
        ebb__rv_irq_off();
        EBB_RV_CSR_WRITE(mepc, epc);
        EBB_RV_CSR_WRITE(mstatus, status);
        running = outer;
    }
}
