/*
 * test_select - select and timeout, woken by the timer, by an interrupt and
 * by the board's button:
 *   1. a receive with a 2 ms timeout on an empty channel times out on time,
 *      and the receive is withdrawn (a later send stays in the channel);
 *   2. a receive whose value is waiting completes at once with EBB_OK;
 *   3. EBB_AWAIT_ANY(receive, sleep): the spare interrupt sends first, the
 *      channel wins and the timer is withdrawn;
 *   4. EBB_AWAIT_ANY(button edge, sleep): the finger presses 1 ms from now
 *      and the edge wins; with no press coming, the sleep wins.
 */
#include "fwtest.h"

EBB_CHANNEL_DEFINE(chan, uint32_t, 2);

static void sender(void) /* the spare interrupt */
{
    uint32_t v = 42;
    FW_CHECK(ebb_channel_try_send(&chan, &v) == EBB_OK);
}

struct selector {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_timer timer2;
    uint32_t value;
    int result;
    int which;
    ebb_ticks t0;
};

static ebb_poll_t selector_poll(ebb_task *self, ebb_cx *cx)
{
    struct selector *s = EBB_CONTAINER_OF(self, struct selector, task);
    EBB_BEGIN(cx, &self->co);
    /* 1: nothing comes: the timeout wins, on time, and the receive is gone. */
    s->t0 = ebb_now();
    EBB_AWAIT_TIMEOUT(s->result, &s->timer, EBB_MS(2),
                      ebb_channel_recv(&s->wait, &chan, &s->value));
    FW_CHECK(s->result == EBB_ETIMEDOUT);
    FW_CHECK(ebb_now() - s->t0 >= EBB_MS(2) && ebb_now() - s->t0 < EBB_MS(2) + EBB_US(200));
    s->value = 77;
    FW_CHECK(ebb_channel_try_send(&chan, &s->value) == EBB_OK);
    FW_CHECK(ebb_channel_count(&chan) == 1); /* nobody took it */
    /* 2: a value waiting: the receive wins at once. */
    EBB_AWAIT_TIMEOUT(s->result, &s->timer, EBB_MS(2),
                      ebb_channel_recv(&s->wait, &chan, &s->value));
    FW_CHECK(s->result == EBB_OK && s->value == 77);
    /* 3: the interrupt sends first: the channel wins, the timer is
     * withdrawn before its deadline. */
    s->t0 = ebb_now();
    fw_spare_raise();
    EBB_AWAIT_ANY(s->which, ebb_channel_recv(&s->wait, &chan, &s->value),
                  ebb_sleep_for(&s->timer2, EBB_MS(5)));
    FW_CHECK(s->which == 0 && s->value == 42);
    FW_CHECK(!ebb_timer_armed(&s->timer2));
    FW_CHECK(ebb_now() - s->t0 < EBB_MS(5));
    /* 4: the first of a button press (the finger presses 1 ms from now)
     * and a 5 ms sleep; then the sleep, with no press coming. */
    ebb_board_finger_periodic(1000, 2000, 500, 1);
    s->t0 = ebb_now();
    EBB_AWAIT_ANY(s->which, ebb_board_button_wait(&s->wait, EBB_BOARD_RISING),
                  ebb_sleep_for(&s->timer2, EBB_MS(5)));
    FW_CHECK(s->which == 0);
    FW_CHECK(ebb_now() - s->t0 >= EBB_US(1000) && ebb_now() - s->t0 < EBB_US(1300));
    EBB_AWAIT_ANY(s->which, ebb_board_button_wait(&s->wait, EBB_BOARD_RISING),
                  ebb_sleep_for(&s->timer2, EBB_MS(5)));
    FW_CHECK(s->which == 1);
    EBB_END();
}

static EBB_TASK_DEFINE(selector, struct selector, selector_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_select on " EBB_BOARD_NAME "\n");
    fw_spare_init(sender);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &selector.task) == EBB_OK);
    /* Idle only while the task still waits (WFI idle: nothing may be armed
     * once it ended). */
    while (ebb_task_state(&selector.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec) && ebb_task_state(&selector.task) == EBB_TASK_RUNNING) {
            ebb_port_idle(&exec);
        }
    }
    ebb_board_puts("PASS\n");
    return 0;
}
