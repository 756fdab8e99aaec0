/*
 * board.c - QEMU virt (RV32IMAC, -bios none): 16550 console on the PLIC,
 * machine-timer time, software-interrupt executors, exit through the SiFive
 * test device.
 *
 * The machine has no GPIO: the LED is a variable
 * (blinky prints each change on the console), and the button is
 * virtual: a level set by a scripted finger (a task on the top
 * software-interrupt executor, so presses come at exact virtual times and
 * preempt the application) or by console keys.
 */
#include "ebb_board.h"

#include "ebb_board_keys.h"

#include "ebb_ns16550.h"
#include "ebb_riscv.h"
#include "ebb_mtimer_time.h"

static ebb_ns16550 console;
ebb_uart *const ebb_board_console = &console.uart;
static volatile bool led;

uint32_t ebb_board_core_hz(void)
{
    return EBB_BOARD_CORE_HZ;
}

bool ebb_board_semihosting(void)
{
    return true; /* QEMU runs with -semihosting-config (board.cmake): the trace stream */
}

/* No interrupt line to pend (the PLIC cannot be pended by software): an
 * edge wakes the waiters from the code that set the button. */
void ebb_board_virtual_edge(void)
{
    ebb_board_virtual_wake();
}

/* ---- the finger's executor (the finger: boards/virtual/finger.c) ---- */

/* No hold: the caller runs below the finger's level (thread mode or a
 * lower executor; device handlers do not script the finger), so the
 * finger's executor cannot be in the middle of a poll when its task is
 * cancelled and reconfigured. */
static EBB_RV_SWI_EXECUTOR_DEFINE(finger_exec, EBB_CONFIG_RV_SWI_LEVELS);

void ebb_board_exit(int code)
{
    __asm volatile("csrci mstatus, 8" ::: "memory");
#if EBB_CONFIG_TRACE
    ebb_trace_flush(); /* what the ring holds, before the session ends */
#endif
    uint32_t v = code == 0 ? 0x5555u : (((uint32_t)code << 16) | 0x3333u);
    EBB_RV_REG32(EBB_VIRT_TEST) = v;
    for (;;) {
        __asm volatile("wfi");
    }
}

void ebb_board_led(bool on)
{
    led = on;
}

static void console_isr(void)
{
    uint16_t const from = ebb_board_keys_mark(&console.uart);
    ebb_ns16550_isr(&console);
    ebb_board_take_keys(&console.uart, from, ebb_board_virtual_keys_mode());
}

void ebb_board_init(void)
{
    /* Time first: the finger and keys tasks' spawns may be traced, and the
     * trace's clock is ebb's (ebb/stats.h). */
    ebb_mtimer_time_init(EBB_VIRT_MTIME, EBB_VIRT_MTIMECMP);
    ebb_rv_plic_init(EBB_VIRT_PLIC, EBB_VIRT_PLIC_CONTEXT);
    ebb_rv_swi_init(EBB_VIRT_MSIP);
    ebb_rv_swi_executor_init(&finger_exec, EBB_CONFIG_RV_SWI_LEVELS);
    ebb_board_finger_attach(&finger_exec.ex, NULL);
    ebb_board_virtual_keys_attach(&finger_exec.ex);
    ebb_ns16550_init(&console, EBB_VIRT_UART, 0, EBB_VIRT_UART_CLK_HZ, 115200u);
    ebb_board_console_rx_init();
    ebb_rv_plic_enable(EBB_VIRT_UART_IRQ, EBB_BOARD_PRIO_CONSOLE, console_isr);
    ebb_board_led(false);
    __asm volatile("csrsi mstatus, 8" ::: "memory");
}
