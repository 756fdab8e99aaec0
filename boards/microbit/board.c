/*
 * board.c - QEMU microbit (nRF51822): console on UART0, time on TIMER0,
 * one LED of the matrix, and the virtual button (boards/virtual) on the
 * software interrupts SWI0/SWI1.
 */
#include "ebb_board.h"

#include "ebb_board_keys.h"
#include "ebb_nrf51_time.h"
#if EBB_MICROBIT_TIME_SYSTICK
#include "ebb_time_systick.h"
#endif
#include "ebb_nrf51_uart.h"

#define GPIO_BASE 0x50000000u /* nRF51 RM, "GPIO" */
#define GPIO_OUTSET EBB_NRF51_REG(GPIO_BASE, 0x508u)
#define GPIO_OUTCLR EBB_NRF51_REG(GPIO_BASE, 0x50Cu)
#define GPIO_DIRSET EBB_NRF51_REG(GPIO_BASE, 0x518u)

static uint8_t console_rx[EBB_BOARD_CONSOLE_RX_SIZE];
static ebb_nrf51_uart console;
static bool console_up;

void ebb_board_write(const void *data, size_t len)
{
    if (console_up) {
        ebb_nrf51_uart_write_blocking(&console, data, len);
    }
}

void ebb_board_led(bool on)
{
    /* The row drives the anode: one store to OUTSET/OUTCLR, no RMW. */
    if (on) {
        GPIO_OUTSET = 1u << EBB_BOARD_LED_ROW_PIN;
    } else {
        GPIO_OUTCLR = 1u << EBB_BOARD_LED_ROW_PIN;
    }
}

/* ---- console (ebb_board.h) ---- */

ebb_poll_t (ebb_board_console_write)(ebb_cx *cx, ebb_board_write_op *op, const void *data, size_t len)
{
    return EBB_POLL(ebb_nrf51_uart_write)(cx, op, &console, data, len);
}

ebb_poll_t (ebb_board_console_read)(ebb_cx *cx, ebb_wait *w, void *buf, size_t max, size_t *got)
{
    return EBB_POLL(ebb_nrf51_uart_read)(cx, w, &console, buf, max, got);
}

size_t ebb_board_console_rx_count(void)
{
    return ebb_nrf51_uart_rx_count(&console);
}

uint32_t ebb_board_console_overruns(void)
{
    return ebb_nrf51_uart_overruns(&console);
}

void UART0_IRQHandler(void)
{
    uint16_t const from = console.rx.head;
    ebb_nrf51_uart_isr(&console);
    ebb_board_take_keys(&console.rx, from, ebb_board_virtual_keys_mode());
}

void ebb_board_init(void)
{
    ebb_nrf51_uart_init(&console, EBB_NRF51_UART0_BASE, EBB_NRF51_UART0_IRQ,
                        EBB_BOARD_CONSOLE_TXD_PIN, EBB_BOARD_CONSOLE_RXD_PIN, console_rx,
                        sizeof console_rx, EBB_BOARD_PRIO_CONSOLE);
    console_up = true;
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
