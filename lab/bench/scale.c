/*
 * scale.c - what core operations cost with N = 1, 10, 100, 1000 other tasks,
 * timers or waiters around, in executed instructions on the Cortex-M4 (QEMU
 * netduinoplus2 under -icount, where TIM2's counter advances by exactly one
 * per executed instruction).  Prints "op <name> <N> <instructions>" lines
 * for lab/bench/check_scale.py, which holds them against lab/bench/scale_budget.json.
 *
 * Built twice (lab/bench/CMakeLists.txt):
 *   scale       - the operation costs above;
 *   scale_lock  - the same scenario on a copy of the core whose critical
 *                 sections are timed (lab/bench/lockprobe/ebb_port_impl.h):
 *                 "lock <name> <N> <instructions>" is the longest stretch
 *                 with the port lock held during that operation, and
 *                 "lock whole_run 0 <instructions>" the longest of the whole
 *                 run (setting up and tearing down 1000 tasks included).
 *
 * What "N" is, per operation:
 *   wake+poll, timer_*, timeout(event_wins)+poll, select_k*: N other tasks
 *       asleep on N timers (far deadlines, a quarter of them equal);
 *   channel_*: N tasks waiting on the channel (receivers on an empty one,
 *       senders on a full one).
 * timer_arm and timer_cancel are the worst of 16 arms/cancels at
 * pseudo-random deadlines among the N (a red-black tree: the depth varies).
 */
#include "probe.h" /* stamp(), overhead, the waiter task */
#include "ebb/driver/time_driver.h"
#include "sample_max.h"

#define NMAX 1000
#define K_POSITIONS 16

#ifdef SCALE_LOCK_PROBE
uint32_t ebb_lockprobe_t0, ebb_lockprobe_max;
static uint32_t whole_run_max;
#endif

static unsigned cur_n;
static volatile ebb_poll_t sink;
static bool ok = true;

static void put(const char *kind, const char *name, unsigned n, uint32_t v)
{
    char line[80];
    ebb_fmt(line, sizeof line, "%s %s %u %lu\n", kind, name, n, (unsigned long)v);
    ebb_board_puts(line);
}

/* One sample of `stmt`: its instructions (scale) or the longest lock-held
 * stretch inside it (scale_lock). */
#ifdef SCALE_LOCK_PROBE
#define SAMPLE(out, stmt) BENCH_SAMPLE_MAX(ebb_lockprobe_max, whole_run_max, out, stmt)
#define KIND "lock"
#else
#define SAMPLE(out, stmt) PROBE_SAMPLE(out, stmt)
#define KIND "op"
#endif

#define MEASURE(name, stmt)                                                    \
    do {                                                                       \
        uint32_t v_;                                                           \
        SAMPLE(v_, stmt);                                                      \
        put(KIND, name, cur_n, v_);                                            \
    } while (0)

static uint32_t rng = 0x2545F491u;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static EBB_EXECUTOR_DEFINE(exec, NULL);

static void run_all(void)
{
    while (ebb_executor_poll(&exec)) {
    }
}

/* ---- the N background tasks ---- */

enum { BG_SLEEP, BG_RECV, BG_SEND };
struct bg {
    ebb_task task;
    ebb_timer timer;
    ebb_wait wait;
    uint32_t msg;
    uint8_t kind;
};
static struct bg bg[NMAX];
static ebb_ticks far_base; /* background deadlines lie in [far_base, far_base + 10 s) */
EBB_CHANNEL_DEFINE(chr, uint32_t, 4); /* empty: the background receives */
EBB_CHANNEL_DEFINE(chs, uint32_t, 1); /* full: the background sends */

static ebb_ticks bg_deadline(unsigned i)
{
    uint32_t h = i * 2654435761u;
    return far_base + ((i % 4 == 0) ? EBB_SEC(5) : (h % (uint32_t)EBB_SEC(10)));
}

static ebb_poll_t bg_poll(ebb_task *self, ebb_cx *cx)
{
    struct bg *b = EBB_CONTAINER_OF(self, struct bg, task);
    EBB_BEGIN(cx, &self->co);
    if (b->kind == BG_SLEEP) {
        EBB_AWAIT(ebb_sleep_until(&b->timer, bg_deadline((unsigned)(b - bg))));
        ok = false; /* never: the run ends long before */
    } else if (b->kind == BG_RECV) {
        for (;;) {
            EBB_AWAIT(ebb_channel_recv(&b->wait, &chr, &b->msg));
        }
    } else {
        for (;;) {
            EBB_AWAIT(ebb_channel_send(&b->wait, &chs, &b->msg));
        }
    }
    EBB_END();
}

