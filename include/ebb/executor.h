/** @file
 * ebb/executor.h - executors: poll ready tasks, sleep when there are none.
 *
 * An executor owns a run queue of tasks.  ebb_wake() appends a task (O(1), any
 * context) and calls the executor's pender, a hook that says "I have work":
 *   - the thread-mode executor of main() needs no pender (NULL): the
 *     interrupt that woke the task has already ended its WFI;
 *   - an executor that runs inside an interrupt handler at some NVIC priority
 *     uses a pender that pends that interrupt, which is how one shared stack
 *     gets preemptive priorities (the NVIC is the scheduler).
 * Each pass polls the tasks that were ready when the pass began; a task woken
 * during the pass (even by itself) runs in the next pass, so no task can
 * starve the others by waking itself.  A task that yields (EBB_YIELD) is
 * queued at the end of the pass, behind every task woken during it.
 */
#ifndef EBB_EXECUTOR_H
#define EBB_EXECUTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "ebb/driver/list.h"
#include "ebb/task.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An executor (struct ebb_executor). */
typedef struct ebb_executor ebb_executor;

/** Called with the port lock held whenever a task of `ex` becomes ready. */
typedef void (*ebb_pender_fn)(ebb_executor *ex);

/** An executor: a run queue and its pender (EBB_EXECUTOR_DEFINE).  The
 * members are private. */
struct ebb_executor {
    ebb_list ready;      /**< tasks to poll */
    ebb_pender_fn pend;  /**< may be NULL */
#if EBB_CONFIG_TASK_STATS
    uint32_t idle;       /**< time asleep in its run loop (ebb/stats.h) */
    uint32_t idle_since; /**< when the current sleep began */
#endif
};

/*
 * The executor table is what the program defines, no more: each
 * EBB_EXECUTOR_DEFINE puts a pointer to its executor in the linker section
 * "ebb_executors", and the linker gathers them into one array bounded by
 * __start_ebb_executors / __stop_ebb_executors (GNU ld and lld define both
 * for any section named like a C identifier, also when a linker script
 * does not mention it; see docs/primitives.md).  A task's one-byte
 * executor index points into that array, so there is no table size to
 * configure and none to overrun.
 */
/* Internal: no index (not in the table); indices fit a task's byte. */
#define EBB__EXEC_NO_ID 0xFFu
/* Weak: a program that defines no executor still links (with none).
 * (Hidden from doxygen, which takes the attribute macro for the name.) */
#ifndef __DOXYGEN__
extern ebb_executor *const __start_ebb_executors[] EBB_WEAK;
extern ebb_executor *const __stop_ebb_executors[] EBB_WEAK;
#endif

/**
 * Define executor `name` whose pender is `pend` (NULL for the thread-mode
 * executor of main()), and enter it in the executor table.  Prefix with
 * `static` as needed; inside a function it must be `static` (a table
 * cannot point into a stack frame: anything else does not compile).  The
 * executor is usable as defined: ebb_task_spawn() needs no init call.
 * RAM: the executor (8 bytes on a 32-bit MCU) + one pointer in the table.
 */
#define EBB_EXECUTOR_DEFINE(name, pend)                                        \
    ebb_executor name = EBB_EXECUTOR_INITIALIZER(pend);                        \
    EBB_EXECUTOR_TABLE_ENTRY(name, &name)

/**
 * Initializer of an executor whose pender is `pend`, for an executor
 * embedded in a struct (a port object like the Cortex-M interrupt
 * executor).  Not enough on its own: the executor must also be entered in
 * the table with EBB_EXECUTOR_TABLE_ENTRY, or spawning on it is refused
 * (contract task:1, EBB_EINVAL).  A lone executor uses EBB_EXECUTOR_DEFINE,
 * which does both.
 */
#define EBB_EXECUTOR_INITIALIZER(pend) {EBB_LIST_INIT, (pend) EBB__EXECUTOR_STATS_INIT}
#if EBB_CONFIG_TASK_STATS
#define EBB__EXECUTOR_STATS_INIT , 0, 0 /* idle, idle_since */
#else
#define EBB__EXECUTOR_STATS_INIT
#endif

