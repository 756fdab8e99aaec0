/*
 * button.c - the button of the boards without a wired one (the QEMU
 * machines that model no GPIO input, the host board): a level, waits that
 * select the edge they want (as EXTI's RTSR/FTSR would), and keys mode
 * (console bytes toggle it, played in order: see below).  What an edge does
 * is the board's:
 * ebb_board_virtual_edge() pends an interrupt that wakes the waiters
 * (virtual_button.c, Cortex-M) or wakes them at once (ebb_board_virtual_wake()).
 */
#include "ebb_board.h"

#include "ebb_board_virtual.h"

static volatile bool button_level;
static volatile bool keys_mode;
static volatile uint8_t button_armed; /* edges selected by waits */
static ebb_waitlist button_waiters = EBB_WAITLIST_INITIALIZER;

bool ebb_board_button_pressed(void)
{
    return button_level;
}

ebb_poll_t (ebb_board_button_wait)(ebb_wait *w, ebb_board_edge edge)
{
    if (w->task != NULL || ebb_cancelling()) {
        return EBB_POLL(ebb_wait_on)(w, &button_waiters);
    }
    /* Selecting the edge and registering the waiter are one step, or an
     * edge in between would find nobody to wake. */
    ebb_irq_state s = ebb_port_lock();
    button_armed = (uint8_t)edge;
    ebb_poll_t p = EBB_POLL(ebb_wait_on)(w, &button_waiters);
    ebb_port_unlock(s);
    return p;
}

void ebb_board_button_set(bool pressed)
{
    bool edge = false;
    ebb_irq_state s = ebb_port_lock();
    if (button_level != pressed) {
        button_level = pressed;
        edge = ebb_board_virtual_armed(pressed);
    }
    ebb_port_unlock(s);
    if (edge) {
        ebb_board_virtual_edge(); /* lock released: never O(waiters) masked */
    }
}

bool ebb_board_virtual_armed(bool pressed)
{
    return (button_armed & (pressed ? EBB_BOARD_RISING : EBB_BOARD_FALLING)) != 0;
}

void ebb_board_virtual_wake(void)
{
    ebb_waitlist_wake_all(&button_waiters);
}

void ebb_board_virtual_button_reset(void)
{
    button_level = false;
    button_armed = 0;
}

/* ---- keys: one edge per byte, none lost to a slow application ---- */

/* Toggling the level in the console interrupt lost the edges of a burst:
 * a key typed while the application was still busy with the last edge
 * found no wait armed for it, changed the level and woke nobody (the
 * button example with 50 ms per edge counted 4 of 8 keys typed 20 ms
 * apart).  So keys are counted there and played one edge at a time by a
 * task on the finger's executor: an edge waits until a wait has selected
 * it, as the patient finger does.  An edge nobody arms for within
 * KEY_GIVE_UP_MS still changes the level (a real button does not wait).
 * (The netduinoplus2 board plays its Ctrl-B keys the same way on EXTI.) */
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

/* The next key's edge, if a wait has selected it. */
static bool toggle_if_armed(void)
{
    ebb_irq_state s = ebb_port_lock();
    bool pressed = !button_level;
    bool armed = ebb_board_virtual_armed(pressed);
    if (armed) {
        button_level = pressed;
    }
    ebb_port_unlock(s);
    if (armed) {
        ebb_board_virtual_edge(); /* lock released, as in ebb_board_button_set() */
    }
    return armed;
}

static ebb_poll_t keys_poll(ebb_task *self)
{
    struct keys *k = EBB_CONTAINER_OF(self, struct keys, task);
    EBB_BEGIN(&self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&k->wait, &keys_signal, &k->value));
        while (keys_played != keys_typed) {
            for (k->waited_ms = 0; !toggle_if_armed(); k->waited_ms++) {
                if (k->waited_ms >= KEY_GIVE_UP_MS) {
                    ebb_board_virtual_toggle();
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
static ebb_executor *keys_ex;

void ebb_board_virtual_keys_attach(ebb_executor *ex)
{
    keys_ex = ex;
    keys_typed = keys_played = 0;
    ebb_signal_reset(&keys_signal);
}

/* The key task is spawned here, not at attach: a program that never turns
 * keys mode on links none of it (324 B of code and 56 B of RAM on the
 * Cortex-M3). */
void ebb_board_keys_toggle_button(bool enable)
{
    if (enable && keys_ex != NULL) {
        (void)ebb_task_spawn(keys_ex, &keys.task); /* EBB_EBUSY: running already */
    }
    keys_mode = enable;
}

void ebb_board_virtual_keys_typed(uint32_t n)
{
    keys_typed += n; /* only the console interrupt writes it */
    ebb_signal_raise(&keys_signal, n);
}

bool ebb_board_virtual_keys_mode(void)
{
    return keys_mode;
}

void ebb_board_virtual_toggle(void)
{
    ebb_board_button_set(!button_level);
}
