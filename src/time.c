/* time.c - the timer queue and the sleeps and tickers built on it.
 *
 * The queue is a red-black tree of the armed timers ordered by (deadline,
 * address): every key is unique, so any timer is found from the root in
 * O(log n), and every operation - arm, cancel, expire - is O(log n) in the
 * worst case, whatever the order of deadlines (docs/design.md, "Timer
 * queue").  Equal deadlines expire in address order.  A timer keeps no
 * parent link: each operation records the path it walked down from the
 * root, and the rebalancing after it walks that path back up (at most
 * 2 log2(n + 1) nodes; the path lives on the stack, sized by the number of
 * armed timers).  The earliest timer is cached, so the alarm interrupt
 * finds it in O(1).
 *
 * All of the queue runs with the port lock held, one operation per
 * critical section.
 */
#include "ebb/driver/port.h"
#include "ebb/time.h"
#include "ebb/driver/wait.h"
#include "ebb/driver/time_driver.h"

EBB_MODULE("time");

typedef ebb__timer_wait node;

#define FLAG ((uintptr_t)1) /* bit 0 of a link: red in link_[0], queued in link_[1] */

static node *root;      /* NULL when empty */
static node *first;     /* the earliest timer, NULL when empty */
static unsigned queued; /* the number of timers in the tree */

static inline ebb_timer *timer_of(const node *n) { return EBB_CONTAINER_OF(n, ebb_timer, wait); }
/* Links by side (0: earlier, 1: later), so both sides share one copy of
 * every step. */
static inline node *child(const node *n, unsigned d) { return (node *)(n->link_[d] & ~FLAG); }
static inline node *left(const node *n) { return child(n, 0); }
static inline node *right(const node *n) { return child(n, 1); }
static inline void set_child(node *n, unsigned d, node *c) { n->link_[d] = (uintptr_t)c | (n->link_[d] & FLAG); }
static inline void set_right(node *n, node *r) { set_child(n, 1, r); }
static inline void set_left(node *n, node *l) { set_child(n, 0, l); }
static inline bool is_red(const node *n) { return n != NULL && (n->link_[0] & FLAG) != 0; }
static inline void set_colour(node *n, bool red) { n->link_[0] = (n->link_[0] & ~FLAG) | (red ? FLAG : 0u); }

/* a < b in queue order: (deadline, address). */
static inline bool before(const node *a, const node *b)
{
    ebb_ticks da = timer_of(a)->deadline, db = timer_of(b)->deadline;
    return da < db || (da == db && (uintptr_t)a < (uintptr_t)b);
}

/* The longest path (in nodes, the root included) a tree of `n` nodes can
 * have, plus room for the one step a deletion's fix may add: a red-black
 * tree's height is at most 2 log2(n + 1) <= 2 bitlen(n). */
static inline unsigned path_room(unsigned n)
{
    unsigned const bits = n != 0 ? (unsigned)(sizeof(unsigned) * 8u) - (unsigned)__builtin_clz(n) : 0u;
    return 2u * bits + 2u;
}

/* The walk down from the root: pn[i] is the node at depth i, pd[i] the
 * side taken from it.  `x` is placed at depth k: under pn[k - 1], or as
 * the root. */
static void hang(node *const *pn, const uint8_t *pd, unsigned k, node *x)
{
    if (k == 0) {
        root = x;
    } else {
        set_child(pn[k - 1], pd[k - 1], x);
    }
}

/* Rotate `x` down towards side d; its child on the other side takes its
 * place (returned: the caller hangs it).  Keeps the in-order sequence. */
__attribute__((noinline)) static node *rotate(node *x, unsigned d)
{
    node *y = child(x, !d);
    set_child(x, !d, child(y, d));
    set_child(y, d, x);
    return y;
}

/* Walk down from the root towards the place of `z`'s key until `stop`
 * (z itself, or NULL: where z would hang), recording the path in pn/pd.
 * Returns its length. */
