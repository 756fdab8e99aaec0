/*
 * test_finger - the QEMU board's periodic finger presses at exact times.
 *
 * ebb_board_finger_periodic(first, period, hold, n) must produce n presses
 * at start + first + k * period and releases hold later; a task awaiting
 * both edges (through the driver's own weak EXTI handler this time) sees
 * each within WAKE_US, and ebb_board_finger_busy() ends with the script.
 */
#include "fwtest.h"

#define PRESSES 20u
#define FIRST_US 1000u
#define PERIOD_US 2500u
#define HOLD_US 700u
/* The wake path, edge to task: 20 us plus about 2,000 instructions of
 * 2^FW_ICOUNT_SHIFT ns each (measured: 1,800 on the Cortex-M0 with the
 * SysTick driver, whose tick arithmetic divides in software; 28 us at
 * 32 ns per instruction on MPS2). */
#ifndef FW_ICOUNT_SHIFT
#define FW_ICOUNT_SHIFT 0
#endif
#define WAKE_US (20u + (2000u << FW_ICOUNT_SHIFT) / 1000u)

struct counter {
    ebb_task task;
    ebb_wait wait;
    uint32_t k;
    ebb_ticks press[PRESSES], release[PRESSES];
};

static ebb_poll_t counter_poll(ebb_task *self, ebb_cx *cx)
{
    struct counter *c = EBB_CONTAINER_OF(self, struct counter, task);
    EBB_BEGIN(cx, &self->co);
    for (c->k = 0; c->k < PRESSES; c->k++) {
        EBB_AWAIT(ebb_board_button_wait(&c->wait, EBB_BOARD_RISING));
        c->press[c->k] = ebb_now();
        EBB_AWAIT(ebb_board_button_wait(&c->wait, EBB_BOARD_FALLING));
        c->release[c->k] = ebb_now();
    }
    EBB_END();
}

static EBB_TASK_DEFINE(counter, struct counter, counter_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

static void check_near(ebb_ticks got, ebb_ticks want)
{
    if (!(got >= want && got - want <= EBB_US(WAKE_US))) {
        ebb_board_puts("woke at ");
        fw_put_u64(got);
        ebb_board_puts(" want ");
        fw_put_u64(want);
        ebb_board_puts("\n");
        FW_CHECK(0);
    }
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_finger\n");
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &counter.task) == EBB_OK);
    (void)ebb_executor_poll(&exec);
    ebb_ticks start = ebb_now();
    ebb_board_finger_periodic(FIRST_US, PERIOD_US, HOLD_US, PRESSES);
    FW_CHECK(ebb_board_finger_busy());
    /* Idle only while the task still waits: a tickless board with WFI idle
     * takes no interrupt after the last edge, so an idle after the task
     * ended would never return. */
    while (ebb_task_state(&counter.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec) && ebb_task_state(&counter.task) == EBB_TASK_RUNNING) {
            ebb_port_idle(&exec);
        }
    }
    for (uint32_t k = 0; k < PRESSES; k++) {
        ebb_ticks p = start + EBB_US(FIRST_US + k * PERIOD_US);
        check_near(counter.press[k], p);
        check_near(counter.release[k], p + EBB_US(HOLD_US));
    }
    /* The finger task ends right after its last release. */
    while (ebb_board_finger_busy() && ebb_now() < start + EBB_MS(100)) {
    }
    FW_CHECK(!ebb_board_finger_busy());
    FW_CHECK(!ebb_board_button_pressed());
    ebb_board_puts("PASS\n");
    return 0;
}
