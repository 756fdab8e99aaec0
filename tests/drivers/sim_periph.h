/*
 * sim_periph.h - STM32 register blocks in host memory: a driver under test
 * is compiled with this header first (sim_tim.h includes it, or
 * `-include sim_periph.h`), so each EBB_STM32_PERIPH() access calls the
 * test's sim_periph(), which returns the simulated block for the address.
 */
#ifndef SIM_PERIPH_H
#define SIM_PERIPH_H

#include <stdint.h>

void *sim_periph(uintptr_t addr);
#define EBB_STM32_PERIPH(type, addr) ((type *)sim_periph((uintptr_t)(addr)))

#endif
