/** @file
 * ebb/driver/list.h - the one intrusive list every ebb queue is built from.
 *
 * Two shapes, both intrusive (the node is embedded in the object that waits;
 * nothing is allocated; an object is on at most one list at a time through a
 * given node):
 *
 *   ebb_list / ebb_node    singly linked, circular through the last node,
 *       whose address is the whole list: the run queues.
 *       One pointer per node keeps the task header at 12 bytes; every
 *       operation the executor needs (push at the tail, pop at the head,
 *       detach the whole chain, "is it queued?") is O(1).  A task is never
 *       unlinked from the middle: a cancelled task stays queued and the
 *       executor skips it (ebb_task_cancel).
 *
 *   ebb_dlist / ebb_dnode  doubly linked, with a one-pointer head: every
 *       wait list (ebb_waitlist, ebb/wait.h).  Two pointers per node buy
 *       removal from anywhere in O(1), without knowing the list - which is
 *       what cancellation, a timeout whose event won and the losers of a
 *       select do - and a wake-all that can detach the waiters in O(1) and
 *       wake them one critical section at a time.
 *
 * In both, a node is "linked" exactly when next != NULL (the last node of an
 * ebb_list points at the first; the last of an ebb_dlist at its head,
 * tagged).  That makes the queued test a single load, which is what lets
 * ebb_wake() queue a task at most once.
 *
 * None of these functions lock: callers hold the port lock whenever an
 * interrupt could touch the same list.
 */
#ifndef EBB_LIST_H
#define EBB_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h> /* EBB_SET_UNLINKED */

#include "ebb/contract.h" /* EBB_LIKELY */

#ifdef __cplusplus
extern "C" {
#endif

/* Internal: an unnamed const member of no size at the end of every link
 * and head.  A struct with a const member cannot be assigned (C11
 * 6.3.2.1), so neither can anything that embeds a link or a head: assigning
 * over a linked node or a head with nodes - `*t = (ebb_timer)
 * EBB_TIMER_INITIALIZER` over an armed timer - would cut its list, and it
 * does not compile.  A zero-width bit-field takes no space and is skipped
 * by initializers (C11 6.7.9p9). */
#define EBB__PINNED const unsigned : 0;

/** Give `obj`, an object on no list, the whole new value `...` (a
 *  compound literal or another object of its type): what assigning it did,
 *  for code that knows nothing links it - a driver's init before first use,
 *  a test between cases.  Context: the object's owner.  Cost: one copy. */
#define EBB_SET_UNLINKED(obj, ...)                                             \
    do {                                                                       \
        __typeof__(obj) const ebb__value_ = __VA_ARGS__;                       \
        memcpy(&(obj), &ebb__value_, sizeof ebb__value_);                      \
    } while (0)

/** Pointer to the struct of type `type` whose member `member` is at `ptr`. */
#define EBB_CONTAINER_OF(ptr, type, member) \
    ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/** Link of a singly linked list (ebb_list). */
typedef struct ebb_node {
    struct ebb_node *next; /**< NULL: not on a list */
    EBB__PINNED
} ebb_node;

/** A singly linked FIFO of ebb_node (the run queues), circular through its
 * last node: the list is one pointer, to the last node, whose `next` is the
 * first.  So push at the back, pop at the front and detaching the whole
 * list are O(1) with a head of one word, and a linked node's `next` is
 * never NULL (an only node points at itself) without a sentinel to load. */
typedef struct ebb_list {
    ebb_node *tail; /**< the last node; NULL when empty */
    EBB__PINNED
} ebb_list;

/** Static initializer of an empty ebb_list. */
#define EBB_LIST_INIT {NULL}
/** Static initializer of an unlinked ebb_node. */
#define EBB_NODE_INIT {NULL}

/** Empty a list.  Context: any.  Cost: O(1). */
static inline void ebb_list_init(ebb_list *l) { l->tail = NULL; }

/** True when the list holds nothing.  Context: any.  Cost: O(1). */
static inline bool ebb_list_empty(const ebb_list *l) { return l->tail == NULL; }

/** True when the node is on some list.  Context: any.  Cost: O(1). */
static inline bool ebb_node_linked(const ebb_node *n) { return n->next != NULL; }

/** Append the chain first..last (each node's next the following one; the
 *  last one's next is overwritten): the nodes keep their order.  Context:
 *  any, lock held.  Cost: O(1). */
static inline void ebb_list_append_chain(ebb_list *l, ebb_node *first, ebb_node *last)
{
    ebb_node *tail = l->tail;
    /* Laid out for an empty list: the run queue of an executor that a wake
     * finds idle, the usual case in an event-driven program. */
    if (EBB_LIKELY(tail == NULL)) {
        last->next = first;
    } else {
        last->next = tail->next;
        tail->next = first;
    }
    l->tail = last;
}

/** Append an unlinked node.  Context: any, lock held.  Cost: O(1). */
static inline void ebb_list_push_back(ebb_list *l, ebb_node *n) { ebb_list_append_chain(l, n, n); }

/** First node, or NULL when empty.  Context: any, lock held.  Cost: O(1). */
static inline ebb_node *ebb_list_first(const ebb_list *l) { return l->tail != NULL ? l->tail->next : NULL; }

/** Remove and return the first node (unlinked), or NULL.  Context: any, lock
 *  held.  Cost: O(1). */
static inline ebb_node *ebb_list_pop_front(ebb_list *l)
{
    ebb_node *tail = l->tail;
    if (tail == NULL) {
        return NULL;
    }
    ebb_node *n = tail->next;
    if (n == tail) {
        l->tail = NULL;
    } else {
        tail->next = n->next;
    }
    n->next = NULL;
    return n;
}

/** Detach the whole list and leave it empty.  Returns its last node, or
 *  NULL if there was none; the caller walks the chain from last->next up
 *  to last and unlinks each node itself.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_node *ebb_list_take_all(ebb_list *l)
{
    ebb_node *last = l->tail;
    if (last != NULL) {
        l->tail = NULL; /* an empty list is left alone: no store */
    }
    return last;
}

