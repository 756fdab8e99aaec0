/*
 * fuzz_core.c - libFuzzer target: random sequences of ebb's public API on
 * the host port, checked against reference models after every step.
 *
 * Each input is a byte stream.  The main loop reads one step at a time
 * (poll main's executor, run the interrupt executor, advance virtual time,
 * spawn / cancel / reset a task, raise a simulated interrupt now or inside
 * the n-th critical section from now, try_ calls from "main", resets of
 * objects, misuse); a simulated interrupt makes one to three operations
 * (try_ calls, cancel / reset / spawn of a task, a pass of the interrupt
 * executor, whose tasks then run inside the handler).  Each of the NT
 * tasks, on either executor, reads its next operation from the same
 * stream whenever it finishes one (channel send / recv, semaphore, pool,
 * mutex, signal, broadcast wait, sleep, ticker, SPSC, select, join,
 * timeout, yield, an async function, cancel and spawn of another task,
 * misuse).  docs/reliability.md has the whole list.  A stream that runs out reads as zeros: the tasks end and
 * the input is drained, every task is cancelled, and the final checks say
 * that everything was given back.
 *
 * What is checked (CHECK aborts: libFuzzer keeps the input):
 *   - channel: the ring is a window into the model's queue - between two
 *     observations elements leave at the head only, in order, and enter at
 *     the tail only, each one a send attempt that was not abandoned; every
 *     receive returns an element that left the head, once (no loss, no
 *     duplicate, FIFO); a send that completes was inserted, one that was
 *     cancelled never is.
 *   - SPSC: the ring holds exactly the committed, unreleased values, in
 *     order; reserve and peek return the slots the indices say.
 *   - semaphore: tokens are conserved (count + handed to woken waiters +
 *     held by tasks = given - taken outside tasks); a give with waiters
 *     goes to the first.
 *   - pool: blocks are conserved (free + handed + held = capacity), no
 *     block is held twice, a holder's data survives other holders, a free
 *     with waiters goes to the first.
 *   - mutex: at most one owner, the one ebb names; an unlock hands it to
 *     the first waiter.
 *   - signal: a value is taken at most once, and never after a later raise
 *     overwrote it.
 *   - timers: a sleep ends at or after its deadline, once; a ticker
 *     advances by exactly one period; at quiescence no due timer is armed
 *     and the alarm is at the earliest deadline.
 *   - quiescence (nothing ready): no lost wake - no fired wait left
 *     unconsumed, no waiter on an object that could serve it, every task in
 *     a single await is registered where it waits.
 *   - cancel: after every successful cancel or reset the task's waits are
 *     idle and unlinked, its timers unarmed; a cancel or reset of a task
 *     whose body runs (itself, an interrupt inside its poll) is EBB_EBUSY.
 *   - exactly one context runs a task's body at a time.
 *   - misuse (double free, foreign pointer, a wait shared by two tasks or
 *     two objects, mutex recursion / foreign unlock, another task's timer,
 *     a second SPSC waiter, spawn of a running task, resets of objects in
 *     use, ticker misuse) gives its documented outcome: the contract id
 *     with contracts on (ebb_on_contract is overridden to record it and
 *     longjmp back), the fallback with EBB_CONFIG_CONTRACTS=0.
 * ASan and UBSan watch every access on top of that.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb/ebb.h"
#include "ebb/reset.h"
#include "ebb/driver/port.h"
#include "ebb/driver/wait.h"
#include "ebb_host.h"

#define NT 4          /* tasks */
#define CH_CAP 3      /* channel elements */
#define Q_CAP 2       /* SPSC elements */
#define SEM_LIMIT 3   /* semaphore limit */
#define POOL_N 3      /* pool blocks */
#define MAXV 8192     /* value ids per input */
#define MAX_STEPS 600 /* main-loop steps per input */

/* ---- checks --------------------------------------------------------- */

static unsigned long long n_checks;

