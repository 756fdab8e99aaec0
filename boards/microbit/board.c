/*
 * board.c - QEMU microbit (nRF51822): console on UART0, time on TIMER0,
 * one LED of the matrix, and the virtual button (boards/virtual) on the
 * software interrupts SWI0/SWI1.
 */
#include "ebb_board.h"

#include "ebb_board_keys.h"
#include "ebb_nrf51_time.h"
#if EBB_MICROBIT_TIME_SYSTICK
#include "ebb_systick_time.h"
#endif
#include "ebb_nrf51_uart.h"

#define GPIO_BASE 0x50000000u /* nRF51 RM, "GPIO" */
#define GPIO_OUTSET EBB_NRF51_REG(GPIO_BASE, 0x508u)
#define GPIO_OUTCLR EBB_NRF51_REG(GPIO_BASE, 0x50Cu)
#define GPIO_DIRSET EBB_NRF51_REG(GPIO_BASE, 0x518u)

static ebb_nrf51_uart console;
ebb_uart *const ebb_board_console = &console.uart;

void ebb_board_led(bool on)
{
    /* The row drives the anode: one store to OUTSET/OUTCLR, no RMW. */
    if (on) {
        GPIO_OUTSET = 1u << EBB_BOARD_LED_ROW_PIN;
    } else {
        GPIO_OUTCLR = 1u << EBB_BOARD_LED_ROW_PIN;
    }
}

void UART0_IRQHandler(void)
{
    uint16_t const from = ebb_board_keys_mark(&console.uart);
    ebb_nrf51_uart_isr(&console);
    ebb_board_take_keys(&console.uart, from, ebb_board_virtual_keys_mode());
}

void ebb_board_init(void)
{
    ebb_nrf51_uart_init(&console, EBB_NRF51_UART0_BASE, EBB_NRF51_UART0_IRQ,
                        EBB_BOARD_CONSOLE_TXD_PIN, EBB_BOARD_CONSOLE_RXD_PIN, EBB_BOARD_PRIO_CONSOLE);
    ebb_board_console_rx_init();
    GPIO_OUTCLR = (1u << EBB_BOARD_LED_ROW_PIN) | (1u << EBB_BOARD_LED_COL_PIN);
    GPIO_DIRSET = (1u << EBB_BOARD_LED_ROW_PIN) | (1u << EBB_BOARD_LED_COL_PIN);
    /* Time before the finger and keys tasks: their spawns may be traced,
     * and the trace's clock is ebb's (ebb/stats.h). */
#if EBB_MICROBIT_TIME_SYSTICK
    ebb_systick_time_init(EBB_BOARD_CORE_HZ);
#else
    ebb_nrf51_time_init();
#endif
    ebb_board_virtual_init();
}
