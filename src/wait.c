/* wait.c - wait lists and the generic "wait until woken" awaitable. */
#include "ebb/executor.h"
#include "ebb/port.h"
#include "ebb/wait.h"

EBB_MODULE("wait");

/* Broadcasts in flight (contract builds only): ebb__waitlist_wake_many()
 * hands a wake-all's waiters out from a list of its own on its stack, one
 * critical section at a time, and a waiter still on that batch may be
 * polled meanwhile (from a higher-priority executor) and register again on
 * the object's list: linked, and last of a list that is not `list`, as
 * with the misuse below.  The batches form a stack (a broadcast inside
 * another's unlock window ends first), innermost first; its length is the
 * nesting depth of broadcasts, not the number of waiters.  4 bytes of RAM,
 * only where contracts are on. */
#if EBB_CONFIG_CONTRACTS
typedef struct batch {
    ebb_waitlist list;  /* the waiters not woken yet */
    struct batch *below; /* the broadcast this one interrupted, or NULL */
} batch;
static batch *ebb__wait_batches;
#endif

/* A test harness that leaves a broadcast by longjmp (a contract hook)
 * leaves its batch's frame: the host port's reset forgets it. */
void ebb__wait_reset(void)
{
#if EBB_CONFIG_CONTRACTS
    ebb__wait_batches = NULL;
#endif
}

#if EBB_CONFIG_CONTRACTS

/* The end mark of a list that is not the one `w` registers on: a batch in
 * flight, or an object's list (wait:2).  Cold: reached only by a wait that
 * is last on some other list. */
__attribute__((noinline, cold)) static void check_foreign_list(const ebb_dnode *mark)
{
    for (const batch *b = ebb__wait_batches; b != NULL; b = b->below) {
        if (ebb__dlist_mark(&b->list.l) == mark) {
            return;
        }
    }
    EBB_REQUIRE(2, false);
}
#endif

/* `w` is already linked when a task registers it on `list`: a re-poll
 * after a wake that was not this list's (a spurious wake, a select polling
 * its branches again) - or the same ebb_wait registered for two objects at
 * once (two branches of a select), contract wait:2: it can be on one list
 * only, so the other object's event would never wake the task (contracts
 * off, it stays where it is).  A last node's `next` is its list's end
 * mark, so when `w` is last somewhere its list is known in O(1): `list`
 * (one load and one compare settle the usual re-poll), a broadcast's batch
 * (above), or another object's - which is what the first poll of a select
 * whose two branches share `w` always shows, since branch 1 has just put
 * `w` at the back of its list.  A `w` with a successor is not looked for
 * (that would be a walk). */
static inline void check_same_list(const ebb_wait *w, const ebb_waitlist *list)
{
#if EBB_CONFIG_CONTRACTS
    ebb_dnode *next = w->node.next;
    if (EBB_UNLIKELY(next != ebb__dlist_mark(&list->l)) && ebb__dnode_is_mark(next)) {
        check_foreign_list(next);
    }
#else
    (void)w;
    (void)list;
#endif
}

/* Inside a task's poll and not cancelling: ebb__cur is neither NULL nor
 * the cancel marker, both at or below the marker's small address - one
 * unsigned compare for both. */
static inline bool in_task_poll(const ebb_task *cur)
{
    return (uintptr_t)cur > (uintptr_t)EBB__CANCEL_MARKER;
}

/* The register half of the hand-off step, instead of a second copy of the
 * linking code (one copy for every driver's register path; no measured
 * await registers through it: ebb_wait_on() and the hand-off step have
 * their own).  Contracts wait:1 and wait:2 as ebb__wait_miss_locked();
 * called while cancelling, it withdraws `w`, as the cancel wants. */
__attribute__((noinline))
void ebb_wait_add_locked(ebb_wait *w, ebb_waitlist *list)
{
    if (!ebb_dnode_linked(&w->node)) {
        w->task = NULL; /* new (or fired): to the back of the line */
    }
    ebb__wait_miss_locked(w, list, false);
}

__attribute__((noinline)) void ebb__wait_remove_locked(ebb_wait *w)
{
    w->task = NULL;
    if (ebb_dnode_linked(&w->node)) {
        /* The one out-of-line copy of the unlink, as a tail call: the
         * only-node case that ebb_dnode_unlink() would inline is handled
         * inline by the callers on measured paths (the cancel in
         * ebb__wait_miss_locked); here it would only add bytes. */
        ebb__dnode_unlink(&w->node);
    }
}

