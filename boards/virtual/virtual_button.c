/*
 * virtual_button.c - the virtual button of the QEMU boards whose machine
 * models no GPIO input (MPS2, micro:bit): a level, edge waits woken from an
 * otherwise unused interrupt line that an edge pends (as an EXTI line
 * would be), the scripted finger's interrupt executor (finger.c), and keys
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
static ebb_waitlist button_waiters = EBB_WAITLIST_INITIALIZER;

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

bool ebb_board_virtual_armed(bool pressed)
{
    return (button_armed & (pressed ? EBB_BOARD_RISING : EBB_BOARD_FALLING)) != 0;
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

/* ---- the finger's executor (the finger: finger.c) ---- */

static EBB_CM_IRQ_EXECUTOR_DEFINE(finger_exec);

EBB_CM_IRQ_EXECUTOR_HANDLER(EBB_BOARD_FINGER_HANDLER, finger_exec)

static void finger_hold(bool held)
{
    if (held) {
        ebb_cm_irq_disable(EBB_BOARD_FINGER_IRQ);
    } else {
        ebb_cm_irq_enable(EBB_BOARD_FINGER_IRQ);
    }
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
    ebb_board_finger_attach(&finger_exec.ex, finger_hold);
}
