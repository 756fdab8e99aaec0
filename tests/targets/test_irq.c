/*
 * test_irq - interrupts and ebb on the board's own interrupt lines:
 *
 * 1. channel interrupt-to-task: a producer interrupt (spare line 0,
 *    priority 2) sends a numbered sequence with ebb_channel_try_send,
 *    keeping a refused value for its next activation; activations come from
 *    a 37 us ticker and from the consumer.  All N values arrive in order,
 *    and the channel was full at times (the refusal path ran).
 * 2. select and timeout: a receive with a 2 ms timeout on an empty channel
 *    times out on time (the receive is cancelled: a later send stays in the
 *    channel); a receive whose value comes first completes with EBB_OK; and
 *    EBB_AWAIT_ANY picks the first of a button edge and a sleep.
 * 3. interrupt-executor preemption: an executor running in spare line 1 at
 *    priority 1 runs a 500 us ticker while thread mode spins 30 ms without
 *    yielding; its ticks arrive during the spin, on time.
 */
#include "tgtest.h"

#define N 2000u

EBB_CHANNEL_DEFINE(chan, uint32_t, 8);

static volatile uint32_t next_value;
static volatile uint32_t full_hits;

void EBB_BOARD_SPARE0_HANDLER(void)
{
    for (int k = 0; k < 5 && next_value < N; k++) {
        uint32_t v = next_value;
        if (ebb_channel_try_send(&chan, &v) != EBB_OK) {
            full_hits++;
            break;
        }
        next_value = v + 1u;
    }
}

/* ---- 1: channel from an interrupt ---- */

struct consumer {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    uint32_t value;
    uint32_t expect;
};

static ebb_poll_t consumer_poll(ebb_task *self)
{
    struct consumer *c = EBB_CONTAINER_OF(self, struct consumer, task);
    EBB_BEGIN(&self->co);
    while (c->expect < N) {
        EBB_AWAIT(ebb_channel_recv(&c->wait, &chan, &c->value));
        TG_CHECK(c->value == c->expect);
        c->expect++;
        if (c->expect % 16u == 0) {
            EBB_AWAIT(ebb_sleep_for(&c->timer, EBB_US(90))); /* let it fill up */
        }
        ebb_cm_irq_pend(EBB_BOARD_SPARE0_IRQ);
    }
    EBB_END();
}

struct kicker {
    ebb_task task;
    ebb_ticker ticker;
};

static ebb_poll_t kicker_poll(ebb_task *self)
{
    struct kicker *k = EBB_CONTAINER_OF(self, struct kicker, task);
    EBB_BEGIN(&self->co);
    ebb_ticker_start(&k->ticker, EBB_US(37));
    while (next_value < N) {
        EBB_AWAIT(ebb_ticker_next(&k->ticker));
        ebb_cm_irq_pend(EBB_BOARD_SPARE0_IRQ);
    }
    EBB_END();
}

/* ---- 2: select and timeout ---- */

struct selector {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    ebb_timer timer2;
    uint32_t value;
    int result;
    int which;
    ebb_ticks t0;
};

static ebb_poll_t selector_poll(ebb_task *self)
{
    struct selector *s = EBB_CONTAINER_OF(self, struct selector, task);
    EBB_BEGIN(&self->co);
    /* Nothing comes: the timeout wins, on time, and the receive is gone. */
    s->t0 = ebb_now();
    EBB_AWAIT_TIMEOUT(s->result, &s->timer, EBB_MS(2),
                      ebb_channel_recv(&s->wait, &chan, &s->value));
    TG_CHECK(s->result == EBB_ETIMEDOUT);
    TG_CHECK(ebb_now() - s->t0 >= EBB_MS(2) && ebb_now() - s->t0 < EBB_MS(2) + EBB_US(200));
    s->value = 77;
    TG_CHECK(ebb_channel_try_send(&chan, &s->value) == EBB_OK);
    TG_CHECK(ebb_channel_count(&chan) == 1); /* nobody took it */
    /* A value waiting: the receive wins at once. */
    EBB_AWAIT_TIMEOUT(s->result, &s->timer, EBB_MS(2),
                      ebb_channel_recv(&s->wait, &chan, &s->value));
    TG_CHECK(s->result == EBB_OK && s->value == 77);
    /* The first of a button press (the finger presses 1 ms from now) and a
     * 5 ms sleep; then the sleep, with no press coming. */
    ebb_board_finger_periodic(1000, 2000, 500, 1);
    s->t0 = ebb_now();
    EBB_AWAIT_ANY(s->which, ebb_board_button_wait(&s->wait, EBB_BOARD_RISING),
                  ebb_sleep_for(&s->timer2, EBB_MS(5)));
    TG_CHECK(s->which == 0);
    TG_CHECK(ebb_now() - s->t0 >= EBB_US(1000) && ebb_now() - s->t0 < EBB_US(1300));
    EBB_AWAIT_ANY(s->which, ebb_board_button_wait(&s->wait, EBB_BOARD_RISING),
                  ebb_sleep_for(&s->timer2, EBB_MS(5)));
    TG_CHECK(s->which == 1);
    EBB_END();
}

