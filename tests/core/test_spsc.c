/* The single-producer single-consumer channel (ebb/spsc.h): reserve/commit
 * and peek/release in place, a cancel between the two steps, one task per
 * side, misuse.  Built twice: with contracts on (test_spsc) and on the
 * library with contracts compiled out (test_spsc_nc), where each misuse
 * row checks the documented fallback instead. */
#include <stdio.h>

#include "test_support.h"
#include "ebb/driver/wait.h"

static void test_try_reserve_commit_in_place(void **state)
{
    (void)state;
    static char buf[4][8];
    ebb_spsc q = EBB_SPSC_INITIALIZER(buf);
    char *slot = ebb_spsc_try_reserve(&q);
    assert_ptr_equal(slot, buf[0]);
    /* Nothing is recorded until the commit: the same slot again. */
    assert_ptr_equal(ebb_spsc_try_reserve(&q), slot);
    assert_null(ebb_spsc_try_peek(&q));
    assert_int_equal(ebb_spsc_count(&q), 0);
    strcpy(slot, "first");
    assert_int_equal(ebb_spsc_commit(&q), EBB_OK);
    assert_int_equal(ebb_spsc_count(&q), 1);
    assert_ptr_equal(ebb_spsc_try_reserve(&q), buf[1]);
    assert_string_equal(ebb_spsc_try_peek(&q), "first");
    /* Fill it: reserve then has nothing, commit refuses (EBB_EAGAIN). */
    for (int i = 1; i < 4; i++) {
        slot = ebb_spsc_try_reserve(&q);
        assert_non_null(slot);
        snprintf(slot, 8, "m%d", i);
        assert_int_equal(ebb_spsc_commit(&q), EBB_OK);
    }
    assert_null(ebb_spsc_try_reserve(&q));
    assert_int_equal(ebb_spsc_commit(&q), EBB_EAGAIN);
    assert_int_equal(ebb_spsc_count(&q), 4);
    assert_string_equal(ebb_spsc_try_peek(&q), "first"); /* nothing overwritten */
}

static void test_try_peek_release_in_place(void **state)
{
    (void)state;
    static char buf[2][8];
    ebb_spsc q = EBB_SPSC_INITIALIZER(buf);
    assert_null(ebb_spsc_try_peek(&q));
    assert_int_equal(ebb_spsc_release(&q), EBB_EAGAIN); /* empty: nothing changes */
    assert_int_equal(ebb_spsc_count(&q), 0);
    strcpy(ebb_spsc_try_reserve(&q), "a");
    assert_int_equal(ebb_spsc_commit(&q), EBB_OK);
    strcpy(ebb_spsc_try_reserve(&q), "b");
    assert_int_equal(ebb_spsc_commit(&q), EBB_OK);
    char *p = ebb_spsc_try_peek(&q);
    assert_string_equal(p, "a");
    assert_ptr_equal(ebb_spsc_try_peek(&q), p); /* nothing held: the same one */
    assert_null(ebb_spsc_try_reserve(&q));      /* the peeked slot is still in use */
    assert_int_equal(ebb_spsc_release(&q), EBB_OK);
    /* Wraps around: the freed slot is the next reserved. */
    assert_ptr_equal(ebb_spsc_try_reserve(&q), buf[0]);
    strcpy(ebb_spsc_try_reserve(&q), "c");
    assert_int_equal(ebb_spsc_commit(&q), EBB_OK);
    assert_string_equal(ebb_spsc_try_peek(&q), "b");
    assert_int_equal(ebb_spsc_release(&q), EBB_OK);
    assert_string_equal(ebb_spsc_try_peek(&q), "c");
    assert_int_equal(ebb_spsc_release(&q), EBB_OK);
    assert_int_equal(ebb_spsc_release(&q), EBB_EAGAIN);
    assert_int_equal(ebb_spsc_count(&q), 0);
}

/* Producer formats in place, consumer writes out in place: the showdown
 * shape, as two tasks, with the consumer slower than the producer. */
