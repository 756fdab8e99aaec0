/*
 * The timer queue against a reference model: the red-black tree of
 * src/time.c.
 *
 * The queue's source is compiled into this test (not taken from the library)
 * so the test can read the structure itself: after every operation it checks
 * the tree's rules (root black, no red node with a red child, the same
 * number of black nodes on every path, every node marked queued, height at
 * most 2 log2(n + 1), the count of queued timers), the in-order sequence
 * ((deadline, address) order), the cached earliest timer and the driver's
 * alarm.  Random arm / cancel / advance sequences with many equal deadlines,
 * and the adversarial orders (increasing, decreasing, equal deadlines,
 * cancels of the earliest and the latest), are checked against a model that
 * fires in (deadline, address) order.
 */
#include "../../src/time.c"

#include <stdlib.h>

#include "test_support.h"
#include "ebb/driver/time_driver.h"

#define SLOTS 300

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
    int id;
};

static struct sleeper slot[SLOTS];
static int fired[SLOTS * 4];
static int n_fired;

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&s->timer, s->deadline));
    assert_true(ebb_now() >= s->deadline);
    fired[n_fired++] = s->id;
    EBB_END();
}

/* ---- the structure's invariants ---- */

static int n_nodes;
static const ebb_timer *prev_in_order;

/* Each timer in queue order: (deadline, address) order, the first one
 * cached. */
static void check_in_order(const node *n)
{
    const ebb_timer *t = timer_of(n);
    assert_true(ebb_timer_armed(t));
    if (prev_in_order != NULL) {
        const struct sleeper *a = EBB_CONTAINER_OF(prev_in_order, struct sleeper, timer);
        const struct sleeper *b = EBB_CONTAINER_OF(t, struct sleeper, timer);
        assert_true(a->deadline < b->deadline || (a->deadline == b->deadline && a < b));
    } else {
        assert_ptr_equal(first, n);
    }
    prev_in_order = t;
    n_nodes++;
}

static int height;

/* Black height of the subtree at n (checking it below), walking in order. */
static int check_subtree(const node *n, int depth)
{
    if (n == NULL) {
        height = depth > height ? depth : height;
        return 1;
    }
    assert_true((n->link_[1] & FLAG) != 0);
    if (is_red(n)) {
        assert_false(is_red(left(n)));
        assert_false(is_red(right(n)));
    }
    int lh = check_subtree(left(n), depth + 1);
    check_in_order(n);
    int rh = check_subtree(right(n), depth + 1);
    assert_int_equal(lh, rh);
    return lh + !is_red(n);
}

static int log2_ceil(int n)
{
    int k = 0;
    while ((1 << k) < n) {
        k++;
    }
    return k;
}

static void check_structure(void)
{
    assert_false(is_red(root));
    height = 0;
    (void)check_subtree(root, 0);
}

static void check_tree(int expected_nodes)
{
    n_nodes = 0;
    prev_in_order = NULL;
    check_structure();
    assert_int_equal(n_nodes, expected_nodes);
    assert_int_equal(queued, (unsigned)expected_nodes);
    assert_true(height <= 2 * log2_ceil(expected_nodes + 1)); /* O(log n) by construction */
    if (expected_nodes == 0) {
        assert_null(first);
    }
    /* Tickless: the driver's alarm is exactly the earliest deadline. */
    assert_int_equal(ebb_host_alarm(), first ? timer_of(first)->deadline : EBB_TICKS_NEVER);
}

/* ---- the model ---- */

static int n_armed;