#define CHECK(cond)                                                            \
    do {                                                                       \
        n_checks++;                                                            \
        if (!(cond)) {                                                         \
            fprintf(stderr, "fuzz_core: %s:%d: model violated: %s\n",          \
                    __FILE__, __LINE__, #cond);                                \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* ---- the objects under test ------------------------------------------ */

EBB_EXECUTOR_DEFINE(fx, NULL);  /* main's executor */
EBB_EXECUTOR_DEFINE(fxi, NULL); /* an interrupt executor: polled by a simulated interrupt */

struct blk {
    uint32_t tag[3]; /* 12 bytes: an odd factor (3), so the pool divides by its inverse */
};

static uint32_t ch_buf[CH_CAP];
static ebb_channel ch = EBB_CHANNEL_INITIALIZER(ch_buf);
static const ebb_channel ch0 = EBB_CHANNEL_INITIALIZER(ch_buf);
static uint32_t q_buf[Q_CAP];
static ebb_spsc q = EBB_SPSC_INITIALIZER(q_buf);
static const ebb_spsc q0 = EBB_SPSC_INITIALIZER(q_buf);
static ebb_sem sm = EBB_SEM_INITIALIZER(0, SEM_LIMIT);
static const ebb_sem sm0 = EBB_SEM_INITIALIZER(0, SEM_LIMIT);
static struct blk pl_blocks[POOL_N];
static uint16_t pl_links[POOL_N];
static ebb_pool pl = EBB_POOL_INITIALIZER(pl_blocks, pl_links);
static const ebb_pool pl0 = EBB_POOL_INITIALIZER(pl_blocks, pl_links);
static ebb_mutex mx = EBB_MUTEX_INITIALIZER;
static ebb_signal sg = EBB_SIGNAL_INITIALIZER;
static ebb_ticker dead_tk = EBB_TICKER_INITIALIZER; /* never started: time:4 */
static ebb_waitlist ev = EBB_WAITLIST_INITIALIZER;  /* a broadcast event (ebb_wait_on) */

/* ---- the input -------------------------------------------------------- */

static const uint8_t *in_p;
static size_t in_n;

/* The next input byte; zeros once the input is used up (tasks then end). */
static unsigned in_byte(void)
{
    if (in_n == 0) {
        return 0;
    }
    in_n--;
    return *in_p++;
}

/* ---- figures ----------------------------------------------------------- */

static unsigned long long n_inputs, n_ops, n_irqs, n_irqs_in_lock, n_misuse, n_cancels,
    n_polls, n_items;

/* ---- contracts: expected misuse ------------------------------------------ */

/* One expected misuse: the hook must fire module:id (contracts on) or not
 * at all (contracts off, the fallback is checked by the caller). */
struct expect {
    jmp_buf jb;
    const char *module;
    int id;
    bool in_isr;
    unsigned depth; /* lock depth when armed: a hook called with the lock
                       held (reset:2) is left by longjmp, skipping the unlock */
    volatile bool fired;
    bool optional; /* may fire or not (the caller checks which was right) */
    struct expect *prev;
};
static struct expect *expecting;

static void expect_push(struct expect *e, const char *module, int id)
{
    e->module = module;
    e->id = id;
    e->in_isr = ebb_host_in_isr();
    e->depth = ebb__host_lock_depth;
    e->fired = false;
    e->optional = false;
    e->prev = expecting;
    expecting = e;
}

static void expect_pop(struct expect *e)
{
    expecting = e->prev;
    if (ebb__host_lock_depth != e->depth) {
        ebb__host_lock_depth = e->depth; /* the jump skipped an unlock */
        if (e->depth == 0) {
            ebb__host_run_pending_irqs();
        }
    }
    n_misuse++;
    /* The documented outcome: the contract with contracts on, none off. */
    CHECK(e->fired == (EBB_CONFIG_CONTRACTS != 0) || (e->optional && !e->fired));
}

/* Run `stmt`, a misuse whose contract is module:id. */
#define EXPECT(module_, id_, stmt)                                             \
    do {                                                                       \
        struct expect e_;                                                      \
        expect_push(&e_, (module_), (id_));                                    \
        if (setjmp(e_.jb) == 0) {                                              \
            stmt;                                                              \
        }                                                                      \
        expect_pop(&e_);                                                       \
    } while (0)

/* Run `stmt`, which may or may not be a misuse with contract module:id;
 * `fired` (a bool) says whether the contract fired. */
#define EXPECT_MAYBE(fired, module_, id_, stmt)                                \
    do {                                                                       \
        struct expect e_;                                                      \
        expect_push(&e_, (module_), (id_));                                    \
        e_.optional = true;                                                    \
        if (setjmp(e_.jb) == 0) {                                              \
            stmt;                                                              \
        }                                                                      \
        (fired) = e_.fired;                                                    \
        expect_pop(&e_);                                                       \
    } while (0)

/* The harness's contract hook: records an expected contract and jumps back
 * to the EXPECT that armed it; any other contract is a finding. */
void ebb_on_contract(const char *module, int id)
{
    struct expect *e = expecting;
    if (e == NULL || e->in_isr != ebb_host_in_isr() || strcmp(module, e->module) != 0 ||
        id != e->id) {
        fprintf(stderr, "fuzz_core: unexpected contract %s:%d (expected %s:%d)\n", module, id,
                e != NULL ? e->module : "none", e != NULL ? e->id : 0);
        abort();
    }
    e->fired = true;
    longjmp(e->jb, 1);
}

static void drop(ebb_poll_t r) { (void)r; }

/* ---- tasks ------------------------------------------------------------- */

enum {
    T_END, T_SEND, T_RECV, T_SEM_TAKE, T_SEM_GIVE, T_POOL_ALLOC, T_POOL_FREE, T_LOCK,
    T_SIG_WAIT, T_SLEEP, T_RECV_TIMEOUT, T_SEND_TIMEOUT, T_ANY, T_ALL, T_YIELD, T_TICK,
    T_SPSC, T_MISUSE, T_CANCEL, T_SPAWN, T_ANY_POOL, T_EVENT, T_SUB, T_NOPS, T_NONE = 0xFF
};

/* An async function's state: it yields (a wake of its own task), then
 * sleeps. */
struct sub {
    ebb_co co;
    ebb_ticks deadline;
};

struct ft {
    ebb_task task;
    struct sub sub;
    ebb_wait w, w2, w3;
    ebb_timer tm;
    ebb_ticker tk;
    unsigned id;
    ebb_executor *ex;  /* model: the executor it was last spawned on */
    uint8_t op;        /* the operation in progress (T_NONE between) */
    bool running;      /* model: spawned and neither ended nor cancelled */
    bool in_poll;      /* model: its body runs now (poll or cancel path) */
    bool claimed;      /* model: a cancel claimed it and has not run its body yet */
    bool exec_claim;   /* seen claimed by the executor, which has not polled it yet */
    bool resetting;    /* a reset of it is under way */
    bool owns;         /* model: owns mx */
    unsigned tokens;   /* model: semaphore tokens held */
    struct blk *held[POOL_N];
    unsigned nheld;    /* model: pool blocks held */
    uint32_t val, val2; /* channel / signal values */
    void *blk;         /* pool_alloc's out */
    void *slot;        /* SPSC slot */
    uint32_t spsc_v;   /* SPSC value reserved and written, not committed */
    ebb_ticks deadline, d;
    int which, res;
    unsigned mask;
};

static struct ft tasks[NT];

/* ---- value ids ------------------------------------------------------------ */

enum { V_NONE, V_ATTEMPT, V_IN, V_POPPED, V_RECV, V_DEAD, V_DROPPED, V_RAISED, V_TAKEN,
       V_OVERWRITTEN, V_SPSC };
static uint8_t vstate[MAXV];
static uint32_t next_id;
static unsigned n_popped; /* values popped from the channel, receive not returned yet */

static uint32_t new_id(uint8_t st)
{
    uint32_t v = next_id < MAXV - 1 ? ++next_id : MAXV - 1; /* MAXV - 1: a spare id, never checked */
    if (v < MAXV - 1) {
        vstate[v] = st;
    }
    return v;
}
static bool tracked(uint32_t v) { return v > 0 && v < MAXV - 1; }

/* ---- channel model: the ring is a window into the model's queue ---------------- */

static uint32_t mirror[CH_CAP];
static unsigned mlen;

static void chan_sync(void)
{
    const ebb__ring *r = &ch.ring;
    CHECK(r->buf == (uint8_t *)ch_buf && r->capacity == CH_CAP && r->size == sizeof(uint32_t));
    CHECK(r->count <= CH_CAP && r->head < CH_CAP);
    uint32_t cur[CH_CAP];
    unsigned n = r->count;
    for (unsigned k = 0; k < n; k++) {
        cur[k] = ch_buf[(r->head + k) % CH_CAP];
    }
    /* Elements leave at the head: the smallest p with mirror[p..] a prefix of cur. */
    unsigned p = 0;
    for (; p <= mlen; p++) {
        unsigned keep = mlen - p;
        if (keep <= n && memcmp(&mirror[p], cur, keep * sizeof cur[0]) == 0) {
            break;
        }
    }
    CHECK(p <= mlen); /* otherwise an element moved, vanished or changed */
    for (unsigned k = 0; k < p; k++) {
        uint32_t v = mirror[k];
        if (tracked(v)) {
            CHECK(vstate[v] == V_IN);
            vstate[v] = V_POPPED;
            n_popped++;
        }
    }
    /* Elements enter at the tail: each a live send attempt, once. */
    for (unsigned k = mlen - p; k < n; k++) {
        uint32_t v = cur[k];
        CHECK(v != 0 && v <= next_id);
        if (tracked(v)) {
            CHECK(vstate[v] == V_ATTEMPT);
            vstate[v] = V_IN;
        }
    }
    memcpy(mirror, cur, sizeof cur);
    mlen = n;
}

/* A send of v completed: it was inserted. */
static void chan_sent(uint32_t v)
{
    chan_sync();
    if (tracked(v)) {
        CHECK(vstate[v] == V_IN || vstate[v] == V_POPPED || vstate[v] == V_RECV);
    }
    n_items++;
}

/* A send attempt of v was abandoned (cancel, timeout, select): never inserted. */
static void chan_abandon(uint32_t v)
{
    chan_sync();
    if (tracked(v)) {
        CHECK(vstate[v] == V_ATTEMPT);
        vstate[v] = V_DEAD;
    }
}

/* A receive returned v: v left the head, and is returned once. */
static void chan_received(uint32_t v)
{
    chan_sync();
    CHECK(v != 0 && v <= next_id);
    if (tracked(v)) {
        CHECK(vstate[v] == V_POPPED);
        vstate[v] = V_RECV;
        n_popped--;
    }
}

/* ---- SPSC model -------------------------------------------------------------- */

static uint32_t qmirror[Q_CAP];
static unsigned qlen;

static void spsc_check(void)
{
    CHECK(q.ring.count == qlen && q.ring.head < Q_CAP);
    for (unsigned k = 0; k < qlen; k++) {
        CHECK(q_buf[(q.ring.head + k) % Q_CAP] == qmirror[k]);
    }
}

/* ---- semaphore, pool, mutex, signal models ----------------------------------- */

static long sem_net;                 /* tokens given into the system, minus taken out */
static struct blk *main_held[POOL_N]; /* blocks held by main and handlers */
static unsigned main_nheld;
static uint32_t blk_gen;

static bool wait_fired_on(const ebb_wait *w, const ebb_waitlist *l)
{
    return w->task != NULL && !ebb_dnode_linked(&w->node) && w->list == l;
}

/* Waits of tasks that a waker fired on `l` and that did not resume yet. */
static unsigned fired_on(const ebb_waitlist *l)
{
    unsigned n = 0;
    for (unsigned i = 0; i < NT; i++) {
        n += wait_fired_on(&tasks[i].w, l) + wait_fired_on(&tasks[i].w2, l) +
             wait_fired_on(&tasks[i].w3, l);
    }
    return n;
}

static bool waitlist_has(const ebb_waitlist *l, const ebb_wait *w)
{
    const ebb_wait *x;
    EBB_WAITLIST_FOR_EACH(x, l) {
        if (x == w) {
            return true;
        }
    }
    return false;
}

/* Index of a block of the pool, or -1. */
static int blk_index(const void *b)
{
    uintptr_t off = (uintptr_t)b - (uintptr_t)pl_blocks;
    if ((uintptr_t)b < (uintptr_t)pl_blocks || off % sizeof(struct blk) != 0 ||
        off / sizeof(struct blk) >= POOL_N) {
        return -1;
    }
    return (int)(off / sizeof(struct blk));
}

/* A join whose pool branch finished holds that block until the join ends
 * (its body's, as any value held across an await). */
static const void *join_block(const struct ft *t)
{
    return t->op == T_ALL && (t->mask & 2u) ? t->blk : NULL;
}

/* Block b allocated in the pool itself.  A block the model gives nobody
 * can still be: an allocation in flight - handed out under the pool's lock,
 * not yet recorded by its task, when an interrupt comes at the alloc's
 * unlock.  A misuse that frees "a block nobody holds" leaves those alone
 * (the conservation checks at the top level still count every block). */
static bool pool_handed_out(unsigned b)
{
    return b < pl.fresh && pl.link[b] == EBB__POOL_USED;
}

static unsigned blk_holders(const struct blk *b)
{
    unsigned n = 0;
    for (unsigned i = 0; i < NT; i++) {
        for (unsigned k = 0; k < tasks[i].nheld; k++) {
            n += tasks[i].held[k] == b;
        }
    }
    for (unsigned k = 0; k < main_nheld; k++) {
        n += main_held[k] == b;
    }
    for (unsigned i = 0; i < NT; i++) {
        n += join_block(&tasks[i]) == b;
    }
    return n;
}

/* A block came out of the pool for `list`: a block of it, held by nobody
 * else; its holder stamps it (a second holder would change the stamp). */
static void blk_take(struct blk **list, unsigned *n, void *b)
{
    CHECK(blk_index(b) >= 0);
    struct blk *k = b;
    CHECK(blk_holders(k) == 0);
    CHECK(*n < POOL_N);
    list[(*n)++] = k;
    uint32_t g = ++blk_gen;
    k->tag[0] = g;
    k->tag[1] = ~g;
    k->tag[2] = (uint32_t)(uintptr_t)list;
}

/* Give back block `k` of `list`: its stamp intact.  Returns the block. */
static struct blk *blk_give(struct blk **list, unsigned *n, unsigned k)
{
    struct blk *b = list[k];
    CHECK(b->tag[1] == ~b->tag[0] && b->tag[2] == (uint32_t)(uintptr_t)list);
    list[k] = list[--*n];
    return b;
}

static unsigned held_total(void)
{
    unsigned n = main_nheld;
    for (unsigned i = 0; i < NT; i++) {
        n += tasks[i].nheld + (join_block(&tasks[i]) != NULL);
    }
    return n;
}

static unsigned tokens_total(void)
{
    unsigned n = 0;
    for (unsigned i = 0; i < NT; i++) {
        /* a join whose semaphore branch finished holds its token */
        n += tasks[i].tokens + (tasks[i].op == T_ALL && (tasks[i].mask & 1u));
    }
    return n;
}

/* No simulated interrupt can land inside the next call (none armed to land
 * in a critical section, none pending): a before/after comparison around it
 * sees only that call. */
static bool calm(void) { return ebb__host_lock_countdown == 0 && !ebb_host_in_isr(); }

/* Give a semaphore token: a give with waiters goes to the first (FIFO). */
static int sem_give_checked(void)
{
    bool const c = calm();
    ebb_wait *first = ebb_waitlist_first(&sm.waiters);
    uint32_t before = sm.count;
    int r = ebb_sem_give(&sm);
    if (c) {
        if (first != NULL) {
            CHECK(r == EBB_OK && wait_fired_on(first, &sm.waiters) && sm.count == before);
        } else {
            CHECK(r == (before < SEM_LIMIT ? EBB_OK : EBB_EAGAIN));
        }
    }
    return r;
}

/* Free a block: with waiters it goes to the first (FIFO). */
static int pool_free_checked(void *b)
{
    bool const c = calm();
    ebb_wait *first = ebb_waitlist_first(&pl.waiters);
    int r = ebb_pool_free(&pl, b);
    CHECK(r == EBB_OK);
    if (c && first != NULL) {
        CHECK(wait_fired_on(first, &pl.waiters));
    }
    return r;
}

static void sig_raise(void)
{
    /* An unread value is overwritten: it can never be taken now. */
    if (sg.set && tracked(sg.value)) {
        CHECK(vstate[sg.value] == V_RAISED);
        vstate[sg.value] = V_OVERWRITTEN;
    }
    uint32_t v = new_id(V_RAISED);
    ebb_signal_raise(&sg, v);
}

static void sig_taken(uint32_t v)
{
    CHECK(v != 0 && v <= next_id);
    if (tracked(v)) {
        CHECK(vstate[v] == V_RAISED);
        vstate[v] = V_TAKEN;
    }
}

static bool wait_idle(const ebb_wait *w)
{
    return w->task == NULL && w->list == NULL && !ebb_dnode_linked(&w->node);
}

static bool timer_idle(const ebb_timer *t) { return !ebb_timer_armed(t) && t->wait.task == NULL; }

/* ---- cancel --------------------------------------------------------------------- */

/* Right after the cancel path of a running task ran (a cancel or reset):
 * nothing of it stays registered, and what its abandoned operation held is
 * accounted for. */
static void after_cancel(struct ft *t)
{
    n_cancels++;
    CHECK(wait_idle(&t->w) && wait_idle(&t->w2) && wait_idle(&t->w3));
    CHECK(timer_idle(&t->tm) && timer_idle(&t->tk.timer));
    unsigned const mask = t->mask;
    t->mask = 0;
    switch (t->op) {
    case T_SEND:
    case T_SEND_TIMEOUT:
        chan_abandon(t->val);
        break;
    case T_ALL:
        /* A join's finished branch keeps what it took: the body's (the
         * user's) to give back, as any value held across an await. */
        if (mask & 1u) {
            t->tokens++;
        }
        if (mask & 2u) {
            blk_take(t->held, &t->nheld, t->blk);
        }
        break;
    case T_SPSC:
        if (tracked(t->spsc_v)) {
            vstate[t->spsc_v] = V_DEAD; /* reserved, never committed */
        }
        break;
    default:
        break;
    }
    t->op = T_NONE;
    t->spsc_v = 0;
    t->running = false;
    t->claimed = false;
}

/* Cancel (or reset) task j from any context, expecting the documented outcome. */
static bool in_pass_fx, in_pass_fxi; /* inside ebb_executor_poll of each (exec_pass) */

static void cancel_checked(struct ft *j, bool reset)
{
    volatile int r = 99;
    bool const busy = j->in_poll || j->claimed;
    bool const in_pass = j->ex == &fxi ? in_pass_fxi : in_pass_fx;
    if (!busy && in_pass && (j->task.state & EBB__TASK_BUSY) != 0) {
        /* The executor claimed it for the poll it is about to make (its
         * claim and the poll are two steps, interrupts in between): busy,
         * and that poll must come in this pass (checked in exec_pass). */
        r = reset ? ebb_task_reset(&j->task) : ebb_task_cancel(&j->task);
        CHECK(r == EBB_EBUSY && j->running);
        j->exec_claim = true;
        return;
    }
    if (!busy && j->running && j->owns) {
        /* task:4 - an owner of a mutex is not cancelled */
        bool const c = calm();
        EXPECT("task", 4, r = reset ? ebb_task_reset(&j->task) : ebb_task_cancel(&j->task));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(r == EBB_EBUSY);
        }
        /* (an interrupt at the refusal's unlock may run it on) */
        CHECK(!c || (j->running && ebb_task_state(&j->task) == EBB_TASK_RUNNING));
        return;
    }
    /* A running task is claimed in the cancel's first critical section;
     * from then until its cancel path ends, it is busy for everyone else. */
    bool const was = j->running;
    bool const claim = !busy && was;
    j->claimed = j->claimed || claim;
    bool const was_resetting = j->resetting;
    j->resetting = reset;
    bool fired = false;
    if (reset) {
        /* An interrupt inside the reset may spawn the task again and run
         * it until it owns the mutex: the reset's second cancel is then
         * refused (task:4, EBB_EBUSY), and nothing of the reset's doing
         * changed (its first cancel found the task not running). */
        EXPECT_MAYBE(fired, "task", 4, r = ebb_task_reset(&j->task));
    } else {
        r = ebb_task_cancel(&j->task);
    }
    j->resetting = was_resetting;
    if (!busy && (fired || (r == EBB_EBUSY && !EBB_CONFIG_CONTRACTS)) && !was && j->running &&
        j->owns) {
        CHECK(ebb_task_state(&j->task) == EBB_TASK_RUNNING);
        j->claimed = false;
        return;
    }
    CHECK(!fired);
    if (busy) {
        /* Its body runs now (the caller is inside it, or interrupted it). */
        CHECK(r == EBB_EBUSY);
        return;
    }
    CHECK(r == EBB_OK);
    CHECK(!j->claimed); /* a claimed task's cancel path ran (task_poll) */
    if (reset && j->running && ebb_task_state(&j->task) == EBB_TASK_IDLE) {
        /* An interrupt inside the reset spawned it, and the reset came
         * after: never spawned.  It cannot have run: a run (on the
         * interrupt executor) would have been cancelled by the reset. */
        CHECK(j->op == T_NONE);
        j->running = false;
    }
    CHECK(j->running == (ebb_task_state(&j->task) == EBB_TASK_RUNNING));
}

static void spawn_checked(struct ft *j, unsigned which)
{
    volatile int r = 99;
    ebb_executor *const ex = (which & 1) ? &fxi : &fx;
    if (j->running || j->in_poll || j->claimed) {
        /* task:6 - a running task (or one whose body runs) is not started again */
        EXPECT("task", 6, r = ebb_task_spawn(ex, &j->task));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(r == EBB_EBUSY);
        }
        return;
    }
    if (ebb_node_linked(&j->task.node) && j->ex != ex) {
        /* Finished but still queued on its old executor: poll that one first. */
        bool const c = calm(); /* else an interrupt at the unlock may spawn it */
        r = ebb_task_spawn(ex, &j->task);
        CHECK(r == EBB_EBUSY && (!c || ebb_task_state(&j->task) != EBB_TASK_RUNNING));
        return;
    }
    /* Running from the spawn's critical section on: an interrupt at its
     * unlock sees it so. */
    j->running = true;
    j->op = T_NONE;
    j->ex = ex;
    r = ebb_task_spawn(ex, &j->task);
    CHECK(r == EBB_OK);
}

/* ---- misuse inside a task's poll (longjmp lands in this frame) ------------------- */

static void misuse_in_task(struct ft *t, ebb_cx *cx, unsigned kind)
{
    volatile int r = 99;
    volatile int ready = -1;
    struct ft *o = &tasks[(t->id + 1 + in_byte() % (NT - 1)) % NT];
    switch (kind % 11) {
    case 0: { /* wait:3 - another task's registration, polled by this task */
        if (o->w.task == NULL || o->w.task == &t->task) {
            break;
        }
        ebb_wait before = o->w;
        bool const c = calm();
        uint32_t tmp = 0;
        void *bp = NULL;
        unsigned obj = in_byte() % 6;
        EXPECT("wait", 3, {
            ebb_poll_t p = EBB_PENDING;
            if (obj == 0) {
                p = EBB_POLL(ebb_channel_recv)(cx, &o->w, &ch, &tmp);
            } else if (obj == 1) {
                p = EBB_POLL(ebb_sem_take)(cx, &o->w, &sm);
            } else if (obj == 2) {
                p = EBB_POLL(ebb_pool_alloc)(cx, &o->w, &pl, &bp);
            } else if (obj == 3) {
                p = EBB_POLL(ebb_signal_wait)(cx, &o->w, &sg, &tmp);
            } else if (obj == 4) {
                p = EBB_POLL(ebb_wait_on)(cx, &o->w, &ev);
            } else {
                p = EBB_POLL(ebb_mutex_lock)(cx, &o->w, &mx);
            }
            ready = ebb_poll_is_ready(p);
        });
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(ready == 0);
        }
        /* The other task's registration is untouched (if no interrupt moved it). */
        CHECK(!c || memcmp(&before, &o->w, sizeof before) == 0);
        break;
    }
    case 1: { /* wait:2 - one wait registered on two objects at once */
        if (!wait_idle(&t->w3)) {
            break;
        }
        uint32_t v = 0;
        ebb_poll_t p = EBB_POLL(ebb_channel_recv)(cx, &t->w3, &ch, &v);
        if (ebb_poll_is_ready(p)) {
            chan_received(v);
            break;
        }
        EXPECT("wait", 2, ready = ebb_poll_is_ready(EBB_POLL(ebb_sem_take)(cx, &t->w3, &sm)));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(ready == 0);
        }
        /* Still the channel's; the sem's fire could never be consumed. */
        CHECK(t->w3.list == &ch.receivers);
        ebb_cx cc = {cx->task, true};
        drop(EBB_POLL(ebb_channel_recv)(&cc, &t->w3, &ch, &v));
        CHECK(wait_idle(&t->w3));
        break;
    }
    case 2: /* mutex:1 - recursion */
        if (t->owns && wait_idle(&t->w3)) {
            EXPECT("mutex", 1, ready = ebb_poll_is_ready(EBB_POLL(ebb_mutex_lock)(cx, &t->w3, &mx)));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(ready == 0);
            }
            CHECK(wait_idle(&t->w3) && mx.owner == &t->task);
        }
        break;
    case 3: /* mutex:2 - unlock by a task that does not own it */
        if (!t->owns) {
            ebb_task *owner = mx.owner;
            bool const c = calm();
            EXPECT("mutex", 2, ebb_mutex_unlock(cx, &mx));
            CHECK(!c || mx.owner == owner);
        }
        break;
    case 4: { /* pool:3 - a block nobody holds */
        unsigned b = in_byte() % POOL_N;
        if (blk_holders(&pl_blocks[b]) == 0 && !pool_handed_out(b)) {
            EXPECT("pool", 3, r = ebb_pool_free(&pl, &pl_blocks[b]));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EINVAL);
            }
        }
        break;
    }
    case 5: { /* pool:2 - not a block of the pool */
        uint32_t local = 0;
        void *bad = (in_byte() & 1) ? (void *)&local : (void *)((char *)pl_blocks + 1 + in_byte() % (sizeof(struct blk) - 1));
        EXPECT("pool", 2, r = ebb_pool_free(&pl, bad));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(r == EBB_EINVAL);
        }
        break;
    }
    case 6: /* time:5 - another task's armed timer */
        if (ebb_timer_armed(&o->tm) && o->tm.wait.task == &o->task) {
            ebb_ticks dl = o->tm.deadline;
            bool const c = calm();
            EXPECT("time", 5, ready = ebb_poll_is_ready(
                                  EBB_POLL(ebb_sleep_until)(cx, &o->tm, ebb_now() + 1)));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(ready == 0);
            }
            CHECK(!c || (ebb_timer_armed(&o->tm) && o->tm.deadline == dl && o->tm.wait.task == &o->task));
        }
        break;
    case 7: /* task:6 - spawn of itself, running */
        spawn_checked(t, in_byte());
        break;
    case 8: /* cancel or reset of itself: EBB_EBUSY, nothing changes */
        cancel_checked(t, in_byte() & 1);
        CHECK(ebb_task_state(&t->task) == EBB_TASK_RUNNING && t->running);
        break;
    case 9: /* time:4 - a ticker never started */
        EXPECT("time", 4, ready = ebb_poll_is_ready(EBB_POLL(ebb_ticker_next)(cx, &dead_tk)));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(ready == 0);
        }
        CHECK(timer_idle(&dead_tk.timer));
        break;
    default: { /* spsc:2 - a second task waiting on one side */
        ebb_waitlist *side = (in_byte() & 1) ? &q.producer : &q.consumer;
        ebb_wait *w1 = ebb_waitlist_first(side);
        if (w1 != NULL && w1->task != &t->task && wait_idle(&t->w3)) {
            void *slot = NULL;
            bool const c = calm();
            EXPECT("spsc", 2, {
                ready = ebb_poll_is_ready(side == &q.producer
                                              ? EBB_POLL(ebb_spsc_reserve)(cx, &t->w3, &q, &slot)
                                              : EBB_POLL(ebb_spsc_peek)(cx, &t->w3, &q, &slot));
            });
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(ready == 0);
            }
            CHECK(wait_idle(&t->w3) && (!c || ebb_waitlist_first(side) == w1));
        }
        break;
    }
    }
}