struct msg { char text[16]; };
EBB_SPSC_DEFINE(fmt_q, struct msg, 8);
struct fmt_producer {
    ebb_task task;
    ebb_wait wait;
    ebb_spsc *q;
    void *slot;
    int n;
};
static ebb_poll_t fmt_producer_poll(ebb_task *self, ebb_cx *cx)
{
    struct fmt_producer *p = EBB_CONTAINER_OF(self, struct fmt_producer, task);
    EBB_BEGIN(cx, &self->co);
    for (p->n = 0; p->n < 50; p->n++) {
        EBB_AWAIT(ebb_spsc_reserve(&p->wait, p->q, &p->slot));
        snprintf(p->slot, 16, "msg %d", p->n);
        assert_int_equal(ebb_spsc_commit(p->q), EBB_OK);
    }
    EBB_END();
}
struct fmt_consumer {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_spsc *q;
    void *slot;
    int n;
    int bad;
};
static ebb_poll_t fmt_consumer_poll(ebb_task *self, ebb_cx *cx)
{
    struct fmt_consumer *c = EBB_CONTAINER_OF(self, struct fmt_consumer, task);
    char expect[16];
    EBB_BEGIN(cx, &self->co);
    for (c->n = 0; c->n < 50; c->n++) {
        EBB_AWAIT(ebb_spsc_peek(&c->wait, c->q, &c->slot));
        EBB_AWAIT(ebb_sleep_for(&c->timer, 3)); /* "UART" busy while holding it */
        snprintf(expect, sizeof expect, "msg %d", c->n);
        if (strcmp(expect, c->slot) != 0) {
            c->bad++;
        }
        assert_int_equal(ebb_spsc_release(c->q), EBB_OK);
    }
    EBB_END();
}

