/*
 * sim_bus.c - the NVIC calls of the drivers on a simulated bus (sim_bus.h):
 * the primary block's line to it, any other to its companion.
 */
#include "sim_bus.h"

#include <stddef.h>

const struct sim_more *sim_more;
const struct sim_primary *sim_primary;

/* The primary block's line: a disable only masks it; an enable or a pend
 * may let a pending interrupt in at once. */
static void primary_nvic(const struct sim_primary *p, int what)
{
    if (what == SIM_NVIC_DISABLE) {
        *p->enabled = false;
        return;
    }
    if (what == SIM_NVIC_ENABLE) {
        *p->enabled = true;
    } else {
        *p->pending = true;
    }
    p->deliver();
}

static void nvic(unsigned irq, int what)
{
    if (sim_primary != NULL && irq == sim_primary->irq) {
        primary_nvic(sim_primary, what);
    } else if (sim_more != NULL) {
        sim_more->nvic(irq, what);
    }
}

void ebb_cm_irq_enable(unsigned irq);
void ebb_cm_irq_disable(unsigned irq);
void ebb_cm_irq_set_prio(unsigned irq, unsigned prio);
void ebb_cm_irq_pend(unsigned irq);

void ebb_cm_irq_enable(unsigned irq) { nvic(irq, SIM_NVIC_ENABLE); }
void ebb_cm_irq_disable(unsigned irq) { nvic(irq, SIM_NVIC_DISABLE); }
void ebb_cm_irq_pend(unsigned irq) { nvic(irq, SIM_NVIC_PEND); }

void ebb_cm_irq_set_prio(unsigned irq, unsigned prio)
{
    (void)irq;
    (void)prio;
}
