/*
 * test_fault - a fault is reported and ends the run with a failure status,
 * never a hang.  One image per kind (FW_FAULT_KIND):
 *   1 undefined instruction -> UsageFault, exit 104
 *   2 load from an address nothing answers -> BusFault, exit 103
 *   3 a failed ebb contract -> "PANIC usart:1", exit 100
 * ctest expects these statuses and messages (a "pass" of this firmware
 * would be the failure).
 */
#include "fwtest.h"

#ifndef FW_FAULT_KIND
#error "define FW_FAULT_KIND"
#endif

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_fault\n");
#if FW_FAULT_KIND == 1
    __asm volatile("udf #0");
#elif FW_FAULT_KIND == 2
    (void)*(volatile uint32_t *)0xA0001000u; /* FMC registers: not modelled, not answered */
#else
    static uint8_t ring[3];
    static ebb_usart_rx rx;
    ebb_usart ebb_second;
    ebb_usart_init(&ebb_second, EBB_STM32_USART2_BASE, EBB_STM32_IRQ_USART2, 42000000u, 9600u, 3);
    ebb_usart_rx_start(&ebb_second, &rx, ring, sizeof ring); /* ring size not a power of two */
#endif
    ebb_board_puts("no fault happened\n");
    return 0;
}
