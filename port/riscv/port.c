/*
 * port.c - the RISC-V port's functions: idle, panic, and the fatal-error
 * path shared with the trap handler.
 */
#include "ebb/executor.h"
#include "ebb/driver/port.h"
#include "ebb/fmt.h"
#include "ebb_riscv.h"

void ebb_port_idle(ebb_executor *ex)
{
#if EBB_CONFIG_PORT_IDLE_WFI
    ebb_rv_idle_wfi(ex);
#else
    (void)ex;
#endif
}

EBB_WEAK void ebb_board_puts(const char *s)
{
    (void)s;
}

EBB_WEAK void ebb_board_exit(int code)
{
    (void)code;
    __asm volatile("csrci mstatus, 8" ::: "memory");
    for (;;) {
        __asm volatile("wfi");
    }
}

__attribute__((cold)) void ebb_rv_fatal(const char *msg, int code)
{
    /* Nothing else may run on a broken system; the console is polled. */
    __asm volatile("csrci mstatus, 8" ::: "memory");
    ebb_board_puts(msg);
    ebb_board_exit(code);
}

__attribute__((cold)) void ebb_port_panic_at(const char *module, int id, uintptr_t at, const char *task)
{
    char line[96];
    ebb_rv_fatal(ebb_panic_format(line, sizeof line, module, id, at, task), EBB_RV_EXIT_PANIC);
}
