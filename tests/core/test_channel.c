/* The bounded MPMC channel: full/empty, wrap-around, many producers and
 * consumers, in-place reserve/commit and peek/release, interrupt storms and
 * misuse. */
#include <stdio.h>

#include "test_support.h"

static void test_try_full_empty_and_wraparound(void **state)
{
    (void)state;
    uint32_t buf[3];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, sizeof buf[0], 3);
    uint32_t v, next_in = 0, next_out = 0;

    assert_int_equal(ebb_channel_try_recv(&ch, &v), EBB_EAGAIN);
    /* Many laps around the ring with varying fill levels. */
    for (int lap = 0; lap < 1000; lap++) {
        int n_in = lap % 4;
        for (int i = 0; i < n_in; i++) {
            int r = ebb_channel_try_send(&ch, &next_in);
            if (ebb_channel_count(&ch) == 3 && r == EBB_EAGAIN) {
                break;
            }
            assert_int_equal(r, EBB_OK);
            next_in++;
        }
        for (int i = 0; i < (lap % 3); i++) {
            if (ebb_channel_try_recv(&ch, &v) == EBB_OK) {
                assert_int_equal(v, next_out);
                next_out++;
            }
        }
    }
    while (ebb_channel_try_recv(&ch, &v) == EBB_OK) {
        assert_int_equal(v, next_out++);
    }
    assert_int_equal(next_in, next_out);
    /* Full really is full. */
    for (uint32_t i = 0; i < 3; i++) {
        assert_int_equal(ebb_channel_try_send(&ch, &i), EBB_OK);
    }
    v = 77;
    assert_int_equal(ebb_channel_try_send(&ch, &v), EBB_EAGAIN);
    assert_int_equal(ebb_channel_count(&ch), 3);
}

/* ---- several senders and receivers as tasks ---- */
#define PER_SENDER 200
struct sender {
    ebb_task task;
    ebb_wait wait;
    ebb_channel *ch;
    uint32_t id, i, msg;
};
static ebb_poll_t sender_poll(ebb_task *self)
{
    struct sender *s = EBB_CONTAINER_OF(self, struct sender, task);
    EBB_BEGIN(&self->co);
    for (s->i = 0; s->i < PER_SENDER; s->i++) {
        s->msg = (s->id << 16) | s->i;
        EBB_AWAIT(ebb_channel_send(&s->wait, s->ch, &s->msg));
    }
    EBB_END();
}

static uint32_t seen_next[4];
static unsigned received_total;
static int order_error;

struct receiver {
    ebb_task task;
    ebb_wait wait;
    ebb_channel *ch;
    uint32_t msg;
    unsigned got;
};
static ebb_poll_t receiver_poll(ebb_task *self)
{
    struct receiver *r = EBB_CONTAINER_OF(self, struct receiver, task);
    EBB_BEGIN(&self->co);
    for (;;) {
        EBB_AWAIT(ebb_channel_recv(&r->wait, r->ch, &r->msg));
        uint32_t id = r->msg >> 16, i = r->msg & 0xFFFF;
        if (id >= 4 || seen_next[id] != i) {
            order_error = 1; /* lost, duplicated or reordered */
            printf("order error: got %u:%u expected %u\n", (unsigned)id, (unsigned)i, id < 4 ? (unsigned)seen_next[id] : 0u);
        } else {
            seen_next[id]++;
        }
        r->got++;
        received_total++;
    }
    EBB_END();
}

static void test_many_senders_many_receivers(void **state)
{
    (void)state;
    uint32_t buf[4];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, sizeof buf[0], 4);
    struct sender s[4];
    struct receiver r[3];
    memset(seen_next, 0, sizeof seen_next);
    received_total = 0;
    order_error = 0;
    for (uint32_t i = 0; i < 4; i++) {
        s[i] = (struct sender){.task = EBB_TASK_INITIALIZER(sender_poll), .ch = &ch, .id = i};
        ebb_task_spawn(&test_exec, &s[i].task);
    }
    for (int i = 0; i < 3; i++) {
        r[i] = (struct receiver){.task = EBB_TASK_INITIALIZER(receiver_poll), .ch = &ch};
        ebb_task_spawn(&test_exec, &r[i].task);
    }
    ebb_host_run_idle(&test_exec, 100000);
    assert_int_equal(received_total, 4 * PER_SENDER);
    assert_int_equal(order_error, 0);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ebb_task_state(&s[i].task), EBB_TASK_DONE);
    }
    assert_int_equal(r[0].got + r[1].got + r[2].got, 4 * PER_SENDER);
    assert_true(ebb_waitlist_empty(&ch.senders));
    assert_int_equal(ebb_channel_count(&ch), 0);
}

