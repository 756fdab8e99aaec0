/*
 * pl022_host.c - hal/pl022/pl022.c, unchanged, compiled for the host: its
 * register accesses come through sim_amba() and its DR accesses through
 * sim_pl022_dr_read/write() (sim_pl022.h defines the seams first), its
 * NVIC calls from shim/ebb_cortex_m.h.
 */
#include "sim_pl022.h"

#include "pl022.c"
