/*
 * dma_stm32_host.c - hal/stm32f4/stm32_dma.c, unchanged, compiled for the
 * host: its register blocks come from sim_periph() and its address stores
 * from sim_dma_addr_write() (sim_dma.h defines the seams first), its NVIC
 * calls from shim/ebb_cortex_m.h.
 */
#include "sim_dma.h"

#include "stm32_dma.c"
