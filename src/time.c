/* time.c - the timer queue (a red-black tree ordered by deadline) and the
 * sleeps built on it.
 *
 * Why a red-black tree (docs/design.md, "Timer queue"): every operation is
 * O(log n) in the WORST case (a pairing or skew heap is only amortised, so
 * one unlucky expiry could hold the port lock for O(n)), it is intrusive
 * (no array sized for the most timers a program might arm), and an
 * in-order tree keeps timers with equal deadlines in arming order for free:
 * an equal deadline goes to the right, and rotations never change the
 * in-order sequence.  The earliest timer is cached, so the alarm interrupt
 * finds it in O(1). */
#include "time_impl.h"

/* The leaves: every absent child points at `nil`, so a queued timer's
 * wait.node.next is never NULL and ebb_timer_armed() reads the same link
 * for both queue implementations.  Only its address is used. */
static node nil;
#define NIL (&nil)

/* The tree's root (NIL when empty), and its leftmost node: the earliest
 * timer (NULL when empty). */
static node *root = NIL;
static node *first;

static inline node *queue_first(void) { return first; }

static inline node *parent_of(const node *n) { return (node *)(timer_of(n)->parent_ & ~RED); }
static inline bool is_red(const node *n) { return n != NIL && (timer_of(n)->parent_ & RED) != 0; }
static inline void set_parent(node *n, node *p) { timer_of(n)->parent_ = (uintptr_t)p | (timer_of(n)->parent_ & RED); }
static inline void set_red(node *n) { timer_of(n)->parent_ |= RED; }
static inline void set_black(node *n) { timer_of(n)->parent_ &= ~RED; }

/* Put `to` where `from` hangs (under `p`, or at the root). */
static inline void replace_child(node *p, node *from, node *to)
{
    if (p == NULL) {
        root = to;
    } else {
        *kid(p, *kid(p, 1) == from) = to;
    }
}

/* Rotate `x` down towards side `d` (0: left rotation); its child on the
 * other side takes its place.  Keeps the in-order sequence. */
__attribute__((noinline)) static void rotate(node *x, int d)
{
    node *y = (*kid(x, 1 - d));
    node *p = parent_of(x);
    (*kid(x, 1 - d)) = (*kid(y, d));
    if ((*kid(y, d)) != NIL) {
        set_parent((*kid(y, d)), x);
    }
    set_parent(y, p);
    replace_child(p, x, y);
    (*kid(y, d)) = x;
    set_parent(x, y);
}

/* Out of line (as erase): one copy instead of one per inlined caller. */
__attribute__((noinline)) static void insert(node *z)
{
    ebb_ticks k = key(z);
    /* Earliest of all unless an armed timer is due no later (an equal
     * deadline queues behind it). */
    if (first == NULL || k < key(first)) {
        first = z;
    }
    node *p = NULL;
    node **link = &root;
    while (*link != NIL) {
        p = *link;
        link = kid(p, k >= key(p)); /* equal deadlines go right: arming order */
    }
    (*kid(z, 0)) = (*kid(z, 1)) = NIL;
    timer_of(z)->parent_ = (uintptr_t)p | RED;
    *link = z;
    /* Restore "no red node has a red parent". */
    while ((p = parent_of(z)) != NULL && is_red(p)) {
        node *g = parent_of(p); /* exists: a red node is never the root */
        int d = (*kid(g, 1)) == p;
        node *u = (*kid(g, 1 - d));
        if (is_red(u)) {
            set_black(p);
            set_black(u);
            set_red(g);
            z = g;
            continue;
        }
        if (z == (*kid(p, 1 - d))) {
            rotate(p, d);
            z = p;
            p = parent_of(z);
        }
        set_black(p);
        set_red(g);
        rotate(g, 1 - d);
    }
    set_black(root);
}

