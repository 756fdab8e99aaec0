/* Wait lists and hand-off: the doubly linked ring, O(1) withdrawal, one
 * waiter woken per item (first come first served, no thundering herd), a
 * woken waiter that is cancelled passing its turn on, one that lost the item
 * to an interrupt keeping its place, and wake-all holding the lock for one
 * waiter at a time. */
#include "test_support.h"
#include "ebb/driver/wait.h"

struct item {
    int v;
    ebb_dnode node;
};

static int collect(ebb_dlist *l, int *out)
{
    int n = 0;
    for (ebb_dnode *p = ebb_dlist_first(l); p != NULL; p = ebb_dlist_next(l, p)) {
        out[n++] = EBB_CONTAINER_OF(p, struct item, node)->v;
    }
    return n;
}

static void test_dlist_ring(void **state)
{
    (void)state;
    static ebb_dlist zeroed; /* all-zero is a valid empty list */
    ebb_dlist l = EBB_DLIST_INIT, moved;
    struct item it[5];
    int out[8];
    for (int i = 0; i < 5; i++) {
        EBB_SET_UNLINKED(it[i], (struct item){i, EBB_DNODE_INIT});
    }
    assert_true(ebb_dlist_empty(&zeroed));
    assert_null(ebb_dlist_pop_front(&zeroed));
    ebb_dlist_push_front(&zeroed, &it[0].node);
    assert_ptr_equal(ebb_dlist_pop_front(&zeroed), &it[0].node);
    assert_true(ebb_dlist_empty(&zeroed));

    ebb_dlist_push_back(&l, &it[1].node);
    ebb_dlist_push_back(&l, &it[2].node);
    ebb_dlist_push_front(&l, &it[0].node);
    ebb_dlist_push_back(&l, &it[3].node);
    ebb_dlist_push_back(&l, &it[4].node);
    assert_int_equal(collect(&l, out), 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(out[i], i);
        assert_true(ebb_dnode_linked(&it[i].node));
    }
    ebb_dnode_unlink(&it[2].node); /* middle */
    ebb_dnode_unlink(&it[0].node); /* head */
    ebb_dnode_unlink(&it[4].node); /* tail */
    assert_false(ebb_dnode_linked(&it[4].node));
    assert_int_equal(collect(&l, out), 2);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 3);

    ebb_dlist_move_all(&l, &moved);
    assert_true(ebb_dlist_empty(&l));
    assert_int_equal(collect(&moved, out), 2);
    ebb_dlist_push_back(&l, &it[0].node); /* the source is usable again */
    ebb_dnode_unlink(&it[3].node);        /* unlink needs no list: from `moved` */
    assert_int_equal(collect(&moved, out), 1);
    ebb_dnode_unlink(&it[1].node); /* the only node */
    assert_true(ebb_dlist_empty(&moved));
    assert_int_equal(collect(&l, out), 1);
    assert_int_equal(out[0], 0);
}

/* The head is one pointer; the last node's next is the head's address with
 * bit 0 set, the first node's prev the last: what lets a node find its
 * list (unlink of the first and of the last fix the head and the first's
 * prev without being told the list). */
static void test_dlist_one_pointer_head(void **state)
{
    (void)state;
    assert_int_equal(sizeof(ebb_dlist), sizeof(void *));
    assert_int_equal(sizeof(ebb_waitlist), sizeof(void *));
    ebb_dlist l = EBB_DLIST_INIT;
    struct item it[4];
    int out[4];
    for (int i = 0; i < 4; i++) {
        EBB_SET_UNLINKED(it[i], (struct item){i, EBB_DNODE_INIT});
    }
    ebb_dlist_push_back(&l, &it[0].node);
    assert_ptr_equal(it[0].node.next, ebb__dlist_mark(&l));
    assert_ptr_equal(it[0].node.prev, &it[0].node);
    assert_true(ebb_dnode_alone(&it[0].node));
    ebb__dlist_insert_after(&it[0].node, &it[2].node); /* a new last */
    ebb__dlist_insert_after(&it[0].node, &it[1].node); /* in the middle */
    ebb__dlist_insert_after(&it[2].node, &it[3].node); /* a new last */
    assert_int_equal(collect(&l, out), 4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(out[i], i);
    }
    assert_ptr_equal(it[0].node.prev, &it[3].node);
    assert_ptr_equal(it[3].node.next, ebb__dlist_mark(&l));
    assert_false(ebb_dnode_alone(&it[0].node));
    ebb_dnode_unlink(&it[3].node); /* the last: the first's prev follows */
    assert_ptr_equal(it[0].node.prev, &it[2].node);
    assert_ptr_equal(it[2].node.next, ebb__dlist_mark(&l));
    ebb_dnode_unlink(&it[0].node); /* the first: the head follows */
    assert_ptr_equal(ebb_dlist_first(&l), &it[1].node);
    assert_ptr_equal(it[1].node.prev, &it[2].node);
    ebb_dlist_push_front(&l, &it[0].node);
    ebb_dlist_push_back(&l, &it[3].node);
    assert_int_equal(collect(&l, out), 4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(out[i], i);
    }
    for (int i = 0; i < 4; i++) {
        assert_ptr_equal(ebb_dlist_pop_front(&l), &it[i].node);
        assert_false(ebb_dnode_linked(&it[i].node));
    }
    assert_true(ebb_dlist_empty(&l));
}

