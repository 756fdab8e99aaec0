/** @file
 * ebb/task.h - tasks: stackless coroutines run by an executor.
 *
 * A task is a struct of the application's that embeds an ebb_task header and
 * holds exactly what must survive an await; its body is one poll function
 * written as straight-line code with EBB_BEGIN / EBB_AWAIT / EBB_END
 * (ebb/async.h).  RAM per task is sizeof(header) + the application's state;
 * there is no stack per task.
 *
 *     struct led { ebb_task task; ebb_timer timer; };
 *     static ebb_poll_t led_poll(ebb_task *self, ebb_cx *cx) {
 *         struct led *b = EBB_CONTAINER_OF(self, struct led, task);
 *         EBB_BEGIN(cx, &self->co);
 *         for (;;) {
 *             EBB_AWAIT(ebb_sleep_for(&b->timer, EBB_MS(500)));
 *             led_toggle();
 *         }
 *         EBB_END();
 *     }
 *     static EBB_TASK_DEFINE(led, struct led, led_poll);
 *     ... if (ebb_task_spawn(&exec, &led.task) != EBB_OK) { ... a bug ... }
 */
#ifndef EBB_TASK_H
#define EBB_TASK_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/driver/list.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Clang warns about any discarded ebb_poll_t (GCC takes the attribute on
 * functions only: see EBB_AWAITABLE). */
#if defined(__clang__)
#define EBB__POLL_TYPE_ATTR __attribute__((warn_unused_result))
#else
#define EBB__POLL_TYPE_ATTR
#endif

/**
 * Result of polling a task or any awaitable: EBB_READY or EBB_PENDING.
 *
 * A struct, not an enum, so that it does not mix with integers: awaiting an
 * error code (`EBB_AWAIT(ebb_channel_try_send(...))`, where EBB_OK would read
 * as "pending" forever) or a plain int does not compile, and neither does
 * comparing a result with `==`; test it with ebb_poll_is_ready().  A struct
 * of one register-sized integer (uint_fast8_t is a full word on Arm and
 * RISC-V) is returned in a register (r0 on AAPCS, a0 on RISC-V, eax on
 * x86-64), and the caller tests it without masking a byte: it costs exactly
 * what the enum did (lab/bench/budget.json checks).
 */
typedef struct EBB__POLL_TYPE_ATTR ebb_poll {
    uint_fast8_t ready_; /**< private: 1 = ready; use ebb_poll_is_ready() */
} ebb_poll_t;

/** @def EBB_READY
 * Poll result: finished. */
/** @def EBB_PENDING
 * Poll result: not finished; a wake has been arranged. */
#ifdef __cplusplus
#define EBB_READY (ebb_poll_t{1})   /* finished */
#define EBB_PENDING (ebb_poll_t{0}) /* not finished; a wake has been arranged */
#else
#define EBB_READY ((ebb_poll_t){1})   /* finished */
#define EBB_PENDING ((ebb_poll_t){0}) /* not finished; a wake has been arranged */
#endif

/** True when `r` is EBB_READY.  Context: any.  Cost: a byte test. */
static inline bool ebb_poll_is_ready(ebb_poll_t r) { return r.ready_ == 1; }

/**
 * @def EBB_AWAITABLE_CALL
 * Forgetting EBB_AWAIT is a compile error, not a task that silently skips
 * its wait.  Every awaitable of ebb is declared EBB_AWAITABLE (so a
 * discarded result warns) and its name is also a function-like macro,
 * EBB_AWAITABLE_CALL, whose expansion holds a static assertion on
 * ebb__awaiting: 0 at file scope, 1 only inside the block the await macros
 * open.  So `ebb_sleep_for(&t, 10);` on its own line stops the build with
 * "ebb_sleep_for() is an awaitable: ...", with default compiler flags.
 *
 * The expansion also passes the poll's context, ebb__cx (bound by
 * EBB_BEGIN), as the first argument: an awaitable is written
 * `ebb_sleep_for(&t, n)` and called as ebb_sleep_for(cx, &t, n), and
 * outside a coroutine body, where there is no context, it does not compile.
 *
 * A hand-written awaitable that polls another one (returning its result)
 * calls the function itself, bypassing the macro, with its own context:
 * EBB_POLL(ebb_sleep_for)(cx, t, n).  An application can protect its own
 * awaitables the same way:
 *     EBB_AWAITABLE ebb_poll_t my_read(ebb_cx *cx, struct my_read *op);
 *     \#define my_read(...) EBB_AWAITABLE_CALL(my_read, __VA_ARGS__)
 * and define the function as `ebb_poll_t (my_read)(ebb_cx *cx, struct my_read *op)`.
 */