__attribute__((noinline)) static void erase(node *z)
{
    if (z == first) {
        /* The next earliest: the leftmost of z's right subtree (z has no
         * left child), else z's parent. */
        node *n = (*kid(z, 1));
        if (n != NIL) {
            while ((*kid(n, 0)) != NIL) {
                n = (*kid(n, 0));
            }
        } else {
            n = parent_of(z);
        }
        first = n;
    }

    node *x;           /* the node that moves into the removed position */
    node *xp;          /* its parent after the removal (x may be NIL) */
    bool removed_red;  /* colour of the node that left its position */
    if ((*kid(z, 0)) == NIL || (*kid(z, 1)) == NIL) {
        x = *kid(z, *kid(z, 0) == NIL);
        xp = parent_of(z);
        removed_red = is_red(z);
        replace_child(xp, z, x);
        if (x != NIL) {
            set_parent(x, xp);
        }
    } else {
        /* Two children: z's successor y (leftmost of its right subtree)
         * takes z's place and colour. */
        node *y = (*kid(z, 1));
        while ((*kid(y, 0)) != NIL) {
            y = (*kid(y, 0));
        }
        x = (*kid(y, 1));
        removed_red = is_red(y);
        if (parent_of(y) == z) {
            xp = y;
        } else {
            xp = parent_of(y);
            (*kid(xp, 0)) = x;
            if (x != NIL) {
                set_parent(x, xp);
            }
            (*kid(y, 1)) = (*kid(z, 1));
            set_parent((*kid(y, 1)), y);
        }
        (*kid(y, 0)) = (*kid(z, 0));
        set_parent((*kid(y, 0)), y);
        node *zp = parent_of(z);
        replace_child(zp, z, y);
        timer_of(y)->parent_ = timer_of(z)->parent_; /* z's parent and colour */
    }
    z->next = NULL; /* not in the queue (ebb_timer_armed) */

    if (removed_red) {
        return;
    }
    /* x carries an extra black: push it up or fix it with rotations. */
    while (x != root && !is_red(x)) {
        int d = (*kid(xp, 1)) == x; /* x's side; its sibling exists */
        node *w = (*kid(xp, 1 - d));
        if (is_red(w)) {
            set_black(w);
            set_red(xp);
            rotate(xp, d);
            w = (*kid(xp, 1 - d));
        }
        if (!is_red((*kid(w, 0))) && !is_red((*kid(w, 1)))) {
            set_red(w);
            x = xp;
            xp = parent_of(x);
            continue;
        }
        if (!is_red((*kid(w, 1 - d)))) {
            set_black((*kid(w, d)));
            set_red(w);
            rotate(w, 1 - d);
            w = (*kid(xp, 1 - d));
        }
        timer_of(w)->parent_ = (timer_of(w)->parent_ & ~RED) | (timer_of(xp)->parent_ & RED);
        set_black(xp);
        set_black((*kid(w, 1 - d)));
        rotate(xp, d);
        x = root;
        break;
    }
    if (x != NIL) {
        set_black(x);
    }
}

static void expire_first(node *f)
{
    ebb_task *task = timer_of(f)->wait.task;
    erase(f);
    (void)ebb__wake_locked(task);
}

static void queue_reset(void)
{
    root = NIL;
    first = NULL;
}

/* Whether `z` is in the tree: a search by its deadline that visits only
 * queued nodes.  Equal deadlines may sit on both sides of a node after
 * rotations, so an equal key searches both.  Only the host port uses it
 * (time_impl.h, cancel_dequeues). */
EBB_UNUSED static bool queue_contains(const node *z)
{
    const node *stack[2 * 64];
    unsigned depth = 0;
    const ebb_ticks k = key(z);
    const node *n = root;
    for (;;) {
        while (n != NIL) {
            if (n == z) {
                return true;
            }
            ebb_ticks kn = key(n);
            if (k == kn && depth < sizeof stack / sizeof stack[0]) {
                stack[depth++] = *kid((node *)n, 1); /* later: the right side */
            }
            n = k > kn ? *kid((node *)n, 1) : *kid((node *)n, 0);
        }
        if (depth == 0) {
            return false;
        }
        n = stack[--depth];
    }
}
