/*
 * test_cancel_ctx - cancel and reset in every context the docs allow, on
 * real interrupts (every QEMU board, Cortex-M and RISC-V):
 *   1 an interrupt handler that lands inside a task's poll cancels and
 *     resets that task: both refused (EBB_EBUSY), the task runs on;
 *   2 a task of an interrupt executor, preempting a thread-mode task in the
 *     middle of its poll, cancels and resets it: refused, it runs on;
 *   3 thread mode cancels a waiting task of the interrupt executor: done,
 *     its wait is withdrawn (a later event does not wake it);
 *   4 an interrupt inside one task's poll resets another task queued in the
 *     same pass: done; the pass skips the reset task and goes on to the
 *     next (the chain it runs is not cut), and the reset task spawns again.
 * Prints PASS and exits with 0.
 */
#include "fwtest.h"

#include "ebb/reset.h"

static EBB_EXECUTOR_DEFINE(exec, NULL);

/* ---- the spare interrupt's handler: cancel and reset `victim` ---- */
static ebb_task *volatile victim;
static volatile int r_cancel, r_reset;
static volatile bool handled;
static volatile bool reset_only;

static void spare_handler(void)
{
    if (!reset_only) {
        r_cancel = ebb_task_cancel(victim);
    }
    r_reset = ebb_task_reset(victim);
    handled = true;
}

static void raise_and_wait(void)
{
    handled = false;
    fw_spare_raise();
    while (!handled) {
        /* inside the poll until the handler has run */
    }
}

/* ---- 1: an interrupt inside the task's own poll ---- */
struct sleeper {
    ebb_task task;
    ebb_timer timer;
    bool after;
};

static ebb_poll_t one_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    victim = self;
    raise_and_wait();
    FW_CHECK(r_cancel == EBB_EBUSY);
    FW_CHECK(r_reset == EBB_EBUSY);
    FW_CHECK(ebb_task_state(self) == EBB_TASK_RUNNING);
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_US(200))); /* still a working task */
    s->after = true;
    EBB_END();
}
static EBB_TASK_DEFINE(one, struct sleeper, one_poll);

/* ---- 2: an interrupt executor's task preempts a poll ---- */
static volatile int hi_cancel = 1, hi_reset = 1;
static ebb_task *volatile hi_victim;

static ebb_poll_t hi_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    EBB_BEGIN(cx, &self->co);
    FW_CHECK(fw_in_irq_executor());
    hi_cancel = ebb_task_cancel(hi_victim);
    hi_reset = ebb_task_reset(hi_victim);
    EBB_END();
}
static EBB_TASK_DEFINE(hi, struct sleeper, hi_poll);

static ebb_executor *irqx;

static ebb_poll_t two_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    hi_victim = self;
    FW_CHECK(ebb_task_spawn(irqx, &hi.task) == EBB_OK); /* runs at once */
    FW_CHECK(ebb_task_state(&hi.task) == EBB_TASK_DONE);
    FW_CHECK(hi_cancel == EBB_EBUSY);
    FW_CHECK(hi_reset == EBB_EBUSY);
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_US(200)));
    s->after = true;
    EBB_END();
}
static EBB_TASK_DEFINE(two, struct sleeper, two_poll);

/* ---- 3: thread mode cancels an interrupt executor's waiting task ---- */
static EBB_SIGNAL_DEFINE(sig);
struct listener {
    ebb_task task;
    ebb_wait wait;
    uint32_t value;
    unsigned got;
};

static ebb_poll_t listener_poll(ebb_task *self, ebb_cx *cx)
{
    struct listener *l = EBB_CONTAINER_OF(self, struct listener, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&l->wait, &sig, &l->value));
        l->got++;
    }
    EBB_END();
}
static EBB_TASK_DEFINE(listener, struct listener, listener_poll);

/* ---- 4: a reset from an interrupt inside another task's poll ---- */
struct counter {
    ebb_task task;
    unsigned polls;
};
static ebb_task *volatile pass_victim;

static ebb_poll_t counter_poll(ebb_task *self, ebb_cx *cx)
{
    struct counter *c = EBB_CONTAINER_OF(self, struct counter, task);
    EBB_BEGIN(cx, &self->co);
    c->polls++;
    if (pass_victim != NULL) {
        victim = pass_victim;
        pass_victim = NULL;
        raise_and_wait(); /* resets a task later in this pass */
    }
    EBB_END();
}
static EBB_TASK_DEFINE(ca, struct counter, counter_poll);
static EBB_TASK_DEFINE(cb, struct counter, counter_poll);
static EBB_TASK_DEFINE(cc, struct counter, counter_poll);

static void run_until_idle(void)
{
    while (ebb_executor_poll(&exec)) {
    }
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_cancel_ctx\n");
    ebb_executor_init(&exec, NULL);
    fw_spare_init(spare_handler);
    irqx = fw_irq_executor_start(FW_IRQX_OK);

    /* 1 */
    FW_CHECK(ebb_task_spawn(&exec, &one.task) == EBB_OK);
    while (!one.after) {
        (void)ebb_executor_poll(&exec);
    }
    FW_CHECK(ebb_task_state(&one.task) == EBB_TASK_DONE);
    ebb_board_puts("1 interrupt inside the poll: refused\n");

    /* 2 */
    FW_CHECK(ebb_task_spawn(&exec, &two.task) == EBB_OK);
    while (!two.after) {
        (void)ebb_executor_poll(&exec);
    }
    ebb_board_puts("2 interrupt executor's task inside the poll: refused\n");

    /* 3 */
    FW_CHECK(ebb_task_spawn(irqx, &listener.task) == EBB_OK); /* runs at once: waits */
    FW_CHECK(!ebb_waitlist_empty(&sig.waiters));
    ebb_signal_raise(&sig, 1); /* wakes it: its executor preempts at once */
    FW_CHECK(listener.got == 1);
    FW_CHECK(!ebb_waitlist_empty(&sig.waiters)); /* waiting again */
    FW_CHECK(ebb_task_cancel(&listener.task) == EBB_OK);
    FW_CHECK(ebb_waitlist_empty(&sig.waiters));
    FW_CHECK(listener.wait.task == NULL);
    FW_CHECK(ebb_task_state(&listener.task) == EBB_TASK_IDLE);
    ebb_signal_raise(&sig, 2);
    FW_CHECK(listener.got == 1);
    ebb_board_puts("3 thread mode cancels an interrupt executor's task: done\n");

    /* 4 */
    reset_only = true;
    pass_victim = &cb.task;
    FW_CHECK(ebb_task_spawn(&exec, &ca.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &cb.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &cc.task) == EBB_OK);
    (void)ebb_executor_poll(&exec); /* one pass: ca resets cb, cc still runs */
    FW_CHECK(r_reset == EBB_OK);
    FW_CHECK(ca.polls == 1 && cb.polls == 0 && cc.polls == 1);
    FW_CHECK(ebb_task_state(&cb.task) == EBB_TASK_IDLE);
    FW_CHECK(ebb_task_spawn(&exec, &cb.task) == EBB_OK);
    run_until_idle();
    FW_CHECK(cb.polls == 1 && ebb_task_state(&cb.task) == EBB_TASK_DONE);
    ebb_board_puts("4 reset from an interrupt inside another task's pass: done\n");

    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
