/*
 * test_mutex_isr - a mutex used from an interrupt handler that lands inside
 * a task's poll is contract mutex:3: ebb_current() still names the
 * interrupted task there, so without the port's execution context
 * (ebb_port_context(): Cortex-M IPSR, RISC-V the trap entry's record of the
 * trap it handles) the handler would act as that task.  One image per
 * FW_MUTEX_ISR_KIND:
 *   0 the task owns the mutex; the handler unlocks it (it used to succeed);
 *   1 the mutex is free; the handler takes it with ebb_mutex_lock_if_free();
 *   2 the mutex is free; the handler polls ebb_mutex_lock().
 * In each the task raises the suite's spare interrupt and stays inside its
 * poll until the handler has run.  The run must end with "PANIC mutex:3"
 * and the panic status (ctest expects both; a "pass" of these firmwares
 * would be the failure).
 *   3 no false alarm: a task of an interrupt executor (fw_irq_executor_start:
 *     the port's own, polled in its interrupt) locks, takes, unlocks - every
 *     call outside thread mode, legitimately.  Must print PASS.
 *   4 no false alarm either for an executor with a pender of the
 *     application's own that polls in the spare interrupt's handler and says
 *     so (EBB_EXECUTOR_CONTEXT_ENTRY): its task locks, takes, unlocks there.
 *     Must print PASS.
 *   5 an executor with a pender of the application's own, polled in thread
 *     mode and declaring nothing (so taken to poll there); the handler takes
 *     the mutex inside its task's poll: PANIC mutex:3 (it used to be let
 *     through: the port could not tell the executor's handler from an
 *     intruder).
 */
#include "fwtest.h"

#ifndef FW_MUTEX_ISR_KIND
#define FW_MUTEX_ISR_KIND 0
#endif

static EBB_MUTEX_DEFINE(m);
static EBB_EXECUTOR_DEFINE(exec, NULL);

#if FW_MUTEX_ISR_KIND <= 2 || FW_MUTEX_ISR_KIND == 5
static volatile bool handled;
#if FW_MUTEX_ISR_KIND == 2
static ebb_wait handler_wait;
#endif

static void from_handler(void)
{
    /* mutex:3: none of these returns with contracts on */
#if FW_MUTEX_ISR_KIND == 0
    ebb_mutex_unlock(&m);
#elif FW_MUTEX_ISR_KIND == 1 || FW_MUTEX_ISR_KIND == 5
    (void)ebb_mutex_lock_if_free(&m);
#else
    (void)ebb_poll_is_ready(EBB_POLL(ebb_mutex_lock)(&handler_wait, &m));
#endif
    handled = true;
}

struct owner {
    ebb_task task;
    ebb_wait wait;
};

static ebb_poll_t owner_poll(ebb_task *self)
{
    struct owner *o = EBB_CONTAINER_OF(self, struct owner, task);
    EBB_BEGIN(&self->co);
#if FW_MUTEX_ISR_KIND == 0
    EBB_AWAIT(ebb_mutex_lock(&o->wait, &m));
    ebb_board_puts("locked; the handler unlocks\n");
#else
    (void)o;
    ebb_board_puts("free; the handler locks\n");
#endif
    fw_spare_raise();
    while (!handled) {
        /* inside this poll until the handler has run */
    }
    ebb_board_puts("the handler's call was not reported\n");
    EBB_END();
}

static EBB_TASK_DEFINE(owner, struct owner, owner_poll);

#if FW_MUTEX_ISR_KIND == 5
/* The application's own pender: main polls this executor in its loop. */
static volatile unsigned app_pends;
static void app_pend(ebb_executor *ex)
{
    (void)ex;
    app_pends++;
}
static EBB_EXECUTOR_DEFINE(app_exec, app_pend);
#define OWNER_EXEC app_exec
#else
#define OWNER_EXEC exec
#endif

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mutex_isr\n");
    fw_spare_init(from_handler);
    ebb_task_spawn(&OWNER_EXEC, &owner.task);
    while (ebb_task_state(&owner.task) == EBB_TASK_RUNNING) {
        (void)ebb_executor_poll(&OWNER_EXEC);
    }
    ebb_board_exit(0);
}

#elif FW_MUTEX_ISR_KIND == 4

/* The application's own interrupt executor: its pender raises the spare
 * interrupt, whose handler polls it - and it says where it polls. */
static void app_pend(ebb_executor *ex)
{
    (void)ex;
    fw_spare_raise();
}
static EBB_EXECUTOR_DEFINE(app_exec, app_pend);
EBB_EXECUTOR_CONTEXT_ENTRY(app_exec, &app_exec, FW_SPARE_CONTEXT);

static void poll_app_exec(void) { (void)ebb_executor_poll(&app_exec); }

static volatile bool done;
static EBB_MUTEX_DEFINE(m2);

struct user {
    ebb_task task;
    ebb_wait wait;
};

static ebb_poll_t user_poll(ebb_task *self)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(&self->co);
    EBB_AWAIT(ebb_mutex_lock(&u->wait, &m)); /* free: taken at once */
    FW_CHECK(ebb_port_context() != 0); /* in the spare interrupt's handler */
    FW_CHECK(ebb_mutex_lock_if_free(&m2));
    ebb_mutex_unlock(&m2);
    ebb_mutex_unlock(&m);
    done = true;
    EBB_END();
}

static EBB_TASK_DEFINE(user, struct user, user_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mutex_isr: an application's interrupt executor, declared\n");
    fw_spare_init(poll_app_exec);
    ebb_task_spawn(&app_exec, &user.task); /* its pender raises the spare */
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

static ebb_poll_t hi_poll(ebb_task *self)
{
    struct hi *h = EBB_CONTAINER_OF(self, struct hi, task);
    static EBB_MUTEX_DEFINE(m2);
    EBB_BEGIN(&self->co);
    EBB_AWAIT(ebb_mutex_lock(&h->wait, &m)); /* held by main's task: waits */
    in_irq = in_irq && fw_in_irq_executor();
    FW_CHECK(ebb_mutex_lock_if_free(&m2));
    ebb_mutex_unlock(&m2);
    ebb_mutex_unlock(&m);
    done = true;
    EBB_END();
}

static EBB_TASK_DEFINE(hi, struct hi, hi_poll);

struct lo {
    ebb_task task;
};

static ebb_poll_t lo_poll(ebb_task *self)
{
    EBB_BEGIN(&self->co);
    FW_CHECK(ebb_mutex_lock_if_free(&m));
    ebb_task_spawn(fw_irq_executor_start(FW_IRQX_OK), &hi.task); /* preempts: waits for m */
    ebb_mutex_unlock(&m); /* hands m to the interrupt executor's task */
    EBB_END();
}

static EBB_TASK_DEFINE(lo, struct lo, lo_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mutex_isr: an interrupt executor's task\n");
    ebb_task_spawn(&exec, &lo.task);
    while (!done) {
        (void)ebb_executor_poll(&exec);
    }
    FW_CHECK(in_irq);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}

#endif
