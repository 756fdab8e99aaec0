/*
 * pl081_host.c - hal/pl081/pl081.c, unchanged, compiled for the host: its
 * register accesses come through sim_amba() and its address stores
 * through sim_pl081_addr_write() (sim_pl081.h defines the seams first),
 * its NVIC calls from shim/ebb_cortex_m.h.
 */
#include "sim_pl081.h"

#include "pl081.c"
