/* wait.c - wait lists and the generic "wait until woken" awaitable. */
#include "ebb/executor.h"
#include "ebb/port.h"
#include "ebb/wait.h"

EBB_MODULE("wait");

/* `w` is linked, alone, on a list that is not `list`: the same ebb_wait
 * registered for two objects at once (two branches of a select, say).  It
 * can be on one list only, so the other object's event would never wake
 * the task: contract wait:2 (contracts off, it stays where it is).  Alone
 * on its list, both its neighbours are that list's head; among other
 * waiters, telling the lists apart would cost a walk: not looked for.
 * Unused when contracts are compiled out (the check is the only caller). */
__attribute__((unused)) static inline bool on_other_list(const ebb_wait *w, const ebb_waitlist *list)
{
    return ebb_dnode_linked(&w->node) && w->node.next == w->node.prev &&
           w->node.next != &list->l.head;
}

#if defined(__OPTIMIZE_SIZE__)
/* Size builds: the register half of the hand-off step, instead of a second
 * copy of the linking code.  Contract wait:1 as in speed builds: inside a
 * task's poll, not while cancelling (contracts off: registers nothing; a
 * waiter with no task would later be woken as NULL). */
__attribute__((noinline)) /* one copy for every driver's register path */
void ebb_wait_add_locked(ebb_wait *w, ebb_waitlist *list)
{
    EBB_REQUIRE_OR(1, !ebb_cancelling(), return);
    if (!ebb_dnode_linked(&w->node)) {
        w->task = NULL; /* new (or fired): to the back of the line */
    }
    ebb__wait_miss_locked(w, list, false);
}
#else
/* Speed builds: straight-line, no call - this is every await's register
 * path (bench.ops executor_poll(resume+wait_again)). */
void ebb_wait_add_locked(ebb_wait *w, ebb_waitlist *list)
{
    /* Contracts off: a waiter with no task would be woken as NULL later;
     * register nothing (the await stays pending). */
    EBB_REQUIRE_OR(1, ebb__cur != NULL && !ebb_cancelling(), return);
    w->task = ebb__cur;
    if (!ebb_dnode_linked(&w->node)) {
        ebb_dlist_push_back(&list->l, &w->node);
    } else {
        EBB_REQUIRE(2, !on_other_list(w, list));
    }
}
#endif

void ebb__wait_remove_locked(ebb_wait *w)
{
    if (ebb_dnode_linked(&w->node)) {
        ebb_dnode_unlink(&w->node);
    }
    w->task = NULL;
}

#if defined(__OPTIMIZE_SIZE__)
__attribute__((noinline)) /* one copy for every miss path (flash) */
#endif
void ebb__wait_miss_locked(ebb_wait *w, ebb_waitlist *list, bool more)
{
    if (ebb_cancelling()) {
        bool had_turn = ebb_wait_fired(w);
        ebb_wait_remove_locked(w);
        if (had_turn && more) {
            (void)ebb_waitlist_wake_one_locked(list); /* pass the turn on */
        }
        return;
    }
    EBB_REQUIRE_OR(1, ebb__cur != NULL, return); /* contracts off: register nothing */
    EBB_REQUIRE(2, !on_other_list(w, list));
    if (!ebb_dnode_linked(&w->node)) {
        ebb_dnode *h = &list->l.head;
        if (h->next == NULL) {
            h->next = h->prev = h; /* a ring of the head alone */
        }
        /* New: at the back.  Woken, but the item went elsewhere first: at
         * the front, keeping its turn.  (One link for both: flash.) */
        ebb_dnode *prev = w->task != NULL ? h : h->prev;
        ebb__dnode_link(&w->node, prev, prev->next);
    }
    w->task = ebb__cur;
}

bool ebb__wait_turn_slow(const ebb_wait *w, const ebb_waitlist *list)
{
    return ebb_dlist_first(&list->l) == &w->node || ebb_wait_fired(w);
}

/* Noinline: the callers in this file (wake all, wake many, a cancelled
 * waiter's turn) call the one copy of the wake path instead of inlining a
 * copy each (flash: 154 bytes of the showdown's .text). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
bool ebb_waitlist_wake_one_locked(ebb_waitlist *list)
{
    ebb_dnode *n = ebb_dlist_pop_front(&list->l);
    if (n == NULL) {
        return false;
    }
    (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    return true;
}

void ebb_waitlist_wake_all_locked(ebb_waitlist *list)
{
    while (ebb_waitlist_wake_one_locked(list)) {
    }
}

#if defined(__GNUC__)
__attribute__((noinline)) /* one copy, shared by ebb_waitlist_wake_all() */
#endif
void ebb__waitlist_wake_many(ebb_waitlist *list, ebb_irq_state s)
{
    /* Detach the waiters present now onto a list of our own (O(1)), then
     * wake them one critical section at a time.  A waiter cancelled
     * meanwhile unlinks itself from this local list, which needs no help
     * from us; one that registers again goes on `list`, for the next event. */
    ebb_waitlist batch;
    ebb_dlist_move_all(&list->l, &batch.l);
    for (;;) {
        bool more = ebb_waitlist_wake_one_locked(&batch);
        ebb_port_unlock(s);
        if (!more) {
            return;
        }
        s = ebb_port_lock();
    }
}

void ebb_waitlist_wake_all(ebb_waitlist *list)
{
    /* ebb_waitlist_wake_all_inline()'s body; not a call to it, which in a
     * size build calls back here. */
    ebb_irq_state s = ebb_port_lock();
    ebb_dnode *n = ebb_dlist_first(&list->l);
    if (n != NULL) {
        if (n->next != &list->l.head) {
            ebb__waitlist_wake_many(list, s);
            return;
        }
        list->l.head.next = NULL;
        n->next = NULL;
        (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    }
    ebb_port_unlock(s);
}

ebb_poll_t ebb__wait_on_locked_path(ebb_wait *w, ebb_waitlist *list)
{
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (!ebb_cancelling() && ebb_wait_fired(w)) {
        w->task = NULL;
        r = EBB_READY;
    } else {
        ebb__wait_miss_locked(w, list, false); /* broadcast: no turn to pass */
    }
    ebb_port_unlock(s);
    return r;
}
