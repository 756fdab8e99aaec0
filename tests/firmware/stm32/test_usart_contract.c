/*
 * test_usart_contract - a driver's contract is reported like the core's: a
 * receive ring whose size is not a power of two -> "PANIC usart:3", exit 100.
 */
#include "fwtest.h"

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_usart_contract\n");
    static uint8_t ring[3];
    static ebb_usart_rx rx;
    ebb_usart ebb_second;
    ebb_usart_init(&ebb_second, EBB_STM32_USART2_BASE, EBB_STM32_IRQ_USART2, 42000000u, 9600u, 3);
    ebb_usart_rx_start(&ebb_second, &rx, ring, sizeof ring); /* ring size not a power of two */
    ebb_board_puts("no contract violation reported\n");
    return 0;
}
