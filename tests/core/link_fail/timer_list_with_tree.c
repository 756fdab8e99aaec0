/* Must NOT link: a file compiled for the sorted-list timer queue
 * (EBB_CONFIG_TIMER_QUEUE_LIST=1: timers without the tree's parent word)
 * in a program whose timer queue is the red-black tree, which would write
 * that word past the end of its timers.  The sleeps it calls are named
 * *_list there (ebb/time.h), and only ebb::timer_list defines those: the
 * link stops at "undefined reference to ebb_sleep_for_list".  Linked with
 * ebb::timer_list instead (core.test_time_list) it is a program like any. */
#include "ebb/ebb.h"

struct sleeper {
    ebb_task task;
    ebb_timer timer;
};

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_MS(1)));
    EBB_END();
}

static EBB_TASK_DEFINE(sleeper, struct sleeper, sleeper_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    (void)ebb_task_spawn(&exec, &sleeper.task);
    (void)ebb_executor_poll(&exec);
    return 0;
}
