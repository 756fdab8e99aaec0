/*
 * ebb/list.h - the one intrusive list every ebb queue is built from.
 *
 * The run queue, the timer queue and every wait list (channel senders and
 * receivers, signals, mutexes, EXTI lines) are an ebb_list of ebb_node
 * embedded in the object that waits.  Nothing is allocated; an object is on at
 * most one list at a time through a given node.
 *
 * Singly linked with a tail pointer: one pointer per node keeps the task
 * header at 12 bytes, and every hot operation (push at the tail, pop at the
 * head, "is it queued?") is O(1).  Removing from the middle is O(n); it only
 * happens on cancellation, and ebb's lists are short.
 *
 * A node is "linked" exactly when next != NULL: the last node points at a
 * shared sentinel instead of NULL.  That makes the queued test a single load,
 * which is what lets ebb_wake() queue a task at most once.
 *
 * None of these functions lock: callers hold the port lock whenever an
 * interrupt could touch the same list.
 */
#ifndef EBB_LIST_H
#define EBB_LIST_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Pointer to the struct of type `type` whose member `member` is at `ptr`. */
#define EBB_CONTAINER_OF(ptr, type, member) \
    ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

typedef struct ebb_node {
    struct ebb_node *next; /* NULL: not on a list; &ebb__list_end: last */
} ebb_node;

typedef struct ebb_list {
    ebb_node *head; /* NULL when empty */
    ebb_node *tail; /* meaningful only when head != NULL */
} ebb_list;

/* The sentinel that ends every list; never dereferenced for data. */
extern ebb_node ebb__list_end;
#define EBB_LIST_END (&ebb__list_end)

#define EBB_LIST_INIT {NULL, NULL}
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
    if (l->head == NULL) {
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

/** Next node after `n`, or NULL at the end.  Context: any, lock held. */
static inline ebb_node *ebb_list_next(const ebb_node *n)
{
    return n->next == EBB_LIST_END ? NULL : n->next;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_LIST_H */
