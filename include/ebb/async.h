/** @file
 * ebb/async.h - writing coroutines: EBB_BEGIN, EBB_AWAIT, EBB_END and the
 * combinators (select, join, timeout, yield).
 *
 * A coroutine is a function returning ebb_poll_t whose body sits between
 * EBB_BEGIN(cx, &co) and EBB_END().  Task bodies are coroutines (co = &task->co);
 * so are async functions, whose ebb_co lives in a state struct the caller
 * embeds in its own state - awaiting one is just EBB_AWAIT(fn(&self->sub)).
 *
 * Every awaitable follows one contract.  Called in a task's poll it either
 *   - returns EBB_READY (done; it has reset itself so the next await of the
 *     same state starts afresh), or
 *   - returns EBB_PENDING after arranging that cx->task is woken when it
 *     may make progress (a spurious poll before that is harmless), or
 *   - when ebb_cx_cancelling(cx) is true: withdraws every waker it
 *     registered, resets itself and returns EBB_PENDING.
 * The context `cx` (ebb_cx, ebb/task.h) is the coroutine's first parameter
 * after its state: a task body is `ebb_poll_t body(ebb_task *self, ebb_cx
 * *cx)`, an async function `ebb_poll_t fn(ebb_cx *cx, struct fn_state *st)`,
 * awaited as EBB_AWAIT(fn(cx, &self->st)).  ebb's own awaitables get it
 * from EBB_BEGIN without being written (EBB_AWAITABLE_CALL).
 * Arguments are evaluated at every poll but used when the awaitable starts.
 *
 * Rules inside a coroutine body (the price of having no stack):
 *   1. Local variables do not survive an await: keep such values in the
 *      state struct.
 *   2. At most one await macro per source line (labels are made from
 *      __LINE__); a duplicate is a compile error, not a bug.
 *   3. With EBB_CORO_SWITCH (non-GNU compilers), no await inside a switch
 *      statement of the body.  With EBB_CORO_GOTO (GCC, Clang) switch is fine.
 *   4. No await inside a GNU statement expression; the body of a coroutine
 *      must be smaller than 32 KiB of code (resume offsets are 16-bit).
 *   5. The macros only work between EBB_BEGIN and EBB_END of the same
 *      function; elsewhere they do not compile (there is no ebb__co), and
 *      neither does a call of an ebb awaitable (there is no ebb__cx).
 *   6. Only awaitables can be awaited: the expression must be an ebb_poll_t
 *      (a try_ function's error code or a plain int does not compile), and
 *      an awaitable of ebb called outside an await macro does not compile
 *      either (see EBB_MUST_AWAIT in ebb/task.h; EBB_POLL(fn) is the escape
 *      for hand-written awaitables).
 *   7. EBB_AWAIT_ANY / EBB_AWAIT_ALL take 2 to 4 awaitables (else a compile
 *      error).
 * Rules 2, 5, 6 and 7 have compile-fail tests (tests/core/compile_fail).
 * Rule 1 cannot be checked by the compiler in general; what catches most of
 * it (see docs/design.md, "Locals across an await"): GCC with
 * -Wjump-misses-init -Wmaybe-uninitialized at -O2, Clang with
 * -Wsometimes-uninitialized (part of -Wall); ebb's own builds use them.
 * Rule 3 is checked at run time with EBB_CORO_SWITCH (contract async:1).
 */
#ifndef EBB_ASYNC_H
#define EBB_ASYNC_H

#include "ebb/config.h"
#include "ebb/driver/port.h" /* EBB_PORT_CODE_ADDR, where a port has it */
#include "ebb/executor.h"
#include "ebb/task.h"
#include "ebb/time.h"

#define EBB__CAT_(a, b) a##b
#define EBB__CAT(a, b) EBB__CAT_(a, b)
#define EBB__LABEL EBB__CAT(ebb__resume_, __LINE__)
#define EBB__NARGS(...) EBB__NARGS_(__VA_ARGS__, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define EBB__NARGS_(a, b, c, d, e, f, g, h, i, n, ...) n