static ebb_poll_t sub_fn(ebb_cx *cx, struct sub *st, ebb_timer *tm, ebb_ticks d)
{
    EBB_BEGIN(cx, &st->co);
    EBB_YIELD(); /* in an async function: the task wakes itself */
    st->deadline = ebb_now() + d;
    EBB_AWAIT(ebb_sleep_for(tm, d));
    CHECK(ebb_now() >= st->deadline);
    EBB_END();
}

/* Broadcast: every task waiting on `ev` when the call starts is woken. */
static void wake_all_checked(void)
{
    bool const c = calm();
    ebb_wait *before[3 * NT];
    unsigned n = 0;
    ebb_wait *x;
    EBB_WAITLIST_FOR_EACH(x, &ev) {
        CHECK(n < 3 * NT);
        before[n++] = x;
    }
    ebb_waitlist_wake_all(&ev);
    if (c) {
        CHECK(ebb_waitlist_empty(&ev));
        for (unsigned k = 0; k < n; k++) {
            CHECK(wait_fired_on(before[k], &ev));
        }
    }
}

/* ---- the task body ------------------------------------------------------------------- */

static ebb_poll_t body(struct ft *t, ebb_cx *cx)
{
    EBB_BEGIN(cx, &t->task.co);
    for (;;) {
        t->op = (uint8_t)(in_byte() % T_NOPS);
        n_ops++;
        if (t->op == T_END) {
            break;
        }
        switch (t->op) {
        case T_SEND:
            t->val = new_id(V_ATTEMPT);
            EBB_AWAIT(ebb_channel_send(&t->w, &ch, &t->val));
            chan_sent(t->val);
            break;
        case T_RECV:
            EBB_AWAIT(ebb_channel_recv(&t->w, &ch, &t->val));
            chan_received(t->val);
            break;
        case T_SEM_TAKE:
            EBB_AWAIT(ebb_sem_take(&t->w, &sm));
            t->tokens++;
            break;
        case T_SEM_GIVE:
            if (t->tokens > 0) {
                t->tokens--;
                CHECK(sem_give_checked() == EBB_OK); /* tokens never exceed the limit */
            }
            break;
        case T_POOL_ALLOC:
            EBB_AWAIT(ebb_pool_alloc(&t->w, &pl, &t->blk));
            blk_take(t->held, &t->nheld, t->blk);
            break;
        case T_POOL_FREE:
            if (t->nheld > 0) {
                (void)pool_free_checked(blk_give(t->held, &t->nheld, in_byte() % t->nheld));
            }
            break;
        case T_LOCK:
            if (t->owns) {
                bool const c = calm();
                ebb_wait *first = ebb_waitlist_first(&mx.waiters);
                t->owns = false;
                ebb_mutex_unlock(cx, &mx);
                if (c) {
                    /* FIFO hand-off: the longest waiter owns it now. */
                    CHECK(first != NULL ? mx.owner == first->task && wait_fired_on(first, &mx.waiters)
                                        : mx.owner == NULL);
                }
            } else if (in_byte() & 1) {
                bool const c = calm();
                if (ebb_mutex_lock_if_free(cx, &mx)) {
                    for (unsigned i = 0; i < NT; i++) {
                        CHECK(!tasks[i].owns); /* one owner */
                    }
                    t->owns = true;
                } else {
                    /* refused: owned (unless its owner, run by an interrupt
                     * at the unlock, let it go since) */
                    CHECK(!c || mx.owner != NULL);
                }
            } else {
                EBB_AWAIT(ebb_mutex_lock(&t->w, &mx));
                CHECK(mx.owner == &t->task);
                for (unsigned i = 0; i < NT; i++) {
                    CHECK(!tasks[i].owns); /* one owner */
                }
                t->owns = true;
            }
            break;
        case T_SIG_WAIT:
            EBB_AWAIT(ebb_signal_wait(&t->w, &sg, &t->val));
            sig_taken(t->val);
            break;
        case T_SLEEP:
            t->d = in_byte() % 8;
            t->deadline = ebb_now() + t->d;
            EBB_AWAIT(ebb_sleep_for(&t->tm, t->d));
            CHECK(ebb_now() >= t->deadline && timer_idle(&t->tm)); /* at or after, once */
            break;
        case T_RECV_TIMEOUT:
            t->d = 1 + in_byte() % 8;
            t->deadline = ebb_now() + t->d;
            EBB_AWAIT_TIMEOUT(t->res, &t->tm, t->d, ebb_channel_recv(&t->w, &ch, &t->val));
            if (t->res == EBB_OK) {
                chan_received(t->val);
            } else {
                CHECK(t->res == EBB_ETIMEDOUT && ebb_now() >= t->deadline);
            }
            CHECK(wait_idle(&t->w) && timer_idle(&t->tm));
            break;
        case T_SEND_TIMEOUT:
            t->d = 1 + in_byte() % 8;
            t->deadline = ebb_now() + t->d;
            t->val = new_id(V_ATTEMPT);
            EBB_AWAIT_TIMEOUT(t->res, &t->tm, t->d, ebb_channel_send(&t->w, &ch, &t->val));
            if (t->res == EBB_OK) {
                chan_sent(t->val);
            } else {
                CHECK(t->res == EBB_ETIMEDOUT && ebb_now() >= t->deadline);
                chan_abandon(t->val);
            }
            CHECK(wait_idle(&t->w) && timer_idle(&t->tm));
            break;
        case T_ANY:
            t->d = 1 + in_byte() % 8;
            t->deadline = ebb_now() + t->d;
            EBB_AWAIT_ANY(t->which, ebb_channel_recv(&t->w, &ch, &t->val), ebb_sem_take(&t->w2, &sm),
                          ebb_sleep_for(&t->tm, t->d));
            if (t->which == 0) {
                chan_received(t->val);
            } else if (t->which == 1) {
                t->tokens++;
            } else {
                CHECK(t->which == 2 && ebb_now() >= t->deadline);
            }
            /* The losers were cancelled: nothing of them stays registered. */
            CHECK(wait_idle(&t->w) && wait_idle(&t->w2) && timer_idle(&t->tm));
            break;
        case T_ANY_POOL:
            EBB_AWAIT_ANY(t->which, ebb_pool_alloc(&t->w2, &pl, &t->blk),
                          ebb_signal_wait(&t->w3, &sg, &t->val2));
            if (t->which == 0) {
                blk_take(t->held, &t->nheld, t->blk);
            } else {
                sig_taken(t->val2);
            }
            CHECK(wait_idle(&t->w2) && wait_idle(&t->w3));
            break;
        case T_ALL:
            EBB_AWAIT_ALL(t->mask, ebb_sem_take(&t->w2, &sm), ebb_pool_alloc(&t->w3, &pl, &t->blk));
            t->mask = 0; /* what the branches took is the body's now */
            t->tokens++;
            blk_take(t->held, &t->nheld, t->blk);
            CHECK(wait_idle(&t->w2) && wait_idle(&t->w3));
            break;
        case T_YIELD:
            EBB_YIELD();
            break;
        case T_TICK:
            if (t->tk.period == 0) {
                ebb_ticker_start(&t->tk, 1 + in_byte() % 6);
            }
            t->deadline = t->tk.timer.deadline;
            EBB_AWAIT(ebb_ticker_next(&t->tk));
            /* At or after the tick, and the next one exactly a period on. */
            CHECK(ebb_now() >= t->deadline &&
                  t->tk.timer.deadline == ebb_ticks_add(t->deadline, t->tk.period));
            CHECK(!ebb_timer_armed(&t->tk.timer));
            break;
        case T_SPSC:
            if (t->id == 0) { /* the producer */
                EBB_AWAIT(ebb_spsc_reserve(&t->w, &q, &t->slot));
                CHECK(qlen < Q_CAP && t->slot == &q_buf[(q.ring.head + qlen) % Q_CAP]);
                t->spsc_v = new_id(V_ATTEMPT);
                *(uint32_t *)t->slot = t->spsc_v;
                if (in_byte() & 1) {
                    EBB_YIELD(); /* a cancel here holds nothing */
                    CHECK(t->slot == &q_buf[(q.ring.head + qlen) % Q_CAP]);
                }
                /* The model first: the consumer may run at the commit's unlock. */
                qmirror[qlen++] = t->spsc_v;
                CHECK(ebb_spsc_commit(&q) == EBB_OK);
                if (tracked(t->spsc_v)) {
                    vstate[t->spsc_v] = V_SPSC;
                }
                t->spsc_v = 0;
                spsc_check();
            } else if (t->id == 1) { /* the consumer */
                EBB_AWAIT(ebb_spsc_peek(&t->w, &q, &t->slot));
                CHECK(qlen > 0 && t->slot == &q_buf[q.ring.head] && *(uint32_t *)t->slot == qmirror[0]);
                if (in_byte() & 1) {
                    EBB_YIELD(); /* a cancel here leaves the element */
                    CHECK(qlen > 0 && t->slot == &q_buf[q.ring.head]);
                }
                /* The model first: the producer may run at the release's unlock. */
                qlen--;
                memmove(qmirror, qmirror + 1, qlen * sizeof qmirror[0]);
                CHECK(ebb_spsc_release(&q) == EBB_OK);
                spsc_check();
            }
            break;
        case T_MISUSE:
            misuse_in_task(t, cx, in_byte());
            break;
        case T_EVENT:
            EBB_AWAIT(ebb_wait_on(&t->w, &ev));
            CHECK(wait_idle(&t->w));
            break;
        case T_SUB:
            t->d = in_byte() % 4;
            EBB_AWAIT(sub_fn(cx, &t->sub, &t->tm, t->d));
            CHECK(timer_idle(&t->tm) && t->sub.co.resume == 0);
            break;
        case T_CANCEL:
            cancel_checked(&tasks[in_byte() % NT], in_byte() & 1);
            break;
        case T_SPAWN:
            spawn_checked(&tasks[in_byte() % NT], in_byte());
            break;
        default:
            break;
        }
        t->op = T_NONE;
    }
    /* The end: give back what is held, so no task ends owning the mutex (task:5). */
    if (t->owns) {
        t->owns = false;
        ebb_mutex_unlock(cx, &mx);
    }
    t->op = T_NONE;
    t->running = false;
    EBB_END();
}

