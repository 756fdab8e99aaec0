/*
 * test_support.h - what every host test of the core shares: cmocka, the host
 * port, a fresh executor per test, and a way to expect a contract violation.
 */
#ifndef EBB_TEST_SUPPORT_H
#define EBB_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb/reset.h"
#include "ebb/driver/port.h"
#include "ebb_host.h"

/* The contract hook of the tests (overrides the library's weak default):
 * records what failed and jumps back into the EXPECT_CONTRACT that armed it;
 * a contract failing anywhere else fails the test. */
extern jmp_buf ebb_test_contract_jmp;
extern int ebb_test_contract_armed;
extern const char *ebb_test_contract_module;
extern int ebb_test_contract_id;

#define EXPECT_CONTRACT(module, id, stmt)                                      \
    do {                                                                       \
        ebb_test_contract_module = NULL;                                       \
        ebb_test_contract_id = 0;                                              \
        ebb_test_contract_armed = 1;                                           \
        if (setjmp(ebb_test_contract_jmp) == 0) {                              \
            stmt;                                                              \
            ebb_test_contract_armed = 0;                                       \
            fail_msg("expected contract %s:%d, none fired", module, id);      \
        }                                                                      \
        ebb_test_contract_armed = 0;                                           \
        assert_non_null(ebb_test_contract_module);                             \
        assert_string_equal(ebb_test_contract_module, module);                 \
        assert_int_equal(ebb_test_contract_id, id);                            \
        ebb__host_lock_depth = 0; /* the jump skipped an unlock */             \
    } while (0)

/* A contract that fires inside a task's poll (the statement runs the
 * executor) jumps out of the poll with the task still claimed (its busy
 * bit set, ebb/task.h): the executor would skip it and a cancel or reset
 * would be refused.  Give the claim back after such a jump.  Harmless when
 * the task is not claimed (contracts compiled out: the poll returned). */
static inline void ebb_test_unclaim(ebb_task *t)
{
    t->state = (uint8_t)(t->state & ~EBB__TASK_BUSY);
}
#define EXPECT_CONTRACT_IN(module, id, task, stmt)                             \
    do {                                                                       \
        EXPECT_CONTRACT(module, id, stmt);                                     \
        ebb_test_unclaim(task);                                                \
    } while (0)

/* A misuse row, for the tests built twice (contracts on and compiled out):
 * with contracts on the statement must fire module:id; with them off it
 * just runs, and the row's own assertions check the documented fallback. */
#if EBB_CONFIG_CONTRACTS
#define MISUSE(module, id, stmt) EXPECT_CONTRACT(module, id, stmt)
#define MISUSE_IN(module, id, task, stmt) EXPECT_CONTRACT_IN(module, id, task, stmt)
#else
#define MISUSE(module, id, stmt)                                               \
    do {                                                                       \
        stmt;                                                                  \
    } while (0)
#define MISUSE_IN(module, id, task, stmt) MISUSE(module, id, stmt)
#endif

/* A context for poking the core outside a task's poll: the task `t` is
 * the one the awaitable acts for (`cancel`: drive its cancel path). */
#define TEST_CX(t) ((ebb_cx){(t), false})
#define TEST_CANCEL_CX(t) ((ebb_cx){(t), true})

/* Poll an awaitable outside any await macro, dropping its result on purpose
 * (GCC's warn_unused_result ignores a (void) cast). */
static inline void ebb_test_discard(ebb_poll_t r) { (void)r; }

/* One executor, reset with the host port before each test. */
extern ebb_executor test_exec;
int ebb_test_setup(void **state);
void ebb_test_setup_at(ebb_ticks start); /* same, with the clock at `start` */

/* ebb_host_reset() unlinks the tasks left in run queues, so it writes to
 * them - and a task of a test's stack frame may be left queued when the
 * test returns (the next set-up would write into a dead frame).  The
 * teardown forgets every run queue without touching its tasks, before
 * their frame can be reused.  A static task left queued by a test keeps
 * its stale link: the next test that uses it initialises it afresh. */
int ebb_test_teardown(void **state);

#define RUN(fn) cmocka_unit_test_setup_teardown(fn, ebb_test_setup, ebb_test_teardown)

#endif
