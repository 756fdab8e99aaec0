/* executor.c - run queues and the poll loop. */
#include "ebb/executor.h"
#include "ebb/port.h"

EBB_MODULE("executor");

/* cold, as ebb_executor_init() and ebb_task_spawn(), its only callers:
 * set-up code, compiled for size and kept off the lines of the code that
 * runs on every event. */
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

uint32_t ebb_executor_declared_context(const ebb_executor *ex)
{
    for (const ebb_executor_context_entry *e = __start_ebb_executor_contexts;
         e < __stop_ebb_executor_contexts; e++) {
        if (e->ex == ex) {
            return e->context;
        }
    }
    return 0; /* undeclared: thread mode */
}

void ebb__executor_reset_all(void)
{
    for (unsigned i = 0; i < ebb_executor_count(); i++) {
        ebb_list_init(&__start_ebb_executors[i]->ready);
    }
}

/* Queue the chain first..last at the tail of the ready list and tell the
 * executor's pender.  Lock held. */
static void append_locked(ebb_executor *ex, ebb_node *first, ebb_node *last)
{
    ebb_list_append_chain(&ex->ready, first, last);
    if (ex->pend != NULL) {
        ex->pend(ex);
    }
}

/* The end of the chain of tasks that yielded in a pass: not NULL (a node on
 * it must look queued) and no node's address (odd), and a small constant
 * instead of a sentinel object whose address would be a literal load. */
#define YIELD_END ((ebb_node *)(uintptr_t)1u)

/* Poll the detached chain from `n` up to `last`. */
__attribute__((noinline)) static void poll_chain(ebb_executor *ex, ebb_node *n, ebb_node *last)
{
    ebb_task *const outer = ebb__cur; /* an executor in an ISR may nest */
    /* Tasks that yielded in this pass: a chain of their own that no other
     * context touches, newest first (a push is two stores), queued in
     * yield order behind everything else at the end of the pass.  Their
     * nodes are linked (never NULL: the oldest points at YIELD_END), so a
     * wake meanwhile leaves them alone: they run in the next pass either
     * way. */
    ebb_node *yielded = YIELD_END;

    /* Only tasks that were ready when the pass began run in it: a wake
     * during the pass lands in the (now empty) ready list, for next time.
     * A task on the detached chain still looks queued to ebb_wake(), so it
     * is not queued twice; its link is cleared just before it is polled, so
     * a wake during its own poll queues it again. */
    bool more;
    do {
        ebb_task *t = EBB_CONTAINER_OF(n, ebb_task, node);
        more = n != last;
        n = n->next;
        t->node.next = NULL;
        if (ebb__task_running(t)) {
            ebb__cur = t;
            ebb_poll_t r = t->poll(t);
            /* Laid out for the yield: a pending task costs the same
             * instructions either way, and the yield is what a task that
             * loops on EBB_YIELD pays on every turn. */
            if (EBB_LIKELY(r.ready_ == EBB__POLL_YIELD)) {
                /* The cheap yield: one short critical section against a
                 * wake that queued it first (it then is queued already). */
                ebb_irq_state s = ebb_port_lock();
                if (EBB_LIKELY(t->node.next == NULL)) {
                    t->node.next = yielded;
                    yielded = &t->node;
                }
                ebb_port_unlock(s);
            } else if (r.ready_ != 0) {
                ebb__task_done(t);
            }
        }
    } while (more);
    ebb__cur = outer;
    if (yielded != YIELD_END) {
        /* Back into yield order, then behind the ready list. */
        ebb_node *first = YIELD_END, *end = yielded;
        do {
            ebb_node *next = yielded->next;
            yielded->next = first;
            first = yielded;
            yielded = next;
        } while (yielded != YIELD_END);
        ebb_irq_state s = ebb_port_lock();
        append_locked(ex, first, end);
        ebb_port_unlock(s);
    }
}

/* Size builds poll every chain with poll_chain(): one copy of the loop. */
#if defined(__OPTIMIZE_SIZE__)
#define EBB__EXEC_FAST_PATH 0
#else
#define EBB__EXEC_FAST_PATH 1
#endif

/* What a poll that did not end pending asks for: the task finished, or it
 * yielded and goes to the back of the queue.  Out of line: the fast path
 * below then keeps fewer registers across the task's poll. */
__attribute__((noinline, unused)) static void poll_ended(ebb_executor *ex, ebb_task *t, ebb_poll_t r)
{
    if (r.ready_ == EBB__POLL_YIELD) {
        ebb_irq_state s = ebb_port_lock();
        if (t->node.next == NULL) { /* else a wake during its poll queued it */
            append_locked(ex, &t->node, &t->node);
        }
        ebb_port_unlock(s);
    } else {
        ebb__task_done(t);
    }
}

bool ebb_executor_poll(ebb_executor *ex)
{
    /* ebb_list_take_all(): the chain's last node, whose next is its
     * first; a chain of one points at itself. */
    ebb_irq_state s = ebb_port_lock();
    ebb_node *last = ex->ready.tail; /* NULL when empty */
    ex->ready.tail = NULL;
    ebb_port_unlock(s);

    if (last != NULL) {
        ebb_node *n = last->next;
        if (EBB__EXEC_FAST_PATH && __builtin_expect(n == last, 1)) {
            /* Fast path, the usual pass after an interrupt woke one task:
             * the loop of poll_chain() for a chain of one, with fewer
             * registers to save and no loop to enter - it is on every
             * interrupt-to-task latency. */
            ebb_task *t = EBB_CONTAINER_OF(n, ebb_task, node);
            t->node.next = NULL;
            if (EBB_LIKELY(ebb__task_running(t))) {
                ebb_task *const outer = ebb__cur; /* an executor in an ISR may nest */
                ebb__cur = t;
                ebb_poll_t r = t->poll(t);
                ebb__cur = outer;
                if (r.ready_ != 0) {
                    poll_ended(ex, t, r);
                }
            }
        } else {
            poll_chain(ex, n, last);
        }
    }
    return ebb_executor_has_work(ex);
}

ebb_poll_t ebb__yield_by_wake(void)
{
    (void)ebb_wake(ebb__cur);
    return EBB_PENDING;
}

void ebb_executor_run(ebb_executor *ex)
{
    for (;;) {
        if (!ebb_executor_poll(ex)) {
            ebb_port_idle(ex);
        }
    }
}
