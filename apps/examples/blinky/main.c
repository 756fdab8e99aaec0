/*
 * blinky - the LED toggles every 500 ms from a drift-free ticker; each change
 * is also printed with its time, so it can be followed on QEMU's console.
 */
#include "ebb_board.h"

struct blinky {
    ebb_task task;
    ebb_ticker ticker;
    ebb_board_write_op out;
    bool on;
    char line[40];
    size_t len;
};

static size_t format(char *buf, bool on, ebb_ticks now)
{
    static const char head[] = "led ";
    size_t n = 0;
    for (const char *s = head; *s; s++) {
        buf[n++] = *s;
    }
    for (const char *s = on ? "on  t=" : "off t="; *s; s++) {
        buf[n++] = *s;
    }
    char num[12];
    for (const char *s = ebb_cm_dec(num, (int32_t)(now / EBB_MS(1))); *s; s++) {
        buf[n++] = *s;
    }
    buf[n++] = ' ';
    buf[n++] = 'm';
    buf[n++] = 's';
    buf[n++] = '\n';
    return n;
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
        b->len = format(b->line, b->on, ebb_now());
        EBB_AWAIT(ebb_board_console_write(&b->out, b->line, b->len));
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
    ebb_task_spawn(&exec, &blinky.task);
    ebb_executor_run(&exec);
}
