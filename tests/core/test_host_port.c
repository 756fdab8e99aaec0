/* The host port's pieces for tests that bring their own time driver
 * (tests/drivers): a reset that leaves the clock alone, and a panic hook. */
#include "test_support.h"

static jmp_buf panic_jmp;
static const char *panic_module;
static int panic_id;

static void on_panic(const char *module, int id)
{
    panic_module = module;
    panic_id = id;
    longjmp(panic_jmp, 1);
}

static ebb_poll_t sleeper_poll(ebb_task *self, ebb_cx *cx)
{
    static ebb_timer t;
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&t, 10));
    EBB_END();
}

static void test_reset_port_keeps_the_clock(void **state)
{
    (void)state;
    static ebb_task task = EBB_TASK_INITIALIZER(sleeper_poll);
    ebb_host_advance(1234);
    assert_int_equal(ebb_task_spawn(&test_exec, &task), EBB_OK);
    assert_true(ebb_executor_has_work(&test_exec));
    assert_int_equal(ebb_task_reset(&task), EBB_OK);
    ebb_host_reset_port();
    assert_int_equal(ebb_now(), 1234);         /* the clock is the driver's */
    assert_false(ebb_executor_has_work(&test_exec)); /* run queues emptied */
    ebb_host_reset(0);
    assert_int_equal(ebb_now(), 0);
}

static void test_panic_hook_catches_a_panic(void **state)
{
    (void)state;
    panic_module = NULL;
    ebb_host_set_panic_hook(on_panic);
    if (setjmp(panic_jmp) == 0) {
        ebb_port_panic("drv", 7);
        fail_msg("ebb_port_panic returned");
    }
    assert_non_null(panic_module);
    assert_string_equal(panic_module, "drv");
    assert_int_equal(panic_id, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_reset_port_keeps_the_clock),
        RUN(test_panic_hook_catches_a_panic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
