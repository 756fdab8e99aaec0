/* Task names and the task table (EBB_CONFIG_TASK_REGISTRY=1 in this file;
 * ebb/task.h): EBB_TASK_DEFINE enters its task under its variable's name,
 * EBB_TASK_REGISTER enters any other task, names change at run time, and a
 * task outside the table has no name. */
#include "test_support.h"

#if !EBB_CONFIG_TASK_REGISTRY
#error "this test is built with the task registry on"
#endif

struct plain {
    ebb_task task;
    int polls;
};

static ebb_poll_t plain_poll(ebb_task *self, ebb_cx *cx)
{
    (void)cx;
    struct plain *p = EBB_CONTAINER_OF(self, struct plain, task);
    p->polls++;
    return EBB_READY;
}

static EBB_TASK_DEFINE(alpha, struct plain, plain_poll);
EBB_TASK_DEFINE(beta, struct plain, plain_poll);
/* Tasks that are not defined one by one: entered explicitly. */
static struct plain workers[2] = {{.task = EBB_TASK_INITIALIZER(plain_poll)},
                                  {.task = EBB_TASK_INITIALIZER(plain_poll)}};
EBB_TASK_REGISTER(worker0, &workers[0].task, "worker0");
EBB_TASK_REGISTER(worker1, &workers[1].task, "worker1");

static ebb_task *in_function(void)
{
    static EBB_TASK_DEFINE(gamma, struct plain, plain_poll);
    return &gamma.task;
}

static int find(const char *name)
{
    for (unsigned i = 0; i < ebb_task_count(); i++) {
        const char *n = ebb_task_name(ebb_task_at(i));
        if (n != NULL && strcmp(n, name) == 0) {
            return (int)i;
        }
    }
    return -1;
}

static void test_every_defined_task_is_listed_by_name(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_count(), 5);
    assert_string_equal(ebb_task_name(&alpha.task), "alpha");
    assert_string_equal(ebb_task_name(&beta.task), "beta");
    assert_string_equal(ebb_task_name(in_function()), "gamma");
    assert_string_equal(ebb_task_name(&workers[1].task), "worker1");
    assert_ptr_equal(ebb_task_at((unsigned)find("worker0")), &workers[0].task);
    assert_ptr_equal(ebb_task_at((unsigned)find("gamma")), in_function());
    assert_null(ebb_task_at(ebb_task_count()));
}

static void test_rename_at_run_time(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_set_name(&beta.task, "sensor"), EBB_OK);
    assert_string_equal(ebb_task_name(&beta.task), "sensor");
    assert_int_equal(find("beta"), -1);
    assert_int_equal(ebb_task_set_name(&beta.task, "beta"), EBB_OK);
    assert_string_equal(ebb_task_name(&beta.task), "beta");
}

/* A task outside the table: no name, and renaming it is refused. */
static void test_unlisted_task(void **state)
{
    (void)state;
    struct plain local = {.task = EBB_TASK_INITIALIZER(plain_poll)};
    assert_null(ebb_task_name(&local.task));
    assert_int_equal(ebb_task_set_name(&local.task, "local"), EBB_EINVAL);
    assert_null(ebb_task_name(&local.task));
    assert_null(ebb_task_name(NULL));
    assert_int_equal(ebb_task_set_name(NULL, "x"), EBB_EINVAL);
}

/* The table does not change what a task is: listed tasks run as any. */
static void test_listed_tasks_run(void **state)
{
    (void)state;
    assert_int_equal(ebb_task_spawn(&test_exec, &alpha.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&test_exec, &workers[0].task), EBB_OK);
    ebb_executor_poll(&test_exec);
    assert_int_equal(alpha.polls, 1);
    assert_int_equal(workers[0].polls, 1);
    assert_int_equal(ebb_task_state(&alpha.task), EBB_TASK_DONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_every_defined_task_is_listed_by_name),
        RUN(test_rename_at_run_time),
        RUN(test_unlisted_task),
        RUN(test_listed_tasks_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
