/*
 * showdown.h - the study's application (../../docs/showdown.md): what the
 * three tasks need from the board they run on, and what they offer it.
 *
 * The application itself (showdown.c) is board-independent: it uses the
 * board interface (ebb_board.h) only; a main per kind of board (host/main.c
 * on the host board, stm32/main.c on the STM32 boards) calls
 * showdown_start().
 */
#ifndef SHOWDOWN_H
#define SHOWDOWN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/ebb.h"

#include "ebb_board.h"

/* One queued line: "Button is 1 (4294967295)\n" is 25 bytes. 32 bytes per
 * message, 8 messages: the study's queue. */
#define SHOWDOWN_MSG_SIZE 32
#define SHOWDOWN_QUEUE_LEN 8
typedef struct showdown_msg {
    uint8_t len;
    char text[SHOWDOWN_MSG_SIZE - 1];
} showdown_msg;

#if SHOWDOWN_SELFTIME
void showdown_selftime_thread(bool high); /* lab/showdown/harness.c: DWT timestamps */
#endif

/* The study's PG1 "thread pin" (one store on the STM32 boards; PG0 is
 * driven by the board's EXTI interrupt handler itself). */
static inline void showdown_probe_thread(bool high)
{
#if SHOWDOWN_SELFTIME
    showdown_selftime_thread(high);
#endif
    if (high) {
        EBB_BOARD_PROBE_THREAD_HIGH();
    } else {
        EBB_BOARD_PROBE_THREAD_LOW();
    }
}

/* ---- shared by the boards' scripted fingers ---- */

/** xorshift32: the deterministic pseudo-random spacing of button edges.
 *  `*state` is the seed, non-zero.  Context: any.  Cost: 6 instructions. */
static inline uint32_t showdown_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* ---- shared by the application's files (showdown.c, button.c) ---- */

/** The queue of formatted lines, button -> writer (showdown.c). */
extern ebb_spsc queue;

/** The button task's state (button.c), which blink reads. */
struct button {
    ebb_task task;
    ebb_wait wait; /* the edge, then (rarely) a full queue */
    /* Edges so far; odd while pressed (the level is bit 0).  Written by
     * the button task alone, read by blink (relaxed atomic word accesses:
     * plain loads and stores): the "pressed" flag of the study is its bit
     * 0, so the flag needs no byte of its own. */
    uint32_t count;
};
extern struct button button;

/* ---- what the application offers the board ---- */

/** Spawn blink and the writer on `ex` and the button task on `button_ex`
 *  (the same executor, or one that runs at a higher interrupt priority so
 *  the button preempts everything else).  Context: main, once. */
void showdown_start(ebb_executor *ex, ebb_executor *button_ex);

/** Messages queued and not yet written (for a board that drains before exit). */
unsigned showdown_pending(void);

/** Button count so far (edges seen by the task). */
uint32_t showdown_count(void);

/** RAM the application's ebb objects take (tasks + channel + storage). */
size_t showdown_ram_bytes(void);

#endif