/* ---- receivers that count their polls ---- */
struct rx {
    ebb_task task;
    ebb_wait wait;
    ebb_channel *ch;
    int polls, got, value;
};
static ebb_poll_t rx_poll(ebb_task *self, ebb_cx *cx)
{
    struct rx *r = EBB_CONTAINER_OF(self, struct rx, task);
    if (!ebb_cx_cancelling(cx)) {
        r->polls++;
    }
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_channel_recv(&r->wait, r->ch, &r->value));
        r->got++;
    }
    EBB_END();
}

#define NRX 5
static ebb_channel hch;
static int hbuf[4];
static struct rx rxs[NRX];

static void start_receivers(void)
{
    ebb_channel_init(&hch, hbuf, sizeof hbuf[0], 4);
    for (int i = 0; i < NRX; i++) {
        EBB_SET_UNLINKED(rxs[i], (struct rx){.task = EBB_TASK_INITIALIZER(rx_poll), .ch = &hch});
        assert_int_equal(ebb_task_spawn(&test_exec, &rxs[i].task), EBB_OK);
    }
    ebb_executor_poll(&test_exec); /* all wait now, in order 0..NRX-1 */
    for (int i = 0; i < NRX; i++) {
        assert_int_equal(rxs[i].polls, 1);
    }
}

static void send_value(int v) { assert_int_equal(ebb_channel_try_send(&hch, &v), EBB_OK); }

static void test_one_item_wakes_one_receiver_in_order(void **state)
{
    (void)state;
    start_receivers();
    for (int k = 0; k < 2 * NRX; k++) {
        send_value(100 + k);
        ebb_executor_poll(&test_exec);
        int who = k % NRX; /* served first come first served, round robin */
        for (int i = 0; i < NRX; i++) {
            /* Only the served receiver ran: no herd of woken tasks. */
            int served = k / NRX + (i <= who ? 1 : 0); /* items it got so far */
            assert_int_equal(rxs[i].polls, 1 + served);
        }
        assert_int_equal(rxs[who].value, 100 + k);
        assert_false(ebb_executor_has_work(&test_exec));
    }
    for (int i = 0; i < NRX; i++) {
        assert_int_equal(rxs[i].got, 2);
    }
}

static void test_burst_reaches_as_many_receivers(void **state)
{
    (void)state;
    start_receivers();
    send_value(1);
    send_value(2);
    send_value(3);
    ebb_host_run_idle(&test_exec, 100);
    assert_int_equal(rxs[0].got + rxs[1].got + rxs[2].got, 3);
    assert_int_equal(rxs[0].value, 1);
    assert_int_equal(rxs[1].value, 2);
    assert_int_equal(rxs[2].value, 3);
    /* Each success that leaves items behind wakes the next in line, which
     * may find them already taken by earlier wakes: at most one extra poll
     * per item, never a herd. */
    assert_true(rxs[3].polls + rxs[4].polls <= 2 + 3);
    assert_int_equal(rxs[3].got + rxs[4].got, 0);
    /* ... and the extra ones kept their place at the front. */
    send_value(4);
    ebb_host_run_idle(&test_exec, 100);
    assert_int_equal(rxs[3].got + rxs[4].got, 1);
}

