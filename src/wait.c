/* wait.c - wait lists and the generic "wait until woken" awaitable. */
#include "ebb/executor.h"
#include "ebb/port.h"
#include "ebb/wait.h"

EBB_MODULE("wait");

void ebb_wait_add_locked(ebb_wait *w, ebb_list *list)
{
    EBB_REQUIRE(1, ebb__cur != NULL && !ebb_cancelling());
    w->task = ebb__cur;
    if (!ebb_node_linked(&w->node)) {
        ebb_list_push_back(list, &w->node);
    }
}

bool ebb_waitlist_wake_one_locked(ebb_list *list)
{
    ebb_node *n = ebb_list_pop_front(list);
    if (n == NULL) {
        return false;
    }
    (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    return true;
}

void ebb_waitlist_wake_all_locked(ebb_list *list)
{
    ebb_node *n;
    while ((n = ebb_list_pop_front(list)) != NULL) {
        (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    }
}

void ebb_waitlist_wake_all(ebb_list *list)
{
    ebb_waitlist_wake_all_inline(list);
}

ebb_poll_t ebb__wait_on_locked_path(ebb_wait *w, ebb_list *list)
{
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();

    if (ebb_cancelling()) {
        ebb_wait_remove_locked(w, list);
    } else if (ebb_wait_fired(w)) {
        w->task = NULL;
        r = EBB_READY;
    } else {
        ebb_wait_add_locked(w, list);
    }
    ebb_port_unlock(s);
    return r;
}
