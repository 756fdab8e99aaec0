/* list.c - the one list primitive (see ebb/driver/list.h). */
#include "ebb/driver/list.h"

bool ebb_list_remove(ebb_list *l, ebb_node *n)
{
    ebb_node *tail = l->tail;
    if (n->next == NULL || tail == NULL) {
        return false;
    }
    ebb_node *prev = tail;
    do {
        ebb_node *cur = prev->next;
        if (cur == n) {
            if (n == prev) {
                l->tail = NULL; /* the only node */
            } else {
                prev->next = n->next;
                if (tail == n) {
                    l->tail = prev;
                }
            }
            n->next = NULL;
            return true;
        }
        prev = cur;
    } while (prev != tail);
    return false;
}

/* Unlink linked `n`, whatever its place in its list (ebb/driver/list.h, ebb_dlist:
 * the end mark tells first and last apart, and leads to the head). */
void ebb__dnode_unlink(ebb_dnode *n)
{
    ebb_dnode *next = n->next;
    ebb_dnode *prev = n->prev;
    if (prev == n) {
        *ebb__dlist_first_of_mark(next) = NULL; /* the only node: now empty */
    } else {
        /* What points forward at n: the head's first when n is first (its
         * prev, the last node, ends in the mark), else prev->next. */
        ebb_dnode *pn = prev->next;
        if (ebb__dnode_is_mark(pn)) {
            *ebb__dlist_first_of_mark(pn) = next;
        } else {
            prev->next = next;
        }
        /* What points back at n: the first node's prev when n is last. */
        if (ebb__dnode_is_mark(next)) {
            next = *ebb__dlist_first_of_mark(next);
        }
        next->prev = prev;
    }
    n->next = NULL;
}
