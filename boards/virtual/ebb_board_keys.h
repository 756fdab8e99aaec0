/*
 * ebb_board_keys.h - the button on the console of every QEMU board: the
 * console interrupt handler of a board on one of ebb's UART drivers
 * (hal/common/ebb_uart.h) calls ebb_board_take_keys() after its driver has
 * stored the received bytes:
 *
 *     uint16_t const from = ebb_board_keys_mark(&console.uart);
 *     ebb_<chip>_uart_isr(&console);
 *     ebb_board_take_keys(&console.uart, from, ebb_board_virtual_keys_mode());
 */
#ifndef EBB_BOARD_KEYS_H
#define EBB_BOARD_KEYS_H

#include "ebb_board_key_player.h"
#include "ebb_board_virtual.h"
#include "ebb_uart.h"

/** The console key that is the button on every QEMU board: Ctrl-B. */
#define EBB_BOARD_KEY_BUTTON 0x02u

/** Where the console's receive ring ends before its driver's handler runs
 *  (0 while the receiver is off): ebb_board_take_keys()'s `from`.
 *  Context: the console's interrupt.  Cost: 2 loads. */
static inline uint16_t ebb_board_keys_mark(const ebb_uart *console)
{
    return console->rx != NULL ? console->rx->head : 0u;
}

/** Take the button keys out of the bytes the console driver has just
 *  stored, [from, head) of its ring: each Ctrl-B - with `all` (keys mode,
 *  ebb_board_keys_toggle_button()) every byte - is one press or release,
 *  played in order by the key player; the other bytes are compacted in
 *  place for the reader, which runs below this interrupt and has not seen
 *  them.  Nothing while the receiver is off.  Context: the console's
 *  interrupt, after its driver's handler, `from` from
 *  ebb_board_keys_mark() before that handler ran.  Cost: O(bytes). */
static inline void ebb_board_take_keys(ebb_uart *console, uint16_t from, bool all)
{
    ebb_uart_rx *const rx = console->rx;
    if (rx == NULL) {
        return;
    }
    uint16_t const head = rx->head;
    uint16_t out = from;
    uint32_t n = 0;
    for (uint16_t in = from; in != head; in++) {
        uint8_t const b = rx->buf[in & rx->mask];
        if (all || b == EBB_BOARD_KEY_BUTTON) {
            n++;
        } else {
            rx->buf[out++ & rx->mask] = b;
        }
    }
    if (n != 0) {
        __atomic_store_n(&rx->head, out, __ATOMIC_RELEASE);
        ebb_board_key_player_typed(n);
    }
}

#endif /* EBB_BOARD_KEYS_H */