/* A detached chain (ebb_list_take_all) and a private stack of nodes
 * belong to whoever holds them: no list head, no other context reads them,
 * so these need no lock.  Each node on them still looks linked (its next is
 * never NULL), which keeps a waker from queueing it twice. */

/** First node of a chain detached by ebb_list_take_all(), whose last node
 *  is `last`.  Context: the chain's holder.  Cost: O(1). */
static inline ebb_node *ebb_chain_first(const ebb_node *last) { return last->next; }

/** Node after `n` on a detached chain (its holder knows whether `n` is the
 *  last).  Context: the chain's holder.  Cost: O(1). */
static inline ebb_node *ebb_chain_next(const ebb_node *n) { return n->next; }

/** Mark `n`, taken off a detached chain, unlinked.  Context: lock held (a
 *  waker tests it).  Cost: O(1). */
static inline void ebb_node_clear(ebb_node *n) { n->next = NULL; }

/** Push unlinked `n` on the private stack whose top is `top` (its bottom
 *  a non-NULL end mark, so every node on it looks linked); returns the new
 *  top, `n`.  Context: lock held.  Cost: O(1). */
static inline ebb_node *ebb_chain_push(ebb_node *top, ebb_node *n)
{
    n->next = top;
    return n;
}

/** Reverse the private stack from `top` down to the end mark `end` in
 *  place, for ebb_list_append_chain(): returns the new first node (the
 *  old bottom); `top` becomes the last.  Context: the stack's holder.
 *  Cost: O(nodes). */
static inline ebb_node *ebb_chain_reverse(ebb_node *top, ebb_node *end)
{
    ebb_node *first = end;
    do {
        ebb_node *nx = top->next;
        top->next = first;
        first = top;
        top = nx;
    } while (top != end);
    return first;
}

