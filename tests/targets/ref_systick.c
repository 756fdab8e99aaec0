/* ref_systick.c - the reference clock of the target tests on boards whose
 * time driver leaves SysTick alone (micro:bit): SysTick on the core clock,
 * free-running over its 24 bits, no interrupt. */
#include "tgtest.h"

const uint32_t tg_ref_mask = 0x00FFFFFFu;

uint32_t tg_ref_start(void)
{
    EBB_CM_SYST_CSR = 0;
    EBB_CM_SYST_RVR = 0x00FFFFFFu;
    EBB_CM_SYST_CVR = 0;
    EBB_CM_SYST_CSR = EBB_CM_SYST_CSR_ENABLE | EBB_CM_SYST_CSR_CLKSOURCE;
    return tg_ref_count();
}

uint32_t tg_ref_count(void)
{
    return 0x00FFFFFFu - EBB_CM_SYST_CVR; /* counts up, wraps at 2^24 */
}
