/*
 * test_irq_executor - interrupt executors as a port object
 * (ebb_cm_irq_executor_init + EBB_CM_IRQ_EXECUTOR_HANDLER) on the board's
 * spare interrupt line (EBB_BOARD_SPARE_IRQ, ebb_board_config.h).
 * One image per FW_IRQX_KIND:
 *   0 preemption: a wake from thread mode runs the interrupt executor's task
 *     at once, in its handler, before the next statement of the thread.
 *   1 an executor above the ceiling: "PANIC cm:1" at init, exit 100.
 *   2 built with EBB_CONFIG_PORT_CHECK_CEILING=1: an executor whose line was
 *     moved above the ceiling after init calls ebb from there: "PANIC cm:3".
 */
#include "fwtest.h"

#ifndef FW_IRQX_KIND
#define FW_IRQX_KIND 0
#endif

static EBB_CM_IRQ_EXECUTOR_DEFINE(hi);
static EBB_EXECUTOR_DEFINE(thread, NULL);
static volatile unsigned step;
static volatile unsigned hi_ran_at;

struct hi_task {
    ebb_task task;
    ebb_wait wait;
    uint32_t value;
};
static EBB_SIGNAL_DEFINE(go);

static ebb_poll_t hi_poll(ebb_task *self)
{
    struct hi_task *t = EBB_CONTAINER_OF(self, struct hi_task, task);
    EBB_BEGIN(&self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, &go, &t->value));
        hi_ran_at = step;
        FW_CHECK(ebb_cm_ipsr() == 16u + EBB_BOARD_SPARE_IRQ); /* in its handler */
    }
    EBB_END();
}

static struct hi_task ht = {.task = EBB_TASK_INITIALIZER(hi_poll)};

EBB_CM_IRQ_EXECUTOR_HANDLER(EBB_BOARD_SPARE_IRQ_HANDLER, hi)

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_irq_executor\n");
    ebb_executor_init(&thread, NULL);
#if FW_IRQX_KIND == 1
    ebb_cm_irq_executor_init(&hi, EBB_BOARD_SPARE_IRQ, EBB_CONFIG_PORT_CEILING_PRIO - 1u);
#else
    ebb_cm_irq_executor_init(&hi, EBB_BOARD_SPARE_IRQ, EBB_CONFIG_PORT_CEILING_PRIO + 1u);
#endif
    ebb_task_spawn(&hi.ex, &ht.task); /* pends the line: the task waits already */
#if FW_IRQX_KIND == 2
    ebb_cm_irq_set_prio(EBB_BOARD_SPARE_IRQ, 0); /* a misconfiguration */
#endif
    for (unsigned round = 1; round <= 100; round++) {
        step = round;
        ebb_signal_raise(&go, round); /* pends the spare line: it preempts here */
        step = 0;
        FW_CHECK(hi_ran_at == round);
    }
    ebb_board_puts("100 wakes from thread mode preempted at once\n");
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
