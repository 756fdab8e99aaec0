/*
 * test_port - the RISC-V port's critical sections and interrupt executors.
 *
 *  1. ebb_port_lock() nests: a software-interrupt executor woken inside two
 *     locks runs only at the outermost unlock.
 *  2. Levels preempt: a task on level 1 that wakes a level-2 task is
 *     interrupted by it at once; one that wakes another level-1 task is not.
 *  3. The machine timer preempts a software-interrupt executor: a level-1
 *     task that spins sees the alarm interrupt of a timer armed elsewhere.
 *  4. The timer handler lets a device in between two expiries: in a burst
 *     of BURST timers due together, a device interrupt raised at the first
 *     wake runs right after it, not after the burst; the device handler
 *     runs with MIE set, the timer and software interrupts masked in mie.
 */
#include "ebb_mtimer_time.h"
#include "fwtest.h"

static EBB_EXECUTOR_DEFINE(thread_exec, NULL);
static EBB_RV_SWI_EXECUTOR_DEFINE(swi1, 1);
static EBB_RV_SWI_EXECUTOR_DEFINE(swi2, 2);

static char order[16];
static volatile unsigned order_n;

static void mark(char c)
{
    ebb_irq_state s = ebb_port_lock();
    if (order_n < sizeof order - 1) {
        order[order_n++] = c;
    }
    ebb_port_unlock(s);
}

/* ---- 1: nesting ---- */

static volatile unsigned nest_runs;
static volatile unsigned nest_level_seen;

static ebb_poll_t nest_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    nest_runs++;
    nest_level_seen = ebb_rv_swi_level();
    return EBB_READY;
}
static ebb_task nest_task = EBB_TASK_INITIALIZER(nest_poll);

static void test_nesting(void)
{
    FW_CHECK(ebb_rv_interrupts_enabled());
    ebb_irq_state outer = ebb_port_lock();
    FW_CHECK(outer == EBB_RV_MSTATUS_MIE);
    FW_CHECK(!ebb_rv_interrupts_enabled());
    ebb_irq_state inner = ebb_port_lock();
    FW_CHECK(inner == 0);
    FW_CHECK(ebb_task_spawn(&swi1.ex, &nest_task) == 0);
    for (volatile int i = 0; i < 100; i++) {
    }
    FW_CHECK(nest_runs == 0);
    ebb_port_unlock(inner);
    FW_CHECK(!ebb_rv_interrupts_enabled());
    for (volatile int i = 0; i < 100; i++) {
    }
    FW_CHECK(nest_runs == 0);
    ebb_port_unlock(outer);
    FW_CHECK(ebb_rv_interrupts_enabled());
    FW_CHECK(nest_runs == 1);
    FW_CHECK(nest_level_seen == 1);
    FW_CHECK(ebb_rv_swi_level() == 0);
}

/* ---- 4: a device preempts a timer burst ---- */

#define BURST 20u

struct burst_sleeper {
    ebb_task task;
    ebb_timer timer;
    ebb_ticks deadline;
};
static struct burst_sleeper bs[BURST];
static volatile bool burst_counting;
static volatile unsigned burst_wakes;
static volatile unsigned wakes_at_device = ~0u;
static volatile bool device_mie, device_mtie, device_msie;

/* The pender of the sleepers' executor: called at each wake, inside the
 * timer handler, with the lock held.  The first raises the device. */
static void burst_pend(ebb_executor *ex)
{
    (void)ex;
    if (burst_counting && burst_wakes++ == 0) {
        fw_spare_raise();
    }
}
static EBB_EXECUTOR_DEFINE(burst_exec, burst_pend);

static void device_ran(void)
{
    wakes_at_device = burst_wakes;
    device_mie = ebb_rv_interrupts_enabled();
    uint32_t mie = EBB_RV_CSR_READ(mie);
    device_mtie = (mie & EBB_RV_MIE_MTIE) != 0;
    device_msie = (mie & EBB_RV_MIE_MSIE) != 0;
}

static ebb_poll_t burst_poll(ebb_task *self, ebb_cx *cx)
{
    struct burst_sleeper *b = EBB_CONTAINER_OF(self, struct burst_sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_until(&b->timer, b->deadline));
    EBB_END();
}

