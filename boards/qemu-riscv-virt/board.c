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

#include "ebb_ns16550.h"
#include "ebb_riscv.h"
#include "ebb_time_mtimer.h"

ebb_ns16550 ebb__board_console; /* also console_rx.c's */
static volatile bool led;
static volatile bool button_level;
static volatile bool keys_mode;
static volatile uint8_t button_armed; /* edges selected by waits */
static ebb_waitlist button_waiters = EBB_WAITLIST_INIT;

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
    return button_level;
}

ebb_poll_t (ebb_board_button_wait)(ebb_wait *w, ebb_board_edge edge)
{
    if (w->task != NULL || ebb_cancelling()) {
        return EBB_POLL(ebb_wait_on)(w, &button_waiters);
    }
    /* Selecting the edge and registering the waiter are one step, or an
     * edge in between would find nobody to wake. */
    ebb_irq_state s = ebb_port_lock();
    button_armed = (uint8_t)edge;
    ebb_poll_t p = EBB_POLL(ebb_wait_on)(w, &button_waiters);
    ebb_port_unlock(s);
    return p;
}

void ebb_board_button_set(bool pressed)
{
    ebb_irq_state s = ebb_port_lock();
    if (button_level != pressed) {
        button_level = pressed;
        if (button_armed & (pressed ? EBB_BOARD_RISING : EBB_BOARD_FALLING)) {
            ebb_waitlist_wake_all_locked(&button_waiters);
        }
    }
    ebb_port_unlock(s);
}

/* ---- the scripted finger ---- */

static EBB_EXECUTOR_DEFINE(finger_exec, NULL);

struct finger {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks t;
    const ebb_finger_step *steps;
    size_t n, i;
    uint32_t first_us, period_us, hold_us, presses; /* periodic mode (steps == NULL) */
};

static ebb_poll_t finger_poll(ebb_task *self)
{
    struct finger *f = EBB_CONTAINER_OF(self, struct finger, task);
    EBB_BEGIN(&self->co);
    f->t = ebb_now();
    if (f->steps != NULL) {
        for (f->i = 0; f->i < f->n; f->i++) {
            f->t += EBB_US(f->steps[f->i].delay_us);
            EBB_AWAIT(ebb_sleep_until(&f->timer, f->t));
            ebb_board_button_set(f->steps[f->i].pressed);
        }
    } else {
        f->t += EBB_US(f->first_us);
        for (f->i = 0; f->i < f->presses; f->i++) {
            EBB_AWAIT(ebb_sleep_until(&f->timer, f->t));
            ebb_board_button_set(true);
            EBB_AWAIT(ebb_sleep_until(&f->timer, f->t + EBB_US(f->hold_us)));
            ebb_board_button_set(false);
            f->t += EBB_US(f->period_us);
        }
    }
    EBB_END();
}

static EBB_TASK_DEFINE(struct finger, finger, finger_poll);

/* The caller runs below the finger's level (thread mode or a lower
 * executor; device handlers do not script the finger), so the finger's
 * executor cannot be in the middle of a poll here, and nothing has to be
 * masked while the task is cancelled and reconfigured. */
void ebb_board_finger_table(const ebb_finger_step *steps, size_t n)
{
    ebb_task_cancel(&finger.task);
    finger.steps = steps;
    finger.n = n;
    (void)ebb_task_spawn(&finger_exec, &finger.task);
}

void ebb_board_finger_periodic(uint32_t first_us, uint32_t period_us, uint32_t hold_us,
                               uint32_t presses)
{
    ebb_task_cancel(&finger.task);
    finger.steps = NULL;
    finger.first_us = first_us;
    finger.period_us = period_us;
    finger.hold_us = hold_us;
    finger.presses = presses;
    (void)ebb_task_spawn(&finger_exec, &finger.task);
}

bool ebb_board_finger_busy(void)
{
    return ebb_task_state(&finger.task) == EBB_TASK_RUNNING;
}

void ebb_board_keys_toggle_button(bool enable)
{
    keys_mode = enable;
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

ebb_poll_t (ebb_board_console_write)(ebb_board_write_op *op, const void *data, size_t len)
{
    return EBB_POLL(ebb_ns16550_write)(op, &ebb__board_console, data, len);
}

ebb_poll_t (ebb_board_console_read)(ebb_wait *w, void *buf, size_t max, size_t *got)
{
    return EBB_POLL(ebb_ns16550_read)(w, &ebb__board_console, buf, max, got);
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
    ebb_ns16550_isr(&ebb__board_console);
    if (keys_mode) {
        /* Each key is one press or release; the bytes are consumed here. */
        while (ebb_ns16550_rx_count(&ebb__board_console) != 0) {
            ebb__board_console.rx_tail++;
            ebb_board_button_set(!button_level);
        }
    }
}

void ebb_board_init(void)
{
    ebb_rv_plic_init(EBB_VIRT_PLIC, EBB_VIRT_PLIC_CONTEXT);
    ebb_rv_swi_init(EBB_VIRT_MSIP);
    ebb_rv_swi_executor_init(&finger_exec, EBB_CONFIG_RV_SWI_LEVELS);
    ebb_ns16550_init(&ebb__board_console, EBB_VIRT_UART, 0, EBB_VIRT_UART_CLK_HZ, 115200u);
    ebb_board_console_rx_init();
    ebb_rv_plic_enable(EBB_VIRT_UART_IRQ, EBB_BOARD_PRIO_CONSOLE, console_isr);
    ebb_board_led(false);
    ebb_mtimer_time_init(EBB_VIRT_MTIME, EBB_VIRT_MTIMECMP);
    __asm volatile("csrsi mstatus, 8" ::: "memory");
}
