/* executor.c - run queues and the poll loop. */
#include "ebb/executor.h"
#include "ebb/port.h"

EBB_MODULE("executor");

bool ebb__executor_resolve(ebb_executor *ex)
{
    unsigned n = ebb_executor_count();
    if (EBB_LIKELY(ex->id < n && __start_ebb_executors[ex->id] == ex)) {
        return true;
    }
    /* Ids fit the task header's byte; EBB__EXEC_NO_ID is reserved. */
    for (unsigned i = 0; i < n && i < EBB__EXEC_NO_ID; i++) {
        if (__start_ebb_executors[i] == ex) {
            ex->id = (uint8_t)i; /* racing resolvers store the same value */
            return true;
        }
    }
    return false;
}

void ebb_executor_init(ebb_executor *ex, ebb_pender_fn pend)
{
    if (EBB_UNLIKELY(!ebb__executor_resolve(ex))) {
        EBB_REQUIRE(1, false);
        return;
    }
    ex->pend = pend;
}

void ebb__executor_reset_all(void)
{
    for (unsigned i = 0; i < ebb_executor_count(); i++) {
        ebb_list_init(&__start_ebb_executors[i]->ready);
    }
}

/* Poll the detached chain starting at `n`. */
__attribute__((noinline)) static void poll_chain(ebb_node *n)
{
    ebb_task *const outer = ebb__cur; /* an executor in an ISR may nest */

    /* Only tasks that were ready when the pass began run in it: a wake
     * during the pass lands in the (now empty) ready list, for next time.
     * A task on the detached chain still looks queued to ebb_wake(), so it
     * is not queued twice; its link is cleared just before it is polled, so
     * a wake during its own poll queues it again. */
    while (n != EBB_LIST_END) {
        ebb_task *t = EBB_CONTAINER_OF(n, ebb_task, node);
        n = n->next;
        t->node.next = NULL;
        if (t->state == EBB_TASK_RUNNING) {
            ebb__cur = t;
            if (ebb_poll_is_ready(t->poll(t))) {
                t->state = EBB_TASK_DONE;
            }
        }
    }
    ebb__cur = outer;
}

bool ebb_executor_poll(ebb_executor *ex)
{
    ebb_irq_state s = ebb_port_lock();
    ebb_node *n = ebb_list_take_all(&ex->ready);
    ebb_port_unlock(s);

    if (n == EBB_LIST_END) {
        return ebb_executor_has_work(ex); /* nothing was ready */
    }
    if (__builtin_expect(n->next == EBB_LIST_END, 1)) {
        /* Fast path, the usual pass after an interrupt woke one task: the
         * loop below for a chain of one, with fewer registers to save and
         * no loop to enter - it is on every interrupt-to-task latency. */
        ebb_task *const outer = ebb__cur;
        ebb_task *t = EBB_CONTAINER_OF(n, ebb_task, node);
        t->node.next = NULL;
        if (t->state == EBB_TASK_RUNNING) {
            ebb__cur = t;
            if (ebb_poll_is_ready(t->poll(t))) {
                t->state = EBB_TASK_DONE;
            }
        }
        ebb__cur = outer;
    } else {
        poll_chain(n);
    }
    return ebb_executor_has_work(ex);
}

void ebb_executor_run(ebb_executor *ex)
{
    for (;;) {
        if (!ebb_executor_poll(ex)) {
            ebb_port_idle(ex);
        }
    }
}
