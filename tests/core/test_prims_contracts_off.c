/*
 * The primitives' misuse with EBB_CONFIG_CONTRACTS=0: each documented
 * fallback holds, and nothing is read or written out of bounds (run under
 * ASan+UBSan like every host test).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb_host.h"

#if EBB_CONFIG_CONTRACTS
#error "this test is built with contracts compiled out"
#endif

static ebb_executor exec = EBB_EXECUTOR_INITIALIZER;

static int setup(void **state)
{
    (void)state;
    ebb_host_reset(0);
    exec.id = 0xFF;
    ebb_executor_init(&exec, NULL);
    return 0;
}

static void test_sem_null(void **state)
{
    (void)state;
    assert_int_equal(ebb_sem_give(NULL), EBB_EINVAL);
    assert_int_equal(ebb_sem_try_take(NULL), EBB_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_sem_null, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