static inline __attribute__((always_inline)) unsigned walk_down(const node *z, const node *stop, node **pn, uint8_t *pd)
{
    unsigned k = 0;
    for (node *x = root; x != stop; k++) {
        unsigned const d = !before(z, x);
        pn[k] = x;
        pd[k] = (uint8_t)d;
        x = child(x, d);
    }
    return k;
}

/* Queue `z` (deadline and task set).  O(log n): the walk down, then at
 * most O(log n) recolourings and two rotations on the way back up.  Out of
 * line, as erase(): one copy instead of one per inlined caller. */
__attribute__((noinline)) static void insert(node *z)
{
    unsigned const room = path_room(queued + 1u);
    node *pn[room];
    uint8_t pd[room];
    unsigned k = walk_down(z, NULL, pn, pd);
    z->link_[0] = FLAG; /* a new node is red, without children */
    z->link_[1] = FLAG; /* and queued */
    hang(pn, pd, k, z);
    queued++;
    if (first == NULL || before(z, first)) {
        first = z;
    }
    /* A red node under a red parent (never the root, which is black):
     * recolour while the uncle is red, else rotate once or twice. */
    while (k >= 2 && is_red(pn[k - 1])) {
        node *p = pn[k - 1], *g = pn[k - 2];
        unsigned const side = pd[k - 2]; /* p's side under g */
        node *u = child(g, !side);
        if (is_red(u)) {
            set_colour(p, false);
            set_colour(u, false);
            set_colour(g, true);
            k -= 2; /* g may now be a red child of a red parent */
            continue;
        }
        if (pd[k - 1] != side) { /* the new red is the inner grandchild */
            node *x = rotate(p, side);
            set_child(g, side, x);
            p = x;
        }
        set_colour(p, false);
        set_colour(g, true);
        hang(pn, pd, k - 2, rotate(g, !side));
        break;
    }
    set_colour(root, false);
}

/* The black height above `x` (at depth k, maybe NULL) is one short after a
 * black node was taken out: push the shortage up, or end it with at most
 * three rotations (CLRS's four cases; the path gives the parents). */
__attribute__((noinline)) static void erase_fix(node **pn, uint8_t *pd, node *x, unsigned k)
{
    while (k > 0 && !is_red(x)) {
        node *p = pn[k - 1];
        unsigned const d = pd[k - 1]; /* x is p's child on side d */
        node *w = child(p, !d);       /* a sibling: black height >= 1 there */
        if (is_red(w)) {
            set_colour(w, false);
            set_colour(p, true);
            hang(pn, pd, k - 1, rotate(p, d));
            pn[k - 1] = w; /* the path now runs w, p, x */
            pd[k - 1] = (uint8_t)d;
            pn[k] = p;
            pd[k] = (uint8_t)d;
            k++;
            w = child(p, !d);
        }
        if (!is_red(left(w)) && !is_red(right(w))) {
            set_colour(w, true);
            x = p;
            k--;
            continue;
        }
        if (!is_red(child(w, !d))) {
            set_colour(child(w, d), false);
            set_colour(w, true);
            w = rotate(w, !d);
            set_child(p, !d, w);
        }
        set_colour(w, is_red(p));
        set_colour(p, false);
        set_colour(child(w, !d), false);
        hang(pn, pd, k - 1, rotate(p, d));
        x = root;
        break;
    }
    if (x != NULL) {
        set_colour(x, false);
    }
}

/* Take queued `z` out, the path down to it in pn/pd (k nodes above it;
 * room for the path to its successor and for the fix's extra step). */