/* The task's poll: exactly one context runs its body at a time. */
static ebb_poll_t task_poll(ebb_task *self, ebb_cx *cx)
{
    struct ft *t = EBB_CONTAINER_OF(self, struct ft, task);
    /* A cancel path runs only for a claim the model saw: a cancel's, or a
     * reset's (which cancels again a task spawned inside it). */
    CHECK(!t->in_poll && t->running && (t->claimed == cx->cancel || (cx->cancel && t->resetting)));
    t->in_poll = true;
    t->exec_claim = false;
    n_polls++;
    ebb_poll_t r = body(t, cx);
    t->in_poll = false;
    if (cx->cancel) {
        after_cancel(t); /* the task is idle from here (ebb_task_cancel) */
    }
    return r;
}

static void exec_pass(ebb_executor *ex);

/* ---- the non-blocking calls, from main or an interrupt ------------------------------- */

static void chan_try_send(void)
{
    uint32_t v = new_id(V_ATTEMPT);
    int r = ebb_channel_try_send(&ch, &v);
    if (r == EBB_OK) {
        chan_sent(v);
    } else {
        CHECK(r == EBB_EAGAIN);
        chan_abandon(v);
    }
}

static void chan_try_recv(void)
{
    uint32_t v = 0;
    int r = ebb_channel_try_recv(&ch, &v);
    if (r == EBB_OK) {
        chan_received(v);
    } else {
        CHECK(r == EBB_EAGAIN);
    }
}

