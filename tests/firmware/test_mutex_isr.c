/*
 * test_mutex_isr - a mutex used by tasks of executors that poll inside
 * interrupt handlers.  Every mutex function takes the poll's context, so an
 * interrupt handler cannot call one (that does not compile); what is left
 * to check at run time is that tasks polled outside thread mode lock, take
 * and unlock normally.  One image per FW_MUTEX_ISR_KIND:
 *   3 a task of the port's interrupt executor (fw_irq_executor_start)
 *     waits for a mutex a thread-mode task holds, then takes another.
 *   4 a task of an executor with a pender of the application's own that
 *     polls in the spare interrupt's handler.
 * Each must print PASS.
 */
#include "fwtest.h"

#ifndef FW_MUTEX_ISR_KIND
#define FW_MUTEX_ISR_KIND 0
#endif

static EBB_MUTEX_DEFINE(m);
static EBB_EXECUTOR_DEFINE(exec, NULL);

#if FW_MUTEX_ISR_KIND == 4

/* The application's own interrupt executor: its pender raises the spare
 * interrupt, whose handler polls it - and it says where it polls. */
static void app_pend(ebb_executor *ex)
{
    (void)ex;
    fw_spare_raise();
}
static EBB_EXECUTOR_DEFINE(app_exec, app_pend);

static void poll_app_exec(void) { (void)ebb_executor_poll(&app_exec); }

static volatile bool done;
static EBB_MUTEX_DEFINE(m2);

struct user {
    ebb_task task;
    ebb_wait wait;
};

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_mutex_lock(&u->wait, &m)); /* free: taken at once */
    FW_CHECK(ebb_mutex_lock_if_free(cx, &m2));
    ebb_mutex_unlock(cx, &m2);
    ebb_mutex_unlock(cx, &m);
    done = true;
    EBB_END();
}

static EBB_TASK_DEFINE(user, struct user, user_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mutex_isr: an application's interrupt executor\n");
    fw_spare_init(poll_app_exec);
    FW_CHECK(ebb_task_spawn(&app_exec, &user.task) == EBB_OK); /* its pender raises the spare */
    while (!done) {
    }
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}

#else /* FW_MUTEX_ISR_KIND == 3 */

static volatile bool done, in_irq = true;

struct hi {
    ebb_task task;
    ebb_wait wait;
};

static ebb_poll_t hi_poll(ebb_task *self, ebb_cx *cx)
{
    struct hi *h = EBB_CONTAINER_OF(self, struct hi, task);
    static EBB_MUTEX_DEFINE(m2);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_mutex_lock(&h->wait, &m)); /* held by main's task: waits */
    in_irq = in_irq && fw_in_irq_executor();
    FW_CHECK(ebb_mutex_lock_if_free(cx, &m2));
    ebb_mutex_unlock(cx, &m2);
    ebb_mutex_unlock(cx, &m);
    done = true;
    EBB_END();
}

static EBB_TASK_DEFINE(hi, struct hi, hi_poll);

struct lo {
    ebb_task task;
};

static ebb_poll_t lo_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    FW_CHECK(ebb_mutex_lock_if_free(cx, &m));
    FW_CHECK(ebb_task_spawn(fw_irq_executor_start(FW_IRQX_OK), &hi.task) == EBB_OK); /* preempts: waits for m */
    ebb_mutex_unlock(cx, &m); /* hands m to the interrupt executor's task */
    EBB_END();
}

static EBB_TASK_DEFINE(lo, struct lo, lo_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mutex_isr: an interrupt executor's task\n");
    FW_CHECK(ebb_task_spawn(&exec, &lo.task) == EBB_OK);
    while (!done) {
        (void)ebb_executor_poll(&exec);
    }
    FW_CHECK(in_irq);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}

#endif