/* The block every await macro opens: inside it ebb__awaiting is 1, which is
 * what lets ebb's awaitables be called (see EBB_MUST_AWAIT).  The shadowing
 * is the point, so -Wshadow is silenced for that one declaration. */
#if defined(__GNUC__)
#define EBB__AWAIT_SCOPE                                                       \
    _Pragma("GCC diagnostic push")                                             \
    _Pragma("GCC diagnostic ignored \"-Wshadow\"")                             \
    enum { ebb__awaiting = 1 };                                                \
    _Pragma("GCC diagnostic pop")
#else
#define EBB__AWAIT_SCOPE enum { ebb__awaiting = 1 };
#endif

/* Only an ebb_poll_t can be awaited. */
#define EBB__CHECK_POLL(x)                                                     \
    _Static_assert(_Generic((x), ebb_poll_t: 1, default: 0),                   \
                   "not an awaitable: an await macro needs an expression of "  \
                   "type ebb_poll_t (try_ functions return an error code and " \
                   "never wait)")

/** @def EBB_BEGIN
 * Start of a coroutine body polled with context `cx` (an ebb_cx *) whose
 * resume point is `*co_ptr` (an ebb_co): jumps to where the last await
 * suspended, or returns EBB_PENDING at once when it is being cancelled
 * before its first await.  Cost: one load and an indirect jump
 * (EBB_CORO_GOTO) or a switch (EBB_CORO_SWITCH). */
#if EBB_CONFIG_CORO == EBB_CORO_GOTO

/* Labels as values are a GNU extension that -Wpedantic (and Clang's
 * -Wgnu-label-as-value) reports: a consumer building with -Wpedantic -Werror
 * must not pay for ebb's choice, so the two places that use it say so -
 * __extension__ on the expressions, the diagnostic pragma around the one
 * statement (`goto *` is no expression).  No code changes. */
#define EBB__EXT_STMT_BEGIN                                                    \
    _Pragma("GCC diagnostic push")                                             \
    _Pragma("GCC diagnostic ignored \"-Wpedantic\"")
#define EBB__EXT_STMT_END _Pragma("GCC diagnostic pop")

/* Resume points are stored as 16-bit offsets from the body's start; a
 * port may make both from instruction immediates (EBB_PORT_CODE_ADDR,
 * EBB_PORT_CODE_OFFSET: ebb/driver/port.h). */
#if defined(EBB_PORT_CODE_ADDR)
#define EBB__TOP_ADDR() EBB_PORT_CODE_ADDR(ebb__top)
#define EBB__SET(L) (ebb__co->resume = EBB_PORT_CODE_OFFSET(L, ebb__top))
#else
#define EBB__TOP_ADDR() ((char *)&&ebb__top)
#define EBB__SET(L)                                                            \
    (__extension__(ebb__co->resume = (uint16_t)(int16_t)((char *)&&L -         \
                                                         (char *)&&ebb__top)))
#endif

/* Resume points are offsets from ebb__top, the start of the body, so a
 * fresh coroutine (resume 0) takes the same jump as a resumed one: one
 * test-and-branch fewer on every resume, the path every wake takes. */
#define EBB_BEGIN(cx, co_ptr)                                                  \
    ebb_cx *const ebb__cx = (cx);                                              \
    ebb_co *const ebb__co = (co_ptr);                                          \
    EBB__EXT_STMT_BEGIN                                                        \
    goto *(void *)(EBB__TOP_ADDR() + (int16_t)ebb__co->resume);                \
    EBB__EXT_STMT_END                                                          \
