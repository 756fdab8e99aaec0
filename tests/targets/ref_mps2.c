/* ref_mps2.c - the reference clock of the MPS2 target tests: timer 1 of the
 * CMSDK dual timer, free-running 32-bit down counter (the time driver uses
 * the two single timers). */
#include "ebb_cmsdk_regs.h"
#include "tgtest.h"

#define DT ((ebb_cmsdk_dualtimer_regs *)EBB_BOARD_DUALTIMER_BASE)

const uint32_t tg_ref_mask = 0xFFFFFFFFu;

uint32_t tg_ref_start(void)
{
    DT->CONTROL = 0;
    DT->LOAD = 0xFFFFFFFFu;
    DT->CONTROL = EBB_CMSDK_DUALTIMER_EN | EBB_CMSDK_DUALTIMER_PERIODIC | EBB_CMSDK_DUALTIMER_SIZE32;
    return tg_ref_count();
}

uint32_t tg_ref_count(void)
{
    return 0xFFFFFFFFu - DT->VALUE; /* counts up */
}
