/* A user's host program: one ticker task on the host port's virtual time. */
#include <stdio.h>

#include "ebb/ebb.h"
#include "ebb_host.h"

struct counter {
    ebb_task task;
    ebb_ticker tick;
    int ticks;
};

static ebb_poll_t counter_poll(ebb_task *self, ebb_cx *cx)
{
    struct counter *c = EBB_CONTAINER_OF(self, struct counter, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&c->tick, EBB_MS(10));
    while (c->ticks < 5) {
        EBB_AWAIT(ebb_ticker_next(&c->tick));
        c->ticks++;
    }
    EBB_END();
}

static EBB_TASK_DEFINE(counter, struct counter, counter_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_host_reset(0);
    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &counter.task) != EBB_OK) {
        return 1;
    }
    ebb_host_run_until(&exec, EBB_MS(100));
    printf("consumer: %d ticks, task %s, now %lu ms\n", counter.ticks,
           ebb_task_state(&counter.task) == EBB_TASK_DONE ? "done" : "not done",
           (unsigned long)(ebb_now() / EBB_MS(1)));
    return counter.ticks == 5 && ebb_task_state(&counter.task) == EBB_TASK_DONE ? 0 : 1;
}