/* Make exactly the first n background tasks run as `kind`, all waiting. */
static void populate(uint8_t kind, unsigned n)
{
    for (unsigned i = 0; i < NMAX; i++) {
        if (ebb_task_cancel(&bg[i].task) != EBB_OK) {
            ebb_port_panic("scale", 1);
        }
    }
    run_all(); /* drop cancelled tasks still queued */
    uint32_t m = 0;
    while (ebb_channel_try_recv(&chr, &m) == EBB_OK) {
    }
    if (kind == BG_SEND) {
        while (ebb_channel_try_send(&chs, &m) == EBB_OK) {
        }
    }
    for (unsigned i = 0; i < n; i++) {
        bg[i].kind = kind;
        EBB_SET_UNLINKED(bg[i].task, (ebb_task)EBB_TASK_INITIALIZER(bg_poll));
        if (ebb_task_spawn(&exec, &bg[i].task) != EBB_OK) {
            ok = false;
        }
    }
    run_all();
}

/* ---- the probes ---- */

/* Timer arm / cancel / fire, measured from inside a task (arming needs
 * one), each time main wakes it. */
static ebb_waitlist prober_go = EBB_WAITLIST_INITIALIZER;
struct prober {
    ebb_task task;
    ebb_wait go;
    ebb_timer timer;
};
static void probe_timers(ebb_cx *cx, struct prober *p)
{
    ebb_cx cancel = {cx->task, true};
    uint32_t arm_worst = 0, cancel_worst = 0, v;
    for (int k = 0; k < K_POSITIONS; k++) {
        ebb_ticks d = far_base + rnd() % (uint32_t)EBB_SEC(10);
        SAMPLE(v, sink = EBB_POLL(ebb_sleep_until)(cx, &p->timer, d));
        arm_worst = v > arm_worst ? v : arm_worst;
        ok &= ebb_timer_armed(&p->timer);
        SAMPLE(v, sink = EBB_POLL(ebb_sleep_until)(&cancel, &p->timer, d));
        cancel_worst = v > cancel_worst ? v : cancel_worst;
        ok &= !ebb_timer_armed(&p->timer);
    }
    put(KIND, "timer_arm", cur_n, arm_worst);
    put(KIND, "timer_cancel", cur_n, cancel_worst);

    /* Fire: a deadline earlier than every other timer's, expired by the
     * alarm handler.  scale: the handler is called with the lock held
     * while the deadline passes, so the SysTick interrupt cannot take it
     * first (it finds nothing to do afterwards); scale_lock: the real
     * interrupt fires it, and the probe sees its critical sections. */
    ebb_ticks d = ebb_now() + EBB_US(20);
    sink = EBB_POLL(ebb_sleep_until)(cx, &p->timer, d);
#ifdef SCALE_LOCK_PROBE
    MEASURE("timer_fire", while (ebb_timer_armed(&p->timer)) { __asm volatile("" ::: "memory"); });
#else
    ebb_irq_state s = ebb_port_lock();
    while (ebb_now() < d) {
    }
    MEASURE("timer_fire", ebb_time_alarm_isr());
    ebb_port_unlock(s);
#endif
    ok &= !ebb_timer_armed(&p->timer);
    sink = EBB_POLL(ebb_sleep_until)(cx, &p->timer, d); /* consume the firing */
    ok &= ebb_poll_is_ready(sink) && p->timer.wait.task == NULL;
}
static ebb_poll_t prober_poll(ebb_task *self, ebb_cx *cx)
{
    struct prober *p = EBB_CONTAINER_OF(self, struct prober, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&p->go, &prober_go));
        probe_timers(cx, p);
    }
    EBB_END();
}
static EBB_TASK_DEFINE(prober, struct prober, prober_poll);

/* A timeout whose event wins: the timer is withdrawn from among the N. */
static ebb_waitlist to_go = EBB_WAITLIST_INITIALIZER, to_ev = EBB_WAITLIST_INITIALIZER;
struct timeouter {
    ebb_task task;
    ebb_wait go, ev;
    ebb_timer timer;
    int result;
    uint32_t wins;
};
static ebb_poll_t timeouter_poll(ebb_task *self, ebb_cx *cx)
{
    struct timeouter *t = EBB_CONTAINER_OF(self, struct timeouter, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&t->go, &to_go));
        /* Due in the middle of the background deadlines. */
        EBB_AWAIT_TIMEOUT(t->result, &t->timer, far_base + EBB_SEC(5) + 1 - ebb_now(),
                          ebb_wait_on(&t->ev, &to_ev));
        t->wins += t->result == EBB_OK;
    }
    EBB_END();
}
static EBB_TASK_DEFINE(timeouter, struct timeouter, timeouter_poll);

/* Select of k = 2..4 wait lists; the last branch wins (every other one
 * is withdrawn). */