static void test_reserve_peek_tasks(void **state)
{
    (void)state;
    assert_int_equal(ebb_spsc_reset(&fmt_q), EBB_OK);
    struct fmt_producer p = {.task = EBB_TASK_INITIALIZER(fmt_producer_poll), .q = &fmt_q};
    struct fmt_consumer c = {.task = EBB_TASK_INITIALIZER(fmt_consumer_poll), .q = &fmt_q};
    assert_int_equal(ebb_task_spawn(&test_exec, &p.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_host_run_idle(&test_exec, 10000);
    assert_int_equal(ebb_task_state(&p.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_DONE);
    assert_int_equal(c.bad, 0);
    assert_int_equal(ebb_now(), 150);
    assert_int_equal(ebb_spsc_count(&fmt_q), 0);
}

/* A producer that reserves, writes its value, then waits (for `gate`)
 * before it commits; a consumer that peeks, then waits before it
 * releases.  A cancel between the two steps. */
static ebb_waitlist gate;
static int spsc_buf[3];
static ebb_spsc q3 = EBB_SPSC_INITIALIZER(spsc_buf);
struct side {
    ebb_task task;
    ebb_wait wait, gate_wait;
    void *slot;
    int value, step, got[8], n_got;
};
static ebb_poll_t slow_producer_poll(ebb_task *self, ebb_cx *cx)
{
    struct side *s = EBB_CONTAINER_OF(self, struct side, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_spsc_reserve(&s->wait, &q3, &s->slot));
        *(int *)s->slot = s->value;
        s->step = 1;
        EBB_AWAIT(ebb_wait_on(&s->gate_wait, &gate));
        assert_int_equal(ebb_spsc_commit(&q3), EBB_OK);
        s->step = 2;
        s->value++;
    }
    EBB_END();
}
static ebb_poll_t slow_consumer_poll(ebb_task *self, ebb_cx *cx)
{
    struct side *s = EBB_CONTAINER_OF(self, struct side, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_spsc_peek(&s->wait, &q3, &s->slot));
        s->got[s->n_got % 8] = *(int *)s->slot;
        s->step = 1;
        EBB_AWAIT(ebb_wait_on(&s->gate_wait, &gate));
        assert_int_equal(ebb_spsc_release(&q3), EBB_OK);
        s->n_got++;
        s->step = 2;
    }
    EBB_END();
}

static void q3_reset(void)
{
    assert_int_equal(ebb_spsc_reset(&q3), EBB_OK);
    ebb_waitlist_init(&gate);
}

static void put(int v)
{
    int *slot = ebb_spsc_try_reserve(&q3);
    assert_non_null(slot);
    *slot = v;
    assert_int_equal(ebb_spsc_commit(&q3), EBB_OK);
}
static int take(void)
{
    int *slot = ebb_spsc_try_peek(&q3);
    assert_non_null(slot);
    int v = *slot;
    assert_int_equal(ebb_spsc_release(&q3), EBB_OK);
    return v;
}

/* A producer cancelled between reserve and commit holds nothing: what it
 * wrote is not published, the next reserve gets the same slot, and what
 * was committed before and after keeps its order. */
static void test_producer_cancelled_between_reserve_and_commit(void **state)
{
    (void)state;
    q3_reset();
    put(1);
    struct side p = {.task = EBB_TASK_INITIALIZER(slow_producer_poll), .value = 100};
    assert_int_equal(ebb_task_spawn(&test_exec, &p.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.step, 1);
    assert_ptr_equal(p.slot, &spsc_buf[1]);
    assert_int_equal(ebb_spsc_count(&q3), 1); /* not published */
    assert_int_equal(ebb_task_cancel(&p.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&gate));
    assert_true(ebb_waitlist_empty(&q3.producer));
    assert_int_equal(ebb_spsc_count(&q3), 1);
    /* The next reserve: the same slot (holding the cancelled write, which
     * a commit would publish - so write before committing). */
    assert_ptr_equal(ebb_spsc_try_reserve(&q3), p.slot);
    put(2);
    /* The cancelled producer spawned again: it reserves the next slot. */
    p.value = 3;
    assert_int_equal(ebb_task_spawn(&test_exec, &p.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_ptr_equal(p.slot, &spsc_buf[2]);
    ebb_waitlist_wake_all(&gate);
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.step, 2); /* committed 3, then found the ring full */
    assert_int_equal(ebb_spsc_count(&q3), 3);
    assert_true(ebb_wait_linked(&p.wait)); /* waiting for room */
    /* Cancelled while it waits for room: it leaves the producer's list. */
    assert_int_equal(ebb_task_cancel(&p.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&q3.producer));
    assert_int_equal(take(), 1); /* FIFO kept */
    assert_int_equal(take(), 2);
    assert_int_equal(take(), 3);
    assert_null(ebb_spsc_try_peek(&q3));
}

/* A consumer cancelled between peek and release holds nothing either: the
 * element stays, and the next peek returns it. */
static void test_consumer_cancelled_between_peek_and_release(void **state)
{
    (void)state;
    q3_reset();
    put(7);
    put(8);
    struct side c = {.task = EBB_TASK_INITIALIZER(slow_consumer_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.step, 1);
    assert_int_equal(c.got[0], 7);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    assert_int_equal(ebb_spsc_count(&q3), 2);
    assert_int_equal(*(int *)ebb_spsc_try_peek(&q3), 7);
    /* Spawned again, it gets 7 then 8, once each. */
    c.step = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    for (int i = 0; i < 2; i++) {
        ebb_executor_poll(&test_exec);
        ebb_waitlist_wake_all(&gate);
    }
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.n_got, 2);
    assert_int_equal(c.got[0], 7);
    assert_int_equal(c.got[1], 8);
    assert_int_equal(ebb_spsc_count(&q3), 0);
    assert_true(ebb_wait_linked(&c.wait)); /* waits for the next element */
    put(9); /* wakes it */
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.got[2], 9);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
}

/* An interrupt commits what a waiting consumer task then peeks, and
 * releases what makes room for a waiting producer task. */
static void commit_isr(void *arg)
{
    (void)arg;
    put(42);
}
static void release_isr(void *arg)
{
    *(int *)arg = take();
}

static void test_interrupt_sides(void **state)
{
    (void)state;
    q3_reset();
    struct side c = {.task = EBB_TASK_INITIALIZER(slow_consumer_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_true(ebb_wait_linked(&c.wait));
    ebb_host_irq(commit_isr, NULL);
    assert_true(ebb_executor_has_work(&test_exec));
    ebb_executor_poll(&test_exec);
    assert_int_equal(c.got[0], 42);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    assert_int_equal(take(), 42);

    put(1);
    put(2);
    put(3);
    struct side p = {.task = EBB_TASK_INITIALIZER(slow_producer_poll), .value = 4};
    assert_int_equal(ebb_task_spawn(&test_exec, &p.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.step, 0); /* full: waits for room */
    int got = 0;
    ebb_host_irq(release_isr, &got);
    assert_int_equal(got, 1);
    ebb_executor_poll(&test_exec);
    assert_int_equal(p.step, 1);
    ebb_waitlist_wake_all(&gate);
    ebb_executor_poll(&test_exec);
    assert_int_equal(take(), 2);
    assert_int_equal(take(), 3);
    assert_int_equal(take(), 4);
    assert_int_equal(ebb_task_cancel(&p.task), EBB_OK);
}

/* spsc:2 - a second task waiting on a side that has a waiter: refused
 * (pending, nothing registered); the first task's registration is intact
 * and it alone is woken.  Contracts off: the same, without the report. */
static void test_second_task_on_one_side(void **state)
{
    (void)state;
    q3_reset();
    struct side c1 = {.task = EBB_TASK_INITIALIZER(slow_consumer_poll)};
    struct side c2 = {.task = EBB_TASK_INITIALIZER(slow_consumer_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &c1.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_true(ebb_wait_linked(&c1.wait));
    assert_int_equal(ebb_task_spawn(&test_exec, &c2.task), EBB_OK);
    MISUSE_IN("spsc", 2, &c2.task, ebb_executor_poll(&test_exec));
    assert_false(ebb_wait_linked(&c2.wait));
    assert_null(c2.wait.task);
    assert_ptr_equal(ebb_waitlist_first(&q3.consumer), &c1.wait);
    assert_ptr_equal(ebb_dlist_next(&q3.consumer.l, &c1.wait.node), NULL);
    put(5);
    ebb_executor_poll(&test_exec);
    assert_int_equal(c1.step, 1);
    assert_int_equal(c1.got[0], 5);
    assert_int_equal(c2.step, 0);
    assert_int_equal(ebb_task_cancel(&c2.task), EBB_OK);
    assert_int_equal(ebb_task_cancel(&c1.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&q3.consumer));
    assert_int_equal(take(), 5);

    /* The producer's side likewise. */
    put(1);
    put(2);
    put(3);
    struct side p1 = {.task = EBB_TASK_INITIALIZER(slow_producer_poll), .value = 10};
    struct side p2 = {.task = EBB_TASK_INITIALIZER(slow_producer_poll), .value = 20};
    assert_int_equal(ebb_task_spawn(&test_exec, &p1.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(ebb_task_spawn(&test_exec, &p2.task), EBB_OK);
    MISUSE_IN("spsc", 2, &p2.task, ebb_executor_poll(&test_exec));
    assert_false(ebb_wait_linked(&p2.wait));
    assert_ptr_equal(ebb_waitlist_first(&q3.producer), &p1.wait);
    assert_int_equal(take(), 1); /* wakes p1 */
    ebb_executor_poll(&test_exec);
    assert_int_equal(p1.step, 1);
    assert_int_equal(p2.step, 0);
    assert_int_equal(ebb_task_cancel(&p2.task), EBB_OK);
    assert_int_equal(ebb_task_cancel(&p1.task), EBB_OK);
    assert_true(ebb_waitlist_empty(&q3.producer));
}

/* spsc:1 - NULL pointers: refused, always checked. */
static void test_null_pointers(void **state)
{
    (void)state;
    q3_reset();
    void *p = &p;
    int r = 0;
    MISUSE("spsc", 1, p = ebb_spsc_try_reserve(NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_null(p);
#endif
    p = &p;
    MISUSE("spsc", 1, p = ebb_spsc_try_peek(NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_null(p);
#endif
    MISUSE("spsc", 1, r = ebb_spsc_commit(NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    MISUSE("spsc", 1, r = ebb_spsc_release(NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EINVAL);
#endif
    ebb_task t = {.state = EBB_TASK_RUNNING};
    ebb_cx cx = TEST_CX(&t);
    ebb_wait w = EBB_WAIT_INITIALIZER;
    ebb_poll_t pr = EBB_READY;
    MISUSE("spsc", 1, pr = EBB_POLL(ebb_spsc_reserve)(&cx, &w, &q3, NULL));
#if !EBB_CONFIG_CONTRACTS
    assert_false(ebb_poll_is_ready(pr));
#endif
    MISUSE("spsc", 1, pr = EBB_POLL(ebb_spsc_peek)(&cx, &w, NULL, &p));
#if !EBB_CONFIG_CONTRACTS
    assert_false(ebb_poll_is_ready(pr));
#endif
    assert_null(w.task);
    assert_true(ebb_waitlist_empty(&q3.producer));
    assert_true(ebb_waitlist_empty(&q3.consumer));
    assert_int_equal(ebb_spsc_count(&q3), 0);
    (void)p;
    (void)r;
    (void)pr;
}

/* ebb_spsc_reset: refused while a side waits (reset:2), else empties it. */
static void test_reset(void **state)
{
    (void)state;
    q3_reset();
    put(1);
    struct side c = {.task = EBB_TASK_INITIALIZER(slow_consumer_poll)};
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec); /* peeked, waits at the gate: holds nothing */
    assert_int_equal(c.step, 1);
    assert_int_equal(ebb_spsc_reset(&q3), EBB_OK);
    assert_int_equal(ebb_spsc_count(&q3), 0);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    c.step = 0;
    assert_int_equal(ebb_task_spawn(&test_exec, &c.task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_true(ebb_wait_linked(&c.wait)); /* waits on the empty ring */
    int r = 0;
    MISUSE("reset", 2, r = ebb_spsc_reset(&q3));
#if !EBB_CONFIG_CONTRACTS
    assert_int_equal(r, EBB_EBUSY);
#endif
    assert_ptr_equal(ebb_waitlist_first(&q3.consumer), &c.wait);
    assert_int_equal(ebb_task_cancel(&c.task), EBB_OK);
    assert_int_equal(ebb_spsc_reset(&q3), EBB_OK);
    (void)r;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_try_reserve_commit_in_place),
        RUN(test_try_peek_release_in_place),
        RUN(test_reserve_peek_tasks),
        RUN(test_producer_cancelled_between_reserve_and_commit),
        RUN(test_consumer_cancelled_between_peek_and_release),
        RUN(test_interrupt_sides),
        RUN(test_second_task_on_one_side),
        RUN(test_null_pointers),
        RUN(test_reset),
    };
#if EBB_CONFIG_CONTRACTS
    return cmocka_run_group_tests_name("spsc (contracts on)", tests, NULL, NULL);
#else
    return cmocka_run_group_tests_name("spsc (contracts off: fallbacks)", tests, NULL, NULL);
#endif
}