static void test_reserve_commit_in_place(void **state)
{
    (void)state;
    char buf[4][8];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, 8, 4);
    char out[8];
    static const char isr[8] = "isr", x[8] = "x";

    char *slot = ebb_channel_try_reserve(&ch);
    assert_non_null(slot);
    assert_null(ebb_channel_try_reserve(&ch)); /* one reservation at a time */
    /* An interrupt sends while the reservation is held: it queues behind. */
    assert_int_equal(ebb_channel_try_send(&ch, isr), EBB_OK);
    assert_int_equal(ebb_channel_try_recv(&ch, out), EBB_EAGAIN); /* nothing published */
    strcpy(slot, "first");
    ebb_channel_commit(&ch);
    assert_int_equal(ebb_channel_count(&ch), 2);
    assert_int_equal(ebb_channel_try_recv(&ch, out), EBB_OK);
    assert_string_equal(out, "first");
    assert_int_equal(ebb_channel_try_recv(&ch, out), EBB_OK);
    assert_string_equal(out, "isr");
    /* Reserve fails when full. */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ebb_channel_try_send(&ch, x), EBB_OK);
    }
    assert_null(ebb_channel_try_reserve(&ch));
}

static void test_peek_release_in_place(void **state)
{
    (void)state;
    char buf[2][8];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, 8, 2);
    char out[8];
    static const char a[8] = "a", b[8] = "b", c[8] = "c";
    assert_null(ebb_channel_try_peek(&ch));
    ebb_channel_try_send(&ch, a);
    ebb_channel_try_send(&ch, b);
    char *p = ebb_channel_try_peek(&ch);
    assert_string_equal(p, "a");
    assert_null(ebb_channel_try_peek(&ch));
    assert_int_equal(ebb_channel_try_recv(&ch, out), EBB_EBUSY);
    assert_int_equal(ebb_channel_try_send(&ch, c), EBB_EAGAIN); /* peeked slot still occupied */
    ebb_channel_release(&ch);
    assert_int_equal(ebb_channel_try_send(&ch, c), EBB_OK);
    assert_int_equal(ebb_channel_try_recv(&ch, out), EBB_OK);
    assert_string_equal(out, "b");
    assert_int_equal(ebb_channel_try_recv(&ch, out), EBB_OK);
    assert_string_equal(out, "c");
}

/* Producer formats in place, consumer writes out in place: the showdown
 * shape, as two tasks, with the consumer slower than the producer. */
struct fmt_producer {
    ebb_task task;
    ebb_wait wait;
    ebb_channel *ch;
    void *slot;
    int n;
};
static ebb_poll_t fmt_producer_poll(ebb_task *self)
{
    struct fmt_producer *p = EBB_CONTAINER_OF(self, struct fmt_producer, task);
    EBB_BEGIN(&self->co);
    for (p->n = 0; p->n < 50; p->n++) {
        EBB_AWAIT(ebb_channel_reserve(&p->wait, p->ch, &p->slot));
        snprintf(p->slot, 16, "msg %d", p->n);
        ebb_channel_commit(p->ch);
    }
    EBB_END();
}
struct fmt_consumer {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_channel *ch;
    void *slot;
    int n;
    int bad;
};
static ebb_poll_t fmt_consumer_poll(ebb_task *self)
{
    struct fmt_consumer *c = EBB_CONTAINER_OF(self, struct fmt_consumer, task);
    char expect[16];
    EBB_BEGIN(&self->co);
    for (c->n = 0; c->n < 50; c->n++) {
        EBB_AWAIT(ebb_channel_peek(&c->wait, c->ch, &c->slot));
        EBB_AWAIT(ebb_sleep_for(&c->timer, 3)); /* "UART" busy while holding it */
        snprintf(expect, sizeof expect, "msg %d", c->n);
        if (strcmp(expect, c->slot) != 0) {
            c->bad++;
        }
        ebb_channel_release(c->ch);
    }
    EBB_END();
}

