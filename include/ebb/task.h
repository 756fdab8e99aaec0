/** @file
 * ebb/task.h - tasks: stackless coroutines run by an executor.
 *
 * A task is a struct of the application's that embeds an ebb_task header and
 * holds exactly what must survive an await; its body is one poll function
 * written as straight-line code with EBB_BEGIN / EBB_AWAIT / EBB_END
 * (ebb/async.h).  RAM per task is sizeof(header) + the application's state;
 * there is no stack per task.
 *
 *     struct blinky { ebb_task task; ebb_timer timer; };
 *     static ebb_poll_t blinky_poll(ebb_task *self) {
 *         struct blinky *b = EBB_CONTAINER_OF(self, struct blinky, task);
 *         EBB_BEGIN(&self->co);
 *         for (;;) {
 *             EBB_AWAIT(ebb_sleep_for(&b->timer, EBB_MS(500)));
 *             led_toggle();
 *         }
 *         EBB_END();
 *     }
 *     static EBB_TASK_DEFINE(blinky, struct blinky, blinky_poll);
 *     ... ebb_task_spawn(&exec, &blinky.task);
 */
#ifndef EBB_TASK_H
#define EBB_TASK_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/config.h"
#include "ebb/contract.h"
#include "ebb/list.h"

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
 * what the enum did (bench/budget.json checks).
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
 * A hand-written awaitable that polls another one (returning its result)
 * calls the function itself, bypassing the macro: EBB_POLL(ebb_sleep_for)(t, n).
 * An application can protect its own awaitables the same way:
 *     EBB_AWAITABLE ebb_poll_t my_read(struct my_read *op);
 *     \#define my_read(...) EBB_AWAITABLE_CALL(my_read, __VA_ARGS__)
 * and define the function as `ebb_poll_t (my_read)(struct my_read *op)`.
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
#define EBB_AWAITABLE_CALL(fn, ...) (EBB_MUST_AWAIT(fn), (fn)(__VA_ARGS__))

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
/** A task's body: a coroutine polled by its executor. */
typedef ebb_poll_t (*ebb_task_fn)(ebb_task *self);

/** Life cycle of a task (ebb_task_state()). */
enum ebb_task_state {
    EBB_TASK_IDLE = 0,    /* never spawned, or cancelled */
    EBB_TASK_RUNNING = 1, /* spawned and not finished */
    EBB_TASK_DONE = 2     /* its poll function returned EBB_READY (holding
                             nothing: contract task:5, ebb_executor_poll()) */
};

/** The task header.  12 bytes on a 32-bit MCU. */
struct ebb_task {
    ebb_node node;    /**< run-queue link: linked <=> queued to run */
    ebb_task_fn poll; /**< the body */
    ebb_co co;        /**< where the body resumes */
    uint8_t exec;     /**< index of its executor (see executor.h) */
    uint8_t state;    /**< private: bits 0-1 enum ebb_task_state (read it
                           with ebb_task_state()), bits 2-7 the holds */
};

/* Internal: the state byte.  Its two low bits are the life cycle; the six
 * above count what the task holds beyond its await - channel reservations
 * and peeks taken by the awaitables, mutexes it owns - so that a cancel
 * knows whether to look for anything, and whether what it finds in the
 * tables is all (docs/misuse.md, "What a task holds").  Every change to
 * the byte but the executor's mark of a task's end is made with the port
 * lock held (src/task.c says why that one needs none).  The
 * count moves by EBB__TASK_HOLD, so it never carries into the life cycle;
 * past 63 holds it wraps (docs/misuse.md).  RUNNING is the only state
 * with bit 0 set: testing that bit costs what the compare with RUNNING
 * did. */
#define EBB__TASK_STATE_MASK 3u
#define EBB__TASK_HOLD 4u
static inline bool ebb__task_running(const ebb_task *t)
{
    return (t->state & (unsigned)EBB_TASK_RUNNING) != 0;
}
static inline unsigned ebb__task_holds(const ebb_task *t) { return t->state / EBB__TASK_HOLD; }
/* A hold taken (given back) for `t`: lock held, t a task (not NULL, not
 * the cancel marker, not a try_ call's holder). */
static inline void ebb__task_hold_locked(ebb_task *t) { t->state = (uint8_t)(t->state + EBB__TASK_HOLD); }
static inline void ebb__task_unhold_locked(ebb_task *t) { t->state = (uint8_t)(t->state - EBB__TASK_HOLD); }

/** Static initializer of an idle task with body `fn`.  A body of the wrong
 * type (returning int, say) is a hard error here: the _Generic has no
 * association for it, where a plain initializer would only warn about
 * incompatible pointer types. */
#define EBB_TASK_INITIALIZER(fn) \
    {EBB_NODE_INIT, _Generic((fn), ebb_task_fn: (fn)), {0}, 0, EBB_TASK_IDLE}

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
 * a call in that order, EBB_TASK_DEFINE(struct blinky, blinky, fn), would
 * expand to "blinky struct blinky = ...", whose first error is the
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
 * The task being polled right now, or NULL outside any poll.  Leaf futures
 * use it to know whom to wake.  Context: task.  Cost: one load.
 */
