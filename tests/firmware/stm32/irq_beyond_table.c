/* Compile-fail (cm:4 at build time): with the vector table trimmed to
 * EBB_CONFIG_PORT_IRQ_COUNT = 41, enabling the constant interrupt 41 does
 * not compile; 40, the table's last, does (-DEBB_CF_OK). */
#include "ebb_cortex_m.h"

void enable_it(void);
void enable_it(void)
{
#ifdef EBB_CF_OK
    ebb_cm_irq_enable(40);
#else
    ebb_cm_irq_enable(41);
#endif
}
