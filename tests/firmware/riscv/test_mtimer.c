/*
 * test_mtimer - the machine-timer time driver under -icount (deterministic):
 *   1. sleeps to odd deadlines wake within LATE_US of the deadline, never
 *      early;
 *   2. ebb_now() is mtime / 10 (10 MHz mtime, 1 MHz ticks), monotonic;
 *   3. a 1 ms ticker delivers 200 ticks, each on time, without drift;
 *   4. timers armed out of order fire in deadline order; a deadline in the
 *      past is ready at once;
 *   5. a 2 s sleep (WFI the whole time) ends on time.
 */
#include "ebb_mtimer_time.h"
#include "fwtest.h"

/* Alarm interrupt -> wake -> WFI returns -> poll -> ebb_now(): a few
 * hundred instructions, i.e. well under 1 us at 1 ns per instruction. */
#define LATE_US 2u

static EBB_EXECUTOR_DEFINE(exec, NULL);
static uint32_t max_late;

static void check_late(ebb_ticks deadline)
{
    ebb_ticks now = ebb_now();
    FW_CHECK(now >= deadline);
    uint32_t late = (uint32_t)(now - deadline);
    FW_CHECK(late <= EBB_US(LATE_US));
    if (late > max_late) {
        max_late = late;
    }
}

/* ---- 4: ordering ---- */
static char fired[8];
static volatile unsigned fired_n;

struct one {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks at;
    char name;
};

static ebb_poll_t one_poll(ebb_task *self, ebb_cx *cx)
{
    struct one *o = EBB_CONTAINER_OF(self, struct one, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&o->timer, o->at));
    fired[fired_n++] = o->name;
    EBB_END();
}

static struct one ones[5] = {
    {EBB_TASK_INITIALIZER(one_poll), EBB_TIMER_INITIALIZER, 0, 'c'},
    {EBB_TASK_INITIALIZER(one_poll), EBB_TIMER_INITIALIZER, 0, 'a'},
    {EBB_TASK_INITIALIZER(one_poll), EBB_TIMER_INITIALIZER, 0, 'e'},
    {EBB_TASK_INITIALIZER(one_poll), EBB_TIMER_INITIALIZER, 0, 'b'},
    {EBB_TASK_INITIALIZER(one_poll), EBB_TIMER_INITIALIZER, 0, 'd'},
};

struct main_task {
    ebb_task task;
    ebb_timer timer;
    ebb_ticker ticker;
    ebb_ticks t0, d;
    unsigned i;
};

static ebb_poll_t main_poll(ebb_task *self, ebb_cx *cx)
{
    struct main_task *m = EBB_CONTAINER_OF(self, struct main_task, task);
    EBB_BEGIN(cx, &self->co);

    /* 1 */
    for (m->i = 0; m->i < 50; m->i++) {
        m->d = ebb_now() + EBB_US(13u + 37u * m->i);
        EBB_AWAIT(ebb_sleep_until(&m->timer, m->d));
        check_late(m->d);
    }

    /* 2 */
    {
        ebb_ticks last = 0;
        for (unsigned k = 0; k < 1000; k++) {
            uint64_t raw = ebb_mtimer_read();
            ebb_ticks now = ebb_now();
            uint64_t raw2 = ebb_mtimer_read();
            FW_CHECK(now >= last);
            /* epoch is the mtime at init, a few hundred instructions in */
            FW_CHECK(now <= raw2 / 10u && now + 1000u >= raw / 10u);
            last = now;
        }
    }

    /* 3 */
    m->t0 = ebb_now();
    ebb_ticker_start(&m->ticker, EBB_MS(1));
    for (m->i = 1; m->i <= 200; m->i++) {
        EBB_AWAIT(ebb_ticker_next(&m->ticker));
        check_late(m->t0 + m->i * EBB_MS(1));
    }

    /* 4 */
    m->t0 = ebb_now();
    for (unsigned k = 0; k < 5; k++) {
        ones[k].at = m->t0 + EBB_US(100u * (unsigned)(ones[k].name - 'a' + 1));
        FW_CHECK(ebb_task_spawn(&exec, &ones[k].task) == 0);
    }
    EBB_AWAIT(ebb_sleep_until(&m->timer, m->t0 + EBB_MS(1)));
    FW_CHECK(fired_n == 5);
    for (unsigned k = 0; k < 5; k++) {
        FW_CHECK(fired[k] == "abcde"[k]);
    }
    m->d = ebb_now() - EBB_US(5);
    EBB_AWAIT(ebb_sleep_until(&m->timer, m->d)); /* past: ready at once */
    FW_CHECK(ebb_now() - m->d < EBB_US(5 + LATE_US));

    /* 5 */
    m->i = ebb_mtimer_alarms();
    m->d = ebb_now() + EBB_SEC(2);
    EBB_AWAIT(ebb_sleep_until(&m->timer, m->d));
    check_late(m->d);
    FW_CHECK(ebb_mtimer_alarms() == m->i + 1); /* one interrupt, no ticks */

    fw_put_line("max lateness (ticks): ", max_late);
    fw_put_line("alarms: ", ebb_mtimer_alarms());
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}
static EBB_TASK_DEFINE(main_task, struct main_task, main_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_mtimer\n");
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &main_task.task) == EBB_OK);
    ebb_executor_run(&exec);
}
