/*
 * tests/drivers/shim/ebb_cortex_m.h - host stand-in for port/cortex-m's
 * header (found first on the include path of the driver under test): the
 * NVIC helpers a driver calls become functions of the simulated NVIC in
 * sim_tim.c instead of stores to 0xE000E100.  Only what drivers use.
 */
#ifndef EBB_CORTEX_M_H
#define EBB_CORTEX_M_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb_port_impl.h"

void ebb_cm_irq_enable(unsigned irq);
void ebb_cm_irq_disable(unsigned irq);
void ebb_cm_irq_set_prio(unsigned irq, unsigned prio);

#endif /* EBB_CORTEX_M_H */
