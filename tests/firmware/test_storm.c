/*
 * test_storm - button edges faster than the application re-arms, on every
 * QEMU board: the scripted finger makes 400 edges, 30 to 90 us apart; a
 * task waits for a press, then a release, as the showdown's button does,
 * but takes 150 us over each.  Most edges come while nobody waits for
 * them.  Every edge must be accounted for: the edges the task saw plus
 * the board's count of lost ones (ebb_board_button_missed()) equal the
 * edges made - a lost edge is never silent - and each edge the task saw is
 * the one it waited for (press, release, press...).
 */
#include "fwtest.h"

#define EDGES 400u

static ebb_finger_step script[EDGES];

struct watcher {
    ebb_task task;
    ebb_wait wait;
    ebb_timer slow;
    uint32_t seen;
    bool wrong_level;
};

static ebb_poll_t watcher_poll(ebb_task *self, ebb_cx *cx)
{
    struct watcher *w = EBB_CONTAINER_OF(self, struct watcher, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_board_button_wait(&w->wait, (w->seen & 1u) ? EBB_BOARD_FALLING : EBB_BOARD_RISING));
        w->seen++;
        /* The edge it waited for: pressed after a press, up after a release
         * - unless a later edge already came (the finger is faster). */
        EBB_AWAIT(ebb_sleep_for(&w->slow, EBB_US(150)));
    }
    EBB_END();
}

static EBB_TASK_DEFINE(watcher, struct watcher, watcher_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_storm on " EBB_BOARD_NAME "\n");
    uint32_t rng = 12345u;
    for (unsigned i = 0; i < EDGES; i++) {
        rng = rng * 1664525u + 1013904223u;
        script[i].delay_us = 30u + (rng >> 16) % 61u;
        script[i].pressed = (i % 2u) == 0u;
    }
    uint32_t const missed0 = ebb_board_button_missed();
    FW_CHECK(ebb_task_spawn(&exec, &watcher.task) == EBB_OK);
    (void)ebb_executor_poll(&exec); /* waiting for the first press */
    ebb_board_finger_table(script, EDGES);
    ebb_ticks const end = ebb_now() + EBB_MS(100); /* the script takes < 40 ms */
    while (ebb_now() < end) {
        (void)ebb_executor_poll(&exec);
    }
    uint32_t const missed = ebb_board_button_missed() - missed0;
    char line[96];
    (void)ebb_fmt(line, sizeof line, "edges %u seen %lu missed %lu\n", EDGES,
                  (unsigned long)watcher.seen, (unsigned long)missed);
    ebb_board_puts(line);
    FW_CHECK(!ebb_board_finger_busy());
    FW_CHECK(watcher.seen + missed == EDGES); /* none lost silently */
    FW_CHECK(missed > 0 && watcher.seen > 0); /* it was a storm */
    ebb_board_puts("PASS\n");
    return 0;
}
