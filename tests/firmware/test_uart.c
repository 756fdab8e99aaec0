/*
 * test_uart - console output through the async USART driver is byte-exact.
 *
 * Three tasks write concurrently, yielding between lines, so writers queue
 * for the transmitter; a long line, an empty write and every printable byte
 * are included.  run_qemu.py compares QEMU's serial output with
 * test_uart.expected byte for byte.
 */
#include "fwtest.h"

struct writer {
    ebb_task task;
    ebb_uart_write_op op;
    const char *name;
    int i;
    char line[32];
    size_t len;
};

static size_t make_line(char *buf, const char *name, int i)
{
    size_t n = 0;
    while (*name) {
        buf[n++] = *name++;
    }
    buf[n++] = ' ';
    buf[n++] = (char)('0' + i);
    buf[n++] = '\n';
    return n;
}

static ebb_poll_t writer_poll(ebb_task *self, ebb_cx *cx)
{
    struct writer *w = EBB_CONTAINER_OF(self, struct writer, task);
    EBB_BEGIN(cx, &self->co);
    for (w->i = 0; w->i < 5; w->i++) {
        w->len = make_line(w->line, w->name, w->i);
        EBB_AWAIT(ebb_uart_write(&w->op, ebb_board_console, w->line, w->len));
        EBB_YIELD();
    }
    EBB_END();
}

static struct writer wa = {.task = EBB_TASK_INITIALIZER(writer_poll), .name = "alpha"};
static struct writer wb = {.task = EBB_TASK_INITIALIZER(writer_poll), .name = "beta"};
static struct writer wc = {.task = EBB_TASK_INITIALIZER(writer_poll), .name = "gamma"};

struct tail {
    ebb_task task;
    ebb_uart_write_op op;
    char all[96];
};

static const char long_line[] =
    "a line longer than the receive ring and any FIFO: 0123456789abcdefghijklmnopqrstuvwxyz\n";

static ebb_poll_t tail_poll(ebb_task *self, ebb_cx *cx)
{
    struct tail *t = EBB_CONTAINER_OF(self, struct tail, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_uart_write(&t->op, ebb_board_console, long_line, sizeof long_line - 1));
    EBB_AWAIT(ebb_uart_write(&t->op, ebb_board_console, "", 0));
    for (int c = 0; c < 95; c++) {
        t->all[c] = (char)(' ' + c);
    }
    t->all[95] = '\n';
    EBB_AWAIT(ebb_uart_write(&t->op, ebb_board_console, t->all, sizeof t->all));
    EBB_END();
}

static EBB_TASK_DEFINE(tail, struct tail, tail_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

static bool running(ebb_task *t)
{
    return ebb_task_state(t) == EBB_TASK_RUNNING;
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_uart\n");
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &wa.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &wb.task) == EBB_OK);
    FW_CHECK(ebb_task_spawn(&exec, &wc.task) == EBB_OK);
    /* Idle only while a task still waits (a tickless board with WFI idle
     * takes no interrupt once the last write is done). */
    while (running(&wa.task) || running(&wb.task) || running(&wc.task)) {
        if (!ebb_executor_poll(&exec) &&
            (running(&wa.task) || running(&wb.task) || running(&wc.task))) {
            ebb_port_idle(&exec);
        }
    }
    FW_CHECK(ebb_task_spawn(&exec, &tail.task) == EBB_OK);
    while (running(&tail.task)) {
        if (!ebb_executor_poll(&exec) && running(&tail.task)) {
            ebb_port_idle(&exec);
        }
    }
    FW_CHECK(ebb_uart_overruns(ebb_board_console) == 0);
    ebb_board_puts("PASS\n");
    return 0;
}
