/*
 * test_unexpected - the port's other fatal reports, one image per
 * FW_UNEXPECTED_KIND:
 *   1 an enabled interrupt without a handler (WWDG, 0: its vector is the
 *     weak alias of Default_Handler) -> "UNEXPECTED IRQ 0", exit 106
 *   2 an NMI (ICSR.NMIPENDSET) -> "FAULT NMI", exit 105
 * ctest expects the status and the message; a "pass" of this firmware
 * would be the failure.
 */
#include "fwtest.h"

#ifndef FW_UNEXPECTED_KIND
#error "define FW_UNEXPECTED_KIND"
#endif

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_unexpected\n");
#if FW_UNEXPECTED_KIND == 1
    ebb_cm_irq_set_prio(0, 3);
    ebb_cm_irq_enable(0);
    ebb_cm_irq_pend(0);
#else
    EBB_CM_ICSR = 1u << 31; /* NMIPENDSET */
#endif
    __asm volatile("dsb\n\tisb" ::: "memory");
    ebb_board_puts("nothing was reported\n");
    return 0;
}
