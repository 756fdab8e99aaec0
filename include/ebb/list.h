/** @file
 * ebb/list.h - the one intrusive list every ebb queue is built from.
 *
 * Two shapes, both intrusive (the node is embedded in the object that waits;
 * nothing is allocated; an object is on at most one list at a time through a
 * given node):
 *
 *   ebb_list / ebb_node    singly linked with a tail pointer: the run queues.
 *       One pointer per node keeps the task header at 12 bytes; every
 *       operation the executor needs (push at the tail, pop at the head,
 *       detach the whole chain, "is it queued?") is O(1).  A task is never
 *       unlinked from the middle: a cancelled task stays queued and the
 *       executor skips it (ebb_task_cancel).
 *
 *   ebb_dlist / ebb_dnode  doubly linked ring through the list's own head
 *       node: every wait list (ebb_waitlist, ebb/wait.h).  Two pointers per
 *       node buy removal from anywhere in O(1), without knowing the list -
 *       which is what cancellation, a timeout whose event won and the losers
 *       of a select do - and a wake-all that can detach the waiters in O(1)
 *       and wake them one critical section at a time.
 *
 * In both, a node is "linked" exactly when next != NULL (the last node of an
 * ebb_list points at a shared sentinel; in a ring the last points at the
 * head).  That makes the queued test a single load, which is what lets
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

#include "ebb/contract.h" /* EBB_LIKELY */

