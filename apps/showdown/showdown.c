/*
 * showdown.c - the study's application on ebb.
 *
 *   blink:  every 100 ms: LED on unless the button is held; 100 ms later off.
 *   button: rising edge -> count, pressed, queue "Button is 1 (n)";
 *           falling edge -> count, released, queue "Button is 0 (n)".
 *   writer: take each queued message and write it to the console.
 *
 * The queue is an 8 x 32-byte ebb_channel.  The button task formats straight
 * into a reserved slot and the writer sends straight from the slot it peeks,
 * so no message is ever copied and no task keeps a buffer of its own.
 */
#include <string.h>

#include "showdown.h"

/* Storage named (not EBB_CHANNEL_DEFINE's unnamed one): the RAM report and
 * showdown_ram_bytes() count it by name.  Entered in the channel table, as
 * EBB_CHANNEL_DEFINE would: a cancel of the button (writer) task gives back
 * the reservation (peek) it holds.  Costs nothing in an image that never
 * cancels a task (the linker drops the table). */
static showdown_msg queue_storage[SHOWDOWN_QUEUE_LEN];
ebb_channel queue = EBB_CHANNEL_INITIALIZER(queue_storage);
EBB_CHANNEL_TABLE_ENTRY(queue, &queue);

/* ---- button's state, which blink reads ---- */
struct button {
    ebb_task task;
    ebb_wait wait;  /* the edge, then (rarely) a full queue */
    /* Edges so far; odd while pressed (the level is bit 0).  Written by
     * the button task alone, read by blink (relaxed atomic word accesses:
     * plain loads and stores): the "pressed" flag of the study is its bit
     * 0, so the flag needs no byte of its own. */
    uint32_t count;
};

static struct button button; /* defined below, with its task */

/* ---- blink ---- */
struct blink {
    ebb_task task;
    ebb_timer timer; /* its deadline is the last tick: the next is 100 ms on */
};

#define BLINK_HALF_PERIOD EBB_MS(100)

static ebb_poll_t blink_poll(ebb_task *self)
{
    struct blink *b = EBB_CONTAINER_OF(self, struct blink, task);
    EBB_BEGIN(&self->co);
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

/* ---- button ---- */

#ifndef SHOWDOWN_SNPRINTF
#define SHOWDOWN_SNPRINTF 0
#endif

#if SHOWDOWN_SNPRINTF
/* The like-for-like build: the C library's snprintf, as the study's C
 * firmware formats (newlib-nano's, or picolibc's integer-only one). */
#include <stdio.h>

__attribute__((noinline)) static void format(showdown_msg *m, unsigned level, uint32_t count)
{
    int n = snprintf(m->text, sizeof m->text, "Button is %u (%lu)\n", level, (unsigned long)count);
    m->len = (uint8_t)(n < (int)sizeof m->text ? n : (int)sizeof m->text - 1);
}
#else
/* "Button is <level> (<count>)\n" without printf: snprintf alone would
 * bring in more code than all of ebb (the SHOWDOWN_SNPRINTF builds measure
 * it).  Kept out of line: inlined, it would make every resume of the button
 * task save the registers only formatting needs. */
__attribute__((noinline)) static void format(showdown_msg *m, unsigned level, uint32_t count)
{
    static const char head[] = "Button is 0 (";
    char digits[10];
    unsigned n = 0;
    char *p = m->text + sizeof head - 1;

    memcpy(m->text, head, sizeof head - 1); /* a few word copies */
    m->text[10] = (char)('0' + level);
    /* Not unrolled: -O3 would peel all ten possible digits (600 bytes) to
     * save a branch per digit. */
#pragma GCC unroll 1
    do {
        digits[n++] = (char)('0' + count % 10u);
        count /= 10u;
    } while (count != 0);
#pragma GCC unroll 1
    do {
        *p++ = digits[--n];
    } while (n != 0);
    *p++ = ')';
    *p++ = '\n';
    m->len = (uint8_t)(p - m->text);
}
#endif

/* hot: placed with the rest of the measured path (port/cortex-m/sections.ld). */
__attribute__((hot)) static ebb_poll_t button_poll(ebb_task *self)
{
    struct button *b = EBB_CONTAINER_OF(self, struct button, task);
    /* Set by the poll in which the reservation succeeds and used before the
     * next await, so it need not survive one: a local, not task state. */
    void *slot = NULL;
    EBB_BEGIN(&self->co);
    for (;;) {
        /* Released: wait for the press (rising edge); pressed: the release. */
        EBB_AWAIT(ebb_board_button_wait(&b->wait, (b->count & 1u) ? EBB_BOARD_FALLING : EBB_BOARD_RISING));
        showdown_probe_thread(true);
        __atomic_store_n(&b->count, b->count + 1u, __ATOMIC_RELAXED); /* and pressed = bit 0 */
        EBB_AWAIT(ebb_channel_reserve(&b->wait, &queue, &slot));
        format(slot, b->count & 1u, b->count);
        ebb_channel_commit(&queue);
        showdown_probe_thread(false);
    }
    EBB_END();
}

static EBB_TASK_DEFINE(button, struct button, button_poll);

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
        ebb_board_write_op out;
    } u;
};

static ebb_poll_t writer_poll(ebb_task *self)
{
    struct writer *w = EBB_CONTAINER_OF(self, struct writer, task);
    EBB_BEGIN(&self->co);
    for (;;) {
        EBB_AWAIT(ebb_channel_peek(&w->u.wait, &queue, (void **)&w->msg));
        EBB_AWAIT(ebb_board_console_write(&w->u.out, w->msg->text, w->msg->len));
        ebb_channel_release(&queue);
    }
    EBB_END();
}

static EBB_TASK_DEFINE(writer, struct writer, writer_poll);

void showdown_start(ebb_executor *ex, ebb_executor *button_ex)
{
    (void)ebb_task_spawn(ex, &writer.task);
    (void)ebb_task_spawn(button_ex, &button.task);
    (void)ebb_task_spawn(ex, &blink.task);
}

unsigned showdown_pending(void) { return ebb_channel_count(&queue); }

uint32_t showdown_count(void) { return button.count; }

size_t showdown_ram_bytes(void)
{
    return sizeof blink + sizeof button + sizeof writer + sizeof queue +
           sizeof queue_storage;
}
