/*
 * finger.c - the scripted finger of every board with a virtual button
 * (EBB_BOARD_HAS_FINGER: qemu-netduinoplus2, MPS2, micro:bit,
 * qemu-riscv-virt): a task that presses and releases the button through
 * ebb_board_button_set() at exact times, on the executor the board attaches
 * (its most urgent interrupt executor, so that presses preempt the
 * application like a real edge).
 *
 * The showdown's edges come from here: the task runs outside the measured
 * windows (between an edge and the next), on its own executor.
 */
#include "ebb_board.h"

#include "ebb_board_virtual.h"

static ebb_executor *finger_ex;
static void (*finger_hold)(bool held);

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

void ebb_board_finger_attach(ebb_executor *ex, void (*hold)(bool held))
{
    finger_ex = ex;
    finger_hold = hold;
}

/* The finger's executor may preempt the caller: the board holds it off
 * while the task is cancelled and reconfigured. */
static void finger_stop(void)
{
    if (finger_hold != NULL) {
        finger_hold(true);
    }
    ebb_task_cancel(&finger.task);
}

static void finger_start(void)
{
    (void)ebb_task_spawn(finger_ex, &finger.task);
    if (finger_hold != NULL) {
        finger_hold(false);
    }
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