static void arm(int i, ebb_ticks deadline)
{
    struct sleeper *s = &slot[i];
    EBB_SET_UNLINKED(*s, (struct sleeper){.task = EBB_TASK_INITIALIZER(sleeper_poll), .deadline = deadline, .id = i});
    assert_int_equal(ebb_task_spawn(&test_exec, &s->task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_true(ebb_timer_armed(&s->timer));
    n_armed++;
}

static int by_deadline_then_address(const void *pa, const void *pb)
{
    const struct sleeper *a = &slot[*(const int *)pa], *b = &slot[*(const int *)pb];
    if (a->deadline != b->deadline) {
        return a->deadline < b->deadline ? -1 : 1;
    }
    return a < b ? -1 : (a > b);
}

/* Advance to `until`; the model's expectation: every armed timer due by
 * then fires, in (deadline, address) order. */
static void advance_to(ebb_ticks until)
{
    int expect[SLOTS], n = 0;
    for (int i = 0; i < SLOTS; i++) {
        if (ebb_task_state(&slot[i].task) == EBB_TASK_RUNNING && slot[i].deadline <= until) {
            expect[n++] = i;
        }
    }
    qsort(expect, (size_t)n, sizeof expect[0], by_deadline_then_address);
    n_fired = 0;
    ebb_host_run_until(&test_exec, until);
    assert_int_equal(n_fired, n);
    for (int k = 0; k < n; k++) {
        assert_int_equal(fired[k], expect[k]);
        assert_int_equal(ebb_task_state(&slot[expect[k]].task), EBB_TASK_DONE);
        assert_false(ebb_timer_armed(&slot[expect[k]].timer));
    }
    n_armed -= n;
}

static uint32_t rng = 12345;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 1664525u + 1013904223u;
    return (rng >> 8) % n;
}

static void random_run(ebb_ticks deadline_spread, int ops)
{
    memset(slot, 0, sizeof slot);
    n_armed = 0;
    for (int op = 0; op < ops; op++) {
        int i = (int)rnd(SLOTS);
        uint32_t what = rnd(100);
        if (what < 60) {
            if (ebb_task_state(&slot[i].task) != EBB_TASK_RUNNING) {
                arm(i, ebb_now() + 1 + rnd((uint32_t)deadline_spread));
            }
        } else if (what < 90) {
            if (ebb_task_state(&slot[i].task) == EBB_TASK_RUNNING) {
                assert_int_equal(ebb_task_cancel(&slot[i].task), EBB_OK);
                assert_false(ebb_timer_armed(&slot[i].timer));
                assert_null(slot[i].timer.wait.task);
                n_armed--;
            }
        } else {
            advance_to(ebb_now() + rnd((uint32_t)deadline_spread / 4 + 1));
        }
        check_tree(n_armed);
    }
    advance_to(EBB_TICKS_NEVER - 1);
    check_tree(0);
}

static void test_random_wide_deadlines(void **state)
{
    (void)state;
    random_run(100000, 20000);
}

static void test_random_many_ties(void **state)
{
    (void)state;
    /* 8 distinct deadlines ahead at any time: long runs of equal
     * deadlines, told apart by address through every rotation. */
    random_run(8, 20000);
}

static void test_ascending_descending_and_equal(void **state)
{
    (void)state;
    /* The shapes a sorted list or a naive tree degenerates on. */
    memset(slot, 0, sizeof slot);
    n_armed = 0;
    for (int i = 0; i < 100; i++) {
        arm(i, 1000 + (ebb_ticks)i);          /* ascending */
        arm(100 + i, 5000 - (ebb_ticks)i);    /* descending */
        arm(200 + i, 3000);                   /* all equal */
        check_tree(n_armed);
    }
    /* Cancel every third, from the middle outwards. */
    for (int i = 0; i < SLOTS; i += 3) {
        assert_int_equal(ebb_task_cancel(&slot[(i + 150) % SLOTS].task), EBB_OK);
        n_armed--;
        check_tree(n_armed);
    }
    advance_to(EBB_TICKS_NEVER - 1);
    check_tree(0);
}

/* The adversarial orders, each with the cancels that hurt a tree most:
 * the earliest and the latest timer, one after the other. */
static void adversarial(int order)
{
    memset(slot, 0, sizeof slot);
    n_armed = 0;
    for (int i = 0; i < SLOTS; i++) {
        ebb_ticks d = order == 0 ? 1000 + (ebb_ticks)i      /* increasing */
                    : order == 1 ? 1000 + SLOTS - (ebb_ticks)i /* decreasing */
                    : 1000;                                  /* all equal */
        arm(i, d);
        check_tree(n_armed);
    }
    for (int k = 0; k < SLOTS / 2; k++) {
        node *latest = root;
        while (right(latest) != NULL) {
            latest = right(latest);
        }
        struct sleeper *e = EBB_CONTAINER_OF(timer_of(first), struct sleeper, timer);
        struct sleeper *l = EBB_CONTAINER_OF(timer_of(latest), struct sleeper, timer);
        assert_int_equal(ebb_task_cancel(&(k % 2 ? l : e)->task), EBB_OK);
        n_armed--;
        check_tree(n_armed);
    }
    advance_to(EBB_TICKS_NEVER - 1); /* the rest: a burst due together */
    check_tree(0);
}

static void test_adversarial_increasing(void **state)
{
    (void)state;
    adversarial(0);
}

static void test_adversarial_decreasing(void **state)
{
    (void)state;
    adversarial(1);
}

static void test_adversarial_equal(void **state)
{
    (void)state;
    adversarial(2);
}

/* The alarm interrupt expires one timer per critical section: an interrupt
 * landing between two expiries (here: one that cancels a timer about to
 * expire) is served and seen. */
static int victim = -1;
static void cancel_isr(void *arg)
{
    (void)arg;
    if (victim >= 0) {
        ebb_irq_state s = ebb_port_lock();
        erase(&slot[victim].timer.wait); /* withdrawn, as a cancel does */
        ebb_port_unlock(s);
    }
}

static void test_expiry_releases_the_lock_between_timers(void **state)
{
    (void)state;
    memset(slot, 0, sizeof slot);
    n_armed = 0;
    for (int i = 0; i < 5; i++) {
        arm(i, 100);
    }
    /* Let the deadline pass with the alarm withheld, then run the alarm
     * handler from thread context (as the core does when an alarm could
     * not be armed), so a simulated interrupt can land inside it: inside
     * its 2nd critical section (the second expiry), cancel timer 3.  The
     * 3rd section must then skip it. */
    (void)ebb_time_driver_set_alarm(EBB_TICKS_NEVER);
    ebb_host_advance(150);
    victim = 3;
    ebb_host_irq_in_lock(2, cancel_isr, NULL);
    ebb_time_alarm_isr();
    n_fired = 0;
    ebb_host_run_until(&test_exec, 200);
    victim = -1;
    assert_int_equal(n_fired, 4);
    assert_int_equal(fired[0], 0);
    assert_int_equal(fired[1], 1);
    assert_int_equal(fired[2], 2);
    assert_int_equal(fired[3], 4);
    /* Timer 3 was withdrawn by the "interrupt", but its task still waits
     * (it was not cancelled): it never fires. */
    assert_int_equal(ebb_task_state(&slot[3].task), EBB_TASK_RUNNING);
    check_tree(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_random_wide_deadlines),
        RUN(test_random_many_ties),
        RUN(test_ascending_descending_and_equal),
        RUN(test_adversarial_increasing),
        RUN(test_adversarial_decreasing),
        RUN(test_adversarial_equal),
        RUN(test_expiry_releases_the_lock_between_timers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
