/*
 * ebb/executor.h - executors: poll ready tasks, sleep when there are none.
 *
 * An executor owns a run queue of tasks.  ebb_wake() appends a task (O(1), any
 * context) and calls the executor's pender, a hook that says "I have work":
 *   - the thread-mode executor of main() needs no pender (NULL): the
 *     interrupt that woke the task has already ended its WFI;
 *   - an executor that runs inside an interrupt handler at some NVIC priority
 *     uses a pender that pends that interrupt, which is how one shared stack
 *     gets preemptive priorities (the NVIC is the scheduler).
 * Each pass polls the tasks that were ready when the pass began; a task woken
 * during the pass (even by itself) runs in the next pass, so no task can
 * starve the others by waking itself.
 */
#ifndef EBB_EXECUTOR_H
#define EBB_EXECUTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/list.h"
#include "ebb/task.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_executor ebb_executor;

/** Called with the port lock held whenever a task of `ex` becomes ready. */
typedef void (*ebb_pender_fn)(ebb_executor *ex);

struct ebb_executor {
    ebb_list ready;      /* tasks to poll */
    ebb_pender_fn pend;  /* may be NULL */
    uint8_t id;          /* index in the executor table; 0xFF: not initialised */
};

#define EBB_EXECUTOR_INITIALIZER {EBB_LIST_INIT, NULL, 0xFF}

/**
 * Register `ex` with pender `pend` (NULL for a thread-mode executor).
 * Contract executor:1 - no more than EBB_CONFIG_MAX_EXECUTORS executors.
 * Contract executor:2 - `ex` is not already registered.
 * Context: main, before the executor is used.  Cost: O(1).
 */
void ebb_executor_init(ebb_executor *ex, ebb_pender_fn pend);

/**
 * Run one pass: poll every task that is ready now, each once.
 * Returns true when tasks were woken during the pass (more work is waiting).
 * Context: the thread or interrupt handler that owns `ex`.
 * Cost: O(tasks polled) + their bodies.
 */
bool ebb_executor_poll(ebb_executor *ex);

/**
 * True when some task of `ex` is ready.  Context: any.  Cost: O(1).
 */
static inline bool ebb_executor_has_work(const ebb_executor *ex)
{
    return !ebb_list_empty(&ex->ready);
}

/**
 * Poll forever, sleeping in ebb_port_idle() whenever nothing is ready.
 * Context: main (thread mode).  Does not return.
 */
EBB_NORETURN void ebb_executor_run(ebb_executor *ex);

/* Internal: executor table, indexed by ebb_task.exec. */
extern ebb_executor *ebb__executors[EBB_CONFIG_MAX_EXECUTORS];

/* Internal: ebb_wake() with the lock already held - the body every waker
 * (wait lists, timers, channels) inlines, so an interrupt that wakes a task
 * pays for one critical section, not one per layer.  A task that is not
 * running has nothing to resume: ignoring the wake is what makes a stale
 * waker harmless. */
static inline bool ebb__wake_locked(ebb_task *t)
{
    if (t->node.next != NULL || t->state != EBB_TASK_RUNNING) {
        return false;
    }
    ebb_executor *ex = ebb__executors[t->exec];
    ebb_list_push_back(&ex->ready, &t->node);
    if (ex->pend != NULL) {
        ex->pend(ex);
    }
    return true;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_EXECUTOR_H */
