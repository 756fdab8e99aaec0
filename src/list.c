/* list.c - the one list primitive (see ebb/list.h). */
#include "ebb/list.h"

const ebb_node ebb__list_end = {(ebb_node *)&ebb__list_end};

bool ebb_list_remove(ebb_list *l, ebb_node *n)
{
    ebb_node *prev = NULL;
    ebb_node *cur = l->head;

    if (n->next == NULL) {
        return false;
    }
    while (cur != NULL && cur != EBB_LIST_END) {
        if (cur == n) {
            ebb_node *after = n->next;
            if (prev == NULL) {
                l->head = (after == EBB_LIST_END) ? NULL : after;
            } else {
                prev->next = after;
            }
            if (l->tail == n) {
                l->tail = prev;
            }
            n->next = NULL;
            return true;
        }
        prev = cur;
        cur = cur->next;
    }
    return false;
}
