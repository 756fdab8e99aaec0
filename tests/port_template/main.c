/*
 * The port template (port/template/) built with the portable core on the
 * host and run: the template's hardware stand-ins are simulated here - the
 * sleep jumps the counter to the compare register and the timer interrupt
 * is taken when the idle unmasks.  Tasks sleep for short and very long
 * spans (past the 32-bit counter's wrap) and a ticker ticks; every wake
 * must come exactly at its deadline, the clock must never go back, and
 * the core must have asked for alarms only as needed.  So a port copied
 * from the template starts from code that works.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ebb/ebb.h"
#include "ebb_template.h"

static int pending; /* the timer interrupt, waiting for the unmask */

void ebb_template_wait_for_interrupt(void)
{
    if (!ebb_template_compare_on) {
        fprintf(stderr, "FAIL: idle with no alarm armed (would sleep forever)\n");
        exit(1);
    }
    if ((uint32_t)(ebb_template_compare - ebb_template_counter) > 0x80000000u) {
        fprintf(stderr, "FAIL: compare behind the counter\n");
        exit(1);
    }
    ebb_template_counter = ebb_template_compare; /* time passes to the alarm */
    pending = 1;
}

void ebb_template_report_panic(const char *line)
{
    fputs(line, stderr);
    exit(2);
}

void ebb_on_contract(const char *module, int id) { ebb_port_panic(module, id); }

struct sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks spans[4];
    ebb_ticks due;
    int i;
};

static int failures;
#define CHECK(c)                                                               \
    do {                                                                       \
        if (!(c)) {                                                            \
            fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #c);               \
            failures++;                                                        \
        }                                                                      \
    } while (0)

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    for (s->i = 0; s->i < 4; s->i++) {
        s->due = ebb_now() + s->spans[s->i];
        EBB_AWAIT(ebb_sleep_for(&s->timer, s->spans[s->i]));
        CHECK(ebb_now() == s->due); /* exactly at the deadline (T3) */
    }
    EBB_END();
}

struct ticks {
    ebb_task task;
    ebb_ticker ticker;
    uint32_t n;
    ebb_ticks last;
};

static ebb_poll_t ticks_poll(ebb_task *self, ebb_cx *cx)
{
    struct ticks *t = EBB_CONTAINER_OF(self, struct ticks, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&t->ticker, 1000u);
    for (t->n = 0; t->n < 50; t->n++) {
        EBB_AWAIT(ebb_ticker_next(&t->ticker));
        CHECK(ebb_now() == (ebb_ticks)(t->n + 1) * 1000u);
        CHECK(ebb_now() >= t->last);
        t->last = ebb_now();
    }
    EBB_END();
}

static struct sleeper sleeper = {
    .task = EBB_TASK_INITIALIZER(sleeper_poll),
    /* short, then past two wraps of the 32-bit counter, then short again */
    .spans = {10u, 0x100000000ull * 2u + 12345u, 1u, 777u},
};
static struct ticks ticker = {.task = EBB_TASK_INITIALIZER(ticks_poll)};
static EBB_EXECUTOR_DEFINE(exec, NULL);

static bool all_done(void)
{
    return ebb_task_state(&sleeper.task) == EBB_TASK_DONE &&
           ebb_task_state(&ticker.task) == EBB_TASK_DONE;
}

int main(void)
{
    if (ebb_task_spawn(&exec, &sleeper.task) != EBB_OK || ebb_task_spawn(&exec, &ticker.task) != EBB_OK) {
        puts("port_template: a spawn was refused");
        return 1;
    }
    unsigned long sleeps = 0;
    while (!all_done()) {
        if (!ebb_executor_poll(&exec) && !all_done()) {
            ebb_port_idle(&exec);
            sleeps++;
            if (pending && ebb_template_irq_enabled) { /* taken on the unmask */
                pending = 0;
                ebb_template_timer_isr();
            }
        }
        if (sleeps > 1000) {
            fprintf(stderr, "FAIL: too many sleeps\n");
            return 1;
        }
    }
    printf("port template: %lu sleeps, now %llu ticks, %d failures\n", sleeps,
           (unsigned long long)ebb_now(), failures);
    return failures == 0 ? 0 : 1;
}