/* ---- 3: an interrupt executor preempting a busy thread ---- */

static EBB_CM_IRQ_EXECUTOR_DEFINE(irq_exec);
static EBB_EXECUTOR_DEFINE(exec, NULL);

EBB_CM_IRQ_EXECUTOR_HANDLER(EBB_BOARD_SPARE1_HANDLER, irq_exec)

struct urgent {
    ebb_task task;
    ebb_ticker ticker;
    volatile uint32_t ticks;
    ebb_ticks worst_late;
};

static ebb_poll_t urgent_poll(ebb_task *self)
{
    struct urgent *u = EBB_CONTAINER_OF(self, struct urgent, task);
    EBB_BEGIN(&self->co);
    ebb_ticker_start(&u->ticker, EBB_US(500));
    while (u->ticks < 40u) {
        EBB_AWAIT(ebb_ticker_next(&u->ticker));
        {
            ebb_ticks late = ebb_now() - (u->ticker.timer.deadline - u->ticker.period);
            if (late > u->worst_late) {
                u->worst_late = late;
            }
        }
        u->ticks++;
    }
    EBB_END();
}

static EBB_TASK_DEFINE(struct consumer, consumer, consumer_poll);
static EBB_TASK_DEFINE(struct kicker, kicker, kicker_poll);
static EBB_TASK_DEFINE(struct selector, selector, selector_poll);
static EBB_TASK_DEFINE(struct urgent, urgent, urgent_poll);

static void run(ebb_task *t)
{
    while (ebb_task_state(t) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec)) {
            ebb_port_idle(&exec);
        }
    }
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_irq on " EBB_BOARD_NAME "\n");
    ebb_cm_irq_set_prio(EBB_BOARD_SPARE0_IRQ, 2);
    ebb_cm_irq_enable(EBB_BOARD_SPARE0_IRQ);
    ebb_executor_init(&exec, NULL);

    ebb_task_spawn(&exec, &consumer.task);
    ebb_task_spawn(&exec, &kicker.task);
    run(&consumer.task);
    run(&kicker.task);
    TG_CHECK(consumer.expect == N && next_value == N);
    TG_CHECK(ebb_channel_count(&chan) == 0);
    ebb_board_puts("channel: full ");
    tg_put_u64(full_hits);
    ebb_board_puts(" times\n");
    TG_CHECK(full_hits > 0);

    ebb_task_spawn(&exec, &selector.task);
    run(&selector.task);
    ebb_board_puts("select/timeout ok\n");

    ebb_cm_irq_executor_init(&irq_exec, EBB_BOARD_SPARE1_IRQ, 1);
    ebb_task_spawn(&irq_exec.ex, &urgent.task);
    /* Thread mode busy for 30 ms, never yielding. */
    ebb_ticks end = ebb_now() + EBB_MS(30);
    uint32_t seen_during = 0;
    while (ebb_now() < end) {
        seen_during = urgent.ticks;
    }
    ebb_board_puts("preemption: ");
    tg_put_u64(seen_during);
    ebb_board_puts(" ticks during the spin, worst late us ");
    tg_put_u64(urgent.worst_late);
    ebb_board_puts("\n");
    TG_CHECK(seen_during >= 40u); /* all 40 (20 ms) ran while thread mode spun */
    TG_CHECK(urgent.worst_late <= EBB_US(100));
    ebb_board_puts("PASS\n");
    return 0;
}
