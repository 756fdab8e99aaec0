#include <stdlib.h>

#include "test_support.h"

jmp_buf ebb_test_contract_jmp;
int ebb_test_contract_armed;
const char *ebb_test_contract_module;
int ebb_test_contract_id;
EBB_EXECUTOR_DEFINE(test_exec, NULL);

void ebb_on_contract(const char *module, int id)
{
    ebb_test_contract_module = module;
    ebb_test_contract_id = id;
    if (ebb_test_contract_armed) {
        longjmp(ebb_test_contract_jmp, 1);
    }
    fail_msg("unexpected contract violation %s:%d", module, id);
    abort(); /* fail_msg does not return; keeps noreturn honest */
}

int ebb_test_setup(void **state)
{
    (void)state;
    ebb_test_setup_at(0);
    return 0;
}

void ebb_test_setup_at(ebb_ticks start)
{
    ebb_host_reset(start); /* empties every executor's run queue */
    ebb_executor_init(&test_exec, NULL);
}

int ebb_test_teardown(void **state)
{
    (void)state;
    ebb_host_forget_queues(); /* its tasks may be gone */
    return 0;
}
