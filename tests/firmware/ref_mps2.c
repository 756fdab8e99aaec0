/* ref_mps2.c - the reference clock of the MPS2 firmware suite: timer 1 of the
 * CMSDK dual timer, free-running 32-bit down counter (the time driver uses
 * the two single timers). */
#include "ebb_cmsdk_regs.h"
#include "fwtest.h"

#define DT ((ebb_cmsdk_dualtimer_regs *)EBB_BOARD_DUALTIMER_BASE)

static uint32_t count(void);

void fw_ref_start(void)
{
    DT->CONTROL = 0;
    DT->LOAD = 0xFFFFFFFFu;
    DT->CONTROL = EBB_CMSDK_DUALTIMER_EN | EBB_CMSDK_DUALTIMER_PERIODIC | EBB_CMSDK_DUALTIMER_SIZE32;
}

static uint32_t count(void)
{
    return 0xFFFFFFFFu - DT->VALUE; /* counts up */
}

/* Clocks of a whole number of MHz: on the micro:bit (16 MHz) this is a
 * shift, not a 64-bit division the Cortex-M0 does in software. */
uint64_t fw_ref_ns(void)
{
    return fw_ref_extend(count(), 0xFFFFFFFFu) * 1000u / (EBB_BOARD_TIMER_HZ / 1000000u);
}
