/*
 * keys.c - QEMU netduinoplus2: the console and the virtual button at once.
 * Ctrl-B typed on the console is a button edge; every other byte is console
 * input.  The button task is deliberately slow (50 ms per edge) while the
 * keys come 20 ms apart: every edge must still arrive, none coalesce, and
 * the console must see exactly the other bytes.  '.' ends the run.
 */
#include "ebb_board.h"

struct button {
    ebb_task task;
    ebb_wait wait;
    ebb_timer slow;
    uint32_t edges;
};

static ebb_poll_t button_poll(ebb_task *self, ebb_cx *cx)
{
    struct button *b = EBB_CONTAINER_OF(self, struct button, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_RISING));
        b->edges++;
        EBB_AWAIT(ebb_sleep_for(&b->slow, EBB_MS(50)));
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_FALLING));
        b->edges++;
        EBB_AWAIT(ebb_sleep_for(&b->slow, EBB_MS(50)));
    }
    EBB_END();
}

struct reader {
    ebb_task task;
    ebb_wait wait;
    ebb_timer settle;
    uint8_t buf[8];
    size_t got;
    char line[32];
    size_t n;
    bool end;
};

static EBB_TASK_DEFINE(button, struct button, button_poll);

static ebb_poll_t reader_poll(ebb_task *self, ebb_cx *cx)
{
    struct reader *r = EBB_CONTAINER_OF(self, struct reader, task);
    EBB_BEGIN(cx, &self->co);
    while (!r->end) {
        EBB_AWAIT(ebb_uart_read(&r->wait, ebb_board_console, r->buf, sizeof r->buf, &r->got));
        for (size_t i = 0; i < r->got; i++) {
            if (r->buf[i] == '.') {
                r->end = true;
            } else if (r->n < sizeof r->line - 1) {
                r->line[r->n++] = (char)r->buf[i];
            }
        }
    }
    /* Let the slow button task play the last queued edges. */
    EBB_AWAIT(ebb_sleep_for(&r->settle, EBB_MS(1500)));
    char out[96];
    ebb_fmt(out, sizeof out, "console: %s edges: %lu\n", r->line, (unsigned long)button.edges);
    ebb_board_puts(out);
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(reader, struct reader, reader_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &button.task) != EBB_OK || ebb_task_spawn(&exec, &reader.task) != EBB_OK) {
        ebb_board_exit(1);
    }
    ebb_board_puts("keys ready\n");
    ebb_executor_run(&exec);
}
