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

/* cold: spawning is set-up (src/executor.c, ebb__executor_index). */
__attribute__((cold)) int ebb_task_spawn(ebb_executor *ex, ebb_task *t)
{
    unsigned const id = ebb__executor_index(ex);
    if (EBB_UNLIKELY(id == EBB__EXEC_NO_ID)) {
        EBB_REQUIRE(1, false);
        return EBB_EINVAL;
    }
    EBB_REQUIRE_OR(3, t != NULL && t->poll != NULL, return EBB_EINVAL);

    ebb_irq_state s = ebb_port_lock();
    /* A finished task may still sit in its old executor's run queue (woken
     * before it finished); moving it to another executor now would leave
     * the old one polling it. */
    /* One test for "running" and "holds something": only an idle task,
     * or a finished one, that holds nothing starts again - a task that
     * ended holding something (task:5) is cancelled first, which gives it
     * back.  So a spawned task always starts with a count of 0, stored
     * whole. */
    if ((t->state & ~(unsigned)EBB_TASK_DONE) != 0 ||
        (ebb_node_linked(&t->node) && t->exec != id)) {
        ebb_port_unlock(s);
        return EBB_EBUSY;
    }
    t->co.resume = 0;
    t->exec = (uint8_t)id;
    t->state = EBB_TASK_RUNNING;
    (void)ebb__wake_locked(t);
    ebb_port_unlock(s);
    return EBB_OK;
}

/* The holds count (the state byte's bits 2-7, ebb/task.h) is written with
 * the lock held: by the awaitables that take a hold (in the task's own
 * poll), by commit / release / unlock and the hand-overs (any context: an
 * interrupt may commit a task's reservation, a task of another executor
 * may hand it a mutex), by spawn, cancel and the resets.  The life-cycle
 * bits share the byte, so their writers keep the count, and all but one
 * hold the lock: ebb__task_done() below. */

/* The executor's mark of a task whose body returned.  Without the lock (a
 * task's end costs no critical section): a task that holds nothing, the
 * correct case, is written by nobody else - its count moves only when it
 * takes a hold itself (it has stopped) or is handed a mutex it waits for
 * (it waits for nothing) or gives one back (it has none); the life cycle
 * races only with a cancel from a context that preempts the executor,
 * which ends in DONE as before the count existed.  A task that ends
 * holding something is contract task:5; contracts off, a give-back from
 * another context racing this store may be lost, leaving the count high:
 * a later cancel then searches and refuses (task:4) - no memory is
 * touched.  Out of line and cold: the executor's loop stays small. */
__attribute__((cold, noinline)) void ebb__task_done(ebb_task *t)
{
    unsigned st = t->state;
    /* (st & ~3) | DONE in two short instructions: RUNNING (01) and, after a
     * racing cancel, IDLE (00) both become DONE (10); the count stays. */
    t->state = (uint8_t)((st | EBB__TASK_STATE_MASK) - 1u);
    /* What it holds now, nobody else will give back (only a cancel or a
     * reset of the finished task, or a commit / release by anyone):
     * contracts off it stays held, and a mutex is reclaimed by the next
     * task that finds it owned (mutex:4). */
    EBB_REQUIRE(5, st < EBB__TASK_HOLD);
}

/* What the tables hold for `t` (and, with give_back, give it back). */
static unsigned tabled_holds(ebb_task *t, bool give_back)
{
    unsigned n = 0;
    if (ebb__channel_holds != NULL) {
        n += ebb__channel_holds(t, give_back);
    }
    if (ebb__mutex_holds != NULL) {
        n += ebb__mutex_holds(t, give_back);
    }
    return n;
}

int ebb_task_cancel(ebb_task *t)
{
    EBB_REQUIRE_OR(3, t != NULL, return EBB_EINVAL);
    EBB_REQUIRE_OR(2, t != ebb__cur, return EBB_EINVAL);
    /* Refused before anything changes when the tables do not have all it
     * holds: giving back part would leave the rest held by a task that
     * will never run again.  Read before the search: while `t` does not
     * run, its count only grows by a mutex handed to it meanwhile (which
     * the search may count too: never a false refusal); it shrinks only
     * when another context gives back what `t` holds, which would race
     * with this cancel's own giving back anyway. */
    unsigned holds = ebb__task_holds(t);
    if (EBB_UNLIKELY(holds != 0) && tabled_holds(t, false) < holds) {
        EBB_REQUIRE(4, false);
        return EBB_EBUSY;
    }
    if (ebb__task_running(t)) {
        /* Run the body in cancel mode: it jumps to its current await, which
         * withdraws its wakers and resets, as a losing select branch does
         * (a mutex handed to it while it waited is handed on there). */
        ebb_task *saved = ebb__cancel_enter();
        (void)t->poll(t);
        ebb__cancel_exit(saved);

        /* If it is queued it stays queued: the executor skips a task that is
         * not running, and a re-spawn on the same executor reuses the queue
         * entry.  That keeps cancel O(1) on a singly linked run queue. */
        ebb_irq_state s = ebb_port_lock();
        t->state = (uint8_t)(t->state & ~EBB__TASK_STATE_MASK); /* idle */
        t->co.resume = 0;
        ebb_port_unlock(s);
    }
    /* What it holds beyond its await (a reservation, a peek, a mutex) goes
     * back: nobody else could ever release it.  Also for a task that
     * finished holding something (it keeps its state).  A count of 0 (the
     * usual case) skips the search. */
    if (ebb__task_holds(t) != 0) {
        (void)tabled_holds(t, true);
    }
    return EBB_OK;
}