static void erase_on_path(node *z, node **pn, uint8_t *pd, unsigned k)
{
    if (z == first) {
        /* The next timer in order: the earliest has no earlier child, so
         * its later subtree is at most one (red) node, which is next if
         * present; else its parent is.  Rotations keep the order. */
        first = right(z) != NULL ? right(z) : k != 0 ? pn[k - 1] : NULL;
    }
    bool removed_black;
    node *x; /* what takes the place of the node taken out (maybe NULL) */
    if (left(z) != NULL && right(z) != NULL) {
        /* Two children: z's successor s (the leftmost of its right
         * subtree) leaves its place to its right child and takes z's
         * (intrusive: nodes move, keys are never copied). */
        unsigned const zk = k;
        pn[k] = z;
        pd[k] = 1;
        k++;
        node *s = right(z);
        while (left(s) != NULL) {
            pn[k] = s;
            pd[k] = 0;
            k++;
            s = left(s);
        }
        removed_black = !is_red(s);
        x = right(s);
        if (k != zk + 1u) {
            set_child(pn[k - 1], 0, x);
            set_right(s, right(z));
        }
        set_left(s, left(z));
        set_colour(s, is_red(z));
        hang(pn, pd, zk, s);
        pn[zk] = s;
    } else {
        removed_black = !is_red(z);
        x = left(z) != NULL ? left(z) : right(z);
        hang(pn, pd, k, x);
    }
    queued--;
    z->link_[0] = 0;
    z->link_[1] = 0; /* not queued */
    if (removed_black) {
        erase_fix(pn, pd, x, k);
    }
}

/* Take queued `z` out: the path is found by its key.  O(log n). */
__attribute__((noinline)) static void erase(node *z)
{
    unsigned const room = path_room(queued);
    node *pn[room];
    uint8_t pd[room];
    erase_on_path(z, pn, pd, walk_down(z, z, pn, pd));
}

/* Take the earliest timer `f` out - its path is the left spine, no key
 * compared - and wake its task.  O(log n). */
static void expire_first(node *f)
{
    unsigned const room = path_room(queued);
    node *pn[room];
    uint8_t pd[room];
    unsigned k = 0;
    for (node *x = root; x != f; k++) {
        pn[k] = x;
        pd[k] = 0;
        x = left(x);
    }
    erase_on_path(f, pn, pd, k);
    EBB__TRACE(EBB_TRACE_TIMER_FIRE, timer_of(f), 0);
    (void)ebb__wake_locked(f->task);
}

/* Whether `z` is in the tree: a search for its key that reads only queued
 * nodes.  Only the host port needs it (cancel_dequeues()). */
EBB_UNUSED static bool queue_contains(const node *z)
{
    for (const node *n = root; n != NULL; n = before(z, n) ? left(n) : right(n)) {
        if (n == z) {
            return true;
        }
    }
    return false;
}

ebb_ticks ebb_now(void) { return ebb_time_driver_now(); }

void ebb__time_reset(void)
{
    root = NULL;
    first = NULL;
    queued = 0;
}

/* Expire what is due and ask the driver for an alarm at the earliest
 * deadline left.  `due`: the alarm fired, the earliest may be due.  After
 * an arm or a cancel that changed the earliest deadline it is not checked
 * first: the driver refuses an alarm whose time has passed (rule T4), and
 * then the next round expires it - so a deadline can never slip between
 * "check" and "arm", and the driver is asked once per change, not twice.
 * Entered with the lock held (its state `s`); returns with it released.
 * One expired timer per critical section: the time interrupts are masked
 * for one erase and one wake (O(log n)), never for a whole batch of
 * expiries; whatever changes in between (a timer armed or cancelled by a
 * higher-priority executor) is seen by the next round, which starts from
 * the queue as it is then. */
static void service(ebb_irq_state s, bool due)
{
    /* The clock is read once per refusal, not once per timer: a timer that
     * fell due while the others expired is caught by set_alarm() refusing
     * it (time_driver.h T4). */
    ebb_ticks now = due ? ebb_time_driver_now() : 0;
    for (;;) {
        node *f = first;
        if (due && f != NULL && timer_of(f)->deadline <= now) {
            expire_first(f);
            ebb_port_unlock(s);
            s = ebb_port_lock();
        } else if (ebb_time_driver_set_alarm(f != NULL ? timer_of(f)->deadline : EBB_TICKS_NEVER)) {
            break;
        } else {
            due = true;
            now = ebb_time_driver_now();
        }
    }
    ebb_port_unlock(s);
}

void ebb_time_alarm_isr(void) { service(ebb_port_lock(), true); }

