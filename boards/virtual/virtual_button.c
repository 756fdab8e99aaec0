/*
 * virtual_button.c - the virtual button of the Cortex-M QEMU boards whose
 * machine models no GPIO input (MPS2, micro:bit): edge waits (button.c)
 * woken from an otherwise unused interrupt line that an edge pends (as an
 * EXTI line would be), and the scripted finger's interrupt executor
 * (finger.c).  Compiled into each such board's library against its
 * ebb_board_config.h (EBB_BOARD_BUTTON_IRQ/_HANDLER,
 * EBB_BOARD_FINGER_IRQ/_HANDLER, EBB_BOARD_PRIO_FINGER).
 */
#include "ebb_board.h"

#include "ebb_board_virtual.h"

static volatile uint32_t button_pending; /* edges pended, not yet handled */

/* An edge is an interrupt, as on EXTI: the waiters wake in its handler. */
void ebb_board_virtual_edge(void)
{
    ebb_irq_state s = ebb_port_lock();
    button_pending++;
    ebb_port_unlock(s);
    ebb_cm_irq_pend(EBB_BOARD_BUTTON_IRQ);
}

void EBB_BOARD_BUTTON_HANDLER(void)
{
    ebb_irq_state s = ebb_port_lock();
    uint32_t const n = button_pending;
    button_pending = 0;
    ebb_port_unlock(s);
    if (n != 0) {
        ebb_board_virtual_wake();
        /* One interrupt for several edges (it was pending already): the
         * waiters saw one of them, the others are lost - counted. */
        ebb_board_virtual_lost(n - 1u);
    }
}

/* ---- the finger's executor (the finger: finger.c) ---- */

static EBB_CM_IRQ_EXECUTOR_DEFINE(finger_exec, EBB_BOARD_FINGER_IRQ, EBB_BOARD_PRIO_FINGER);

EBB_CM_IRQ_EXECUTOR_HANDLER(EBB_BOARD_FINGER_HANDLER, finger_exec)

static void finger_hold(bool held)
{
    if (held) {
        ebb_cm_irq_disable(EBB_BOARD_FINGER_IRQ);
    } else {
        ebb_cm_irq_enable(EBB_BOARD_FINGER_IRQ);
    }
}

/* ---- set-up ---- */

void ebb_board_virtual_init(void)
{
    ebb_board_virtual_button_reset();
    button_pending = 0;
    ebb_cm_irq_set_prio(EBB_BOARD_BUTTON_IRQ, EBB_BOARD_PRIO_EXTI);
    ebb_cm_irq_enable(EBB_BOARD_BUTTON_IRQ);
    ebb_cm_irq_executor_init(&finger_exec, EBB_BOARD_FINGER_IRQ, EBB_BOARD_PRIO_FINGER);
    ebb_board_finger_attach(&finger_exec.ex, finger_hold);
    ebb_board_virtual_keys_attach(&finger_exec.ex);
}