/* Register `w`, not linked, on `list` for `cur`: at the back if it is new,
 * at the front if it was woken but the item went elsewhere first (it keeps
 * its turn).  One link for both (flash). */
static inline void link_locked(ebb_wait *w, ebb_waitlist *list, ebb_task *cur)
{
    ebb__dlist_link(&list->l, &w->node, w->task != NULL);
    w->task = cur;
}

__attribute__((noinline)) /* one copy for every miss path (flash) */
void ebb__wait_miss_locked(ebb_wait *w, ebb_waitlist *list, bool more)
{
    ebb_task *const cur = ebb__cur;
    /* One compare for the two cases that are not a task registering. */
    if (EBB_UNLIKELY(!in_task_poll(cur))) {
        if (cur == EBB__CANCEL_MARKER) {
            bool had_turn = more && ebb_wait_fired(w);
            /* Every losing branch of a select and every cancel of a wait
             * comes here: an only waiter (the usual case) is unlinked
             * inline, one with neighbours by the one out-of-line copy. */
#if defined(__OPTIMIZE_SIZE__)
            ebb__wait_remove_locked(w); /* size builds: one copy */
#else
            ebb_dnode *n = &w->node;
            if (EBB_LIKELY(n->next != NULL && ebb_dnode_alone(n))) {
                *ebb__dlist_first_of_mark(n->next) = NULL; /* its list is empty now */
                n->next = NULL;
                w->task = NULL;
            } else {
                ebb__wait_remove_locked(w);
            }
#endif
            if (had_turn) {
                (void)ebb_waitlist_wake_one_locked(list); /* pass the turn on */
            }
            return;
        }
        EBB_REQUIRE_OR(1, false, return); /* contracts off: register nothing */
    }
    if (ebb_dnode_linked(&w->node)) {
        check_same_list(w, list); /* a re-poll: w->task already names this task */
        return;
    }
    link_locked(w, list, cur);
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
#if EBB_CONFIG_CONTRACTS
    batch b;
    ebb_waitlist *const mine = &b.list;
    b.below = ebb__wait_batches;
    ebb__wait_batches = &b; /* announced for check_same_list() */
#else
    ebb_waitlist b;
    ebb_waitlist *const mine = &b;
#endif
    ebb_dlist_move_all(&list->l, &mine->l);
    for (;;) {
        bool more = ebb_waitlist_wake_one_locked(mine);
#if EBB_CONFIG_CONTRACTS
        if (!more) {
            ebb__wait_batches = b.below; /* still under the lock */
        }
#endif
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
        if (!ebb__dnode_is_mark(n->next)) {
            ebb__waitlist_wake_many(list, s);
            return;
        }
        list->l.first = NULL;
        n->next = NULL;
        (void)ebb__wake_locked(EBB_CONTAINER_OF(n, ebb_wait, node)->task);
    }
    ebb_port_unlock(s);
}

ebb_poll_t ebb__wait_on_locked_path(ebb_wait *w, ebb_waitlist *list)
{
    ebb_poll_t r = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    ebb_task *const cur = ebb__cur;
#if !defined(__OPTIMIZE_SIZE__)
    /* Speed builds: a task's resume, its spurious re-poll and its
     * registration inline (each measured, bench.ops executor_poll); a
     * cancel and a poll outside a task take the one shared miss path. */
    if (EBB_LIKELY(in_task_poll(cur))) {
        if (!ebb_dnode_linked(&w->node)) {
            if (w->task != NULL) { /* fired */
                w->task = NULL;
                r = EBB_READY;
            } else {
                link_locked(w, list, cur);
            }
        } else {
            check_same_list(w, list); /* a re-poll: w->task names this task */
        }
        ebb_port_unlock(s);
        return r;
    }
#endif
    if (cur != EBB__CANCEL_MARKER && ebb_wait_fired(w)) {
        w->task = NULL;
        r = EBB_READY;
    } else {
        ebb__wait_miss_locked(w, list, false); /* broadcast: no turn to pass */
    }
    ebb_port_unlock(s);
    return r;
}
