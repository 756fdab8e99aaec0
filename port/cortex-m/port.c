/*
 * port.c - the Cortex-M port's functions: idle, panic, and the fatal-error
 * path shared with the fault handlers.
 */
#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/fmt.h"
#include "ebb_cortex_m.h"

EBB_MODULE("cm");

void ebb_port_idle(ebb_executor *ex)
{
#if EBB_CM_ARMV6M
    ebb__cm_guard_check();
#endif
#if EBB_CONFIG_PORT_IDLE_WFI
    ebb_cm_idle_wfi(ex);
#else
    (void)ex;
#endif
}

EBB_WEAK void ebb_board_puts(const char *s)
{
    (void)s;
}

EBB_WEAK bool ebb_board_semihosting(void)
{
    return false;
}

__attribute__((cold)) void ebb_cm_fatal(const char *msg, int code)
{
    /* Mask everything: nothing else may run on a broken system, and the
     * console is written by polling. */
    __asm volatile("cpsid i" ::: "memory");
    ebb_board_puts(msg); /* once: the console (QEMU shows semihosting there too) */
    if (ebb__cm_semihosting()) {
        ebb_semihost_exit(code);
    }
    for (;;) {
        __asm volatile("wfi");
    }
}

__attribute__((cold)) void ebb__cm_fatal_num(const char *text, int32_t n, int code)
{
    /* Without printf: fault paths must not depend on libc state, and an
     * image that only reports faults links the formatter's small number
     * helper, not the formatter. */
    char line[64];
    char *end = line + sizeof line - 13; /* room for the number, "\n", '\0' */
    char *p = ebb_report_put(line, end, text);
    p = ebb_fmt_dec32(p, n);
    *p++ = '\n';
    *p = '\0';
    ebb_cm_fatal(line, code);
}

__attribute__((cold)) void ebb_port_panic_at(const char *module, int id, uintptr_t at, const char *task)
{
    char line[96];
    ebb_cm_fatal(ebb_panic_format(line, sizeof line, module, id, at, task), EBB_CM_EXIT_PANIC);
}

/* ---- interrupt executors ---- */

static void irq_executor_pend(ebb_executor *ex)
{
    ebb_cm_irq_pend(EBB_CONTAINER_OF(ex, ebb_cm_irq_executor, ex)->irq);
}

/* The line's set-up, then the steady pender in place of this one (called
 * with the lock held, so no other wake races the swap).  The table lookup
 * ebb_executor_init() would make was done by the spawn that woke the task. */
void ebb__cm_irq_executor_first_pend(ebb_executor *ex)
{
    ebb_cm_irq_executor *x = EBB_CONTAINER_OF(ex, ebb_cm_irq_executor, ex);
    ex->pend = irq_executor_pend;
    ebb_cm_irq_set_prio(x->irq, x->prio);
    ebb_cm_irq_enable(x->irq);
    ebb_cm_irq_pend(x->irq);
}

void ebb_cm_irq_executor_init(ebb_cm_irq_executor *x, unsigned irq, unsigned prio)
{
    EBB_REQUIRE(1, prio >= EBB_CONFIG_PORT_CEILING_PRIO);
    EBB_REQUIRE(2, prio < (1u << EBB_CONFIG_PORT_PRIO_BITS) && irq < 496u);
    x->irq = (uint16_t)irq;
    x->prio = (uint8_t)prio;
    ebb_executor_init(&x->ex, irq_executor_pend);
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

/* Logical priority of the active exception `exc` (>= 4). */
static unsigned exc_prio(uint32_t exc)
{
#if EBB_CM_ARMV6M
    uint32_t word = exc >= 16u ? EBB_CM_REG(0xE000E400u + 4u * ((exc - 16u) >> 2))
                               : EBB_CM_REG(0xE000ED18u + 4u * ((exc - 4u) >> 2));
    uint8_t byte = (uint8_t)(word >> (8u * (exc & 3u)));
#else
    uint8_t byte = exc >= 16u ? EBB_CM_NVIC_IPR(exc - 16u) : EBB_CM_SHPR(exc);
#endif
    return (unsigned)byte >> (8 - (EBB_CONFIG_PORT_PRIO_BITS));
}

void ebb_cm_check_ceiling(void)
{
    uint32_t exc = ebb_cm_ipsr();
    if (exc == 0) {
        return; /* thread mode */
    }
    /* NMI (2) and HardFault (3) have fixed priorities above every other;
     * with the PRIMASK lock every other exception is below the ceiling. */
    if (exc < 4u || (!EBB_CONFIG_PORT_USE_PRIMASK && exc_prio(exc) < EBB_CONFIG_PORT_CEILING_PRIO)) {
        ebb_on_contract(ebb__module, 3);
    }
}
