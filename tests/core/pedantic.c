/* Every coroutine macro, in a consumer's strictest usual flags: this file
 * must compile warning-free under -std=c11 -Wall -Wextra -Wpedantic -Werror
 * with GCC and Clang and both continuation kinds (tests/core/CMakeLists.txt:
 * core.pedantic.*).  ebb's GNU extension (labels as values) is marked inside
 * the macros, so a strict ISO C project does not see it. */
#include "ebb/ebb.h"

EBB_CHANNEL_DEFINE(pedantic_chan, int, 4);
static EBB_SIGNAL_DEFINE(pedantic_sig);

struct sub {
    ebb_co co;
    ebb_timer timer;
};

/* An async function awaited by the task below. */
static ebb_poll_t sub_poll(ebb_cx *cx, struct sub *s)
{
    EBB_BEGIN(cx, &s->co);
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_MS(1)));
    EBB_RETURN();
    EBB_END();
}

struct everything {
    ebb_task task;
    struct sub sub;
    ebb_wait rx;
    ebb_wait sig;
    ebb_timer timer;
    ebb_timer timer2;
    int value;
    int which;
    int result;
    unsigned mask;
    uint32_t got;
};

static ebb_poll_t everything_poll(ebb_task *self, ebb_cx *cx)
{
    struct everything *e = EBB_CONTAINER_OF(self, struct everything, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(sub_poll(cx, &e->sub));
    EBB_YIELD();
    EBB_AWAIT_ANY(e->which, ebb_channel_recv(&e->rx, &pedantic_chan, &e->value),
                  ebb_signal_wait(&e->sig, &pedantic_sig, &e->got));
    EBB_AWAIT_ANY(e->which, ebb_sleep_for(&e->timer, 1), ebb_sleep_for(&e->timer2, 2),
                  ebb_channel_recv(&e->rx, &pedantic_chan, &e->value));
    EBB_AWAIT_ALL(e->mask, ebb_sleep_for(&e->timer, 1), ebb_sleep_for(&e->timer2, 2));
    EBB_AWAIT_TIMEOUT(e->result, &e->timer, EBB_MS(5),
                      ebb_channel_recv(&e->rx, &pedantic_chan, &e->value));
    EBB_END();
}

EBB_TASK_DEFINE(pedantic_task, struct everything, everything_poll);

/* Deferred logging with and without values, in both builds (tracing off:
 * the default; on: core.pedantic.*.trace), as a strict consumer writes it. */
void pedantic_log(unsigned n, unsigned long long t);
void pedantic_log(unsigned n, unsigned long long t)
{
    EBB_LOG_INFO("no values");
    EBB_LOG_WARN("n=%u t=%llu s=%s p=%p", n, t, "x", (void *)&pedantic_chan);
    EBB_LOG_ERROR("%u %u %u %u %u %u %u %u", n, n, n, n, n, n, n, n);
}