/* A block for the blocks main and the interrupts hold. */
static void pool_try_alloc_held(void)
{
    void *b = ebb_pool_try_alloc(&pl);
    if (b != NULL) {
        blk_take(main_held, &main_nheld, b);
    }
}

static void sig_try_take(void)
{
    uint32_t v = 0;
    if (ebb_signal_try_take(&sg, &v)) {
        sig_taken(v);
    }
}

/* ---- interrupts ----------------------------------------------------------------------- */

/* One operation of an interrupt handler. */
static void isr_op(unsigned op)
{
    n_ops++;
    struct ft *j = &tasks[(op >> 4) % NT];
    switch (op % 13) {
    case 0:
        chan_try_send();
        break;
    case 1:
        chan_try_recv();
        break;
    case 2:
        if (sem_net < SEM_LIMIT) {
            int r = sem_give_checked();
            CHECK(r == EBB_OK);
            sem_net++;
        }
        break;
    case 3:
        if (ebb_sem_try_take(&sm) == EBB_OK) {
            sem_net--;
        }
        break;
    case 4:
        pool_try_alloc_held();
        break;
    case 5:
        if (main_nheld > 0) {
            (void)pool_free_checked(blk_give(main_held, &main_nheld, op % main_nheld));
        }
        break;
    case 6:
        sig_raise();
        break;
    case 7:
        sig_try_take();
        break;
    case 8:
    case 9: /* cancel / reset from an interrupt, maybe inside the task's own poll */
        cancel_checked(j, op % 13 == 9);
        break;
    case 10:
        if (op & 0x40) {
            wake_all_checked();
        } else {
            (void)ebb_wake(&j->task); /* a stray wake is harmless */
        }
        break;
    case 11:
        spawn_checked(j, op >> 6);
        break;
    default:
        /* The interrupt executor's pass: its tasks run inside this handler. */
        exec_pass(&fxi);
        break;
    }
}

