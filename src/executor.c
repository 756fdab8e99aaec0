/* executor.c - run queues and the poll loop. */
#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/stats.h"
#include "ebb/trace.h"

EBB_MODULE("executor");

/* cold, as ebb_executor_init() and ebb_task_spawn(), its only callers:
 * set-up code, kept off the lines of the code that runs on every event. */
__attribute__((cold)) unsigned ebb__executor_index(const ebb_executor *ex)
{
    unsigned n = ebb_executor_count();
    /* Indices fit the task header's byte; EBB__EXEC_NO_ID is reserved. */
    for (unsigned i = 0; i < n && i < EBB__EXEC_NO_ID; i++) {
        if (__start_ebb_executors[i] == ex) {
            return i;
        }
    }
    return EBB__EXEC_NO_ID;
}

__attribute__((cold)) void ebb_executor_init(ebb_executor *ex, ebb_pender_fn pend)
{
    if (EBB_UNLIKELY(ebb__executor_index(ex) == EBB__EXEC_NO_ID)) {
        EBB_REQUIRE(1, false);
        return;
    }
    ex->pend = pend;
}

void ebb__executor_reset_all(bool unlink)
{
    for (unsigned i = 0; i < ebb_executor_count(); i++) {
        ebb_list *l = &__start_ebb_executors[i]->ready;
        /* Each popped task is unlinked: a later spawn queues it afresh. */
        while (unlink && ebb_list_pop_front(l) != NULL) {
        }
        ebb_list_init(l);
    }
}

/* Queue the chain first..last at the tail of the ready list and tell the
 * pender.  Lock held. */
static void append_locked(ebb_executor *ex, ebb_node *first, ebb_node *last)
{
    ebb_list_append_chain(&ex->ready, first, last);
    if (ex->pend != NULL) {
        ex->pend(ex);
    }
}

/* The end of the chain of tasks that yielded in a pass: not NULL (a node on
 * it must look linked to ebb_wake()), and no node's address. */
#define YIELD_END ((ebb_node *)(uintptr_t)1u)

/* Take the task at `n` off the detached chain and claim it, lock held:
 * its link is cleared (a wake during its own poll queues it again) and,
 * unless it is not running or another context runs its body now (a
 * cancel), it is marked busy.  Returns whether it is to be polled. */
static inline bool take_locked(ebb_node *n)
{
    ebb_node_clear(n);
    return ebb__task_claim_locked(EBB_CONTAINER_OF(n, ebb_task, node));
}

/* hot: it runs on every wake, so it goes with the code of the event paths
 * (a port may place such code together: port/cortex-m/sections.ld). */
__attribute__((hot)) bool ebb_executor_poll(ebb_executor *ex)
{
    /* Detach the ready list (ebb_list_take_all(): its last node, whose next
     * is its first) and take its first task, in one critical section. */
    ebb_irq_state s = ebb_port_lock();
    ebb_node *const last = ebb_list_take_all(&ex->ready);
    if (last == NULL) {
        ebb_port_unlock(s);
        return false;
    }
    ebb_node *n = ebb_chain_first(last);
    ebb_node *next = ebb_chain_next(n);
    bool mine = take_locked(n);
    ebb_port_unlock(s);

    /* Only tasks that were ready when the pass began run in it: a wake
     * during the pass lands in the (now empty) ready list, for next time.
     * A task on the detached chain still looks queued to ebb_wake(), so it
     * is not queued twice.  Tasks that yield form a chain of their own,
     * newest first, queued in yield order behind everything else at the
     * end of the pass; their links are never NULL, so a wake meanwhile
     * leaves them alone. */
    ebb_node *yielded = YIELD_END;
    for (;;) {
        ebb_task *const t = EBB_CONTAINER_OF(n, ebb_task, node);
        bool yield = false;
        if (EBB_LIKELY(mine)) {
            /* The poll's context lives on this frame for its length. */
            ebb_cx cx = {t, false};
            EBB__TRACE(EBB_TRACE_POLL, t, 0);
#if EBB_CONFIG_TASK_STATS
            uint32_t const began = ebb__profile_now();
#endif
            ebb_poll_t r = t->poll(t, &cx);
#if EBB_CONFIG_TASK_STATS
            /* The claimer's fields: nobody else writes them meanwhile. */
            t->run += ebb__profile_now() - began;
            t->polls++;
#endif
            EBB__TRACE(EBB_TRACE_POLL_END, t, r.ready_);
            ebb__task_unclaim(t, r.ready_ == 1u);
            if (EBB_UNLIKELY(r.ready_ != 0u)) {
                yield = r.ready_ == EBB__POLL_YIELD;
                if (!yield && ebb__task_holds(t) != 0) {
                    ebb__task_ended_holding();
                }
            }
        }
        if (n == last && !yield) {
            break;
        }
        /* One critical section both queues a task that yielded on the
         * yield chain (unless a wake during its poll queued it first) and
         * takes the next task of the pass. */
        s = ebb_port_lock();
        if (yield && !ebb_node_linked(&t->node)) {
            yielded = ebb_chain_push(yielded, &t->node);
        }
        if (n == last) {
            ebb_port_unlock(s);
            break;
        }
        n = next;
        next = ebb_chain_next(n);
        mine = take_locked(n);
        ebb_port_unlock(s);
    }

    if (yielded != YIELD_END) {
        /* Back into yield order, then behind the ready list. */
        ebb_node *const end = yielded;
        ebb_node *const first = ebb_chain_reverse(yielded, YIELD_END);
        s = ebb_port_lock();
        append_locked(ex, first, end);
        ebb_port_unlock(s);
    }
    return ebb_executor_has_work(ex);
}

#if EBB_CONFIG_TRACE || EBB_CONFIG_TASK_STATS
/* Idle observed: one mark when the executor goes to sleep and one when it
 * has work again, however often the port's idle returns early. */
static void observed_idle(ebb_executor *ex)
{
    EBB_EXECUTOR_IDLE_ENTER(ex);
    while (!ebb_executor_has_work(ex)) {
        ebb_port_idle(ex);
    }
    EBB_EXECUTOR_IDLE_EXIT(ex);
}
#define EBB__IDLE(ex) observed_idle(ex)
#else
#define EBB__IDLE(ex) ebb_port_idle(ex)
#endif

ebb_poll_t ebb__yield_by_wake(ebb_cx *cx)
{
    (void)ebb_wake(cx->task);
    return EBB_PENDING;
}

void ebb_executor_run(ebb_executor *ex)
{
    for (;;) {
        if (!ebb_executor_poll(ex)) {
            EBB__IDLE(ex);
        }
    }
}
