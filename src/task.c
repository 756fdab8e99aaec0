/* task.c - spawning, waking and cancelling tasks. */
#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/task.h"
#include "ebb/driver/wait.h"

EBB_MODULE("task");

EBB_BUILD_ASSERT(sizeof(ebb_co) == 2, "resume point must stay 16-bit");
#if UINTPTR_MAX == 0xFFFFFFFFu && !EBB_CONFIG_TASK_STATS
EBB_BUILD_ASSERT(sizeof(ebb_task) == 12, "task header must stay 12 bytes on 32-bit targets");
#endif

bool ebb_wake(ebb_task *t)
{
    EBB_REQUIRE_OR(3, t != NULL, return false);
    ebb_irq_state s = ebb_port_lock();
    bool queued = ebb__wake_locked(t);
    ebb_port_unlock(s);
    return queued;
}

/* cold: spawning is set-up (src/executor.c, ebb__executor_index). */
__attribute__((cold)) int ebb_task_spawn(ebb_executor *ex, ebb_task *t)
{
    unsigned const id = ebb__executor_index(ex);
    EBB_REQUIRE_OR(1, id != EBB__EXEC_NO_ID, return EBB_EINVAL);
    EBB_REQUIRE_OR(3, t != NULL && t->poll != NULL, return EBB_EINVAL);

    ebb_irq_state s = ebb_port_lock();
    /* Only an unclaimed task that is idle or done starts again; a finished
     * task may still sit in its old executor's run queue (woken before it
     * finished), and moving it to another executor now would leave the old
     * one polling it. */
    if ((t->state & (EBB__TASK_BUSY | (unsigned)EBB_TASK_RUNNING)) != 0) {
        ebb_port_unlock(s);
        EBB_REQUIRE(6, false); /* a running task: a second start is a bug */
        return EBB_EBUSY;
    }
    if (ebb_node_linked(&t->node) && t->exec != id) {
        ebb_port_unlock(s);
        return EBB_EBUSY; /* poll its old executor first */
    }
    t->co.resume = 0;
    t->exec = (uint8_t)id;
    t->state = (uint8_t)((t->state & ~EBB__TASK_STATE_MASK) | (unsigned)EBB_TASK_RUNNING);
    EBB__TRACE(EBB_TRACE_SPAWN, t, 0);
    (void)ebb__wake_locked(t);
    ebb_port_unlock(s);
    return EBB_OK;
}

__attribute__((cold, noinline)) void ebb__task_ended_holding(void)
{
    EBB_REQUIRE(5, false);
}

int ebb_task_cancel(ebb_task *t)
{
    EBB_REQUIRE_OR(3, t != NULL, return EBB_EINVAL);
    ebb_irq_state s = ebb_port_lock();
    unsigned const st = t->state;
    if ((st & EBB__TASK_BUSY) != 0) {
        /* Its body runs now, below us (an interrupt inside its poll, the
         * task itself) or in a cancel we preempted: a second run of it,
         * nested, would act on state the first is half-way through. */
        ebb_port_unlock(s);
        return EBB_EBUSY;
    }
    if ((st & (unsigned)EBB_TASK_RUNNING) == 0) {
        ebb_port_unlock(s);
        return EBB_OK; /* idle or done: nothing registered */
    }
    if (st >= EBB__TASK_HOLD) {
        ebb_port_unlock(s);
        EBB_REQUIRE(4, false);
        return EBB_EBUSY; /* it owns a mutex: refused, nothing changed */
    }
    t->state = (uint8_t)(st | EBB__TASK_BUSY); /* claimed: no executor polls it now */
    ebb_port_unlock(s);

    /* Run the body in cancel mode: it jumps to its current await, which
     * withdraws its wakers and resets, as a losing select branch does (a
     * mutex handed to it while it waited is handed on there).  If it is
     * queued it stays queued: the executor skips a task that is not
     * running, and a re-spawn on the same executor reuses the queue entry. */
    ebb_cx cx = {t, true};
    EBB__TRACE(EBB_TRACE_CANCEL, t, 0);
    ebb__poll_drop(t->poll(t, &cx));
    t->co.resume = 0;
    t->state = (uint8_t)(t->state & ~(EBB__TASK_BUSY | EBB__TASK_STATE_MASK)); /* idle */
    return EBB_OK;
}