/* A simulated interrupt: one to three operations (say, spawn a task and
 * run the interrupt executor that polls it). */
static void isr(void *arg)
{
    n_irqs++;
    if (arg != NULL) {
        n_irqs_in_lock++;
    }
    chan_sync();
    for (unsigned k = 0; k < 3; k++) {
        isr_op(in_byte());
        chan_sync();
        if ((in_byte() & 1) == 0) {
            break;
        }
    }
}

/* ---- model checks at the top level ------------------------------------------------------ */

/* Between steps: every object agrees with its model. */
static void check_top_(void);
static void check_quiescent_(void);
static void check_top(void)
{
    /* The checks' own critical sections (ebb_pool_free_count) must not
     * land the armed interrupt. */
    unsigned const saved = ebb__host_lock_countdown;
    ebb__host_lock_countdown = 0;
    check_top_();
    ebb__host_lock_countdown = saved;
}
static void check_quiescent(void)
{
    unsigned const saved = ebb__host_lock_countdown;
    ebb__host_lock_countdown = 0;
    check_quiescent_();
    ebb__host_lock_countdown = saved;
}
static void check_top_(void)
{
    chan_sync();
    CHECK(n_popped == 0); /* every element that left the channel reached its receiver */
    spsc_check();
    /* Semaphore: tokens conserved; counted only while nobody waits. */
    CHECK(sm.count <= SEM_LIMIT);
    CHECK((long)(sm.count + fired_on(&sm.waiters) + tokens_total()) == sem_net);
    CHECK(sm.count == 0 || ebb_waitlist_empty(&sm.waiters));
    /* Pool: blocks conserved. */
    CHECK(ebb_pool_free_count(&pl) + fired_on(&pl.waiters) + held_total() == POOL_N);
    /* Mutex: the owner is the task that holds it, or a waiter it was handed to. */
    unsigned owners = 0;
    for (unsigned i = 0; i < NT; i++) {
        struct ft *t = &tasks[i];
        owners += t->owns;
        if (t->owns) {
            CHECK(mx.owner == &t->task);
        }
        CHECK(!t->in_poll && !t->claimed);
        CHECK(t->running == (ebb_task_state(&t->task) == EBB_TASK_RUNNING));
    }
    CHECK(owners <= 1);
    if (owners == 0 && mx.owner != NULL) {
        unsigned handed = 0;
        for (unsigned i = 0; i < NT; i++) {
            handed += mx.owner == &tasks[i].task && (wait_fired_on(&tasks[i].w, &mx.waiters));
        }
        CHECK(handed == 1);
    }
    /* Signal: at most the latest value is unread. */
    if (sg.set && tracked(sg.value)) {
        CHECK(vstate[sg.value] == V_RAISED);
    }
}

/* Where a task in a single await must be registered while nothing is ready. */
static void check_registered(const struct ft *t)
{
    switch (t->op) {
    case T_SEND:
        CHECK(waitlist_has(&ch.senders, &t->w));
        break;
    case T_RECV:
        CHECK(waitlist_has(&ch.receivers, &t->w));
        break;
    case T_SEM_TAKE:
        CHECK(waitlist_has(&sm.waiters, &t->w));
        break;
    case T_POOL_ALLOC:
        CHECK(waitlist_has(&pl.waiters, &t->w));
        break;
    case T_LOCK:
        CHECK(waitlist_has(&mx.waiters, &t->w));
        break;
    case T_SIG_WAIT:
        CHECK(waitlist_has(&sg.waiters, &t->w));
        break;
    case T_EVENT:
        CHECK(waitlist_has(&ev, &t->w));
        break;
    case T_SLEEP:
        CHECK(ebb_timer_armed(&t->tm));
        break;
    case T_TICK:
        CHECK(ebb_timer_armed(&t->tk.timer));
        break;
    case T_RECV_TIMEOUT:
    case T_SEND_TIMEOUT:
    case T_ANY:
        CHECK(ebb_timer_armed(&t->tm));
        break;
    default:
        break;
    }
}

