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

__attribute__((cold)) void ebb_port_panic(const char *module, int id)
{
    /* "PANIC module:id\n" without printf: fault paths must not depend on
     * libc state. */
    char line[64];
    char num[12];
    *ebb_fmt_dec32(num, id) = '\0';
    size_t n = 0;
    const char *parts[] = {"PANIC ", module ? module : "?", ":", num, "\n"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        for (const char *s = parts[i]; *s != '\0' && n < sizeof line - 1; s++) {
            line[n++] = *s;
        }
    }
    line[n] = '\0';
    ebb_rv_fatal(line, EBB_RV_EXIT_PANIC);
}