struct selector {
    ebb_task task;
    ebb_wait go, w[4];
    ebb_waitlist go_list, l[4];
    int which;
    uint32_t wins;
};
static ebb_poll_t select2_poll(ebb_task *self, ebb_cx *cx)
{
    struct selector *s = EBB_CONTAINER_OF(self, struct selector, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&s->go, &s->go_list));
        EBB_AWAIT_ANY(s->which, ebb_wait_on(&s->w[0], &s->l[0]), ebb_wait_on(&s->w[1], &s->l[1]));
        s->wins += s->which == 1;
    }
    EBB_END();
}
static ebb_poll_t select3_poll(ebb_task *self, ebb_cx *cx)
{
    struct selector *s = EBB_CONTAINER_OF(self, struct selector, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&s->go, &s->go_list));
        EBB_AWAIT_ANY(s->which, ebb_wait_on(&s->w[0], &s->l[0]), ebb_wait_on(&s->w[1], &s->l[1]),
                      ebb_wait_on(&s->w[2], &s->l[2]));
        s->wins += s->which == 2;
    }
    EBB_END();
}
static ebb_poll_t select4_poll(ebb_task *self, ebb_cx *cx)
{
    struct selector *s = EBB_CONTAINER_OF(self, struct selector, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_wait_on(&s->go, &s->go_list));
        EBB_AWAIT_ANY(s->which, ebb_wait_on(&s->w[0], &s->l[0]), ebb_wait_on(&s->w[1], &s->l[1]),
                      ebb_wait_on(&s->w[2], &s->l[2]), ebb_wait_on(&s->w[3], &s->l[3]));
        s->wins += s->which == 3;
    }
    EBB_END();
}
static EBB_TASK_DEFINE(sel2, struct selector, select2_poll);
static EBB_TASK_DEFINE(sel3, struct selector, select3_poll);
static EBB_TASK_DEFINE(sel4, struct selector, select4_poll);

static void measure_select(const char *name, struct selector *s, int k)
{
    ebb_waitlist_wake_all(&s->go_list);
    run_all(); /* it now waits on its k lists */
    MEASURE(name, ebb_waitlist_wake_all(&s->l[k - 1]); (void)ebb_executor_poll(&exec));
}

static const unsigned sizes[] = {1, 10, 100, 1000};

int main(void)
{
    ebb_board_init();
    probe_calibrate();
    ebb_executor_init(&exec, NULL);
    far_base = ebb_now() + EBB_SEC(10);
    ebb_task *probes[] = {&waiter.task, &prober.task, &timeouter.task, &sel2.task, &sel3.task, &sel4.task};
    for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        if (ebb_task_spawn(&exec, probes[i]) != EBB_OK) {
            ok = false;
        }
    }
    run_all();

    uint32_t sel_wins = 0;
    for (unsigned si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        cur_n = sizes[si];

        populate(BG_SLEEP, cur_n);
        MEASURE("wake+poll", ebb_waitlist_wake_all(&probe_events); (void)ebb_executor_poll(&exec));
        ebb_waitlist_wake_all(&prober_go);
        run_all(); /* the prober measures and reports */
        ebb_waitlist_wake_all(&to_go);
        run_all(); /* the timeout is armed */
        ok &= ebb_timer_armed(&timeouter.timer);
        MEASURE("timeout(event_wins)+poll", ebb_waitlist_wake_all(&to_ev); (void)ebb_executor_poll(&exec));
        ok &= !ebb_timer_armed(&timeouter.timer);
        measure_select("select_k2(last_wins)+poll", &sel2, 2);
        measure_select("select_k3(last_wins)+poll", &sel3, 3);
        measure_select("select_k4(last_wins)+poll", &sel4, 4);
        sel_wins += 3;

        populate(BG_RECV, cur_n);
        uint32_t m = 7, out = 0;
        MEASURE("channel_try_send(N_receivers)", ok &= ebb_channel_try_send(&chr, &m) == EBB_OK);
        MEASURE("poll(receiver_takes)", (void)ebb_executor_poll(&exec));
        ok &= ebb_channel_try_recv(&chr, &out) == EBB_EAGAIN; /* the receiver took it */
        MEASURE("channel_send+poll(N_receivers)", (void)ebb_channel_try_send(&chr, &m); (void)ebb_executor_poll(&exec));

        populate(BG_SEND, cur_n);
        MEASURE("channel_try_recv(N_senders)", ok &= ebb_channel_try_recv(&chs, &out) == EBB_OK);
        MEASURE("poll(sender_puts)", (void)ebb_executor_poll(&exec));
        ok &= ebb_channel_try_send(&chs, &m) == EBB_EAGAIN; /* the sender filled it */
        MEASURE("channel_recv+poll(N_senders)", (void)ebb_channel_try_recv(&chs, &out); (void)ebb_executor_poll(&exec));
    }
    populate(BG_SLEEP, 0);
    ok &= waiter.resumes == 4 && timeouter.wins == 4;
    ok &= sel2.wins + sel3.wins + sel4.wins == sel_wins;
#ifdef SCALE_LOCK_PROBE
    if (ebb_lockprobe_max > whole_run_max) {
        whole_run_max = ebb_lockprobe_max; /* sections outside any MEASURE */
    }
    put("lock", "whole_run", 0, whole_run_max);
#endif
    ebb_board_puts(ok ? "scale: ok\n" : "scale: FAILED\n");
    ebb_board_exit(ok ? 0 : 1);
}