static void test_reserve_peek_tasks(void **state)
{
    (void)state;
    char buf[8][16];
    ebb_channel ch;
    ebb_channel_init(&ch, buf, 16, 8);
    struct fmt_producer p = {.task = EBB_TASK_INITIALIZER(fmt_producer_poll), .ch = &ch};
    struct fmt_consumer c = {.task = EBB_TASK_INITIALIZER(fmt_consumer_poll), .ch = &ch};
    ebb_task_spawn(&test_exec, &p.task);
    ebb_task_spawn(&test_exec, &c.task);
    ebb_host_run_idle(&test_exec, 10000);
    assert_int_equal(ebb_task_state(&p.task), EBB_TASK_DONE);
    assert_int_equal(ebb_task_state(&c.task), EBB_TASK_DONE);
    assert_int_equal(c.bad, 0);
    assert_int_equal(ebb_now(), 150);
}

/* An interrupt storm: an "ISR" tries to send at every critical section of
 * a receiving task; whatever it could not send is counted, nothing is lost
 * or duplicated. */
static ebb_channel storm_ch;
static uint32_t storm_next, storm_dropped;
static void storm_isr(void *arg)
{
    (void)arg;
    if (ebb_channel_try_send(&storm_ch, &storm_next) == EBB_OK) {
        storm_next++;
    } else {
        storm_dropped++;
    }
}

static void test_interrupt_storm(void **state)
{
    (void)state;
    uint32_t buf[2];
    ebb_channel_init(&storm_ch, buf, sizeof buf[0], 2);
    memset(seen_next, 0, sizeof seen_next);
    received_total = 0;
    order_error = 0;
    storm_next = storm_dropped = 0;
    struct receiver r = {.task = EBB_TASK_INITIALIZER(receiver_poll), .ch = &storm_ch};
    ebb_task_spawn(&test_exec, &r.task);
    for (int i = 0; i < 3000; i++) {
        ebb_host_irq_in_lock(1 + (unsigned)(i % 5), storm_isr, NULL);
        if (i % 7 == 0) {
            ebb_host_irq(storm_isr, NULL); /* and some between polls */
            ebb_host_irq(storm_isr, NULL);
            ebb_host_irq(storm_isr, NULL);
        }
        ebb_executor_poll(&test_exec);
    }
    ebb__host_lock_countdown = 0;
    ebb_host_run_idle(&test_exec, 100);
    assert_int_equal(order_error, 0);
    assert_int_equal(received_total, storm_next);
    assert_true(storm_next > 1000);
    assert_true(storm_dropped > 0); /* the storm did overflow the 2 slots */
    printf("storm: %u delivered in order, %u refused with EBB_EAGAIN\n", storm_next, storm_dropped);
}

static void test_misuse(void **state)
{
    (void)state;
    uint32_t buf[2];
    ebb_channel ch;
    EXPECT_CONTRACT("channel", 1, ebb_channel_init(&ch, buf, 4, 0));
    EXPECT_CONTRACT("channel", 1, ebb_channel_init(&ch, NULL, 4, 2));
    EXPECT_CONTRACT("channel", 1, ebb_channel_init(&ch, buf, 0, 2));
    ebb_channel_init(&ch, buf, 4, 2);
    EXPECT_CONTRACT("channel", 2, ebb_channel_commit(&ch));
    EXPECT_CONTRACT("channel", 3, ebb_channel_release(&ch));
    ebb_wait w = EBB_WAIT_INITIALIZER;
    uint32_t v;
    EXPECT_CONTRACT("wait", 1, ebb_test_discard(EBB_POLL(ebb_channel_recv)(&w, &ch, &v))); /* outside a task */
}

EBB_CHANNEL_DEFINE(defined_ch, uint16_t, 5);

static void test_define_macro(void **state)
{
    (void)state;
    assert_int_equal(defined_ch.capacity, 5);
    assert_int_equal(defined_ch.size, 2);
    uint16_t v = 0xBEEF, out = 0;
    assert_int_equal(ebb_channel_try_send(&defined_ch, &v), EBB_OK);
    assert_int_equal(ebb_channel_try_recv(&defined_ch, &out), EBB_OK);
    assert_int_equal(out, 0xBEEF);
    printf("sizeof(ebb_channel) = %zu on this host\n", sizeof(ebb_channel));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_try_full_empty_and_wraparound),
        RUN(test_many_senders_many_receivers),
        RUN(test_reserve_commit_in_place),
        RUN(test_peek_release_in_place),
        RUN(test_reserve_peek_tasks),
        RUN(test_interrupt_storm),
        RUN(test_misuse),
        RUN(test_define_macro),
    };
    return cmocka_run_group_tests_name("channel", tests, NULL, NULL);
}
