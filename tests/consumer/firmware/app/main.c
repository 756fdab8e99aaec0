/* A user's firmware: a task sleeps twice, prints, and QEMU exits with 0. */
#include "ebb/ebb.h"
#include "ebb_board.h"

struct hello {
    ebb_task task;
    ebb_timer timer;
};

static ebb_poll_t hello_poll(ebb_task *self, ebb_cx *cx)
{
    struct hello *h = EBB_CONTAINER_OF(self, struct hello, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&h->timer, EBB_MS(20)));
    ebb_board_puts("consumer: slept 20 ms\n");
    EBB_AWAIT(ebb_sleep_for(&h->timer, EBB_MS(20)));
    ebb_board_puts(ebb_now() >= EBB_MS(40) ? "consumer: PASS\n" : "consumer: clock wrong\n");
    ebb_board_exit(ebb_now() >= EBB_MS(40) ? 0 : 1);
    EBB_END();
}

static EBB_TASK_DEFINE(hello, struct hello, hello_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &hello.task) != EBB_OK) {
        ebb_board_exit(1);
    }
    ebb_executor_run(&exec);
}
