/*
 * test_irq_count - contract cm:4: with the vector table trimmed to
 * EBB_CONFIG_PORT_IRQ_COUNT (41 here, as on the NUCLEO-F446ZE: up to
 * EXTI15_10), the last interrupt in the table can be enabled and the first
 * one beyond it cannot: "PANIC cm:4", exit 100 (ctest expects both; a
 * "pass" of this firmware would be the failure).  The numbers go through a
 * volatile: a constant one beyond the table does not even compile
 * (irq_beyond_table.c).
 */
#include "fwtest.h"

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_irq_count\n");
    static volatile unsigned irq = EBB_CONFIG_PORT_IRQ_COUNT - 1u;
    ebb_cm_irq_enable(irq);
    FW_CHECK((EBB_CM_NVIC_ISER(irq >> 5) & (1u << (irq & 31u))) != 0u);
    ebb_cm_irq_disable(irq);
    ebb_board_puts("last interrupt of the table enabled\n");
    irq = EBB_CONFIG_PORT_IRQ_COUNT;
    ebb_cm_irq_enable(irq);
    ebb_board_puts("an interrupt beyond the table was enabled\n");
    return 0;
}
