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

#include "ebb_board_key_player.h"
#include "ebb_board_virtual.h"

static volatile bool button_level;
static volatile uint32_t button_missed;
static volatile bool keys_mode;
static volatile uint8_t button_armed; /* edges selected by waits */
static ebb_waitlist button_waiters = EBB_WAITLIST_INITIALIZER;

bool ebb_board_button_pressed(void)
{
    return button_level;
}

ebb_poll_t (ebb_board_button_wait)(ebb_cx *cx, ebb_wait *w, ebb_board_edge edge)
{
    if (w->task != NULL || ebb_cx_cancelling(cx)) {
        return EBB_POLL(ebb_wait_on)(cx, w, &button_waiters);
    }
    /* Selecting the edge and registering the waiter are one step, or an
     * edge in between would find nobody to wake. */
    ebb_irq_state s = ebb_port_lock();
    button_armed = (uint8_t)edge;
    ebb_poll_t p = EBB_POLL(ebb_wait_on)(cx, w, &button_waiters);
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
        if (!edge) {
            button_missed++; /* no wait selected it: lost, and counted */
        }
    }
    ebb_port_unlock(s);
    if (edge) {
        ebb_board_virtual_edge(); /* lock released: never O(waiters) masked */
    }
}

uint32_t ebb_board_button_missed(void) { return button_missed; }

void ebb_board_virtual_lost(uint32_t n)
{
    ebb_irq_state s = ebb_port_lock();
    button_missed += n;
    ebb_port_unlock(s);
}

bool ebb_board_virtual_armed(bool pressed)
{
    return (button_armed & (pressed ? EBB_BOARD_RISING : EBB_BOARD_FALLING)) != 0;
}

void ebb_board_virtual_wake(void)
{
    ebb_irq_state s = ebb_port_lock();
    if (ebb_waitlist_empty(&button_waiters)) {
        button_missed++; /* selected by a wait that has fired: lost */
    }
    ebb_port_unlock(s);
    ebb_waitlist_wake_all(&button_waiters);
}

void ebb_board_virtual_button_reset(void)
{
    button_level = false;
    button_armed = 0;
}

/* ---- keys: one edge per byte, none lost to a slow application ---- */

/* Keys are counted in the console interrupt and played one edge at a time
 * by the key player (key_player.c, shared with the netduinoplus2 board's
 * Ctrl-B keys on EXTI); these are its two hooks. */

bool ebb_board_key_edge_if_armed(void)
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

void ebb_board_key_edge_forced(void)
{
    ebb_board_virtual_toggle();
}

/* The key player runs from the start: Ctrl-B is the button on every
 * QEMU board, keys mode or not. */
void ebb_board_virtual_keys_attach(ebb_executor *ex)
{
    ebb_board_key_player_reset();
    (void)ebb_board_key_player_start(ex);
}

void ebb_board_keys_toggle_button(bool enable)
{
    keys_mode = enable;
}

bool ebb_board_virtual_keys_mode(void)
{
    return keys_mode;
}

void ebb_board_virtual_toggle(void)
{
    ebb_board_button_set(!button_level);
}