#ifdef __cplusplus
extern "C" {
#endif

/** Pointer to the struct of type `type` whose member `member` is at `ptr`. */
#define EBB_CONTAINER_OF(ptr, type, member) \
    ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/** Link of a singly linked list (ebb_list). */
typedef struct ebb_node {
    struct ebb_node *next; /**< NULL: not on a list; &ebb__list_end: last */
} ebb_node;

/** A singly linked FIFO of ebb_node: O(1) push and pop (the run queues). */
typedef struct ebb_list {
    ebb_node *head; /**< NULL when empty */
    ebb_node *tail; /**< meaningful only when head != NULL */
} ebb_list;

/* The sentinel that ends every list; never written, and read only by
 * ebb_node_linked() (which finds it "linked": it points at itself, so a wake
 * of the cancel marker, which borrows its address, is a no-op).  Constant,
 * so it costs flash instead of RAM. */
extern const ebb_node ebb__list_end;
/** The `next` of the last node of an ebb_list (NULL means "on no list"). */
#define EBB_LIST_END ((ebb_node *)(void *)(uintptr_t)&ebb__list_end)

/** Static initializer of an empty ebb_list. */
#define EBB_LIST_INIT {NULL, NULL}
/** Static initializer of an unlinked ebb_node. */
#define EBB_NODE_INIT {NULL}

/** Empty a list.  Context: any.  Cost: O(1). */
static inline void ebb_list_init(ebb_list *l) { l->head = NULL; l->tail = NULL; }

/** True when the list holds nothing.  Context: any.  Cost: O(1). */
static inline bool ebb_list_empty(const ebb_list *l) { return l->head == NULL; }

/** True when the node is on some list.  Context: any.  Cost: O(1). */
static inline bool ebb_node_linked(const ebb_node *n) { return n->next != NULL; }

/** Append an unlinked node.  Context: any, lock held.  Cost: O(1). */
static inline void ebb_list_push_back(ebb_list *l, ebb_node *n)
{
    n->next = EBB_LIST_END;
    /* Laid out for an empty list: the run queue of an executor that a wake
     * finds idle (the usual case in an event-driven program).  Inlined into
     * an interrupt handler's wake, the other layout cost the showdown two
     * taken branches and two flash-line misses per edge. */
    if (EBB_LIKELY(l->head == NULL)) {
        l->head = n;
    } else {
        l->tail->next = n;
    }
    l->tail = n;
}

/** Remove and return the first node (unlinked), or NULL.  Context: any, lock
 *  held.  Cost: O(1). */
static inline ebb_node *ebb_list_pop_front(ebb_list *l)
{
    ebb_node *n = l->head;
    if (n != NULL) {
        l->head = (n->next == EBB_LIST_END) ? NULL : n->next;
        n->next = NULL;
    }
    return n;
}

/** Detach the whole chain and leave the list empty.  Returns the first node,
 *  or EBB_LIST_END if there was none; the caller walks the chain by ->next
 *  until EBB_LIST_END and unlinks each node itself.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_node *ebb_list_take_all(ebb_list *l)
{
    ebb_node *first = l->head ? l->head : EBB_LIST_END;
    l->head = NULL;
    return first;
}

/** Insert unlinked `n` after `prev` (prev == NULL: at the front).  Context:
 *  any, lock held.  Cost: O(1). */
static inline void ebb_list_insert_after(ebb_list *l, ebb_node *prev, ebb_node *n)
{
    if (prev == NULL) {
        n->next = l->head ? l->head : EBB_LIST_END;
        if (l->head == NULL) {
            l->tail = n;
        }
        l->head = n;
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

/** Next node after `n`, or NULL at the end.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_node *ebb_list_next(const ebb_node *n)
{
    return n->next == EBB_LIST_END ? NULL : n->next;
}

/* ---- ebb_dlist: doubly linked ring, O(1) removal from anywhere ---- */

/** Link of a doubly linked list (ebb_dlist): O(1) unlink. */
typedef struct ebb_dnode {
    struct ebb_dnode *next; /**< NULL: not on a list */
    struct ebb_dnode *prev; /**< meaningful only while linked */
} ebb_dnode;

/** The list is the ring's head node.  Empty exactly when head.next == NULL,
 * so all-zero (a static object, or EBB_DLIST_INIT) is a valid empty list, no
 * list needs an init call, and none needs its own address in an
 * initializer.  Non-empty: head.next is the first node, head.prev the last,
 * and the ring closes through the head. */
typedef struct ebb_dlist {
    ebb_dnode head; /**< sentinel of a circular list; head.next == NULL: empty */
} ebb_dlist;

/** Static initializer of an empty ebb_dlist (all-zero is one too). */
#define EBB_DLIST_INIT {{NULL, NULL}}
/** Static initializer of an unlinked ebb_dnode. */
#define EBB_DNODE_INIT {NULL, NULL}

/** Empty a list.  Context: any.  Cost: O(1). */
static inline void ebb_dlist_init(ebb_dlist *l) { l->head.next = NULL; }

/** True when the node is on some list.  Context: any.  Cost: O(1). */
static inline bool ebb_dnode_linked(const ebb_dnode *n) { return n->next != NULL; }

/** First node, or NULL when empty.  Context: any, lock held.  O(1). */
static inline ebb_dnode *ebb_dlist_first(const ebb_dlist *l) { return l->head.next; }

/** True when the list holds nothing.  Context: any.  Cost: O(1). */
static inline bool ebb_dlist_empty(const ebb_dlist *l) { return l->head.next == NULL; }

/** Node after `n` on `l`, or NULL at the end.  Context: any, lock held.
 *  Cost: O(1). */
static inline ebb_dnode *ebb_dlist_next(const ebb_dlist *l, const ebb_dnode *n)
{
    return n->next == &l->head ? NULL : n->next;
}

/* Link `n` between neighbours `prev` and `next` of a non-empty ring. */
static inline void ebb__dnode_link(ebb_dnode *n, ebb_dnode *prev, ebb_dnode *next)
{
    n->next = next;
    n->prev = prev;
    prev->next = n;
    next->prev = n;
}

/** Append an unlinked node.  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dlist_push_back(ebb_dlist *l, ebb_dnode *n)
{
    ebb_dnode *h = &l->head;
    if (h->next == NULL) {
        h->next = h->prev = h; /* a ring of the head alone */
    }
    ebb__dnode_link(n, h->prev, h);
}

/** Prepend an unlinked node.  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dlist_push_front(ebb_dlist *l, ebb_dnode *n)
{
    ebb_dnode *h = &l->head;
    if (h->next == NULL) {
        h->next = h->prev = h;
    }
    ebb__dnode_link(n, h, h->next);
}

/** Unlink a linked node from whatever list holds it (the list is not needed:
 *  an only node's neighbours are both the head, which then becomes empty).
 *  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dnode_unlink(ebb_dnode *n)
{
    ebb_dnode *next = n->next;
    ebb_dnode *prev = n->prev;
    if (next == prev) {
        next->next = NULL; /* it was the only node: the list is empty now */
    } else {
        prev->next = next;
        next->prev = prev;
    }
    n->next = NULL;
}

/** Remove and return the first node (unlinked), or NULL.  Context: any, lock
 *  held.  Cost: O(1). */
static inline ebb_dnode *ebb_dlist_pop_front(ebb_dlist *l)
{
    ebb_dnode *n = ebb_dlist_first(l);
    if (n != NULL) {
        ebb_dnode_unlink(n);
    }
    return n;
}

/** Move every node of `from` (in order) to `to`, leaving `from` empty; `to`
 *  is overwritten.  The nodes stay linked, so whoever owns one can still
 *  unlink it in O(1).  Context: any, lock held.  Cost: O(1). */
static inline void ebb_dlist_move_all(ebb_dlist *from, ebb_dlist *to)
{
    ebb_dnode *first = from->head.next;
    to->head.next = NULL;
    if (first != NULL) {
        ebb_dnode *last = from->head.prev;
        from->head.next = NULL;
        to->head.next = first;
        to->head.prev = last;
        first->prev = &to->head;
        last->next = &to->head;
    }
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_LIST_H */