ebb__top:                                                                      \
    if (ebb_cx_cancelling(ebb__cx))                                            \
        return EBB_PENDING;                                                    \
    {
#define EBB__POINT(L) L:
#define EBB__MARK(L) EBB__SET(L); EBB__POINT(L)

#else /* EBB_CORO_SWITCH */

/* An await inside a switch of the body gives its `case` to that switch, so
 * the coroutine's own switch has nowhere to resume: contract async:1; with
 * contracts off the task stays pending for good (it cannot run on safely). */
#if EBB_CONFIG_CONTRACTS
#define EBB__RESUME_LOST() ebb_on_contract("async", 1)
#else
#define EBB__RESUME_LOST() ((void)0)
#endif

#define EBB_BEGIN(cx, co_ptr)                                                  \
    ebb_cx *const ebb__cx = (cx);                                              \
    ebb_co *const ebb__co = (co_ptr);                                          \
    switch (ebb__co->resume) {                                                 \
    default: /* resume point taken by a switch of the body (rule 3) */         \
        EBB__RESUME_LOST();                                                    \
        return EBB_PENDING;                                                    \
    case 0:                                                                    \
        if (ebb_cx_cancelling(ebb__cx))                                        \
            return EBB_PENDING;
#define EBB__SET(L) (ebb__co->resume = (uint16_t)__LINE__)
#define EBB__POINT(L) case __LINE__:
#if defined(__GNUC__)
#define EBB__MARK(L) EBB__SET(L); __attribute__((fallthrough)); EBB__POINT(L)
#else
#define EBB__MARK(L) EBB__SET(L); EBB__POINT(L)
#endif

#endif

/** End of a coroutine body: the coroutine completes (EBB_READY) and resets,
 *  so awaiting it again starts it from the top. */
#define EBB_END()                                                              \
    }                                                                          \
    ebb__co->resume = 0;                                                       \
    return EBB_READY

/** Complete the coroutine early (like `return` from an async function). */
#define EBB_RETURN()                                                           \
    do {                                                                       \
        ebb__co->resume = 0;                                                   \
        return EBB_READY;                                                      \
    } while (0)

#define EBB__SUSPEND()                                                         \
    do {                                                                       \
        if (ebb_cx_cancelling(ebb__cx))                                        \
            ebb__co->resume = 0;                                               \
        return EBB_PENDING;                                                    \
    } while (0)

/* Cancel a losing branch: evaluate it once with the context's cancel flag
 * set (and restored: the whole body may be being cancelled already).
 * EBB__CANCEL_IN names the context: an awaitable that combines others
 * (hal/common/i2c.c) cancels one of them with its own `cx`. */
#define EBB__CANCEL_IN(cx, x)                                                  \
    do {                                                                       \
        bool const ebb__was = (cx)->cancel;                                    \
        (cx)->cancel = true;                                                   \
        ebb__poll_drop(x);                                                     \
        (cx)->cancel = ebb__was;                                               \
    } while (0)
#define EBB__CANCEL(x) EBB__CANCEL_IN(ebb__cx, x)

/**
 * Suspend until the awaitable expression `expr` is EBB_READY.
 * Cost: one store of the resume point + the awaitable's poll.
 */
#define EBB_AWAIT(expr) EBB__AWAIT(EBB__LABEL, expr)
#define EBB__AWAIT(L, expr)                                                    \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(expr);                                                 \
        EBB__MARK(L)                                                           \
        if (!ebb_poll_is_ready(expr))                                          \
            EBB__SUSPEND();                                                    \
    } while (0)

/**
 * Let the other ready tasks run, then continue: the task suspends once and
 * runs again in the executor's next pass, after every task that was ready
 * before it yielded (and those woken meanwhile).
 * In a task's own body the yield returns a private result that tells the
 * executor to queue the task itself (no wake, no pender call for it: about
 * 40 instructions from the yield to the next task's first statement on a
 * Cortex-M4, lab/bench/ops `yield(to_next_task)`).  In an async function, whose
 * result its caller consumes, the task wakes itself instead (ebb_wake()).
 * Context: a coroutine body.
 */
