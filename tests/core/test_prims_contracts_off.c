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

static EBB_EXECUTOR_DEFINE(exec, NULL);

static int setup(void **state)
{
    (void)state;
    ebb_host_reset(0);
    ebb_executor_init(&exec, NULL);
    return 0;
}

static void test_sem_null(void **state)
{
    (void)state;
    assert_int_equal(ebb_sem_give(NULL), EBB_EINVAL);
    assert_int_equal(ebb_sem_try_take(NULL), EBB_EINVAL);
}

static uint64_t pool_blocks[3];
static uint16_t pool_links[3];
static ebb_pool pool = EBB_POOL_INITIALIZER(pool_blocks, pool_links);

/* Every refused free leaves the pool exactly as it was. */
static void test_pool_bad_frees_refused(void **state)
{
    (void)state;
    uint64_t foreign;
    assert_null(ebb_pool_try_alloc(NULL));
    assert_int_equal(ebb_pool_free(NULL, &foreign), EBB_EINVAL);
    void *a = ebb_pool_try_alloc(&pool);
    void *b = ebb_pool_try_alloc(&pool);
    assert_int_equal(ebb_pool_free(&pool, &foreign), EBB_EINVAL);
    assert_int_equal(ebb_pool_free(&pool, (char *)a + 3), EBB_EINVAL);
    assert_int_equal(ebb_pool_free(&pool, NULL), EBB_EINVAL);
    assert_int_equal(ebb_pool_free(&pool, pool_blocks + 2), EBB_EINVAL); /* never allocated */
    assert_int_equal(ebb_pool_free(&pool, pool_blocks + 3), EBB_EINVAL); /* past the end */
    assert_int_equal(ebb_pool_free(&pool, a), EBB_OK);
    assert_int_equal(ebb_pool_free(&pool, a), EBB_EINVAL); /* double free */
    assert_int_equal(ebb_pool_free_count(&pool), 2);
    /* The pool still hands out each block once. */
    void *c = ebb_pool_try_alloc(&pool), *d = ebb_pool_try_alloc(&pool);
    assert_non_null(c);
    assert_non_null(d);
    assert_ptr_not_equal(c, d);
    assert_ptr_not_equal(c, b);
    assert_ptr_not_equal(d, b);
    assert_null(ebb_pool_try_alloc(&pool));
}

static ebb_poll_t idle_poll(ebb_task *self, ebb_cx *cx)
{
    EBB_BEGIN(cx, &self->co);
    EBB_END();
}

/* An executor outside the table: spawn refuses, init changes nothing, and
 * nothing is written anywhere else. */
static void stray_pend(ebb_executor *ex) { (void)ex; }
static void test_executor_outside_table(void **state)
{
    (void)state;
    static ebb_executor stray; /* not made by EBB_EXECUTOR_DEFINE */
    struct { ebb_task task; } t = {EBB_TASK_INITIALIZER(idle_poll)};
    assert_int_equal(ebb_task_spawn(&stray, &t.task), EBB_EINVAL);
    assert_int_equal(ebb_task_state(&t.task), EBB_TASK_IDLE);
    stray.pend = stray_pend; /* what a refused init must leave alone */
    ebb_executor_init(&stray, NULL);
    assert_true(stray.pend == stray_pend);
    stray.pend = NULL;
    assert_false(ebb_executor_has_work(&exec));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_sem_null, setup),
        cmocka_unit_test_setup(test_pool_bad_frees_refused, setup),
        cmocka_unit_test_setup(test_executor_outside_table, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
