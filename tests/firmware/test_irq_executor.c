/*
 * test_irq_executor - an interrupt executor (fw_irq_executor_start(): the
 * Cortex-M port object on the board's second spare line, a software level on
 * RISC-V) preempts thread mode.  One image per FW_IRQX_KIND:
 *   0 a wake from thread mode runs the executor's task at once, in its
 *     interrupt, before the next statement of the thread (100 times); then
 *     a 500 us ticker on that executor keeps running, on time, while thread
 *     mode spins 30 ms without yielding.
 *   1 an executor above the ceiling: "PANIC cm:1" at init, exit 100.
 *   2 built with EBB_CONFIG_PORT_CHECK_CEILING=1: an executor whose line was
 *     moved above the ceiling after init calls ebb from there: "PANIC cm:3".
 *   3 as 0, on an executor complete as defined (EBB_CM_IRQ_EXECUTOR_DEFINE
 *     with its line and priority, EBB_RV_SWI_EXECUTOR_DEFINE with its
 *     level): no init call - the first spawn sets it up.
 * (1 and 2 only where the port has a ceiling: Cortex-M, 2 not on ARMv6-M.)
 */
#include "fwtest.h"

#ifndef FW_IRQX_KIND
#define FW_IRQX_KIND 0
#endif

static EBB_EXECUTOR_DEFINE(thread, NULL);
static volatile unsigned step;
static volatile unsigned hi_ran_at;
static volatile bool hi_in_irq = true;

struct hi_task {
    ebb_task task;
    ebb_wait wait;
    uint32_t value;
};
static EBB_SIGNAL_DEFINE(go);

static ebb_poll_t hi_poll(ebb_task *self, ebb_cx *cx)
{
    struct hi_task *t = EBB_CONTAINER_OF(self, struct hi_task, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, &go, &t->value));
        hi_ran_at = step;
        hi_in_irq = hi_in_irq && fw_in_irq_executor();
    }
    EBB_END();
}

static struct hi_task ht = {.task = EBB_TASK_INITIALIZER(hi_poll)};

struct urgent {
    ebb_task task;
    ebb_ticker ticker;
    volatile uint32_t ticks;
    ebb_ticks worst_late;
};

static ebb_poll_t urgent_poll(ebb_task *self, ebb_cx *cx)
{
    struct urgent *u = EBB_CONTAINER_OF(self, struct urgent, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&u->ticker, EBB_US(500));
    while (u->ticks < 40u) {
        EBB_AWAIT(ebb_ticker_next(&u->ticker));
        {
            ebb_ticks late = ebb_now() - (u->ticker.timer.deadline - u->ticker.period);
            if (late > u->worst_late) {
                u->worst_late = late;
            }
        }
        u->ticks++;
    }
    EBB_END();
}

static EBB_TASK_DEFINE(urgent, struct urgent, urgent_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_irq_executor on " EBB_BOARD_NAME "\n");
    ebb_executor_init(&thread, NULL);
#if FW_IRQX_KIND == 1
    ebb_executor *hi = fw_irq_executor_start(FW_IRQX_ABOVE_CEILING);
#elif FW_IRQX_KIND == 2
    ebb_executor *hi = fw_irq_executor_start(FW_IRQX_MOVED_ABOVE);
#elif FW_IRQX_KIND == 3
    ebb_executor *hi = fw_irq_executor_start(FW_IRQX_DEFINED);
#else
    ebb_executor *hi = fw_irq_executor_start(FW_IRQX_OK);
#endif
    FW_CHECK(ebb_task_spawn(hi, &ht.task) == EBB_OK); /* runs at once: the task waits already */
    for (unsigned round = 1; round <= 100; round++) {
        step = round;
        ebb_signal_raise(&go, round); /* wakes the executor: it preempts here */
        step = 0;
        FW_CHECK(hi_ran_at == round);
    }
    FW_CHECK(hi_in_irq);
    ebb_board_puts("100 wakes from thread mode preempted at once\n");

    FW_CHECK(ebb_task_spawn(hi, &urgent.task) == EBB_OK);
    /* Thread mode busy for 30 ms, never yielding. */
    ebb_ticks end = ebb_now() + EBB_MS(30);
    uint32_t seen_during = 0;
    while (ebb_now() < end) {
        seen_during = urgent.ticks;
    }
    ebb_board_puts("preemption: ");
    fw_put_u64(seen_during);
    ebb_board_puts(" ticks during the spin, worst late us ");
    fw_put_u64(urgent.worst_late);
    ebb_board_puts("\n");
    FW_CHECK(seen_during >= 40u); /* all 40 (20 ms) ran while thread mode spun */
    FW_CHECK(urgent.worst_late <= EBB_US(100));
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