#define EBB_YIELD() EBB__YIELD(EBB__LABEL)
#define EBB__YIELD(L)                                                          \
    do {                                                                       \
        EBB__SET(L);                                                           \
        if (EBB_LIKELY(ebb__co == &ebb__cx->task->co))                         \
            return EBB__YIELDED;                                               \
        return ebb__yield_by_wake(ebb__cx);                                    \
        EBB__POINT(L)                                                          \
        if (ebb_cx_cancelling(ebb__cx))                                        \
            EBB__SUSPEND();                                                    \
    } while (0)

/**
 * Select: await 2 to 4 awaitables; continue as soon as one is ready, with
 * `which` (an int lvalue, may be a local) set to its position (0-based).
 * The others are cancelled, so none of them can wake the task later.
 * When several are ready in the same poll the first listed wins.
 * Each awaitable needs its own state.
 */
#define EBB_AWAIT_ANY(which, ...)                                              \
    EBB__CAT(EBB__ANY, EBB__NARGS(__VA_ARGS__))(EBB__LABEL, which, __VA_ARGS__)

#define EBB__ANY2(L, w, a, b)                                                  \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(a);                                                    \
        EBB__CHECK_POLL(b);                                                    \
        EBB__MARK(L)                                                           \
        if (ebb_poll_is_ready(a)) {                                            \
            (w) = 0;                                                           \
            EBB__CANCEL(b);                                                    \
        } else if (ebb_poll_is_ready(b)) {                                     \
            (w) = 1;                                                           \
            EBB__CANCEL(a);                                                    \
        } else                                                                 \
            EBB__SUSPEND();                                                    \
    } while (0)
#define EBB__ANY3(L, w, a, b, c)                                               \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(a);                                                    \
        EBB__CHECK_POLL(b);                                                    \
        EBB__CHECK_POLL(c);                                                    \
        EBB__MARK(L)                                                           \
        if (ebb_poll_is_ready(a)) {                                            \
            (w) = 0;                                                           \
            EBB__CANCEL(b);                                                    \
            EBB__CANCEL(c);                                                    \
        } else if (ebb_poll_is_ready(b)) {                                     \
            (w) = 1;                                                           \
            EBB__CANCEL(a);                                                    \
            EBB__CANCEL(c);                                                    \
        } else if (ebb_poll_is_ready(c)) {                                     \
            (w) = 2;                                                           \
            EBB__CANCEL(a);                                                    \
            EBB__CANCEL(b);                                                    \
        } else                                                                 \
            EBB__SUSPEND();                                                    \
    } while (0)
#define EBB__ANY4(L, w, a, b, c, d)                                            \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(a);                                                    \
        EBB__CHECK_POLL(b);                                                    \
        EBB__CHECK_POLL(c);                                                    \
        EBB__CHECK_POLL(d);                                                    \
        EBB__MARK(L)                                                           \
        if (ebb_poll_is_ready(a)) {                                            \
            (w) = 0;                                                           \
            EBB__CANCEL(b);                                                    \
            EBB__CANCEL(c);                                                    \
            EBB__CANCEL(d);                                                    \
        } else if (ebb_poll_is_ready(b)) {                                     \
            (w) = 1;                                                           \
            EBB__CANCEL(a);                                                    \
            EBB__CANCEL(c);                                                    \
            EBB__CANCEL(d);                                                    \
        } else if (ebb_poll_is_ready(c)) {                                     \
            (w) = 2;                                                           \
            EBB__CANCEL(a);                                                    \
            EBB__CANCEL(b);                                                    \
            EBB__CANCEL(d);                                                    \
        } else if (ebb_poll_is_ready(d)) {                                     \
            (w) = 3;                                                           \
            EBB__CANCEL(a);                                                    \
            EBB__CANCEL(b);                                                    \
            EBB__CANCEL(c);                                                    \
        } else                                                                 \
            EBB__SUSPEND();                                                    \
    } while (0)

/**
 * Join: await 2 to 4 awaitables until all are ready.  `mask` is an unsigned
 * lvalue that survives awaits (a member of the state struct): bit i is set
 * once awaitable i completed, which is what stops a finished one from being
 * started again.
 */
