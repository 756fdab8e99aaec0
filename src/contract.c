/* contract.c - panics with a location: the default contract hook and
 * ebb_port_panic() hand the port the caller's address and the task being
 * polled. */
#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb/fmt.h"
#include "ebb/task.h"

/* The task whose body runs now (its busy claim), when the task table names
 * tasks (EBB_CONFIG_TASK_REGISTRY); NULL otherwise.  Read without the
 * lock: a panic stops everything, and a name is only a hint. */
__attribute__((cold)) static const char *running_task(void)
{
    for (const ebb_task_entry *e = __start_ebb_tasks; e < __stop_ebb_tasks; e++) {
        if ((e->task->state & EBB__TASK_BUSY) != 0) {
            return *e->name;
        }
    }
    return NULL;
}

/* An address inside the caller's call instruction: its return address
 * (without the Thumb bit) minus one - the return address itself may
 * already belong to the next line or function, after a call that does not
 * return. */
#define CALLER() (((uintptr_t)__builtin_return_address(0) & ~(uintptr_t)1u) - 1u)

__attribute__((cold, noinline)) void ebb_port_panic(const char *module, int id)
{
    ebb_port_panic_at(module, id, CALLER(), running_task());
}

__attribute__((cold, noinline)) EBB_WEAK void ebb_on_contract(const char *module, int id)
{
    ebb_port_panic_at(module, id, CALLER(), running_task());
}

/* cold: report paths are kept small and out of the hot code's lines. */
__attribute__((cold)) char *ebb_report_put(char *p, char *end, const char *s)
{
    while (*s != '\0' && p < end) {
        *p++ = *s++;
    }
    return p;
}

__attribute__((cold)) char *ebb_panic_format(char *buf, size_t cap, const char *module, int id,
                                             uintptr_t at, const char *task)
{
    if (cap == 0) {
        return buf;
    }
    char dec[12], hex[11];
    *ebb_fmt_dec32(dec, id) = '\0';
    *ebb_fmt_hex32(hex, (uint32_t)at) = '\0';
    const char *const parts[] = {"PANIC ", module != NULL ? module : "?", ":", dec, " at ", hex,
                                 task != NULL ? " in task " : "", task != NULL ? task : "", "\n"};
    char *p = buf;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        p = ebb_report_put(p, buf + cap - 1, parts[i]);
    }
    *p = '\0';
    return buf;
}