/* Whether a cancelled timer is to be taken out of the queue.  A port whose
 * reset forgets the queue without touching the timers in it (the host
 * port's ebb_host_reset(): a test's timers may have gone with its stack
 * frame) defines EBB_PORT_FORGETS_TIMERS.  There a timer can look armed in a
 * queue that no longer exists; unlinking it would write into its forgotten
 * neighbours.  It is dropped instead, so ebb_task_reset() may come before
 * or after ebb_host_reset().  Other ports pay nothing. */
static inline bool cancel_dequeues(ebb_timer *t)
{
#if defined(EBB_PORT_FORGETS_TIMERS)
    if (ebb_timer_armed(t) && !queue_contains(&t->wait)) {
        t->wait.link_[0] = 0;
        t->wait.link_[1] = 0; /* forgotten by a reset: idle */
        return false;
    }
#endif
    return ebb_timer_armed(t);
}

ebb_poll_t (ebb_sleep_until)(ebb_cx *cx, ebb_timer *t, ebb_ticks deadline)
{
    ebb_poll_t r = EBB_PENDING;
    bool new_first = false; /* the earliest deadline changed: re-arm */
    ebb_irq_state s = ebb_port_lock();

    if (EBB_UNLIKELY(t->wait.task != NULL && t->wait.task != cx->task)) {
        /* Another task's sleep: neither this poll nor its cancel touches it. */
        ebb_port_unlock(s);
        if (!ebb_cx_cancelling(cx)) {
            EBB_REQUIRE(5, false);
        }
        return EBB_PENDING;
    }
    if (ebb_cx_cancelling(cx)) {
        if (cancel_dequeues(t)) {
            new_first = first == &t->wait; /* no alarm for a timer that is gone */
            erase(&t->wait);
        }
        t->wait.task = NULL;
    } else if (t->wait.task == NULL) {
        t->deadline = deadline;
        if (deadline <= ebb_time_driver_now()) {
            r = EBB_READY; /* already due: no need to touch the queue */
        } else {
            t->wait.task = cx->task;
            EBB__TRACE(EBB_TRACE_TIMER_ARM, t, deadline);
            insert(&t->wait);
            new_first = first == &t->wait;
        }
    } else if (!ebb_timer_armed(t)) {
        t->wait.task = NULL; /* fired: the alarm took it out of the queue */
        r = EBB_READY;
    }
    /* else: a spurious poll, still waiting */
    if (new_first) {
        service(s, false); /* re-arm the driver; unlocks */
    } else {
        ebb_port_unlock(s);
    }
    return r;
}

ebb_poll_t (ebb_sleep_for)(ebb_cx *cx, ebb_timer *t, ebb_ticks ticks)
{
    /* The deadline is fixed at the first poll; later polls pass the stored
     * one so a late poll cannot push it back. */
    ebb_ticks deadline = t->wait.task != NULL ? t->deadline : ebb_ticks_add(ebb_now(), ticks);
    return EBB_POLL(ebb_sleep_until)(cx, t, deadline);
}

void ebb_ticker_start(ebb_ticker *tk, ebb_ticks period)
{
    /* Contracts off: a period of 0 would tick on every poll (a busy loop);
     * it becomes "never" instead. */
    EBB_REQUIRE(2, period > 0);
    if (period == 0) {
        period = EBB_TICKS_NEVER;
    }
    /* A ticker restarted under a waiting task would leave its old timer
     * queued with no task to wake. */
    EBB_REQUIRE_OR(3, !ebb_timer_armed(&tk->timer), return);
    tk->period = period;
    tk->timer.wait.task = NULL;
    tk->timer.deadline = ebb_ticks_add(ebb_now(), period);
}

ebb_poll_t (ebb_ticker_next)(ebb_cx *cx, ebb_ticker *tk)
{
    /* A ticker that was never started (period 0) would be ready on every
     * poll; contracts off, it never ticks. */
    EBB_REQUIRE_OR(4, tk->period != 0, return EBB_PENDING);
    ebb_poll_t r = EBB_POLL(ebb_sleep_until)(cx, &tk->timer, tk->timer.deadline);
    if (ebb_poll_is_ready(r)) {
        tk->timer.deadline = ebb_ticks_add(tk->timer.deadline, tk->period);
    }
    return r;
}
