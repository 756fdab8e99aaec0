/*
 * test_channel_isr - a channel fed from an interrupt handler to a task loses
 * nothing.
 *
 * A producer interrupt (the suite's spare interrupt, fw_spare_init()) sends a
 * numbered sequence with ebb_channel_try_send; when the channel is full it
 * keeps the value and retries on its next activation (that is the ISR's
 * side of "nothing lost").  Activations come from a ticker task every 37 us
 * and from the consumer when it frees space, so they land in the middle of
 * the consumer's receive; each value wakes the consumer from the
 * interrupt.  Checked: all N values arrive, in order, and the channel was
 * full at times (the retry path ran).
 */
#include "fwtest.h"

#define N 2000u

EBB_CHANNEL_DEFINE(chan, uint32_t, 8);

static volatile uint32_t next_value; /* next value the producer sends */
static volatile uint32_t full_hits;  /* try_send found the channel full */
static volatile uint32_t activations;

static void producer(void)
{
    activations++;
    /* A burst of up to 5, stopping at the first refusal. */
    for (int k = 0; k < 5 && next_value < N; k++) {
        uint32_t v = next_value;
        if (ebb_channel_try_send(&chan, &v) != EBB_OK) {
            full_hits++;
            break;
        }
        next_value = v + 1u;
    }
}

struct consumer {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    uint32_t value;
    uint32_t expect;
};

static ebb_poll_t consumer_poll(ebb_task *self, ebb_cx *cx)
{
    struct consumer *c = EBB_CONTAINER_OF(self, struct consumer, task);
    EBB_BEGIN(cx, &self->co);
    while (c->expect < N) {
        EBB_AWAIT(ebb_channel_recv(&c->wait, &chan, &c->value));
        if (c->value != c->expect) {
            ebb_board_puts("got ");
            fw_put_u64(c->value);
            ebb_board_puts(" expected ");
            fw_put_u64(c->expect);
            ebb_board_puts("\n");
            FW_CHECK(c->value == c->expect);
        }
        c->expect++;
        if (c->expect % 16u == 0) {
            /* Fall behind now and then so that the channel fills up. */
            EBB_AWAIT(ebb_sleep_for(&c->timer, EBB_US(90)));
        }
        fw_spare_raise();
    }
    EBB_END();
}

struct kicker {
    ebb_task task;
    ebb_ticker ticker;
};

static ebb_poll_t kicker_poll(ebb_task *self, ebb_cx *cx)
{
    struct kicker *k = EBB_CONTAINER_OF(self, struct kicker, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&k->ticker, EBB_US(37));
    while (next_value < N) {
        EBB_AWAIT(ebb_ticker_next(&k->ticker));
        fw_spare_raise();
    }
    EBB_END();
}

static EBB_TASK_DEFINE(consumer, struct consumer, consumer_poll);
static EBB_TASK_DEFINE(kicker, struct kicker, kicker_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_channel_isr on " EBB_BOARD_NAME "\n");
    fw_spare_init(producer);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &consumer.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &kicker.task) == EBB_OK);
    /* Idle only while the task still waits (WFI idle: nothing may be armed
     * once it ended). */
    while (ebb_task_state(&consumer.task) == EBB_TASK_RUNNING) {
        if (!ebb_executor_poll(&exec) && ebb_task_state(&consumer.task) == EBB_TASK_RUNNING) {
            ebb_port_idle(&exec);
        }
    }
    FW_CHECK(consumer.expect == N);
    FW_CHECK(next_value == N);
    FW_CHECK(ebb_channel_count(&chan) == 0);
    ebb_board_puts("activations ");
    fw_put_u64(activations);
    ebb_board_puts(", channel full ");
    fw_put_u64(full_hits);
    ebb_board_puts(" times\n");
    FW_CHECK(full_hits > 0);
    ebb_board_puts("PASS\n");
    return 0;
}