static void test_cancelled_woken_receiver_passes_its_turn(void **state)
{
    (void)state;
    start_receivers();
    send_value(7); /* hands the turn to rxs[0] */
    assert_int_equal(ebb_task_cancel(&rxs[0].task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(rxs[0].got, 0);
    assert_int_equal(rxs[1].got, 1); /* the item reached the next in line */
    assert_int_equal(rxs[1].value, 7);
    assert_int_equal(rxs[2].polls, 1);
}

static void test_woken_receiver_that_lost_the_race_keeps_its_place(void **state)
{
    (void)state;
    start_receivers();
    int v;
    send_value(1); /* rxs[0] woken ... */
    assert_int_equal(ebb_channel_try_recv(&hch, &v), EBB_OK); /* ... an ISR takes it first */
    ebb_executor_poll(&test_exec);
    assert_int_equal(rxs[0].polls, 2);
    assert_int_equal(rxs[0].got, 0);
    send_value(2);
    ebb_executor_poll(&test_exec);
    assert_int_equal(rxs[0].got, 1); /* still first in line */
    assert_int_equal(rxs[0].value, 2);
    assert_int_equal(rxs[1].polls, 1);
}

/* ---- senders ---- */
struct tx {
    ebb_task task;
    ebb_wait wait;
    int polls, sent, value;
};
static ebb_poll_t tx_poll(ebb_task *self, ebb_cx *cx)
{
    struct tx *t = EBB_CONTAINER_OF(self, struct tx, task);
    t->polls++;
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_channel_send(&t->wait, &hch, &t->value));
    t->sent = 1;
    EBB_END();
}

static void test_one_free_slot_wakes_one_sender(void **state)
{
    (void)state;
    struct tx t[3];
    int v;
    ebb_channel_init(&hch, hbuf, sizeof hbuf[0], 1);
    send_value(0); /* full */
    for (int i = 0; i < 3; i++) {
        EBB_SET_UNLINKED(t[i], (struct tx){.task = EBB_TASK_INITIALIZER(tx_poll), .value = 10 + i});
        assert_int_equal(ebb_task_spawn(&test_exec, &t[i].task), EBB_OK);
    }
    ebb_executor_poll(&test_exec);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(ebb_channel_try_recv(&hch, &v), EBB_OK);
        assert_int_equal(v, k == 0 ? 0 : 10 + k - 1);
        ebb_executor_poll(&test_exec);
        for (int i = 0; i < 3; i++) {
            assert_int_equal(t[i].sent, i <= k);
            assert_int_equal(t[i].polls, i <= k ? 2 : 1); /* nobody woken for nothing */
        }
    }
}

/* ---- wake-all: one waiter per critical section ---- */
static ebb_waitlist wl;
static EBB_EXECUTOR_DEFINE(irq_exec, NULL);
struct ev {
    ebb_task task;
    ebb_wait wait;
    int resumes;
};
static ebb_poll_t ev_poll(ebb_task *self, ebb_cx *cx)
{
    struct ev *e = EBB_CONTAINER_OF(self, struct ev, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&e->wait, &wl));
        e->resumes++;
    }
    EBB_END();
}
static struct ev evs[3];
static int isr_saw_last_still_waiting;
static void isr_runs_irq_exec(void *arg)
{
    (void)arg;
    isr_saw_last_still_waiting = ebb_wait_linked(&evs[2].wait) && !ebb_wait_fired(&evs[2].wait);
    ebb_executor_poll(&irq_exec); /* an executor in an interrupt handler */
}

static void test_wake_all_breaks_the_lock_between_waiters(void **state)
{
    (void)state;
    ebb_executor_init(&irq_exec, NULL);
    ebb_waitlist_init(&wl);
    for (int i = 0; i < 3; i++) {
        EBB_SET_UNLINKED(evs[i], (struct ev){.task = EBB_TASK_INITIALIZER(ev_poll)});
        assert_int_equal(ebb_task_spawn(&irq_exec, &evs[i].task), EBB_OK);
    }
    ebb_executor_poll(&irq_exec);
    isr_saw_last_still_waiting = 0;
    ebb_host_irq_in_lock(1, isr_runs_irq_exec, NULL); /* after the first wake */
    ebb_waitlist_wake_all(&wl);
    /* The interrupt ran between two wakes, while the last waiter was still
     * waiting: the lock was not held across the whole list. */
    assert_int_equal(isr_saw_last_still_waiting, 1);
    assert_int_equal(evs[0].resumes, 1);
    /* evs[0] waited again from the interrupt: not woken twice by one call. */
    assert_true(ebb_wait_linked(&evs[0].wait));
    ebb_executor_poll(&irq_exec);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(evs[i].resumes, 1);
    }
    ebb_waitlist_wake_all(&wl);
    ebb_executor_poll(&irq_exec);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(evs[i].resumes, 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_dlist_ring),
        RUN(test_dlist_one_pointer_head),
        RUN(test_one_item_wakes_one_receiver_in_order),
        RUN(test_burst_reaches_as_many_receivers),
        RUN(test_cancelled_woken_receiver_passes_its_turn),
        RUN(test_woken_receiver_that_lost_the_race_keeps_its_place),
        RUN(test_one_free_slot_wakes_one_sender),
        RUN(test_wake_all_breaks_the_lock_between_waiters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
