/* ref_systick.c - the reference clock of the firmware suite on boards whose
 * time driver leaves SysTick alone (micro:bit): SysTick on the core clock,
 * free-running over its 24 bits, no interrupt. */
#include "fwtest.h"

static uint32_t count(void);

void fw_ref_start(void)
{
    EBB_CM_SYST_CSR = 0;
    EBB_CM_SYST_RVR = 0x00FFFFFFu;
    EBB_CM_SYST_CVR = 0;
    EBB_CM_SYST_CSR = EBB_CM_SYST_CSR_ENABLE | EBB_CM_SYST_CSR_CLKSOURCE;
}

static uint32_t count(void)
{
    return 0x00FFFFFFu - EBB_CM_SYST_CVR; /* counts up, wraps at 2^24 */
}

/* Clocks of a whole number of MHz: on the micro:bit (16 MHz) this is a
 * shift, not a 64-bit division the Cortex-M0 does in software. */
uint64_t fw_ref_ns(void)
{
    return fw_ref_extend(count(), 0x00FFFFFFu) * 1000u / (EBB_BOARD_TIMER_HZ / 1000000u);
}
