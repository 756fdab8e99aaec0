/*
 * test_exti - an EXTI edge future is woken from the interrupt handler.
 *
 * The virtual button is pressed by the board's scripted finger at exact
 * virtual times.  Checked: the button task wakes on each awaited edge
 * within WAKE_US of it, in order; with only rising edges selected a release
 * wakes nobody; a wait cancelled by a timeout leaves no waiter behind; and
 * the application's own EXTI15_10_IRQHandler (the showdown's probe-pin
 * wrapper around ebb_stm32_exti_dispatch) replaces the driver's.
 */
#include "ebb_stm32_exti.h"
#include "fwtest.h"

#define WAKE_US 20u

static volatile uint32_t handler_runs;

/* Overrides the weak handler of exti.c, as the showdown app does. */
void EXTI15_10_IRQHandler(void)
{
    EBB_BOARD_PROBE_IRQ_HIGH();
    handler_runs++;
    ebb_stm32_exti_dispatch(EBB_STM32_EXTI_LINES_15_10);
    EBB_BOARD_PROBE_IRQ_LOW();
}

static const ebb_finger_step script[] = {
    /* phase 1: rising then falling, 4 presses */
    {1000, true}, {500, false}, {1000, true}, {300, false},
    {2000, true}, {10, false}, {700, true}, {700, false},
    /* phase 2 (after a 5 ms gap): 3 presses, only rising awaited */
    {5000, true}, {200, false}, {300, true}, {200, false}, {300, true}, {200, false},
};

static ebb_ticks step_time[sizeof script / sizeof script[0]];

struct button {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    int i;
    int result;
    ebb_ticks woke[16];
    int n;
};

static ebb_poll_t button_poll(ebb_task *self, ebb_cx *cx)
{
    struct button *b = EBB_CONTAINER_OF(self, struct button, task);
    EBB_BEGIN(cx, &self->co);
    for (b->i = 0; b->i < 4; b->i++) {
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_RISING));
        FW_CHECK(ebb_board_button_pressed());
        b->woke[b->n++] = ebb_now();
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_FALLING));
        FW_CHECK(!ebb_board_button_pressed());
        b->woke[b->n++] = ebb_now();
    }
    for (b->i = 0; b->i < 3; b->i++) {
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_RISING));
        b->woke[b->n++] = ebb_now();
    }
    /* Let the finger finish (its last release is unawaited); then nobody
     * presses: the wait must time out and withdraw itself. */
    EBB_AWAIT(ebb_sleep_for(&b->timer, EBB_MS(1)));
    FW_CHECK(!ebb_board_finger_busy());
    EBB_AWAIT_TIMEOUT(b->result, &b->timer, EBB_MS(2),
                      ebb_board_button_wait(&b->wait, EBB_BOARD_ANY));
    FW_CHECK(b->result == EBB_ETIMEDOUT);
    FW_CHECK(ebb_waitlist_empty(ebb_stm32_exti_list(EBB_BOARD_BUTTON_LINE)));
    EBB_END();
}

static EBB_TASK_DEFINE(button, struct button, button_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_exti\n");
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &button.task) == EBB_OK);
    (void)ebb_executor_poll(&exec); /* the task is waiting before the finger starts */

    ebb_ticks t = ebb_now();
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        t += EBB_US(script[i].delay_us);
        step_time[i] = t;
    }
    ebb_board_finger_table(script, sizeof script / sizeof script[0]);
    while (ebb_task_state(&button.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec)) {
            ebb_port_idle(&exec);
        }
    }
    FW_CHECK(button.n == 11);

    /* Which script step each wake belongs to: all 8 edges of phase 1, then
     * the presses (steps 8, 10, 12) of phase 2. */
    static const int step_of[11] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12};
    for (int k = 0; k < 11; k++) {
        ebb_ticks want = step_time[step_of[k]];
        if (!(button.woke[k] >= want && button.woke[k] - want <= EBB_US(WAKE_US))) {
            ebb_board_puts("edge ");
            fw_put_u64((uint64_t)k);
            ebb_board_puts(" woke after us: ");
            fw_put_i64((int64_t)(button.woke[k] - want));
            ebb_board_puts("\n");
            FW_CHECK(0);
        }
    }
    /* 8 + 3 awaited edges raise the interrupt; the 3 unawaited releases of
     * phase 2 do not (FTSR cleared). */
    FW_CHECK(handler_runs == 11u);
    ebb_board_puts("PASS\n");
    return 0;
}
