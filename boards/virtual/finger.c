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
static bool finger_patient;
static uint32_t finger_held;

/* Patience: how often a held-back edge looks again, and for how long. */
#define PATIENCE_POLL EBB_US(100)
#define PATIENCE_POLLS 10000u /* 1 s */

struct finger {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks t;
    const ebb_finger_step *steps;
    size_t n, i;
    uint32_t first_us, period_us, hold_us; /* periodic mode (steps == NULL) */
    uint32_t polls;
    bool level;
};

/* Edge i of the script: when (f->t) and to which level. */
static void next_edge(struct finger *f)
{
    if (f->steps != NULL) {
        f->t += EBB_US(f->steps[f->i].delay_us);
        f->level = f->steps[f->i].pressed;
    } else {
        /* Periodic: even edges press, odd ones release hold_us later. */
        f->level = (f->i & 1u) == 0u;
        f->t += EBB_US(f->i == 0u ? f->first_us
                       : f->level  ? f->period_us - f->hold_us
                                   : f->hold_us);
    }
}

static ebb_poll_t finger_poll(ebb_task *self, ebb_cx *cx)
{
    struct finger *f = EBB_CONTAINER_OF(self, struct finger, task);
    EBB_BEGIN(cx, &self->co);
    f->t = ebb_now();
    for (f->i = 0; f->i < f->n; f->i++) {
        next_edge(f);
        EBB_AWAIT(ebb_sleep_until(&f->timer, f->t));
        /* Patient: wait until the application waits for this edge.  An
         * emulator whose clock follows the host's (QEMU without -icount)
         * can stall the application for milliseconds while the script's
         * time runs on; the next edge would then find its wait not yet
         * started and be lost, as on a real board pressed that fast. */
        for (f->polls = 0; finger_patient && f->polls < PATIENCE_POLLS &&
                           f->level != ebb_board_button_pressed() &&
                           !ebb_board_virtual_armed(f->level);
             f->polls++) {
            if (f->polls == 0u) {
                finger_held++;
            }
            EBB_AWAIT(ebb_sleep_for(&f->timer, PATIENCE_POLL));
        }
        ebb_board_button_set(f->level);
    }
    EBB_END();
}

static EBB_TASK_DEFINE(finger, struct finger, finger_poll);

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
    /* Held off, it is not being polled, and it owns no mutex: never refused. */
    if (ebb_task_cancel(&finger.task) != EBB_OK) {
        ebb_port_panic("finger", 1);
    }
}

static void finger_start(void)
{
    /* Cancelled just before (finger_stop) on the executor it was on: never
     * refused. */
    if (ebb_task_spawn(finger_ex, &finger.task) != EBB_OK) {
        ebb_port_panic("finger", 2);
    }
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
    finger.n = 2u * (size_t)presses;
    finger.first_us = first_us;
    finger.period_us = period_us;
    finger.hold_us = hold_us;
    finger_start();
}

bool ebb_board_finger_busy(void)
{
    return ebb_task_state(&finger.task) == EBB_TASK_RUNNING;
}

void ebb_board_finger_patience(bool on)
{
    finger_patient = on;
}

uint32_t ebb_board_finger_held(void)
{
    return finger_held;
}
