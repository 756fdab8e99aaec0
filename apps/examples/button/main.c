/*
 * button - the showdown's button activity on its own: wait for a press,
 * count, report "Button is 1 (<count>)", wait for the release, count,
 * report "Button is 0 (<count>)"; the LED follows the button.  Messages go
 * through an 8 x 32-byte channel to a writer task, as in the study.
 *
 * On QEMU every key typed on the console toggles the virtual button
 * (after the ready line); on the NUCLEO press B1.
 */
#include "ebb_board.h"

typedef struct {
    uint8_t len;
    char text[31];
} message;

EBB_CHANNEL_DEFINE(messages, message, 8);

struct button {
    ebb_task task;
    ebb_wait wait;
    ebb_wait send;
    uint32_t count;
    message msg;
};

static void format(message *m, int level, uint32_t count)
{
    int n = ebb_fmt(m->text, sizeof m->text, "Button is %d (%lu)\n", level, (unsigned long)count);
    m->len = (uint8_t)((size_t)n < sizeof m->text ? (size_t)n : sizeof m->text - 1);
}

static ebb_poll_t button_poll(ebb_task *self, ebb_cx *cx)
{
    struct button *b = EBB_CONTAINER_OF(self, struct button, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_RISING));
        b->count++;
        ebb_board_led(true);
        format(&b->msg, 1, b->count);
        EBB_AWAIT(ebb_channel_send(&b->send, &messages, &b->msg));
        EBB_AWAIT(ebb_board_button_wait(&b->wait, EBB_BOARD_FALLING));
        b->count++;
        ebb_board_led(false);
        format(&b->msg, 0, b->count);
        EBB_AWAIT(ebb_channel_send(&b->send, &messages, &b->msg));
    }
    EBB_END();
}

struct writer {
    ebb_task task;
    ebb_wait recv;
    ebb_uart_write_op out;
    message msg;
};

static ebb_poll_t writer_poll(ebb_task *self, ebb_cx *cx)
{
    struct writer *w = EBB_CONTAINER_OF(self, struct writer, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_channel_recv(&w->recv, &messages, &w->msg));
        EBB_AWAIT(ebb_uart_write(&w->out, ebb_board_console, w->msg.text, w->msg.len));
    }
    EBB_END();
}

static EBB_TASK_DEFINE(button, struct button, button_poll);
static EBB_TASK_DEFINE(writer, struct writer, writer_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_executor_init(&exec, NULL);
    if (ebb_task_spawn(&exec, &button.task) != EBB_OK || ebb_task_spawn(&exec, &writer.task) != EBB_OK) {
        ebb_board_exit(1); /* refused: a bug, e.g. spawned twice */
    }
    /* One pass arms the first rising edge; only then is a press counted,
     * so only then may the ready line invite one. */
    (void)ebb_executor_poll(&exec);
#if EBB_BOARD_HAS_FINGER
    ebb_board_keys_toggle_button(true);
    ebb_board_puts("button ready: each key toggles the button\n");
#else
    ebb_board_puts("button ready: press B1\n");
#endif
    ebb_executor_run(&exec);
}
