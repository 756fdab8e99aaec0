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
#include "ebb_time_mtimer.h"

ebb_ns16550 ebb__board_console; /* also console_rx.c's */
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

void ebb_board_write(const void *data, size_t len)
{
    if (ebb__board_console.base != 0) {
        ebb_ns16550_write_blocking(&ebb__board_console, data, len);
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

/* ---- console (ebb_board.h) ---- */

ebb_poll_t (ebb_board_console_write)(ebb_cx *cx, ebb_board_write_op *op, const void *data, size_t len)
{
    return EBB_POLL(ebb_ns16550_write)(cx, op, &ebb__board_console, data, len);
}

ebb_poll_t (ebb_board_console_read)(ebb_cx *cx, ebb_wait *w, void *buf, size_t max, size_t *got)
{
    return EBB_POLL(ebb_ns16550_read)(cx, w, &ebb__board_console, buf, max, got);
}

size_t ebb_board_console_rx_count(void)
{
    return ebb_ns16550_rx_count(&ebb__board_console);
}

uint32_t ebb_board_console_overruns(void)
{
    return ebb_ns16550_overruns(&ebb__board_console);
}

static void console_isr(void)
{
    uint16_t const from = ebb__board_console.rx.head;
    ebb_ns16550_isr(&ebb__board_console);
    ebb_board_take_keys(&ebb__board_console.rx, from, ebb_board_virtual_keys_mode());
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
    ebb_ns16550_init(&ebb__board_console, EBB_VIRT_UART, 0, EBB_VIRT_UART_CLK_HZ, 115200u);
    ebb_board_console_rx_init();
    ebb_rv_plic_enable(EBB_VIRT_UART_IRQ, EBB_BOARD_PRIO_CONSOLE, console_isr);
    ebb_board_led(false);
    __asm volatile("csrsi mstatus, 8" ::: "memory");
}