enum { ebb__awaiting = 0 };

/** @def EBB_AWAITABLE
 * Marks an awaitable's declaration: a discarded result warns. */
#if defined(__GNUC__)
#define EBB_AWAITABLE __attribute__((warn_unused_result))
#else
#define EBB_AWAITABLE
#endif

/** Compile error unless inside an await macro (see EBB_AWAITABLE_CALL). */
#define EBB_MUST_AWAIT(fn)                                                     \
    ((void)sizeof(struct {                                                     \
        _Static_assert(ebb__awaiting, #fn "() is an awaitable: wrap the call " \
                       "in EBB_AWAIT() (or EBB_AWAIT_ANY/ALL/TIMEOUT); a "     \
                       "hand-written awaitable polls it with EBB_POLL(" #fn    \
                       ")(...)");                                              \
        char ebb__c;                                                           \
    }))
#define EBB_AWAITABLE_CALL(fn, ...) (EBB_MUST_AWAIT(fn), (fn)(ebb__cx, __VA_ARGS__))

/* Internal: drop a poll result on purpose (GCC's warn_unused_result does
 * not accept a (void) cast as an answer). */
static inline void ebb__poll_drop(ebb_poll_t r) { (void)r; }

/** Call awaitable `fn` directly, without the must-await check: for
 *  hand-written awaitables and combinators that forward its result. */
#define EBB_POLL(fn) (fn)

/** Error codes returned by non-blocking calls (0 is success). */
enum {
    EBB_OK = 0,
    EBB_EBUSY = -1,     /* object in use (task running, reservation held) */
    EBB_EAGAIN = -2,    /* would block: channel full / empty */
    EBB_ETIMEDOUT = -3, /* a timeout won a race (EBB_AWAIT_TIMEOUT) */
    EBB_EINVAL = -4,    /* misuse refused (the contract's fallback when
                           contracts are compiled out) */
};

/** Resume point of a coroutine (a task body or an async function).  0 means
 *  "at the start"; anything else is where the last await suspended. */
typedef struct ebb_co {
    uint16_t resume; /**< 0: at the start; else where the last await suspended */
} ebb_co;

/** A task (struct ebb_task). */
typedef struct ebb_task ebb_task;

/**
 * The context of one poll: which task is being polled, and whether the
 * awaitable being evaluated is being cancelled.  The executor makes one on
 * its stack for every poll and hands it to the task's body; EBB_BEGIN binds
 * it, and every awaitable of ebb receives it without the user writing it
 * (EBB_AWAITABLE_CALL).  A function that needs a task - registering a
 * waker, owning a mutex - takes an ebb_cx, so calling it from an interrupt
 * handler or from main, where there is none, does not compile.
 */
typedef struct ebb_cx {
    ebb_task *task; /**< the task being polled (never NULL) */
    bool cancel;    /**< true while the awaitable is being cancelled: it
                         withdraws its wakers, resets and returns EBB_PENDING */
} ebb_cx;

/** True while the awaitable being evaluated with `cx` is being cancelled.
 *  Context: task (inside an awaitable).  Cost: one load. */
static inline bool ebb_cx_cancelling(const ebb_cx *cx) { return cx->cancel; }

/** A task's body: a coroutine polled by its executor with a context. */
typedef ebb_poll_t (*ebb_task_fn)(ebb_task *self, ebb_cx *cx);

/** Life cycle of a task (ebb_task_state()). */
enum ebb_task_state {
    EBB_TASK_IDLE = 0,    /* never spawned, or cancelled */
    EBB_TASK_RUNNING = 1, /* spawned and not finished */
    EBB_TASK_DONE = 2     /* its poll function returned EBB_READY */
};

/** The task header.  12 bytes on a 32-bit MCU. */
struct ebb_task {
    ebb_node node;    /**< run-queue link: linked <=> queued to run */
    ebb_task_fn poll; /**< the body */
    ebb_co co;        /**< where the body resumes */
    uint8_t exec;     /**< index of its executor (see executor.h) */
    uint8_t state;    /**< private: bits 0-1 enum ebb_task_state (read it
                           with ebb_task_state()), bit 2 busy, bits 3-7
                           the mutexes it owns */
#if EBB_CONFIG_TASK_STATS
    uint32_t polls;   /**< polls so far (ebb/stats.h) */
    uint32_t run;     /**< time they took, in ebb_profile_clock() ticks */
#endif
};

