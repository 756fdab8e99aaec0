/*
 * board.c - the template board (QEMU lm3s6965evb): console on the PL011
 * UART0, time on SysTick, the LED a variable (the machine's GPIO drives no
 * LED QEMU shows), and the virtual button of boards/virtual.  The parts
 * every board writes the same way come with ebb_board(): the console's
 * polled output and receive ring (boards/common/console*.c); clock, exit
 * and semihosting are boards/common/board_qemu.c's.
 */
#include "ebb_board.h"

#include "ebb_board_keys.h"
#include "ebb_board_virtual.h"
#include "ebb_pl011.h"
#include "ebb_systick_time.h"

/* The console, exported as data: applications use ebb_uart.h on it. */
static ebb_pl011 console;
ebb_uart *const ebb_board_console = &console.uart;

static volatile bool led;

/* The LM3S6965's system control registers (data sheet, "System Control"). */
#define SYSCTL_RIS (*(volatile uint32_t *)0x400FE050u)
#define SYSCTL_RCC (*(volatile uint32_t *)0x400FE060u)
#define RIS_PLLLRIS (1u << 6)
#define RCC_MOSCDIS (1u << 0)
#define RCC_OSCSRC_MASK (3u << 4)
#define RCC_XTAL_MASK (0xFu << 6)
#define RCC_XTAL_8MHZ (0xEu << 6)
#define RCC_BYPASS (1u << 11)
#define RCC_PWRDN (1u << 13)
#define RCC_USESYSDIV (1u << 22)
#define RCC_SYSDIV_MASK (0xFu << 23)
#define RCC_SYSDIV(d) ((uint32_t)((d) - 1u) << 23)

/* The core at EBB_BOARD_CORE_HZ: the PLL (200 MHz from the 8 MHz crystal)
 * divided by 4, in the data sheet's order - bypass the PLL, select the
 * crystal and power the PLL, set the divider, wait for the lock, then use
 * the PLL.  A PLL that never locks leaves the core on the crystal: slower
 * than EBB_BOARD_CORE_HZ says (fw.test_core_clock would tell). */
static void clock_init(void)
{
    uint32_t rcc = (SYSCTL_RCC | RCC_BYPASS) & ~RCC_USESYSDIV;
    SYSCTL_RCC = rcc;
    rcc = (rcc & ~(RCC_XTAL_MASK | RCC_OSCSRC_MASK | RCC_PWRDN | RCC_MOSCDIS)) | RCC_XTAL_8MHZ;
    SYSCTL_RCC = rcc;
    rcc = (rcc & ~RCC_SYSDIV_MASK) | RCC_SYSDIV(200000000u / EBB_BOARD_CORE_HZ) | RCC_USESYSDIV;
    SYSCTL_RCC = rcc;
    for (uint32_t n = 0; n < 100000u && !(SYSCTL_RIS & RIS_PLLLRIS); n++) {
    }
    if (SYSCTL_RIS & RIS_PLLLRIS) {
        SYSCTL_RCC = rcc & ~RCC_BYPASS;
    }
}

void ebb_board_led(bool on)
{
    led = on;
}

/* Ctrl-B on the console is the button (boards/virtual/ebb_board_keys.h). */
void EBB_BOARD_CONSOLE_HANDLER(void)
{
    uint16_t const from = ebb_board_keys_mark(&console.uart);
    ebb_pl011_isr(&console);
    ebb_board_take_keys(&console.uart, from, ebb_board_virtual_keys_mode());
}

void ebb_board_init(void)
{
    clock_init();
    ebb_pl011_init(&console, EBB_BOARD_CONSOLE_BASE, EBB_BOARD_CONSOLE_IRQ, EBB_BOARD_CORE_HZ, 115200u,
                   EBB_BOARD_PRIO_CONSOLE);
    ebb_board_console_rx_init();
    ebb_board_led(false);
    /* Time before the finger and keys tasks: their spawns may be traced. */
    ebb_systick_time_init(EBB_BOARD_CORE_HZ);
    ebb_board_virtual_init();
}
