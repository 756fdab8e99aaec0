/*
 * board.c - QEMU virt (RV32IMAC, -bios none): 16550 console on the PLIC,
 * machine-timer time, software-interrupt executors, exit through the SiFive
 * test device.
 *
 * The machine has no GPIO: the LED is a variable (ebb_board_led_state())
 * that tests and the console line of blinky show.
 */
#include "ebb_board.h"

#include "ebb_ns16550.h"
#include "ebb_riscv.h"
#include "ebb_time_mtimer.h"

ebb_ns16550 ebb_board_console;
static volatile bool led;

uint32_t ebb_board_core_hz(void)
{
    return EBB_BOARD_CORE_HZ;
}

bool ebb_board_semihosting(void)
{
    return false; /* the test device ends QEMU; nothing needs semihosting */
}

bool ebb_board_button_pressed(void)
{
    return false; /* no button on the machine */
}

void ebb_board_exit(int code)
{
    __asm volatile("csrci mstatus, 8" ::: "memory");
    uint32_t v = code == 0 ? 0x5555u : (((uint32_t)code << 16) | 0x3333u);
    EBB_RV_REG32(EBB_VIRT_TEST) = v;
    for (;;) {
        __asm volatile("wfi");
    }
}

void ebb_board_write(const void *data, size_t len)
{
    if (ebb_board_console.base != 0) {
        ebb_ns16550_write_blocking(&ebb_board_console, data, len);
    }
}

void ebb_board_puts(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0') {
        n++;
    }
    ebb_board_write(s, n);
}

void ebb_board_led(bool on)
{
    led = on;
}

bool ebb_board_led_state(void)
{
    return led;
}

static void console_isr(void)
{
    ebb_ns16550_isr(&ebb_board_console);
}

void ebb_board_init(void)
{
    ebb_rv_plic_init(EBB_VIRT_PLIC, EBB_VIRT_PLIC_CONTEXT);
    ebb_rv_swi_init(EBB_VIRT_MSIP);
    ebb_ns16550_init(&ebb_board_console, EBB_VIRT_UART, 0, EBB_VIRT_UART_CLK_HZ, 115200u);
    ebb_board_console_rx_init();
    ebb_rv_plic_enable(EBB_VIRT_UART_IRQ, EBB_BOARD_PRIO_CONSOLE, console_isr);
    ebb_board_led(false);
    ebb_mtimer_time_init(EBB_VIRT_MTIME, EBB_VIRT_MTIMECMP);
    __asm volatile("csrsi mstatus, 8" ::: "memory");
}