/** Insert unlinked `n` after `prev` (prev == NULL: at the front).  Context:
 *  any, lock held.  Cost: O(1). */
static inline void ebb_list_insert_after(ebb_list *l, ebb_node *prev, ebb_node *n)
{
    if (prev == NULL) {
        ebb_node *tail = l->tail;
        if (tail == NULL) {
            n->next = n;
            l->tail = n;
        } else {
            n->next = tail->next;
            tail->next = n;
        }
    } else {
        n->next = prev->next;
        prev->next = n;
        if (l->tail == prev) {
            l->tail = n;
        }
    }
}

/** Unlink `n` if it is on `l`.  Returns whether it was.  Context: any, lock
 *  held.  Cost: O(position). */
bool ebb_list_remove(ebb_list *l, ebb_node *n);

/** Node after `n` on `l`, or NULL at the end.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_node *ebb_list_next(const ebb_list *l, const ebb_node *n)
{
    return n == l->tail ? NULL : n->next;
}

/* ---- ebb_dlist: doubly linked, O(1) removal from anywhere ---- */

/** Link of a doubly linked list (ebb_dlist): O(1) unlink. */
typedef struct ebb_dnode {
    struct ebb_dnode *next; /**< NULL: not on a list */
    struct ebb_dnode *prev; /**< meaningful only while linked */
    EBB__PINNED
} ebb_dnode;

/** A doubly linked list whose head is one pointer, to its first node.
 * All-zero (a static object, or EBB_DLIST_INIT) is a valid empty list, no
 * list needs an init call, and none needs its own address in an
 * initializer.
 *
 * The nodes form a ring with one break, where the head sits: the last
 * node's `next` is the head's address with bit 0 set (the "end mark"; lists
 * and nodes are pointer-aligned, so bit 0 of a real link is clear), and the
 * first node's `prev` is the last node.  So the tail is one load from the
 * head (O(1) append), the end of a walk is a tagged link, and a node finds
 * its list without being told: from the end mark of the last node, which
 * is its own `next` when it is last and its `prev`'s `next` when it is
 * first.  That is what keeps ebb_dnode_unlink() O(1) and list-free - a
 * cancel, a timeout whose event won and a select's losers do not know
 * which list they are on - with a head of 4 bytes instead of an 8-byte
 * sentinel node (docs/design.md, "One list for every queue"). */
typedef struct ebb_dlist {
    ebb_dnode *first; /**< NULL: empty */
    EBB__PINNED
} ebb_dlist;

/** Static initializer of an empty ebb_dlist (all-zero is one too). */
#define EBB_DLIST_INIT {NULL}
/** Static initializer of an unlinked ebb_dnode. */
#define EBB_DNODE_INIT {NULL, NULL}

/* Internal: the end mark of `l` (the last node's next), and back. */
static inline ebb_dnode *ebb__dlist_mark(const ebb_dlist *l)
{
    return (ebb_dnode *)((uintptr_t)l + 1u); /* bit 0 is clear: + is |, and shorter */
}
static inline bool ebb__dnode_is_mark(const ebb_dnode *p) { return ((uintptr_t)p & 1u) != 0; }
/* The head's `first`, reached through a mark: the -1 folds into the load
 * or store's offset. */
static inline ebb_dnode **ebb__dlist_first_of_mark(ebb_dnode *mark)
{
    return (ebb_dnode **)(void *)((char *)mark - 1);
}

/** Empty a list.  Context: any.  Cost: O(1). */
static inline void ebb_dlist_init(ebb_dlist *l) { l->first = NULL; }

/** True when the node is on some list.  Context: any.  Cost: O(1). */
static inline bool ebb_dnode_linked(const ebb_dnode *n) { return n->next != NULL; }

/** True when linked `n` is the only node of its list.  Context: any, lock
 *  held.  Cost: O(1). */
static inline bool ebb_dnode_alone(const ebb_dnode *n) { return n->prev == n; }

/** First node, or NULL when empty.  Context: any, lock held.  O(1). */
static inline ebb_dnode *ebb_dlist_first(const ebb_dlist *l) { return l->first; }

