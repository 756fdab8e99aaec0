/*
 * board_mps2.c - the MPS2 boards on QEMU (AN385, AN386, AN500, AN505):
 * console on CMSDK UART0, time on CMSDK TIMER1 (free-running counter) +
 * TIMER0 (alarm), LED 0 of the FPGA I/O block; the virtual button is
 * boards/virtual/virtual_button.c.
 * Addresses and interrupt numbers come from the board's ebb_board_config.h
 * (docs/boards-mps2.md).
 */
#include "ebb_board.h"

#include "ebb_board_keys.h"
#include "ebb_cmsdk_time.h"
#include "ebb_cmsdk_uart.h"

static ebb_cmsdk_uart console;
ebb_uart *const ebb_board_console = &console.uart;

void ebb_board_led(bool on)
{
    ebb_mps2_fpgaio_regs *io = (ebb_mps2_fpgaio_regs *)EBB_BOARD_FPGAIO_BASE;
    ebb_irq_state s = ebb_port_lock();
    io->LED = on ? (io->LED | 1u) : (io->LED & ~1u);
    ebb_port_unlock(s);
}

/* ---- console ---- */

static void console_isr(void)
{
    uint16_t const from = ebb_board_keys_mark(&console.uart);
    ebb_cmsdk_uart_isr(&console);
    ebb_board_take_keys(&console.uart, from, ebb_board_virtual_keys_mode());
}

void EBB_BOARD_CONSOLE_RX_HANDLER(void)
{
    console_isr();
}

#if EBB_BOARD_CONSOLE_TX_IRQ != EBB_BOARD_CONSOLE_RX_IRQ
void EBB_BOARD_CONSOLE_TX_HANDLER(void)
{
    console_isr();
}
#endif

/* ---- time ---- */

void EBB_BOARD_TIME_COUNTER_HANDLER(void)
{
    ebb_cmsdk_time_counter_isr();
}

void EBB_BOARD_TIME_ALARM_HANDLER(void)
{
    ebb_cmsdk_time_alarm_isr();
}

void ebb_board_init(void)
{
    ebb_cmsdk_uart_init(&console, EBB_BOARD_CONSOLE_BASE, EBB_BOARD_CONSOLE_RX_IRQ,
                        EBB_BOARD_CONSOLE_TX_IRQ, EBB_BOARD_CORE_HZ, 115200u, EBB_BOARD_PRIO_CONSOLE);
    ebb_board_console_rx_init();
    ebb_board_led(false);
    /* Time before the finger and keys tasks: their spawns may be traced,
     * and the trace's clock is ebb's (ebb/stats.h). */
    ebb_cmsdk_time_init(EBB_BOARD_TIME_COUNTER_BASE, EBB_BOARD_TIME_COUNTER_IRQ,
                        EBB_BOARD_TIME_ALARM_BASE, EBB_BOARD_TIME_ALARM_IRQ, EBB_BOARD_TIMER_HZ);
    ebb_board_virtual_init();
}
