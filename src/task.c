/* task.c - spawning, waking and cancelling tasks. */
#include "ebb/executor.h"
#include "ebb/port.h"
#include "ebb/task.h"
#include "holds.h"

EBB_MODULE("task");

EBB_BUILD_ASSERT(sizeof(ebb_co) == 2, "resume point must stay 16-bit");
#if UINTPTR_MAX == 0xFFFFFFFFu
EBB_BUILD_ASSERT(sizeof(ebb_task) == 12, "task header must stay 12 bytes on 32-bit targets");
#endif

ebb_task *ebb__cur;

bool ebb_wake(ebb_task *t)
{
    ebb_irq_state s = ebb_port_lock();
    bool queued = ebb__wake_locked(t);
    ebb_port_unlock(s);
    return queued;
}

/* cold: spawning is set-up (src/executor.c, ebb__executor_resolve). */
__attribute__((cold)) int ebb_task_spawn(ebb_executor *ex, ebb_task *t)
{
    if (EBB_UNLIKELY(!ebb__executor_resolve(ex))) {
        EBB_REQUIRE(1, false);
        return EBB_EINVAL;
    }
    EBB_REQUIRE_OR(3, t != NULL && t->poll != NULL, return EBB_EINVAL);

    ebb_irq_state s = ebb_port_lock();
    /* A finished task may still sit in its old executor's run queue (woken
     * before it finished); moving it to another executor now would leave
     * the old one polling it. */
    if (t->state == EBB_TASK_RUNNING || (ebb_node_linked(&t->node) && t->exec != ex->id)) {
        ebb_port_unlock(s);
        return EBB_EBUSY;
    }
    t->co.resume = 0;
    t->exec = ex->id;
    t->state = EBB_TASK_RUNNING;
    (void)ebb__wake_locked(t);
    ebb_port_unlock(s);
    return EBB_OK;
}

void ebb_task_cancel(ebb_task *t)
{
    EBB_REQUIRE_OR(3, t != NULL, return);
    EBB_REQUIRE_OR(2, t != ebb__cur, return);
    if (t->state == EBB_TASK_RUNNING) {
        /* Run the body in cancel mode: it jumps to its current await, which
         * withdraws its wakers and resets, as a losing select branch does. */
        ebb_task *saved = ebb__cancel_enter();
        (void)t->poll(t);
        ebb__cancel_exit(saved);

        /* If it is queued it stays queued: the executor skips a task that is
         * not running, and a re-spawn on the same executor reuses the queue
         * entry.  That keeps cancel O(1) on a singly linked run queue. */
        ebb_irq_state s = ebb_port_lock();
        t->state = EBB_TASK_IDLE;
        t->co.resume = 0;
        ebb_port_unlock(s);
    } else if (t->state != EBB_TASK_DONE) {
        return; /* idle: it holds nothing (a cancel gave it all back) */
    }
    /* A finished task keeps its state, but what it ended up holding is
     * given back too: the way out for a body that returned holding a
     * channel reservation or peek (docs/misuse.md). */

    /* What it held beyond its await (a reservation, a peek, a mutex) goes
     * back: nobody else could ever release it. */
    if (ebb__channel_drop_holder != NULL) {
        ebb__channel_drop_holder(t);
    }
    if (ebb__mutex_drop_holder != NULL) {
        ebb__mutex_drop_holder(t);
    }
}