/** True when the list holds nothing.  Context: any.  Cost: O(1). */
static inline bool ebb_dlist_empty(const ebb_dlist *l) { return l->first == NULL; }

/** Node after `n` on `l`, or NULL at the end.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_dnode *ebb_dlist_next(const ebb_dlist *l, const ebb_dnode *n)
{
    (void)l;
    return ebb__dnode_is_mark(n->next) ? NULL : n->next;
}

/* Internal: link unlinked `n` into `l`, first if `front`, else last.  Both
 * put it between the last node and the first (it becomes the first's prev);
 * they differ only in which pointer to it is rewritten: the head's, or the
 * last node's next (which hands its end mark on to `n`). */
static inline void ebb__dlist_link(ebb_dlist *l, ebb_dnode *n, bool front)
{
    ebb_dnode *first = l->first;
    if (first == NULL) {
        n->next = ebb__dlist_mark(l);
        n->prev = n;
        l->first = n;
    } else {
        ebb_dnode *last = first->prev;
        n->prev = last;
        first->prev = n;
        if (front) {
            n->next = first;
            l->first = n;
        } else {
            n->next = last->next; /* the end mark */
            last->next = n;
        }
    }
}

/* Internal: link unlinked `n` right after linked `prev`, on prev's list.
 * Context: any, lock held.  Cost: O(1). */
static inline void ebb__dlist_insert_after(ebb_dnode *prev, ebb_dnode *n)
{
    ebb_dnode *next = prev->next;
    n->next = next;
    n->prev = prev;
    prev->next = n;
    if (ebb__dnode_is_mark(next)) {
        (*ebb__dlist_first_of_mark(next))->prev = n; /* n is the last now */
    } else {
        next->prev = n;
    }
}

/** Append an unlinked node.  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dlist_push_back(ebb_dlist *l, ebb_dnode *n) { ebb__dlist_link(l, n, false); }

/** Prepend an unlinked node.  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dlist_push_front(ebb_dlist *l, ebb_dnode *n) { ebb__dlist_link(l, n, true); }

/* Internal: ebb_dnode_unlink() out of line (list.c): one copy of the longer
 * cases instead of one per call site. */
void ebb__dnode_unlink(ebb_dnode *n);

/** Unlink a linked node from whatever list holds it (the list is not
 *  needed: see ebb_dlist).  Context: any, lock held.  Cost: O(1); inline
 *  straight-line code for an only node (a select's losing branches, the
 *  usual lone waiter), a call for a node with neighbours. */
static inline void ebb_dnode_unlink(ebb_dnode *n)
{
    ebb_dnode *next = n->next;
    if (EBB_LIKELY(n->prev == n)) {
        *ebb__dlist_first_of_mark(next) = NULL; /* the only node: now empty */
        n->next = NULL;
    } else {
        ebb__dnode_unlink(n);
    }
}

/** Remove and return the first node (unlinked), or NULL.  Context: any, lock
 *  held.  Cost: O(1). */
static inline ebb_dnode *ebb_dlist_pop_front(ebb_dlist *l)
{
    ebb_dnode *n = l->first;
    if (n != NULL) {
        ebb_dnode *next = n->next;
        if (ebb__dnode_is_mark(next)) {
            l->first = NULL; /* it was the only node */
        } else {
            next->prev = n->prev; /* the last node */
            l->first = next;
        }
        n->next = NULL;
    }
    return n;
}

/** Move every node of `from` (in order) to `to`, leaving `from` empty; `to`
 *  is overwritten.  The nodes stay linked, so whoever owns one can still
 *  unlink it in O(1).  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dlist_move_all(ebb_dlist *from, ebb_dlist *to)
{
    ebb_dnode *first = from->first;
    to->first = first;
    if (first != NULL) {
        from->first = NULL;
        first->prev->next = ebb__dlist_mark(to); /* the last node's end mark */
    }
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_LIST_H */
