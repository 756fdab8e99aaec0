/*
 * test_preempt - the portable preemptive executor
 * (EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE), the same source on every board:
 * a wake of a level-1 task from thread mode runs it before the wake
 * returns; inside it, a wake of a level-2 task runs that one at once, and
 * the level-1 task then carries on; a wake of a level-1 task from level 2
 * waits until level 2 is done.  The order of the steps proves it.
 */
#include "fwtest.h"

#if EBB_BOARD_PREEMPT_LEVELS < 2
#error "every board offers at least two application levels"
#endif

static char order[16];
static unsigned n_order;
static void step(char c)
{
    FW_CHECK(n_order < sizeof order - 1);
    order[n_order++] = c;
}

static EBB_SIGNAL_DEFINE(go1);
static EBB_SIGNAL_DEFINE(go2);

struct level_task {
    ebb_task task;
    ebb_wait wait;
    uint32_t value;
};

static struct level_task low, high;

static ebb_poll_t low_poll(ebb_task *self, ebb_cx *cx)
{
    struct level_task *t = EBB_CONTAINER_OF(self, struct level_task, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, &go1, &t->value));
        step('a');
        ebb_signal_raise(&go2, 1); /* level 2 runs here, inside this raise */
        step('c');
    }
    EBB_END();
}

static ebb_poll_t high_poll(ebb_task *self, ebb_cx *cx)
{
    struct level_task *t = EBB_CONTAINER_OF(self, struct level_task, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, &go2, &t->value));
        step('b');
        if (t->value == 2) {
            ebb_signal_raise(&go1, 2); /* lower: runs after this poll */
            step('B');
        }
    }
    EBB_END();
}

static struct level_task low = {.task = EBB_TASK_INITIALIZER(low_poll)};
static struct level_task high = {.task = EBB_TASK_INITIALIZER(high_poll)};

EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE(level1, 1);
EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE(level2, 2);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_preempt on " EBB_BOARD_NAME "\n");
    FW_CHECK(ebb_task_spawn(&level1.ex, &low.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&level2.ex, &high.task) == EBB_OK);
    /* Both ran their first poll at once (they preempt main) and wait. */
    FW_CHECK(ebb_task_state(&low.task) == EBB_TASK_RUNNING);
    step('0');
    ebb_signal_raise(&go1, 1); /* a, b (level 2 inside level 1), c */
    step('1');
    ebb_signal_raise(&go2, 2); /* b, B, then level 1 once level 2 is done: a, b, c */
    step('2');
    order[n_order] = '\0';
    ebb_board_puts("order ");
    ebb_board_puts(order);
    ebb_board_puts("\n");
    FW_CHECK(n_order == 11);
    static const char want[] = "0abc1bBabc2";
    for (unsigned i = 0; i < sizeof want - 1; i++) {
        FW_CHECK(order[i] == want[i]);
    }
    ebb_board_puts("PASS\n");
    return 0;
}
