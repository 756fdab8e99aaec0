/*
 * virtual_button.c - the virtual button of the QEMU boards whose machine
 * models no GPIO input (MPS2, micro:bit): a level, edge waits woken from an
 * otherwise unused interrupt line that an edge pends (as an EXTI line
 * would be), a scripted finger on its own interrupt executor, and keys
 * mode (console bytes toggle the button).  Compiled into each such board's
 * library against its ebb_board_config.h (EBB_BOARD_BUTTON_IRQ/_HANDLER,
 * EBB_BOARD_FINGER_IRQ/_HANDLER, EBB_BOARD_PRIO_FINGER) and the family
 * header, which declares ebb_board_button_wait().
 */
#include "ebb_board.h"

#include "ebb_board_virtual.h"

static volatile bool button_level;
static volatile bool keys_mode;
static volatile uint8_t button_armed; /* edges selected by waits */
static volatile uint8_t button_pending;
static ebb_waitlist button_waiters = EBB_WAITLIST_INIT;

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
            button_pending = 1;
            ebb_cm_irq_pend(EBB_BOARD_BUTTON_IRQ);
        }
    }
    ebb_port_unlock(s);
}

void EBB_BOARD_BUTTON_HANDLER(void)
{
    ebb_irq_state s = ebb_port_lock();
    uint8_t p = button_pending;
    button_pending = 0;
    ebb_port_unlock(s);
    if (p) {
        ebb_waitlist_wake_all(&button_waiters);
    }
}

/* ---- the scripted finger (as on qemu-netduinoplus2) ---- */

static EBB_CM_IRQ_EXECUTOR_DEFINE(finger_exec);

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

EBB_CM_IRQ_EXECUTOR_HANDLER(EBB_BOARD_FINGER_HANDLER, finger_exec)

static void finger_stop(void)
{
    ebb_cm_irq_disable(EBB_BOARD_FINGER_IRQ);
    ebb_task_cancel(&finger.task);
}

static void finger_start(void)
{
    (void)ebb_task_spawn(&finger_exec.ex, &finger.task);
    ebb_cm_irq_enable(EBB_BOARD_FINGER_IRQ);
}

void ebb_board_finger_table(const ebb_finger_step *steps, size_t n)
{
    finger_stop();
    finger.steps = steps;
    finger.n = n;
    finger_start();
}

void ebb_board_finger_periodic(uint32_t first_us, uint32_t period_us, uint32_t hold_us,
                               uint32_t presses)
{
    finger_stop();
    finger.steps = NULL;
    finger.first_us = first_us;
    finger.period_us = period_us;
    finger.hold_us = hold_us;
    finger.presses = presses;
    finger_start();
}

bool ebb_board_finger_busy(void)
{
    return ebb_task_state(&finger.task) == EBB_TASK_RUNNING;
}

/* ---- keys mode and set-up ---- */

void ebb_board_keys_toggle_button(bool enable)
{
    keys_mode = enable;
}

bool ebb_board_virtual_keys_mode(void)
{
    return keys_mode;
}

void ebb_board_virtual_toggle(void)
{
    ebb_board_button_set(!button_level);
}

void ebb_board_virtual_init(void)
{
    button_level = false;
    button_armed = 0;
    button_pending = 0;
    ebb_cm_irq_set_prio(EBB_BOARD_BUTTON_IRQ, EBB_BOARD_PRIO_EXTI);
    ebb_cm_irq_enable(EBB_BOARD_BUTTON_IRQ);
    ebb_cm_irq_executor_init(&finger_exec, EBB_BOARD_FINGER_IRQ, EBB_BOARD_PRIO_FINGER);
}
