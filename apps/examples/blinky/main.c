/*
 * blinky - the LED toggles every 500 ms from a drift-free ticker; each change
 * is also printed with its time, so it can be followed on QEMU's console.
 */
#include "ebb_board.h"

struct blinky {
    ebb_task task;
    ebb_ticker ticker;
    ebb_uart_write_op out;
    bool on;
    char line[40];
    size_t len;
};

/* "led on  t=<ms> ms": ebb_ticks is 64-bit, hence %llu (ebb_fmt has it on
 * every target). */
static size_t format(char *buf, size_t cap, bool on, ebb_ticks now)
{
    int n = ebb_fmt(buf, cap, "led %-3s t=%llu ms\n", on ? "on" : "off", (unsigned long long)(now / EBB_MS(1)));
    return (size_t)n < cap ? (size_t)n : cap - 1;
}

static ebb_poll_t blinky_poll(ebb_task *self, ebb_cx *cx)
{
    struct blinky *b = EBB_CONTAINER_OF(self, struct blinky, task);
    EBB_BEGIN(cx, &self->co);
    ebb_ticker_start(&b->ticker, EBB_MS(500));
    for (;;) {
        EBB_AWAIT(ebb_ticker_next(&b->ticker));
        /* Deferred: recorded only in a traced build (make trace). */
        EBB_LOG_INFO("led %s at %llu ticks", b->on ? "off" : "on", (unsigned long long)ebb_now());
        b->on = !b->on;
        ebb_board_led(b->on);
        b->len = format(b->line, sizeof b->line, b->on, ebb_now());
        EBB_AWAIT(ebb_uart_write(&b->out, ebb_board_console, b->line, b->len));
    }
    EBB_END();
}

static EBB_TASK_DEFINE(blinky, struct blinky, blinky_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("blinky on " EBB_BOARD_NAME "\n");
    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &blinky.task) != EBB_OK) {
        ebb_board_exit(1); /* refused: a bug, e.g. spawned twice */
    }
    ebb_executor_run(&exec);
}
