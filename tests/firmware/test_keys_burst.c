/*
 * test_keys_burst - keys mode: every byte typed on the console is one press
 * or release of the virtual button.  The button task is deliberately slow
 * (50 ms per edge) while the keys come 20 ms apart (run_qemu.py --key-gap,
 * host time, no -icount): every edge must still arrive, in order, none
 * coalesced.  Typing toggled the level in the console interrupt before,
 * and a key that found no wait armed for its edge was lost (4 of 8 on
 * qemu-riscv-virt).
 */
#include "fwtest.h"

#define KEYS 8u

struct button {
    ebb_task task;
    ebb_wait wait;
    ebb_timer slow;
    uint32_t edges;
    bool wrong_level;
};

static ebb_poll_t button_poll(ebb_task *self, ebb_cx *cx)
{
    struct button *b = EBB_CONTAINER_OF(self, struct button, task);
    EBB_BEGIN(cx, &self->co);
    while (b->edges < KEYS) {
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_RISING));
        b->wrong_level |= !ebb_board_button_pressed();
        b->edges++;
        EBB_AWAIT(ebb_sleep_for(&b->slow, EBB_MS(50)));
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_FALLING));
        b->wrong_level |= ebb_board_button_pressed();
        b->edges++;
        EBB_AWAIT(ebb_sleep_for(&b->slow, EBB_MS(50)));
    }
    fw_put_line("edges: ", b->edges);
    FW_CHECK(!b->wrong_level);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(button, struct button, button_poll);

/* Lost edges leave the button task waiting: say how many came, and fail,
 * long before the runner's timeout. */
struct watchdog {
    ebb_task task;
    ebb_timer timer;
};

static ebb_poll_t watchdog_poll(ebb_task *self, ebb_cx *cx)
{
    struct watchdog *w = EBB_CONTAINER_OF(self, struct watchdog, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&w->timer, EBB_MS(10000)));
    fw_put_line("edges after 10 s: ", button.edges);
    FW_CHECK(button.edges == KEYS);
    EBB_END();
}

static EBB_TASK_DEFINE(watchdog, struct watchdog, watchdog_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &button.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &watchdog.task) == EBB_OK);
    /* The first rising edge is armed before the ready line invites keys. */
    (void)ebb_executor_poll(&exec);
    ebb_board_keys_toggle_button(true);
    ebb_board_puts("test_keys_burst ready\n");
    ebb_executor_run(&exec);
}