static inline ebb_task *ebb_current(void);

/**
 * Queue `t` to be polled by its executor.  Queues it at most once however
 * often it is woken; a wake that arrives while `t` is being polled makes it
 * run again in the executor's next pass.  A task that is not running (idle or
 * done) is left alone: the wake is ignored and false is returned, so a
 * late or stale waker can never corrupt the run queue.
 * Returns true when this call queued the task.
 * Context: any (task or interrupt).  Cost: O(1), one critical section, plus
 * the executor's pender when the task was queued.
 */
bool ebb_wake(ebb_task *t);

struct ebb_executor;

/**
 * Start `t` on executor `ex`: its body runs from the top at the executor's
 * next pass.  A task that finished (or was cancelled) may be spawned again.
 * Returns EBB_OK, or EBB_EBUSY if `t` is already running, or finished (or
 * was cancelled) but is still queued on a different executor (poll that one
 * first), or finished holding a channel reservation or peek or a mutex
 * (contract task:5; cancel it first, which gives that back); nothing
 * changes then.
 * Contract task:1 - ex was defined with EBB_EXECUTOR_DEFINE (is in the
 *                   executor table; contracts off: returns EBB_EINVAL and
 *                   changes nothing).
 * Contract task:3 - t != NULL and t has a body (contracts off: EBB_EINVAL,
 * as for task:1; docs/misuse.md).
 * Context: any.  Cost: O(1).
 */
int ebb_task_spawn(struct ebb_executor *ex, ebb_task *t);

/**
 * Stop a running task from outside: its current await is cancelled (every
 * waker it registered is withdrawn, exactly as when a select drops a loser),
 * it is never polled again, and its state becomes EBB_TASK_IDLE (if it was
 * queued it stays queued, in O(1): its executor skips it at the next pass,
 * which may make one pass with nothing to run).  What the task holds
 * beyond its await is given back: a channel reservation taken with
 * ebb_channel_reserve() is dropped, a peek (ebb_channel_peek()) returns its
 * element to the channel, a mutex goes to its next waiter.  The task
 * counts what it holds; the objects are found in the channel and mutex
 * tables (EBB_CHANNEL_DEFINE / EBB_MUTEX_DEFINE, or EBB_CHANNEL_TABLE_ENTRY
 * / EBB_MUTEX_TABLE_ENTRY).  Cancelling a task that finished gives back
 * what it still holds and changes nothing else; cancelling an idle task
 * does nothing.  Returns EBB_OK, or (contracts off) an error below with
 * nothing changed: the task runs on, holding what it held.
 * Contract task:4 - everything the task holds is in the tables (a
 *                   reservation, peek or mutex of an object outside them
 *                   could never be given back; the cancel is refused
 *                   before anything changes; contracts off: EBB_EBUSY).
 * Contract task:2 - a task may not cancel itself (it returns from its body
 *                   instead; contracts off: EBB_EINVAL).
 * Contract task:3 - t != NULL (contracts off: EBB_EINVAL; docs/misuse.md).
 * The caller must not be preemptible by `t`'s executor (an executor that
 * runs in an interrupt handler): mask that interrupt around the call, or
 * cancel from a context of at least its priority.
 * Context: task or main, not interrupt (it runs the task's cancel path).
 * Cost: O(1) + the cancel path of its current await (O(1) for every ebb
 * awaitable); a task that holds something: + two searches of the tables,
 * O(channels + mutexes in them), the lock held for one object at a time.
 */
int ebb_task_cancel(ebb_task *t);

/* Internal (the executor): `t`'s body returned EBB_READY: its state
 * becomes EBB_TASK_DONE, keeping its holds (contract task:5: none).
 * Context: its executor.  Cost: O(1), no critical section. */
void ebb__task_done(ebb_task *t);

/* ---- internals shared by the coroutine macros and leaf futures ---- */

/* The task being polled; EBB__CANCEL_MARKER while a select/timeout/join or
 * ebb_task_cancel() is cancelling a branch.  The marker is only compared,
 * never dereferenced: a small constant (the lowest aligned non-null
 * address, where no task can live) that every ebb_cancelling() compares
 * as an immediate, without loading an address first. */
extern ebb_task *ebb__cur;
#define EBB__CANCEL_MARKER ((ebb_task *)(uintptr_t)sizeof(void *))

static inline ebb_task *ebb_current(void) { return ebb__cur; }

/** True while the awaitable being evaluated is being cancelled: it must then
 *  unregister whatever it registered, reset itself, and return EBB_PENDING.
 *  Context: task (inside an awaitable).  Cost: a load and a compare. */
static inline bool ebb_cancelling(void) { return ebb__cur == EBB__CANCEL_MARKER; }

static inline ebb_task *ebb__cancel_enter(void)
{
    ebb_task *saved = ebb__cur;
    ebb__cur = EBB__CANCEL_MARKER;
    return saved;
}
static inline void ebb__cancel_exit(ebb_task *saved) { ebb__cur = saved; }

#ifdef __cplusplus
}
#endif

#endif /* EBB_TASK_H */
