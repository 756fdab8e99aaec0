/*
 * button.c - the showdown's button task (showdown.c has the other two): on
 * each edge, count, then format "Button is <level> (<count>)" straight into
 * a slot reserved in the queue.
 *
 * A file of its own for its compile flags: it runs in every measured
 * window, and the speed builds compile it with -mslow-flash-data (its
 * addresses built by movw/movt instead of loaded from literal pools in
 * flash, CMakeLists.txt), which showdown.c's tasks, measured nowhere, do
 * without.
 */
#include <string.h>

#include "showdown.h"

#ifndef SHOWDOWN_SNPRINTF
#define SHOWDOWN_SNPRINTF 0
#endif
#ifndef SHOWDOWN_EBB_FMT
#define SHOWDOWN_EBB_FMT 0
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
#elif SHOWDOWN_EBB_FMT
/* The same call with ebb's own formatter (ebb/fmt.h), in place of the C
 * library's. */
#include "ebb/fmt.h"

__attribute__((noinline)) static void format(showdown_msg *m, unsigned level, uint32_t count)
{
    int n = ebb_fmt(m->text, sizeof m->text, "Button is %u (%lu)\n", level, (unsigned long)count);
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
__attribute__((hot)) static ebb_poll_t button_poll(ebb_task *self, ebb_cx *cx)
{
    struct button *b = EBB_CONTAINER_OF(self, struct button, task);
    /* Set by the poll in which the reservation succeeds and used before the
     * next await, so it need not survive one: a local, not task state. */
    void *slot = NULL;
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        /* Released: wait for the press (rising edge); pressed: the release. */
        EBB_AWAIT(ebb_board_button_wait(&b->wait, (b->count & 1u) ? EBB_BOARD_FALLING : EBB_BOARD_RISING));
        showdown_probe_thread(true);
        __atomic_store_n(&b->count, b->count + 1u, __ATOMIC_RELAXED); /* and pressed = bit 0 */
        EBB_AWAIT(ebb_spsc_reserve(&b->wait, &queue, &slot));
        format(slot, b->count & 1u, b->count);
        (void)ebb_spsc_commit(&queue);
        showdown_probe_thread(false);
    }
    EBB_END();
}

EBB_TASK_DEFINE(button, struct button, button_poll);

