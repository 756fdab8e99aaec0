/*
 * showdown.c - the study's application on ebb.
 *
 *   blink:  every 100 ms: LED on unless the button is held; 100 ms later off.
 *   button: rising edge -> count, pressed, queue "Button is 1 (n)";
 *           falling edge -> count, released, queue "Button is 0 (n)".
 *   writer: take each queued message and write it to the console.
 *
 * The queue is an 8 x 32-byte ebb_spsc (one producer, one consumer).  The
 * button task formats straight into a reserved slot and the writer sends straight from the slot it peeks,
 * so no message is ever copied and no task keeps a buffer of its own.
 *
 * The button task, the one on the measured path, is in button.c: the speed
 * builds compile it with -mslow-flash-data (no literal pools, see
 * CMakeLists.txt), which would cost this file's tasks 46 bytes for windows
 * nobody measures.
 */
#include "showdown.h"

/* Storage named (not EBB_SPSC_DEFINE's unnamed one): the RAM report and
 * showdown_ram_bytes() count it by name. */
static showdown_msg queue_storage[SHOWDOWN_QUEUE_LEN];
ebb_spsc queue = EBB_SPSC_INITIALIZER(queue_storage);

/* ---- blink ---- */
struct blink {
    ebb_task task;
    ebb_timer timer; /* its deadline is the last tick: the next is 100 ms on */
};

#define BLINK_HALF_PERIOD EBB_MS(100)

static ebb_poll_t blink_poll(ebb_task *self, ebb_cx *cx)
{
    struct blink *b = EBB_CONTAINER_OF(self, struct blink, task);
    EBB_BEGIN(cx, &self->co);
    /* Drift-free without an ebb_ticker: each deadline is the previous one
     * plus the period (the first poll of a sleep fixes its deadline, later
     * polls ignore the argument), and the period is a constant in flash
     * instead of eight bytes of RAM.  A plain add, not ebb_ticks_add():
     * 64-bit ticks counted up from now do not come near EBB_TICKS_NEVER in
     * this world's lifetime, and the saturation's second path cost each
     * await a second call (40 bytes at -O3). */
    b->timer.deadline = ebb_now();
    for (;;) {
        EBB_AWAIT(ebb_sleep_until(&b->timer, b->timer.deadline + BLINK_HALF_PERIOD));
        if (!(__atomic_load_n(&button.count, __ATOMIC_RELAXED) & 1u)) {
            ebb_board_led(true);
        }
        EBB_AWAIT(ebb_sleep_until(&b->timer, b->timer.deadline + BLINK_HALF_PERIOD));
        ebb_board_led(false);
    }
    EBB_END();
}

static EBB_TASK_DEFINE(blink, struct blink, blink_poll);

/* ---- uart writer ---- */
struct writer {
    ebb_task task;
    showdown_msg *msg;
    /* The peek and the write are never pending together, and each leaves
     * its state idle when it completes: they share storage, as a
     * compiler lays out a Rust async fn's locals that are never live at the
     * same time. */
    union {
        ebb_wait wait;
        ebb_uart_write_op out;
    } u;
};

static ebb_poll_t writer_poll(ebb_task *self, ebb_cx *cx)
{
    struct writer *w = EBB_CONTAINER_OF(self, struct writer, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_spsc_peek(&w->u.wait, &queue, (void **)&w->msg));
        EBB_AWAIT(ebb_uart_write(&w->u.out, ebb_board_console, w->msg->text, w->msg->len));
        (void)ebb_spsc_release(&queue);
    }
    EBB_END();
}

static EBB_TASK_DEFINE(writer, struct writer, writer_poll);

void showdown_start(ebb_executor *ex, ebb_executor *button_ex)
{
    if (ebb_task_spawn(ex, &writer.task) != EBB_OK || ebb_task_spawn(button_ex, &button.task) != EBB_OK ||
        ebb_task_spawn(ex, &blink.task) != EBB_OK) {
        ebb_board_exit(1); /* refused: a bug, e.g. started twice */
    }
}

unsigned showdown_pending(void) { return ebb_spsc_count(&queue); }

uint32_t showdown_count(void) { return button.count; }

size_t showdown_ram_bytes(void)
{
    return sizeof blink + sizeof button + sizeof writer + sizeof queue +
           sizeof queue_storage;
}
