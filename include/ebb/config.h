/** @file
 * ebb/config.h - the one place where ebb is configured.
 *
 * Every option has a default here, guarded by `#ifndef`, so an application
 * overrides only what it needs: either with -D on the command line, or in an
 * "ebb_config.h" on the include path (picked up automatically), or in a file
 * named by -DEBB_CONFIG_FILE="my_config.h".  Invalid combinations stop the
 * build here rather than misbehave at run time.
 */
#ifndef EBB_CONFIG_H
#define EBB_CONFIG_H

#if defined(EBB_CONFIG_FILE)
#include EBB_CONFIG_FILE
#elif defined(__has_include)
#if __has_include("ebb_config.h")
#include "ebb_config.h"
#endif
#endif

/** Ticks per second of ebb's monotonic clock (ebb_ticks). 1 MHz lets a
 * 64-bit counter run for 584,000 years and keeps microsecond delays exact. */
#ifndef EBB_CONFIG_TICK_HZ
#define EBB_CONFIG_TICK_HZ 1000000u
#endif

/** 1: preconditions (EBB_REQUIRE) are checked and routed to ebb_on_contract().
 * 0: they compile to nothing; the documented fallback of each API applies. */
#ifndef EBB_CONFIG_CONTRACTS
#define EBB_CONFIG_CONTRACTS 1
#endif

/* There is no executor count to configure: the executor table holds exactly
 * the executors defined with EBB_EXECUTOR_DEFINE (see ebb/executor.h). */
#ifdef EBB_CONFIG_MAX_EXECUTORS
#error "EBB_CONFIG_MAX_EXECUTORS is gone: the table holds the executors defined with EBB_EXECUTOR_DEFINE"
#endif

/** @def EBB_CONFIG_CORO
 * How a coroutine resumes after an await: EBB_CORO_GOTO with GCC and Clang,
 * else EBB_CORO_SWITCH. */
/** EBB_CONFIG_CORO value: standard C (Duff's device on __LINE__); an await
 *  may not sit inside a switch of the task's own. */
#define EBB_CORO_SWITCH 1
/** EBB_CONFIG_CORO value: GCC/Clang "labels as values"; allows switch
 *  statements around awaits. */
#define EBB_CORO_GOTO 2
#ifndef EBB_CONFIG_CORO
#if defined(__GNUC__)
#define EBB_CONFIG_CORO EBB_CORO_GOTO
#else
#define EBB_CONFIG_CORO EBB_CORO_SWITCH
#endif
#endif

/** 1: every task defined with EBB_TASK_DEFINE (or entered with
 * EBB_TASK_REGISTER) is in the task table - a linker section, ebb_tasks -
 * under a name (its variable's; ebb_task_set_name() changes it), which
 * ebb_task_count() / ebb_task_at() / ebb_task_name() and the debugger
 * (tools/gdb/ebb.py) read.  Costs per task 4 bytes of RAM (the name) and an
 * 8-byte entry in flash, plus the name string.
 * 0: nothing of it is built - EBB_TASK_DEFINE expands exactly as without
 * the option.  The task header is the same either way, so the option may
 * differ from one file to the next. */
#ifndef EBB_CONFIG_TASK_REGISTRY
#define EBB_CONFIG_TASK_REGISTRY 0
#endif

/** 1: each task counts its polls and the time they took, and each
 * executor the time it slept in its run loop (ebb/stats.h): CPU load and
 * run time per task, read by the application and by `ebb-tasks` in gdb.
 * Costs 8 bytes of RAM per task and executor and two clock reads per
 * poll.  0: nothing of it is built.  The task header differs, so the whole
 * program (core and application) must agree: CMake option EBB_TASK_STATS. */
#ifndef EBB_CONFIG_TASK_STATS
#define EBB_CONFIG_TASK_STATS 0
#endif
#if EBB_CONFIG_TASK_STATS != 0 && EBB_CONFIG_TASK_STATS != 1
#error "EBB_CONFIG_TASK_STATS must be 0 or 1"
#endif

/* EBB_CONFIG_PROFILE_COUNTER (no default): where the board has a
 * free-running 32-bit up-counter it can read with one load (a timer's
 * count register; a cycle counter started at reset), its address:
 * ebb_profile_clock() then reads it, and the trace and the statistics read
 * it inline instead of calling ebb_profile_clock(), which keeps a trace
 * record a leaf.  Undefined: they call ebb_profile_clock(), the board's or
 * ebb's clock.  Set it for the whole program (CMake:
 * target_compile_definitions(ebb PUBLIC ...)). */

#if EBB_CONFIG_TASK_REGISTRY != 0 && EBB_CONFIG_TASK_REGISTRY != 1
#error "EBB_CONFIG_TASK_REGISTRY must be 0 or 1"
#endif
#if EBB_CONFIG_TICK_HZ < 1 || EBB_CONFIG_TICK_HZ > 1000000000
#error "EBB_CONFIG_TICK_HZ must be between 1 Hz and 1 GHz"
#endif
#if EBB_CONFIG_CONTRACTS != 0 && EBB_CONFIG_CONTRACTS != 1
#error "EBB_CONFIG_CONTRACTS must be 0 or 1"
#endif
#if EBB_CONFIG_CORO != EBB_CORO_SWITCH && EBB_CONFIG_CORO != EBB_CORO_GOTO
#error "EBB_CONFIG_CORO must be EBB_CORO_SWITCH or EBB_CORO_GOTO"
#endif
#if EBB_CONFIG_CORO == EBB_CORO_GOTO && !defined(__GNUC__)
#error "EBB_CORO_GOTO needs GCC or Clang (labels as values)"
#endif

#endif /* EBB_CONFIG_H */
