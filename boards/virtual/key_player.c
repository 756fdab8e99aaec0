/* key_player.c - console keys played as button edges (ebb_board_key_player.h). */
#include "ebb_board_key_player.h"

#include "ebb/async.h"
#include "ebb/signal.h"
#include "ebb/task.h"
#include "ebb/time.h"

#define KEY_GIVE_UP_MS 1000u

static volatile uint32_t keys_typed; /* written by the console interrupt */
static uint32_t keys_played;         /* by the key task */
static EBB_SIGNAL_DEFINE(keys_signal);

struct keys {
    ebb_task task;
    ebb_timer timer;
    ebb_wait wait;
    uint32_t value;
    uint32_t waited_ms;
};

static ebb_poll_t keys_poll(ebb_task *self, ebb_cx *cx)
{
    struct keys *k = EBB_CONTAINER_OF(self, struct keys, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&k->wait, &keys_signal, &k->value));
        while (keys_played != keys_typed) {
            for (k->waited_ms = 0; !ebb_board_key_edge_if_armed(); k->waited_ms++) {
                if (k->waited_ms >= KEY_GIVE_UP_MS) {
                    ebb_board_key_edge_forced();
                    break;
                }
                EBB_AWAIT(ebb_sleep_for(&k->timer, EBB_MS(1)));
            }
            keys_played++;
        }
    }
    EBB_END();
}

static EBB_TASK_DEFINE(keys, struct keys, keys_poll);

void ebb_board_key_player_reset(void)
{
    keys_typed = keys_played = 0;
    ebb_signal_reset(&keys_signal);
}

int ebb_board_key_player_start(ebb_executor *ex)
{
    return ebb_task_spawn(ex, &keys.task);
}

void ebb_board_key_player_typed(uint32_t n)
{
    keys_typed += n; /* only the console interrupt writes it */
    ebb_signal_raise(&keys_signal, n);
}
