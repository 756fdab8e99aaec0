/* The intrusive list every queue shares. */
#include "test_support.h"

struct item {
    int v;
    ebb_node node;
};

static int collect(ebb_list *l, int *out)
{
    int n = 0;
    for (ebb_node *p = ebb_list_first(l); p != NULL; p = ebb_list_next(l, p)) {
        out[n++] = EBB_CONTAINER_OF(p, struct item, node)->v;
    }
    return n;
}

static void test_push_pop_fifo(void **state)
{
    (void)state;
    ebb_list l = EBB_LIST_INIT;
    struct item it[4] = {{0, EBB_NODE_INIT}, {1, EBB_NODE_INIT}, {2, EBB_NODE_INIT}, {3, EBB_NODE_INIT}};
    assert_true(ebb_list_empty(&l));
    assert_null(ebb_list_pop_front(&l));
    for (int i = 0; i < 4; i++) {
        assert_false(ebb_node_linked(&it[i].node));
        ebb_list_push_back(&l, &it[i].node);
        assert_true(ebb_node_linked(&it[i].node));
    }
    for (int i = 0; i < 4; i++) {
        ebb_node *n = ebb_list_pop_front(&l);
        assert_ptr_equal(n, &it[i].node);
        assert_false(ebb_node_linked(n));
    }
    assert_true(ebb_list_empty(&l));
}

static void test_remove_head_middle_tail_and_absent(void **state)
{
    (void)state;
    ebb_list l = EBB_LIST_INIT;
    struct item it[5];
    int out[5];
    for (int i = 0; i < 5; i++) {
        EBB_SET_UNLINKED(it[i], (struct item){i, EBB_NODE_INIT});
        ebb_list_push_back(&l, &it[i].node);
    }
    assert_true(ebb_list_remove(&l, &it[2].node)); /* middle */
    assert_true(ebb_list_remove(&l, &it[0].node)); /* head */
    assert_true(ebb_list_remove(&l, &it[4].node)); /* tail */
    assert_false(ebb_list_remove(&l, &it[4].node)); /* not linked */
    assert_int_equal(collect(&l, out), 2);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 3);
    /* The tail pointer followed the removal: appending still works. */
    ebb_list_push_back(&l, &it[4].node);
    assert_int_equal(collect(&l, out), 3);
    assert_int_equal(out[2], 4);
    /* A node on another list is not removed from this one. */
    ebb_list other = EBB_LIST_INIT;
    struct item x = {9, EBB_NODE_INIT};
    ebb_list_push_back(&other, &x.node);
    assert_false(ebb_list_remove(&l, &x.node));
    assert_true(ebb_node_linked(&x.node));
}

static void test_insert_after_and_take_all(void **state)
{
    (void)state;
    ebb_list l = EBB_LIST_INIT;
    struct item a = {1, EBB_NODE_INIT}, b = {2, EBB_NODE_INIT}, c = {3, EBB_NODE_INIT};
    int out[3];
    ebb_list_insert_after(&l, NULL, &b.node);  /* into empty */
    ebb_list_insert_after(&l, NULL, &a.node);  /* at front */
    ebb_list_insert_after(&l, &b.node, &c.node); /* at tail */
    assert_int_equal(collect(&l, out), 3);
    assert_int_equal(out[0] * 100 + out[1] * 10 + out[2], 123);
    assert_ptr_equal(l.tail, &c.node);
    ebb_node *n = ebb_list_take_all(&l);
    assert_true(ebb_list_empty(&l));
    assert_ptr_equal(n, &c.node);      /* the last node ... */
    assert_ptr_equal(n->next, &a.node); /* ... whose next is the first */
    assert_null(ebb_list_take_all(&l));
}

/* The list is one pointer, to the last node; the ring closes through it,
 * so an only node points at itself and every linked node's next is
 * non-NULL (ebb_wake's "already queued?" is that one load). */
static void test_one_pointer_ring(void **state)
{
    (void)state;
    assert_int_equal(sizeof(ebb_list), sizeof(void *));
    ebb_list l = EBB_LIST_INIT;
    struct item a = {1, EBB_NODE_INIT}, b = {2, EBB_NODE_INIT}, c = {3, EBB_NODE_INIT};
    int out[3];
    ebb_list_push_back(&l, &a.node);
    assert_ptr_equal(a.node.next, &a.node);
    assert_ptr_equal(ebb_list_first(&l), &a.node);
    /* A chain appended at once keeps its order, behind what is queued. */
    b.node.next = &c.node;
    ebb_list_append_chain(&l, &b.node, &c.node);
    assert_int_equal(collect(&l, out), 3);
    assert_int_equal(out[0] * 100 + out[1] * 10 + out[2], 123);
    assert_ptr_equal(c.node.next, &a.node);
    assert_true(ebb_list_remove(&l, &c.node)); /* the last: the tail moves back */
    assert_ptr_equal(l.tail, &b.node);
    assert_ptr_equal(b.node.next, &a.node);
    assert_ptr_equal(ebb_list_pop_front(&l), &a.node);
    assert_ptr_equal(ebb_list_pop_front(&l), &b.node);
    assert_true(ebb_list_empty(&l));
    assert_false(ebb_node_linked(&b.node));
    ebb_list_push_back(&l, &c.node);
    assert_true(ebb_list_remove(&l, &c.node)); /* the only node */
    assert_true(ebb_list_empty(&l));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_push_pop_fifo),
        RUN(test_remove_head_middle_tail_and_absent),
        RUN(test_insert_after_and_take_all),
        RUN(test_one_pointer_ring),
    };
    return cmocka_run_group_tests_name("list", tests, NULL, NULL);
}
