/*
 * test_channel_plic - a device interrupt, through the PLIC, feeds a task
 * through a channel; then select with a timeout, both ways.
 *
 * The device is the machine's Goldfish RTC: an alarm written in the past
 * raises its interrupt (PLIC source 11) at once, so a task can "kick" a real
 * device interrupt.  The handler sends bursts of up to 5 values with
 * ebb_channel_try_send(); the consumer checks every value arrives once and
 * in order, and falls behind now and then so that the channel fills up (the
 * handler then stops at the refusal and the value is sent later).
 *
 * Select: EBB_AWAIT_ANY(channel receive, sleep) ends by the timeout, at its
 * deadline, when nothing is sent; and by the channel, with the timer
 * withdrawn, when the interrupt sends first.
 */
#include "rvtest.h"

#define N 3000u
#define RTC_BASE 0x00101000u
#define RTC_ALARM_LOW EBB_RV_REG32(RTC_BASE + 0x08u)  /* write: arm */
#define RTC_ALARM_HIGH EBB_RV_REG32(RTC_BASE + 0x0Cu)
#define RTC_IRQ_ENABLED EBB_RV_REG32(RTC_BASE + 0x10u)
#define RTC_CLEAR_INTERRUPT EBB_RV_REG32(RTC_BASE + 0x1Cu)
#define RTC_PLIC_SOURCE 11u

EBB_CHANNEL_DEFINE(chan, uint32_t, 8);
EBB_CHANNEL_DEFINE(sel_chan, uint32_t, 2);

static volatile uint32_t next_value;
static volatile uint32_t full_hits, activations;
static volatile bool to_select; /* the next interrupt feeds sel_chan */

static void kick(void)
{
    RTC_ALARM_HIGH = 0;
    RTC_ALARM_LOW = 0; /* long past: the alarm fires now */
}

static void rtc_isr(void)
{
    RTC_CLEAR_INTERRUPT = 1;
    activations++;
    if (to_select) {
        uint32_t v = 42;
        to_select = false;
        RV_CHECK(ebb_channel_try_send(&sel_chan, &v) == EBB_OK);
        return;
    }
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
    uint32_t value, expect;
    unsigned which;
    ebb_ticks deadline;
};

static ebb_poll_t consumer_poll(ebb_task *self)
{
    struct consumer *c = EBB_CONTAINER_OF(self, struct consumer, task);
    EBB_BEGIN(&self->co);
    kick();
    while (c->expect < N) {
        EBB_AWAIT(ebb_channel_recv(&c->wait, &chan, &c->value));
        if (c->value != c->expect) {
            rv_put_u32("got ", c->value);
            rv_put_u32("expected ", c->expect);
            RV_CHECK(c->value == c->expect);
        }
        c->expect++;
        if (c->expect % 16u == 0) {
            EBB_AWAIT(ebb_sleep_for(&c->timer, EBB_US(90)));
        }
        kick();
    }
    RV_CHECK(next_value == N && ebb_channel_count(&chan) == 0);
    rv_put_u32("interrupts: ", activations);
    rv_put_u32("channel full: ", full_hits);
    RV_CHECK(full_hits > 0);

    /* Select, nothing sent: the timeout wins, on time. */
    c->deadline = ebb_now() + EBB_US(500);
    EBB_AWAIT_ANY(c->which, ebb_channel_recv(&c->wait, &sel_chan, &c->value),
                  ebb_sleep_until(&c->timer, c->deadline));
    RV_CHECK(c->which == 1);
    RV_CHECK(ebb_now() >= c->deadline && ebb_now() - c->deadline <= EBB_US(2));

    /* Select, the interrupt sends first: the channel wins, the timer is
     * withdrawn. */
    to_select = true;
    kick();
    c->deadline = ebb_now() + EBB_MS(5);
    EBB_AWAIT_ANY(c->which, ebb_channel_recv(&c->wait, &sel_chan, &c->value),
                  ebb_sleep_until(&c->timer, c->deadline));
    RV_CHECK(c->which == 0 && c->value == 42);
    RV_CHECK(!ebb_timer_armed(&c->timer));
    RV_CHECK(ebb_now() < c->deadline);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(struct consumer, consumer, consumer_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_channel_plic\n");
    RTC_IRQ_ENABLED = 1;
    ebb_rv_plic_enable(RTC_PLIC_SOURCE, 2, rtc_isr);
    ebb_executor_init(&exec, NULL);
    (void)ebb_task_spawn(&exec, &consumer.task);
    ebb_executor_run(&exec);
}
