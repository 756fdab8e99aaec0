/*
 * spi_stm32_host.c - hal/stm32f4/stm32_spi.c, unchanged, compiled for the
 * host: its register block comes from sim_periph() and its DR accesses
 * from sim_spi_dr_read/write() (sim_spi.h defines the seams first), its
 * NVIC calls from shim/ebb_cortex_m.h.
 */
#include "sim_spi.h"

#include "stm32_spi.c"
