/*
 * uart_echo - echo what is typed on the console.  Enter echoes as CR LF,
 * '?' reports the receive overrun counter, Ctrl-D ends the session
 * (ebb_board_exit(0): QEMU exits, hardware parks).
 */
#include "ebb_board.h"

struct echo {
    ebb_task task;
    ebb_wait rx;
    ebb_uart_write_op tx;
    uint8_t buf[16];
    size_t n;
    size_t i;
    char msg[40];
    size_t msg_len;
};

static size_t overrun_report(char *out, size_t cap)
{
    int n = ebb_fmt(out, cap, "\r\noverruns: %lu\r\n", (unsigned long)ebb_uart_overruns(ebb_board_console));
    return (size_t)n < cap ? (size_t)n : cap - 1;
}

static ebb_poll_t echo_poll(ebb_task *self, ebb_cx *cx)
{
    struct echo *e = EBB_CONTAINER_OF(self, struct echo, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_uart_read(&e->rx, ebb_board_console, e->buf, sizeof e->buf, &e->n));
        for (e->i = 0; e->i < e->n; e->i++) {
            uint8_t c = e->buf[e->i];
            if (c == 0x04) {
                ebb_board_puts("\r\nbye\r\n");
                ebb_board_exit(0);
            } else if (c == '?') {
                e->msg_len = overrun_report(e->msg, sizeof e->msg);
                EBB_AWAIT(ebb_uart_write(&e->tx, ebb_board_console, e->msg, e->msg_len));
            } else if (c == '\r' || c == '\n') {
                EBB_AWAIT(ebb_uart_write(&e->tx, ebb_board_console, "\r\n", 2));
            } else {
                EBB_AWAIT(ebb_uart_write(&e->tx, ebb_board_console, &e->buf[e->i], 1));
            }
        }
    }
    EBB_END();
}

static EBB_TASK_DEFINE(echo, struct echo, echo_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    /* Only now is the receiver on: QEMU drops bytes typed before. */
    ebb_board_puts("uart_echo ready (Ctrl-D ends)\r\n");
    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &echo.task) != EBB_OK) {
        ebb_board_exit(1); /* refused: a bug, e.g. spawned twice */
    }
    ebb_executor_run(&exec);
}
