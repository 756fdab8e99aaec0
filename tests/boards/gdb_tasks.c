/*
 * gdb_tasks.c - a known state for tools/gdb/ebb.py (tests/boards/gdb_tasks.sh
 * halts here and checks what `ebb-tasks` prints).  At gdb_halt_here():
 * `driver` is running, `woken` is ready, `sleeper` (on its timer),
 * `listener` (on signal `never`), `consumer` (on channel `queue`) and
 * `gated` (on semaphore `gate`) wait at their awaits, `quick` is done, `cancelled` was cancelled; the board's
 * finger executor runs in an interrupt; `workers` (an array) are done.
 * Built twice: with the task table (EBB_CONFIG_TASK_REGISTRY=1: the workers
 * are entered as worker0/1 and `sleeper` is renamed "sensor" at run time)
 * and without it (names come from the debug info alone).  The @-markers
 * let the test find the lines.
 */
#include "ebb_board.h"

static EBB_SIGNAL_DEFINE(never);

struct sleeper {
    ebb_task task;
    ebb_timer timer;
};
static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_MS(1000))); /* @sleeper */
    EBB_END();
}

struct listener {
    ebb_task task;
    ebb_wait wait;
    uint32_t value;
};
static ebb_poll_t listener_poll(ebb_task *self, ebb_cx *cx)
{
    struct listener *l = EBB_CONTAINER_OF(self, struct listener, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&l->wait, &never, &l->value)); /* @listener */
    }
    EBB_END();
}

EBB_CHANNEL_DEFINE(queue, uint32_t, 4);

struct consumer {
    ebb_task task;
    ebb_wait wait;
    uint32_t item;
};
static ebb_poll_t consumer_poll(ebb_task *self, ebb_cx *cx)
{
    struct consumer *c = EBB_CONTAINER_OF(self, struct consumer, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_channel_recv(&c->wait, &queue, &c->item)); /* @consumer */
    }
    EBB_END();
}

static EBB_SEM_DEFINE(gate, 0, 1);
struct gated {
    ebb_task task;
    ebb_wait wait;
};
static ebb_poll_t gated_poll(ebb_task *self, ebb_cx *cx)
{
    struct gated *g = EBB_CONTAINER_OF(self, struct gated, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sem_take(&g->wait, &gate)); /* @gated */
    EBB_END();
}

struct plain {
    ebb_task task;
};
static ebb_poll_t quick_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_END();
}

static EBB_TASK_DEFINE(sleeper, struct sleeper, sleeper_poll);
static EBB_TASK_DEFINE(listener, struct listener, listener_poll);
static EBB_TASK_DEFINE(woken, struct listener, listener_poll);
static EBB_TASK_DEFINE(quick, struct plain, quick_poll);
static EBB_TASK_DEFINE(consumer, struct consumer, consumer_poll);
static EBB_TASK_DEFINE(gated, struct gated, gated_poll);
static struct plain workers[2] = {{EBB_TASK_INITIALIZER(quick_poll)},
                                  {EBB_TASK_INITIALIZER(quick_poll)}};
#if EBB_CONFIG_TASK_REGISTRY
EBB_TASK_REGISTER(worker0, &workers[0].task, "worker0");
EBB_TASK_REGISTER(worker1, &workers[1].task, "worker1");
#endif
static EBB_TASK_DEFINE(cancelled, struct listener, listener_poll);

__attribute__((noinline)) void gdb_halt_here(void)
{
    __asm__ volatile("" ::: "memory");
}

struct driver {
    ebb_task task;
    ebb_timer timer;
};
static ebb_poll_t driver_poll(ebb_task *self, ebb_cx *cx)
{
    struct driver *d = EBB_CONTAINER_OF(self, struct driver, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&d->timer, EBB_MS(10))); /* @driver */
    (void)ebb_wake(&woken.task);
    gdb_halt_here();
    ebb_board_exit(0);
    EBB_END();
}
static EBB_TASK_DEFINE(driver, struct driver, driver_poll);

static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_executor_init(&exec, NULL);
    ebb_task *const tasks[] = {&sleeper.task, &listener.task, &woken.task, &quick.task, &consumer.task,
                               &gated.task, &workers[0].task, &workers[1].task, &driver.task,
                               &cancelled.task};
#if EBB_CONFIG_TASK_REGISTRY
    ebb_task_set_name(&sleeper.task, "sensor");
#endif
    for (size_t i = 0; i < sizeof tasks / sizeof tasks[0]; i++) {
        if (ebb_task_spawn(&exec, tasks[i]) != EBB_OK) {
            ebb_port_panic("gdb_tasks", 2);
        }
    }
    if (ebb_task_cancel(&cancelled.task) != EBB_OK) {
        ebb_port_panic("gdb_tasks", 1);
    }
    ebb_executor_run(&exec);
}