/**
 * Enter the executor at `ex_ptr` (an address constant) in the executor
 * table, under the unique name `name`: for objects that embed an
 * ebb_executor (EBB_EXECUTOR_INITIALIZER) and have their own *_DEFINE.
 * Inside a function the object must be static.
 */
#if defined(__GNUC__)
#define EBB_EXECUTOR_TABLE_ENTRY(name, ex_ptr)                                 \
    static ebb_executor *const ebb__executor_entry_##name                     \
        __attribute__((section("ebb_executors"), used)) = (ex_ptr)
#else
#define EBB_EXECUTOR_TABLE_ENTRY(name, ex_ptr)                                 \
    _Static_assert(0, "the executor table needs the GNU section attribute")
#endif

/**
 * Set the pender of `ex` (NULL for a thread-mode executor), replacing the
 * one given to EBB_EXECUTOR_DEFINE.  Optional; calling it again is
 * harmless.
 * Contract executor:1 - `ex` was defined with EBB_EXECUTOR_DEFINE, so it
 *                       is in the executor table (always checked: nothing
 *                       changes).
 * Context: main, before the executor is used.  Cost: O(executors).
 */
void ebb_executor_init(ebb_executor *ex, ebb_pender_fn pend);

/** Number of executors the program defines.  Context: any.  Cost: O(1). */
static inline unsigned ebb_executor_count(void)
{
    return (unsigned)(((uintptr_t)__stop_ebb_executors - (uintptr_t)__start_ebb_executors) /
                      sizeof(ebb_executor *));
}

/* Internal: the index of `ex` in the executor table (what a task's header
 * stores), or EBB__EXEC_NO_ID when it is not there.  Set-up code (spawn,
 * init): a look-up instead of an index cached in every executor.
 * Context: any.  Cost: O(executors the program defines). */
unsigned ebb__executor_index(const ebb_executor *ex);

/* Internal (host port, tests): empty every executor's run queue; with
 * `unlink`, the tasks on it are unlinked (they must still exist), else they
 * are not touched (they may be gone). */
void ebb__executor_reset_all(bool unlink);

/**
 * Run one pass: poll every task that is ready now, each once; then queue
 * the tasks that yielded in it (in yield order) and call the pender once
 * if any did.
 * Returns true when tasks were woken during the pass (more work is waiting).
 * Contract task:5 - a task whose body returns owns no mutex (checked
 *                   where it becomes EBB_TASK_DONE; contracts off: the
 *                   next task that locks the mutex reclaims it, mutex:4).
 * Context: the thread or interrupt handler that owns `ex`.
 * Cost: O(tasks polled) + their bodies.
 */
bool ebb_executor_poll(ebb_executor *ex);

/**
 * True when some task of `ex` is ready.  Context: any.  Cost: O(1).
 */
static inline bool ebb_executor_has_work(const ebb_executor *ex)
{
    return !ebb_list_empty(&ex->ready);
}

/**
 * Poll forever, sleeping in ebb_port_idle() whenever nothing is ready.
 * Context: main (thread mode).  Cost: the passes; does not return.
 */
EBB_NORETURN void ebb_executor_run(ebb_executor *ex);


/* Internal: what EBB_YIELD in a task's own body returns to the executor
 * (ebb/async.h): "not finished, and queue me behind the others".  Only the
 * executor sees it - ebb_poll_is_ready() reads it as pending - so an
 * awaitable never has to pass it on. */
#define EBB__POLL_YIELD 2u
#ifdef __cplusplus
#define EBB__YIELDED (ebb_poll_t{EBB__POLL_YIELD})
#else
#define EBB__YIELDED ((ebb_poll_t){EBB__POLL_YIELD})
#endif

/* Internal: EBB_YIELD in an async function, whose result goes to its
 * caller's await and not to the executor: wake the polled task, return
 * EBB_PENDING.  Out of line and called last, so a coroutine that calls
 * nothing else needs no stack frame. */
ebb_poll_t ebb__yield_by_wake(ebb_cx *cx);

#ifdef __cplusplus
}
#endif

#endif /* EBB_EXECUTOR_H */
