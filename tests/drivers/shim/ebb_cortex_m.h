/*
 * tests/drivers/shim/ebb_cortex_m.h - host stand-in for port/cortex-m's
 * header (found first on the include path of the driver under test): the
 * NVIC helpers a driver calls become functions of the simulated NVIC in
 * sim_tim.c (sim_spi.c) instead of stores to 0xE000E100, and the SysTick registers
 * come from sim_syst_reg() (sim_systick.c), which gets control before each
 * access as sim_periph() does for the STM32 blocks.  Only what drivers use.
 */
#ifndef EBB_CORTEX_M_H
#define EBB_CORTEX_M_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb_port_impl.h"

void ebb_cm_irq_enable(unsigned irq);
void ebb_cm_irq_disable(unsigned irq);
void ebb_cm_irq_set_prio(unsigned irq, unsigned prio);
void ebb_cm_exc_set_prio(unsigned exc, unsigned prio);
void ebb_cm_irq_pend(unsigned irq);

/* SysTick */
volatile uint32_t *sim_syst_reg(uintptr_t addr);
#define EBB_CM_SYST_CSR (*sim_syst_reg(0xE000E010u))
#define EBB_CM_SYST_RVR (*sim_syst_reg(0xE000E014u))
#define EBB_CM_SYST_CVR (*sim_syst_reg(0xE000E018u))
#define EBB_CM_SYST_CSR_ENABLE (1u << 0)
#define EBB_CM_SYST_CSR_TICKINT (1u << 1)
#define EBB_CM_SYST_CSR_CLKSOURCE (1u << 2)
#define EBB_CM_SYST_CSR_COUNTFLAG (1u << 16)

#endif /* EBB_CORTEX_M_H */