/* Nothing is ready: no wake was lost. */
static void check_quiescent_(void)
{
    if (ebb_executor_has_work(&fx) || ebb_executor_has_work(&fxi)) {
        return;
    }
    ebb_ticks const now = ebb_now();
    ebb_ticks earliest = EBB_TICKS_NEVER;
    for (unsigned i = 0; i < NT; i++) {
        struct ft *t = &tasks[i];
        /* A fired wait's task is queued: with nothing ready, none is fired. */
        CHECK(!ebb_wait_fired(&t->w) && !ebb_wait_fired(&t->w2) && !ebb_wait_fired(&t->w3));
        const ebb_timer *tms[2] = {&t->tm, &t->tk.timer};
        for (unsigned k = 0; k < 2; k++) {
            if (ebb_timer_armed(tms[k])) {
                CHECK(tms[k]->deadline > now); /* a due timer has fired */
                if (tms[k]->deadline < earliest) {
                    earliest = tms[k]->deadline;
                }
            } else {
                CHECK(tms[k]->wait.task == NULL || !t->running); /* no fired, unconsumed sleep */
            }
        }
        if (t->running) {
            check_registered(t);
        } else {
            CHECK(wait_idle(&t->w) && wait_idle(&t->w2) && wait_idle(&t->w3));
        }
    }
    CHECK(ebb_host_alarm() == earliest); /* tickless: the alarm is the earliest deadline */
    /* No waiter sleeps next to what would serve it. */
    CHECK(ch.ring.count == 0 || ebb_waitlist_empty(&ch.receivers));
    CHECK(ch.ring.count == CH_CAP || ebb_waitlist_empty(&ch.senders));
    CHECK(q.ring.count == 0 || ebb_waitlist_empty(&q.consumer));
    CHECK(q.ring.count == Q_CAP || ebb_waitlist_empty(&q.producer));
    CHECK(sm.count == 0 || ebb_waitlist_empty(&sm.waiters));
    CHECK(ebb_pool_free_count(&pl) == 0 || ebb_waitlist_empty(&pl.waiters));
    CHECK(mx.owner != NULL || ebb_waitlist_empty(&mx.waiters));
    CHECK(!sg.set || ebb_waitlist_empty(&sg.waiters));
}

/* One pass of executor `ex` (fxi: from a simulated interrupt). */
static void exec_pass(ebb_executor *ex)
{
    bool *const in_pass = ex == &fxi ? &in_pass_fxi : &in_pass_fx;
    bool const was = *in_pass;
    *in_pass = true;
    (void)ebb_executor_poll(ex);
    *in_pass = was;
    for (unsigned i = 0; i < NT; i++) {
        /* a task this executor claimed was polled in this pass */
        CHECK(tasks[i].ex != ex || !tasks[i].exec_claim);
    }
}

static void fxi_isr(void *arg)
{
    (void)arg;
    n_irqs++;
    exec_pass(&fxi);
}

/* ---- main-level steps ---------------------------------------------------------------------- */

static void reset_object(unsigned which)
{
    volatile int r = 99;
    switch (which % 6) {
    case 0: { /* channel: refused while a task waits on it (reset:2) */
        if (!ebb_waitlist_empty(&ch.senders) || !ebb_waitlist_empty(&ch.receivers)) {
            EXPECT("reset", 2, r = ebb_channel_reset(&ch));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EBUSY);
            }
            break;
        }
        /* The model first: an interrupt at the reset's unlock sees it done. */
        for (unsigned k = 0; k < mlen; k++) {
            if (tracked(mirror[k])) {
                vstate[mirror[k]] = V_DROPPED;
            }
        }
        mlen = 0;
        bool const c = calm();
        CHECK(ebb_channel_reset(&ch) == EBB_OK && (!c || ebb_channel_count(&ch) == 0));
        break;
    }
    case 1: /* SPSC, never under a task between reserve and commit (peek and release) */
        if (!ebb_waitlist_empty(&q.producer) || !ebb_waitlist_empty(&q.consumer)) {
            EXPECT("reset", 2, r = ebb_spsc_reset(&q));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EBUSY);
            }
        } else if (tasks[0].op != T_SPSC && tasks[1].op != T_SPSC) {
            qlen = 0; /* first: its tasks may run at the reset's unlock */
            CHECK(ebb_spsc_reset(&q) == EBB_OK);
        }
        break;
    case 2: { /* semaphore: to a count that keeps every token within the limit */
        if (!ebb_waitlist_empty(&sm.waiters)) {
            EXPECT("reset", 2, r = ebb_sem_reset(&sm, 0));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EBUSY);
            }
            break;
        }
        unsigned const c = in_byte() % (SEM_LIMIT + 2);
        unsigned const others = fired_on(&sm.waiters) + tokens_total();
        if (c > SEM_LIMIT) {
            EXPECT("reset", 4, r = ebb_sem_reset(&sm, c));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EINVAL);
            }
        } else if (c + others <= SEM_LIMIT) {
            sem_net = (long)(c + others); /* before: an interrupt may give or take at the unlock */
            bool const k = calm();
            CHECK(ebb_sem_reset(&sm, c) == EBB_OK && (!k || sm.count == c));
        }
        break;
    }
    case 3: /* pool: refused with a waiter or a block handed to a woken one */
        for (unsigned i = 0; i < NT; i++) {
            if (join_block(&tasks[i]) != NULL) {
                return; /* a join holds a block the reset would take back under it */
            }
        }
        if (!ebb_waitlist_empty(&pl.waiters) || fired_on(&pl.waiters) != 0) {
            EXPECT("reset", 2, r = ebb_pool_reset(&pl));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EBUSY);
            }
            break;
        }
        /* Blocks still held must not be used: every holder forgets its
         * blocks (first: an interrupt at the reset's unlock may allocate). */
        main_nheld = 0;
        for (unsigned i = 0; i < NT; i++) {
            tasks[i].nheld = 0;
        }
        CHECK(ebb_pool_reset(&pl) == EBB_OK);
        break;
    case 4: /* mutex: refused with waiters or a running owner */
        if (!ebb_waitlist_empty(&mx.waiters) || mx.owner != NULL) {
            EXPECT("reset", 2, r = ebb_mutex_reset(&mx));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EBUSY);
            }
            break;
        }
        bool const c = calm(); /* else a task may lock it at the unlock */
        CHECK(ebb_mutex_reset(&mx) == EBB_OK && (!c || mx.owner == NULL));
        break;
    default: { /* a task's ticker: refused while it waits on it */
        struct ft *t = &tasks[in_byte() % NT];
        if (ebb_timer_armed(&t->tk.timer)) {
            EXPECT("reset", 2, r = ebb_ticker_reset(&t->tk));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EBUSY);
            }
        } else if (t->op != T_TICK) {
            bool const c = calm(); /* else its task may start it again at the unlock */
            CHECK(ebb_ticker_reset(&t->tk) == EBB_OK && (!c || t->tk.period == 0));
        }
        break;
    }
    }
}

static void misuse_main(unsigned kind)
{
    volatile int r = 99;
    struct ft *t = &tasks[in_byte() % NT];
    switch (kind % 5) {
    case 0: { /* pool:3 - double free of a block nobody holds */
        unsigned b = in_byte() % POOL_N;
        if (blk_holders(&pl_blocks[b]) == 0 && !pool_handed_out(b)) {
            EXPECT("pool", 3, r = ebb_pool_free(&pl, &pl_blocks[b]));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(r == EBB_EINVAL);
            }
        }
        break;
    }
    case 1: /* pool:2 - a pointer into a block, not at its start */
        EXPECT("pool", 2, r = ebb_pool_free(&pl, (char *)pl_blocks + 4));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(r == EBB_EINVAL);
        }
        break;
    case 2: /* time:3 - restart of a ticker a task waits on */
        if (ebb_timer_armed(&t->tk.timer)) {
            ebb_ticks dl = t->tk.timer.deadline;
            EXPECT("time", 3, ebb_ticker_start(&t->tk, 5));
            CHECK(ebb_timer_armed(&t->tk.timer) && t->tk.timer.deadline == dl);
        }
        break;
    case 3: /* time:2 - a period of 0 (contracts off: never ticks) */
        if (!ebb_timer_armed(&t->tk.timer) && t->op != T_TICK) {
            EXPECT("time", 2, ebb_ticker_start(&t->tk, 0));
            if (!EBB_CONFIG_CONTRACTS) {
                CHECK(t->tk.period == EBB_TICKS_NEVER);
            }
        }
        break;
    default: /* task:3 - NULL */
        EXPECT("task", 3, r = ebb_wake(NULL));
        if (!EBB_CONFIG_CONTRACTS) {
            CHECK(r == 0);
        }
        break;
    }
}