/* Internal: the state byte.  Bits 0-1 are the life cycle.  Bit 2, busy,
 * is the claim of whoever runs the body right now - its executor polling
 * it, or a cancel or reset running its cancel path: it is set under the
 * port lock only while clear, so exactly one context at a time runs a
 * task's body, and while it is set nobody else writes the byte.  Bits 3-7
 * count the mutexes the task owns; they move only inside the task's own
 * poll (lock, unlock) or its claimed cancel, so they too belong to the
 * claimer.  A cancel of a task that owns a mutex is refused (task:4).
 * RUNNING is the only life-cycle state with bit 0 set. */
#define EBB__TASK_STATE_MASK 3u
#define EBB__TASK_BUSY 4u
#define EBB__TASK_HOLD 8u
static inline bool ebb__task_running(const ebb_task *t)
{
    return (t->state & (unsigned)EBB_TASK_RUNNING) != 0;
}
static inline unsigned ebb__task_holds(const ebb_task *t) { return t->state / EBB__TASK_HOLD; }

/** Static initializer of an idle task with body `fn`.  A body of the wrong
 * type (returning int, say) is a hard error here: the _Generic has no
 * association for it, where a plain initializer would only warn about
 * incompatible pointer types. */
#define EBB_TASK_INITIALIZER(fn) \
    {EBB_NODE_INIT, _Generic((fn), ebb_task_fn: (fn)), {0}, 0, EBB_TASK_IDLE EBB__TASK_STATS_INIT}
#if EBB_CONFIG_TASK_STATS
#define EBB__TASK_STATS_INIT , 0, 0 /* polls, run */
#else
#define EBB__TASK_STATS_INIT
#endif

/** Define task `name`, a `type` (a struct with an `ebb_task task;`
 *  member; its other members start zeroed) whose body is `fn`.  Prefix
 *  with `static` as needed.  With EBB_CONFIG_TASK_REGISTRY the task also
 *  enters the task table under the name `name` (inside a function it must
 *  then be static: the table cannot point into a stack frame). */