#define EBB_AWAIT_ALL(mask, ...)                                               \
    EBB__CAT(EBB__ALL, EBB__NARGS(__VA_ARGS__))(EBB__LABEL, mask, __VA_ARGS__)
#define EBB__ANY_WRONG_COUNT(...)                                              \
    do {                                                                       \
        _Static_assert(0, "EBB_AWAIT_ANY / EBB_AWAIT_ALL take 2 to 4 "         \
                          "awaitables");                                       \
    } while (0)
#define EBB__ANY1(L, w, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ANY5(L, w, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ANY6(L, w, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ANY7(L, w, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ANY8(L, w, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ANY9(L, w, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ALL1(L, m, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ALL5(L, m, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ALL6(L, m, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ALL7(L, m, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ALL8(L, m, ...) EBB__ANY_WRONG_COUNT()
#define EBB__ALL9(L, m, ...) EBB__ANY_WRONG_COUNT()
#define EBB__JOIN1(m, bit, x)                                                  \
    if (!((m) & (bit)) && ebb_poll_is_ready(x))                                \
        (m) |= (bit);
#define EBB__ALL2(L, m, a, b)                                                  \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(a);                                                    \
        EBB__CHECK_POLL(b);                                                    \
        (m) = 0;                                                               \
        EBB__MARK(L)                                                           \
        EBB__JOIN1(m, 1u, a)                                                   \
        EBB__JOIN1(m, 2u, b)                                                   \
        if ((m) != 3u)                                                         \
            EBB__SUSPEND();                                                    \
    } while (0)
#define EBB__ALL3(L, m, a, b, c)                                               \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(a);                                                    \
        EBB__CHECK_POLL(b);                                                    \
        EBB__CHECK_POLL(c);                                                    \
        (m) = 0;                                                               \
        EBB__MARK(L)                                                           \
        EBB__JOIN1(m, 1u, a)                                                   \
        EBB__JOIN1(m, 2u, b)                                                   \
        EBB__JOIN1(m, 4u, c)                                                   \
        if ((m) != 7u)                                                         \
            EBB__SUSPEND();                                                    \
    } while (0)
#define EBB__ALL4(L, m, a, b, c, d)                                            \
    do {                                                                       \
        EBB__AWAIT_SCOPE                                                       \
        EBB__CHECK_POLL(a);                                                    \
        EBB__CHECK_POLL(b);                                                    \
        EBB__CHECK_POLL(c);                                                    \
        EBB__CHECK_POLL(d);                                                    \
        (m) = 0;                                                               \
        EBB__MARK(L)                                                           \
        EBB__JOIN1(m, 1u, a)                                                   \
        EBB__JOIN1(m, 2u, b)                                                   \
        EBB__JOIN1(m, 4u, c)                                                   \
        EBB__JOIN1(m, 8u, d)                                                   \
        if ((m) != 15u)                                                        \
            EBB__SUSPEND();                                                    \
    } while (0)

/**
 * Await `expr` for at most `ticks`, using `timer` (an ebb_timer that survives
 * awaits).  `result` (an int lvalue) becomes EBB_OK if `expr` completed, or
 * EBB_ETIMEDOUT if the time ran out first, in which case `expr` has been
 * cancelled.
 */
#define EBB_AWAIT_TIMEOUT(result, timer, ticks, expr)                          \
    EBB__TIMEOUT(EBB__LABEL, result, timer, ticks, expr)
#define EBB__TIMEOUT(L, r, tm, tk, expr)                                       \
    do {                                                                       \
        int ebb__which;                                                        \
        EBB__ANY2(L, ebb__which, expr, ebb_sleep_for(tm, tk));                 \
        (r) = ebb__which == 0 ? EBB_OK : EBB_ETIMEDOUT;                        \
    } while (0)

#endif /* EBB_ASYNC_H */