static void step(unsigned op)
{
    n_ops++;
    struct ft *j = &tasks[(op >> 5) % NT];
    switch (op % 21) {
    case 0:
    case 1:
    case 2:
        exec_pass(&fx);
        break;
    case 3:
        ebb_host_advance(in_byte() % 8);
        break;
    case 4:
        if (ebb_host_alarm() != EBB_TICKS_NEVER) {
            ebb_host_advance(ebb_host_alarm() - ebb_now()); /* to the next deadline */
        }
        break;
    case 5:
        spawn_checked(j, in_byte());
        break;
    case 6:
        cancel_checked(j, false);
        break;
    case 7:
        cancel_checked(j, true);
        break;
    case 8:
        ebb_host_irq(isr, NULL);
        break;
    case 9: /* an interrupt inside the n-th critical section from now */
        ebb_host_irq_in_lock(1 + in_byte() % 8, isr, &n_irqs_in_lock);
        break;
    case 10:
        chan_try_send();
        break;
    case 11:
        chan_try_recv();
        break;
    case 12:
        if (op & 0x10) {
            if (ebb_sem_try_take(&sm) == EBB_OK) {
                sem_net--;
            }
        } else if (sem_net < SEM_LIMIT) {
            sem_net++; /* first: an interrupt at the give's unlock counts it */
            CHECK(sem_give_checked() == EBB_OK);
        } else if (calm() && sm.count == SEM_LIMIT) {
            CHECK(ebb_sem_give(&sm) == EBB_EAGAIN && sm.count == SEM_LIMIT); /* dropped at the limit */
        }
        break;
    case 13:
        if ((op & 0x10) && main_nheld > 0) {
            (void)pool_free_checked(blk_give(main_held, &main_nheld, in_byte() % main_nheld));
        } else {
            pool_try_alloc_held();
        }
        break;
    case 14:
        if ((op & 0x60) == 0x60) {
            /* Forget the unread value: it can never be taken now. */
            if (sg.set && tracked(sg.value)) {
                vstate[sg.value] = V_OVERWRITTEN;
            }
            ebb_signal_reset(&sg);
        } else if (op & 0x10) {
            sig_try_take();
        } else {
            sig_raise();
        }
        break;
    case 15:
        reset_object(in_byte());
        break;
    case 16:
        misuse_main(in_byte());
        break;
    case 17:
        if (op & 0x80) {
            wake_all_checked();
        } else {
            (void)ebb_wake(&j->task);
        }
        break;
    case 18:
        if (!ebb_timer_armed(&j->tk.timer) && j->op != T_TICK) {
            ebb_ticker_start(&j->tk, 1 + in_byte() % 6);
        }
        break;
    case 19:
        for (unsigned k = 0; k < 8 && ebb_executor_has_work(&fx); k++) {
            exec_pass(&fx);
        }
        break;
    default:
        ebb_host_irq(fxi_isr, NULL); /* the interrupt executor's pass */
        break;
    }
}

/* ---- one input ------------------------------------------------------------------------------ */

static void start(void)
{
    ebb_host_reset(0); /* time 0, no alarm, no interrupt pending, run queue empty */
    for (unsigned i = 0; i < NT; i++) {
        memset(&tasks[i], 0, sizeof tasks[i]);
        EBB_SET_UNLINKED(tasks[i].task, (ebb_task)EBB_TASK_INITIALIZER(task_poll));
        tasks[i].id = i;
        tasks[i].ex = &fx;
        tasks[i].op = T_NONE;
    }
    EBB_SET_UNLINKED(ch, ch0);
    EBB_SET_UNLINKED(q, q0);
    EBB_SET_UNLINKED(sm, sm0);
    EBB_SET_UNLINKED(pl, pl0);
    memset(pl_links, 0, sizeof pl_links);
    memset(pl_blocks, 0, sizeof pl_blocks);
    memset(ch_buf, 0, sizeof ch_buf);
    memset(q_buf, 0, sizeof q_buf);
    EBB_SET_UNLINKED(mx, (ebb_mutex)EBB_MUTEX_INITIALIZER);
    EBB_SET_UNLINKED(sg, (ebb_signal)EBB_SIGNAL_INITIALIZER);
    EBB_SET_UNLINKED(dead_tk, (ebb_ticker)EBB_TICKER_INITIALIZER);
    ebb_waitlist_init(&ev);
    memset(vstate, 0, sizeof vstate);
    next_id = 0;
    n_popped = 0;
    mlen = qlen = 0;
    sem_net = 0;
    main_nheld = 0;
    expecting = NULL;
}

/* The end of an input: run what is ready, then cancel every task - after
 * which everything must be back where it belongs. */
static void finish(void)
{
    ebb_host_irq_in_lock(0, isr, NULL); /* disarm: no more interrupts */
    for (unsigned k = 0; k < 64 && (ebb_executor_has_work(&fx) || ebb_executor_has_work(&fxi)); k++) {
        exec_pass(&fx);
        ebb_host_irq(fxi_isr, NULL);
    }
    check_top();
    check_quiescent();
    for (unsigned i = 0; i < NT; i++) {
        struct ft *t = &tasks[i];
        if (t->owns) {
            /* An owner is not cancelled (task:4): it unlocks first. */
            ebb_cx cx = {&t->task, false};
            t->owns = false;
            ebb_mutex_unlock(&cx, &mx);
        }
        cancel_checked(t, false);
    }
    for (unsigned i = 0; i < NT; i++) {
        /* Every cancel gave everything back: nothing waits, nothing is armed. */
        struct ft *t = &tasks[i];
        CHECK(ebb_task_state(&t->task) != EBB_TASK_RUNNING);
        CHECK(wait_idle(&t->w) && wait_idle(&t->w2) && wait_idle(&t->w3));
        CHECK(timer_idle(&t->tm) && timer_idle(&t->tk.timer));
    }
    CHECK(ebb_waitlist_empty(&ch.senders) && ebb_waitlist_empty(&ch.receivers));
    CHECK(ebb_waitlist_empty(&q.producer) && ebb_waitlist_empty(&q.consumer));
    CHECK(ebb_waitlist_empty(&sm.waiters) && ebb_waitlist_empty(&pl.waiters));
    CHECK(ebb_waitlist_empty(&mx.waiters) && ebb_waitlist_empty(&sg.waiters));
    CHECK(ebb_waitlist_empty(&ev));
    CHECK(mx.owner == NULL);
    CHECK(ebb_host_alarm() == EBB_TICKS_NEVER);
    check_top();
    /* No send is left half done: each was inserted or abandoned. */
    for (uint32_t v = 1; v <= next_id && tracked(v); v++) {
        CHECK(vstate[v] != V_ATTEMPT);
    }
    /* The objects are usable again: every resource can be taken back. */
    CHECK(ebb_pool_free_count(&pl) + held_total() == POOL_N);
}

static void print_figures(void)
{
    printf("fuzz_core (contracts %s): %llu inputs, %llu API operations, %llu task polls, "
           "%llu interrupts (%llu inside critical sections), %llu cancels checked, "
           "%llu misuse outcomes checked, %llu channel items, %llu model checks\n",
           EBB_CONFIG_CONTRACTS ? "on" : "off", n_inputs, n_ops, n_polls, n_irqs,
           n_irqs_in_lock, n_cancels, n_misuse, n_items, n_checks);
    fflush(stdout);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    atexit(print_figures);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    n_inputs++;
    in_p = data;
    in_n = size;
    start();
    for (unsigned s = 0; s < MAX_STEPS && in_n > 0; s++) {
        step(in_byte());
        check_top();
        check_quiescent();
    }
    finish();
    return 0;
}