#if EBB_CONFIG_TASK_REGISTRY
#define EBB_TASK_DEFINE(name, type, fn)                                        \
    EBB__TASK_DEFINE_ORDER(name,                                               \
        type name = {.task = EBB_TASK_INITIALIZER(fn)};                        \
        EBB_TASK_REGISTER(name, &name.task, #name))
#else
#define EBB_TASK_DEFINE(name, type, fn)                                        \
    EBB__TASK_DEFINE_ORDER(name, type name = {.task = EBB_TASK_INITIALIZER(fn)})
#endif

/* Internal:
 * The argument order check.  EBB_TASK_DEFINE once took (type, name, fn);
 * a call in that order, EBB_TASK_DEFINE(struct led, led, fn), would
 * expand to "led struct led = ...", whose first error is the
 * compiler's generic "expected ... before 'struct'".  The preprocessor
 * sees the name argument start with `struct` or `union` (pasting it to a
 * probe macro that exists only for those keywords) and expands to a
 * definition whose static assertion says what is wrong instead - a
 * declaration still, so the `static` written in front stays valid.  A
 * typedef name in first place cannot be told from a variable's name by
 * the preprocessor: that order still gets the compiler's own error
 * ("unknown type name").  Compile-fail test:
 * tests/core/compile_fail/task_define_old_order.c. */
#define EBB__TASK_ORDER_PROBE_struct ~, 1,
#define EBB__TASK_ORDER_PROBE_union ~, 1,
#define EBB__TASK_ORDER_SECOND(a, b, ...) b
#define EBB__TASK_ORDER_SECOND_(...) EBB__TASK_ORDER_SECOND(__VA_ARGS__)
#define EBB__TASK_ORDER_CAT(a, b) a##b
#define EBB__TASK_ORDER_IS_TYPE(name)                                          \
    EBB__TASK_ORDER_SECOND_(EBB__TASK_ORDER_CAT(EBB__TASK_ORDER_PROBE_, name), 0, ~)
#define EBB__TASK_ORDER_IF_0(name, ...) __VA_ARGS__
#define EBB__TASK_ORDER_IF_1(name, ...)                                        \
    char ebb__task_define_order_check[sizeof(struct {                          \
        _Static_assert(0, "EBB_TASK_DEFINE(name, type, fn): the name of the "  \
                       "task comes first, then its type (struct ...), then its "    \
                       "body - this call passes the type first (the old "      \
                       "order)");                                              \
        char ebb__c;                                                           \
    })]
#define EBB__TASK_ORDER_PICK(bit) EBB__TASK_ORDER_CAT(EBB__TASK_ORDER_IF_, bit)
#define EBB__TASK_ORDER_PICK_(bit) EBB__TASK_ORDER_PICK(bit)
#define EBB__TASK_DEFINE_ORDER(name, ...)                                      \
    EBB__TASK_ORDER_PICK_(EBB__TASK_ORDER_IS_TYPE(name))(name, __VA_ARGS__)


/*
 * The task table (EBB_CONFIG_TASK_REGISTRY, ebb/config.h): one const entry
 * per task in the linker section "ebb_tasks", bounded by __start_ebb_tasks
 * and __stop_ebb_tasks (as the executor table), pointing at the task and at
 * its name, which lives in RAM so that it can change at run time.  Nothing
 * links a task to its entry: the header stays 12 bytes, and a program whose
 * files define no entry has an empty table.
 */
/** One entry of the task table (made by EBB_TASK_REGISTER). */
typedef struct ebb_task_entry {
    ebb_task *task;    /**< the task */
    const char **name; /**< its name, in RAM: ebb_task_set_name() changes it */
} ebb_task_entry;

/** @cond INTERNAL */
/* The table's bounds, defined by the linker.  Weak: a program with no
 * entry still links (with an empty table). */
extern const ebb_task_entry __start_ebb_tasks[] EBB_WEAK;
extern const ebb_task_entry __stop_ebb_tasks[] EBB_WEAK;
/** @endcond */

/**
 * Enter the task at `task_ptr` (an address constant: a task in static
 * storage) in the task table under the string `name_str`; `id` is a unique
 * identifier of the file.  For tasks not defined one by one with
 * EBB_TASK_DEFINE (an array of tasks, a task inside a bigger struct).
 * Works whatever EBB_CONFIG_TASK_REGISTRY says.  RAM: 4 bytes; flash: the
 * entry (8 bytes on a 32-bit MCU) and the string.
 */
#if defined(__GNUC__)
/* The _Generic selections make a pointer that is not an ebb_task * and a
 * name that is not a string hard errors (a plain initializer only warns);
 * a task on the stack is one too (not an address constant).  Compile-fail
 * tests: tests/core/compile_fail/task_*. */
#define EBB_TASK_REGISTER(id, task_ptr, name_str)                              \
    static const char *ebb__task_name_##id =                                   \
        _Generic((name_str), char *: (name_str), const char *: (name_str));    \
    static const ebb_task_entry ebb__task_entry_##id                           \
        __attribute__((section("ebb_tasks"), used)) = {                        \
            _Generic((task_ptr), ebb_task *: (task_ptr)), &ebb__task_name_##id}
#else
#define EBB_TASK_REGISTER(id, task_ptr, name_str)                              \
    _Static_assert(0, "the task table needs the GNU section attribute")
#endif

/** Number of tasks in the task table.  Context: any.  Cost: O(1). */
static inline unsigned ebb_task_count(void)
{
    return (unsigned)(((uintptr_t)__stop_ebb_tasks - (uintptr_t)__start_ebb_tasks) /
                      sizeof(ebb_task_entry));
}

/** The task at position `i` of the task table, or NULL when i >=
 *  ebb_task_count().  Context: any.  Cost: O(1). */
static inline ebb_task *ebb_task_at(unsigned i)
{
    return i < ebb_task_count() ? __start_ebb_tasks[i].task : NULL;
}

/**
 * Name of task `t`: its variable's (EBB_TASK_DEFINE), the one given to
 * EBB_TASK_REGISTER, or the last ebb_task_set_name(); NULL for a task that
 * is not in the table (or NULL).  Context: any.  Cost: O(tasks in the table).
 */
const char *ebb_task_name(const ebb_task *t);

/**
 * Rename task `t` in the task table (`name` must outlive the task: a string
 * literal, typically).  Returns EBB_OK, or EBB_EINVAL when `t` is not in the
 * table (nothing changes).  Context: any; one renamer per task at a time.
 * Cost: O(tasks in the table).
 */
int ebb_task_set_name(ebb_task *t, const char *name);

/** State of a task.  Context: any.  Cost: O(1). */
static inline enum ebb_task_state ebb_task_state(const ebb_task *t)
{
    return (enum ebb_task_state)(t->state & EBB__TASK_STATE_MASK);
}

/**
 * Queue `t` to be polled by its executor.  Queues it at most once however
 * often it is woken; a wake that arrives while `t` is being polled makes it
 * run again in the executor's next pass.  A task that is not running (idle or
 * done) is left alone: the wake is ignored and false is returned, so a
 * late or stale waker can never corrupt the run queue.
 * Returns true when this call queued the task.
 * Contract task:3 - t != NULL (always checked: returns false).
 * Context: any (task or interrupt).  Cost: O(1), one critical section, plus
 * the executor's pender when the task was queued.
 */
bool ebb_wake(ebb_task *t);

struct ebb_executor;

/**
 * Start `t` on executor `ex`: its body runs from the top at the executor's
 * next pass.  A task that finished (or was cancelled) may be spawned again.
 * Returns EBB_OK, or EBB_EBUSY if `t` finished (or was cancelled) but is
 * still queued on a different executor (poll that one first); nothing
 * changes then.
 * Contract task:6 - t is not running (always checked: EBB_EBUSY, nothing
 *                   changes: the task runs on as it was).
 * Contract task:1 - ex was defined with EBB_EXECUTOR_DEFINE (is in the
 *                   executor table; always checked: EBB_EINVAL).
 * Contract task:3 - t != NULL and t has a body (always checked: EBB_EINVAL).
 * The result must be used: a refused spawn leaves the task as it was, so
 * code that goes on as if it runs is wrong either way.
 * Context: any.  Cost: O(executors) to find ex's index, then O(1).
 */
EBB_MUST_CHECK int ebb_task_spawn(struct ebb_executor *ex, ebb_task *t);

/**
 * Stop a running task from outside: its current await is cancelled (every
 * waker it registered is withdrawn, exactly as when a select drops a loser),
 * it is never polled again, and its state becomes EBB_TASK_IDLE (if it was
 * queued it stays queued, in O(1): its executor skips it at the next pass).
 * Nothing else needs giving back: a task holds nothing across an await but
 * its waits and the mutexes it owns, and a cancel of an owner is refused.
 * Cancelling a task that is idle or done changes nothing and returns EBB_OK.
 * Returns EBB_OK, or EBB_EBUSY with nothing changed when
 *   - the task is being polled or cancelled right now (the caller is the
 *     task itself, an interrupt that landed inside its poll, or a context
 *     that preempted another cancel of it): retry once that has ended;
 *   - contract task:4 - the task owns a mutex (unlock it first: a mutex
 *     is never left owned by a task that will not run again).
 * Contract task:3 - t != NULL (always checked: EBB_EINVAL).
 * Context: any; it runs the task's cancel path in the caller's context,
 * with `t` claimed so that no executor polls it meanwhile.  Cost: O(1) +
 * the cancel path of its current await (O(1) for every ebb awaitable).
 */
EBB_MUST_CHECK int ebb_task_cancel(ebb_task *t);

/* Internal (the executor): claim `t` to poll it, with the lock held: false
 * when it is not running or someone else runs its body now. */
static inline bool ebb__task_claim_locked(ebb_task *t)
{
    if (EBB_UNLIKELY((t->state & (EBB__TASK_STATE_MASK | EBB__TASK_BUSY)) !=
                     (unsigned)EBB_TASK_RUNNING)) {
        return false;
    }
    t->state = (uint8_t)(t->state | EBB__TASK_BUSY);
    return true;
}

/* Internal (the executor): `t`'s body returned owning a mutex (task:5). */
void ebb__task_ended_holding(void);

/* Internal (the executor): end the claim of a poll that returned `ready`:
 * busy clears; a task whose body returned becomes DONE.  No lock: nobody
 * else writes the byte of a claimed task. */
static inline void ebb__task_unclaim(ebb_task *t, bool ready)
{
    unsigned st = t->state & ~(unsigned)(EBB__TASK_BUSY | EBB__TASK_STATE_MASK);
    t->state = (uint8_t)(st | (ready ? (unsigned)EBB_TASK_DONE : (unsigned)EBB_TASK_RUNNING));
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_TASK_H */
