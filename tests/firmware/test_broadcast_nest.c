/*
 * test_broadcast_nest - no false wait:2, two broadcasts deep, for a waiter
 * whose wait is still on an OUTER broadcast's batch and is polled again
 * inside an INNER broadcast's unlock window: the wait names the object's
 * list (ebb_wait::list) while it sits on the broadcast's batch, so the
 * re-poll is a re-poll.
 *   thread mode: ebb_waitlist_wake_all(&outer), waiters [u, t]: the wake of
 *     u calls u's executor's pender, which raises the spare interrupt -
 *     masked by the lock, it runs at that wake's unlock, while t's wait is
 *     still on the outer batch;
 *   the spare handler: ebb_waitlist_wake_all(&inner), waiters [t, v]: the
 *     wake of t pends the interrupt executor (more urgent), which runs at
 *     that wake's unlock, while both batches are in flight;
 *   the interrupt executor polls t, whose select polls its first branch
 *     (on `outer`) again while t's wait is still on the outer batch.
 * Must print PASS: t's second branch won, every other waiter woke once.
 * Cortex-M only (tests/firmware/suite.cmake): on RISC-V the interrupt
 * executors run below the device handlers, so none can run inside the
 * spare handler's broadcast.
 */
#include "fwtest.h"
#include "ebb/driver/wait.h"

static EBB_WAITLIST_DEFINE(outer);
static EBB_WAITLIST_DEFINE(inner);

/* u's executor: its pender raises the spare interrupt; main polls it. */
static void u_pend(ebb_executor *ex)
{
    (void)ex;
    fw_spare_raise();
}
static EBB_EXECUTOR_DEFINE(u_exec, u_pend);
static EBB_EXECUTOR_DEFINE(exec, NULL);

struct waiter {
    ebb_task task;
    ebb_wait w, w2;
    int which;
    int woke;
};

static ebb_poll_t on_outer_poll(ebb_task *self, ebb_cx *cx)
{
    struct waiter *x = EBB_CONTAINER_OF(self, struct waiter, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&x->w, &outer));
    x->woke++;
    EBB_END();
}

static ebb_poll_t on_inner_poll(ebb_task *self, ebb_cx *cx)
{
    struct waiter *x = EBB_CONTAINER_OF(self, struct waiter, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_wait_on(&x->w, &inner));
    x->woke++;
    EBB_END();
}

static ebb_poll_t select_poll(ebb_task *self, ebb_cx *cx)
{
    struct waiter *x = EBB_CONTAINER_OF(self, struct waiter, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_ANY(x->which, ebb_wait_on(&x->w, &outer), ebb_wait_on(&x->w2, &inner));
    x->woke++;
    EBB_END();
}

static EBB_TASK_DEFINE(u, struct waiter, on_outer_poll);
static EBB_TASK_DEFINE(t, struct waiter, select_poll);
static EBB_TASK_DEFINE(v, struct waiter, on_inner_poll);

static volatile bool armed;
static volatile int spare_broadcasts;

static void spare_handler(void)
{
    if (armed) {
        armed = false;
        FW_CHECK(ebb_wait_linked(&t.w)); /* still on the outer batch */
        ebb_waitlist_wake_all(&inner);
        spare_broadcasts++;
    }
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_broadcast_nest\n");
    fw_spare_init(spare_handler);
    ebb_executor *hi = fw_irq_executor_start(FW_IRQX_OK);
    FW_CHECK(ebb_task_spawn(&u_exec, &u.task) == EBB_OK); /* raises the spare: not armed */
    (void)ebb_executor_poll(&u_exec);       /* u waits on outer */
    FW_CHECK(ebb_task_spawn(hi, &t.task) == EBB_OK);      /* runs now: outer after u, inner */
    FW_CHECK(ebb_task_spawn(&exec, &v.task) == EBB_OK);
    (void)ebb_executor_poll(&exec); /* v waits on inner, after t */
    FW_CHECK(ebb_wait_linked(&u.w) && ebb_wait_linked(&t.w) && ebb_wait_linked(&t.w2) &&
             ebb_wait_linked(&v.w));
    armed = true;
    ebb_waitlist_wake_all(&outer);
    FW_CHECK(spare_broadcasts == 1);
    FW_CHECK(t.woke == 1 && t.which == 1); /* in the inner window: branch 2 */
    while (ebb_executor_poll(&u_exec) || ebb_executor_poll(&exec)) {
    }
    FW_CHECK(u.woke == 1 && v.woke == 1);
    FW_CHECK(ebb_waitlist_empty(&outer) && ebb_waitlist_empty(&inner));
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
