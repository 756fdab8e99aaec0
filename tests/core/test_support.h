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
#include "ebb/port.h"
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
        ebb__cur = NULL;                                                       \
    } while (0)

/* Poll an awaitable outside any await macro, dropping its result on purpose
 * (GCC's warn_unused_result ignores a (void) cast). */
static inline void ebb_test_discard(ebb_poll_t r) { (void)r; }

/* One executor, reset with the host port before each test. */
extern ebb_executor test_exec;
int ebb_test_setup(void **state);
void ebb_test_setup_at(ebb_ticks start); /* same, with the clock at `start` */

#define RUN(fn) cmocka_unit_test_setup(fn, ebb_test_setup)

#endif
