/*
 * port.c - TEMPLATE of a port's functions (ebb/driver/port.h): idle and
 * panic.  See ebb_port_impl.h.
 */
#include "ebb/driver/port.h"
#include "ebb/executor.h"
#include "ebb_template.h"

volatile uint32_t ebb_template_irq_enabled = 1;

void ebb_port_idle(ebb_executor *ex)
{
    /* The check and the sleep must be atomic: a wake between them would
     * otherwise be slept through.  Mask, check, sleep: an interrupt that
     * became pending while masked ends the sleep (Cortex-M: cpsid i; wfi;
     * cpsie i; RISC-V: wfi with MIE clear wakes on a pending interrupt). */
    ebb_irq_state s = ebb_port_lock();
    if (!ebb_executor_has_work(ex)) {
        ebb_template_wait_for_interrupt(); /* TEMPLATE: wfi */
    }
    ebb_port_unlock(s);
}

void ebb_port_panic_at(const char *module, int id, uintptr_t at, const char *task)
{
    (void)ebb_port_lock(); /* nothing else runs on a broken system */
    char line[96];
    /* TEMPLATE: write the line to the console by polling */
    ebb_template_report_panic(ebb_panic_format(line, sizeof line, module, id, at, task));
    for (;;) {
        ebb_template_wait_for_interrupt(); /* TEMPLATE: wfi, or a reset */
    }
}