static void test_device_in_burst(void)
{
    fw_spare_init(device_ran);
    ebb_ticks at = ebb_now() + EBB_US(500);
    for (unsigned i = 0; i < BURST; i++) {
        bs[i].deadline = at;
        EBB_SET_UNLINKED(bs[i].task, (ebb_task)EBB_TASK_INITIALIZER(burst_poll));
        FW_CHECK(ebb_task_spawn(&burst_exec, &bs[i].task) == 0);
    }
    while (ebb_executor_poll(&burst_exec)) {
    }
    for (unsigned i = 0; i < BURST; i++) {
        FW_CHECK(ebb_timer_armed(&bs[i].timer));
    }
    burst_counting = true;
    ebb_ticks until = at + EBB_MS(2);
    while (burst_wakes < BURST && ebb_now() < until) {
    }
    burst_counting = false;
    while (ebb_executor_poll(&burst_exec)) {
    }
    fw_put_line("timers expired before the device got in: ", wakes_at_device);
    FW_CHECK(burst_wakes == BURST);
    FW_CHECK(wakes_at_device == 1); /* right after the first expiry */
    FW_CHECK(device_mie);
    FW_CHECK(!device_mtie && !device_msie);
    uint32_t mie = EBB_RV_CSR_READ(mie);
    FW_CHECK((mie & (EBB_RV_MIE_MTIE | EBB_RV_MIE_MSIE)) == (EBB_RV_MIE_MTIE | EBB_RV_MIE_MSIE));
}

/* ---- 2: levels ---- */

static ebb_poll_t high_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    mark('H');
    return EBB_READY;
}
static ebb_task high_task = EBB_TASK_INITIALIZER(high_poll);

static ebb_poll_t peer_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    mark('P');
    return EBB_READY;
}
static ebb_task peer_task = EBB_TASK_INITIALIZER(peer_poll);

static ebb_poll_t low_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    mark('a');
    FW_CHECK(ebb_task_spawn(&swi1.ex, &peer_task) == 0); /* same level: later */
    mark('b');
    FW_CHECK(ebb_task_spawn(&swi2.ex, &high_task) == 0); /* higher: now */
    mark('c');
    return EBB_READY;
}
static ebb_task low_task = EBB_TASK_INITIALIZER(low_poll);

/* ---- 3: the timer preempts an executor ---- */

static volatile bool timer_fired;

struct sleeper {
    ebb_task task;
    ebb_timer timer;
};

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    struct sleeper *s = EBB_CONTAINER_OF(self, struct sleeper, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_US(200)));
    timer_fired = true;
    EBB_END();
}
static EBB_TASK_DEFINE(sleeper, struct sleeper, sleeper_poll);

static volatile uint32_t alarms_seen_in_spin;

static ebb_poll_t spinner_poll(ebb_task *self, ebb_cx *cx)
{
    (void)self;
    (void)cx;
    uint32_t before = ebb_mtimer_alarms();
    ebb_ticks until = ebb_now() + EBB_MS(2);
    while (ebb_mtimer_alarms() == before && ebb_now() < until) {
    }
    alarms_seen_in_spin = ebb_mtimer_alarms() - before;
    return EBB_READY;
}
static ebb_task spinner_task = EBB_TASK_INITIALIZER(spinner_poll);

/* The thread-mode task that drives 2 and 3. */
struct driver {
    ebb_task task;
    ebb_timer timer;
};

static ebb_poll_t driver_poll(ebb_task *self, ebb_cx *cx)
{
    struct driver *d = EBB_CONTAINER_OF(self, struct driver, task);
    EBB_BEGIN(cx, &self->co);
    mark('T');
    FW_CHECK(ebb_task_spawn(&swi1.ex, &low_task) == 0); /* preempts this task */
    mark('t');
    order[order_n] = '\0';
    ebb_board_puts("order ");
    ebb_board_puts(order);
    ebb_board_puts("\n");
    /* T: thread task; a,b: level 1 (the peer P waits for it to finish);
     * H: level 2 preempts level 1 between b and c; t: back in thread mode
     * only once both levels are idle. */
    FW_CHECK(order_n == 7);
    for (unsigned i = 0; i < 7; i++) {
        FW_CHECK(order[i] == "TabHcPt"[i]);
    }

    FW_CHECK(ebb_task_spawn(&thread_exec, &sleeper.task) == 0);
    EBB_YIELD(); /* let the sleeper arm its timer */
    FW_CHECK(ebb_timer_armed(&sleeper.timer));
    FW_CHECK(ebb_task_spawn(&swi1.ex, &spinner_task) == 0);
    fw_put_line("alarms during the spin: ", alarms_seen_in_spin);
    FW_CHECK(alarms_seen_in_spin == 1);
    EBB_AWAIT(ebb_sleep_for(&d->timer, EBB_MS(1)));
    FW_CHECK(timer_fired);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}
static EBB_TASK_DEFINE(driver, struct driver, driver_poll);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_port\n");
    ebb_executor_init(&thread_exec, NULL);
    ebb_rv_swi_executor_init(&swi1, 1);
    ebb_rv_swi_executor_init(&swi2, 2);
    test_nesting();
    test_device_in_burst();
    FW_CHECK(ebb_task_spawn(&thread_exec, &driver.task) == EBB_OK);
    ebb_executor_run(&thread_exec);
}
