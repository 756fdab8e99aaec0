/*
 * ebb_board_keys.h - the button on the console of every QEMU board: the
 * console interrupt handler of a board on one of ebb's UART drivers
 * (hal/common/ebb_uart.h) calls ebb_board_take_keys() after its driver has
 * stored the received bytes.
 */
#ifndef EBB_BOARD_KEYS_H
#define EBB_BOARD_KEYS_H

#include "ebb_board_key_player.h"
#include "ebb_board_virtual.h"
#include "ebb_uart.h"

/** The console key that is the button on every QEMU board: Ctrl-B. */
#define EBB_BOARD_KEY_BUTTON 0x02u

/** Take the button keys out of the bytes the console driver has just
 *  stored, [from, head) of `rx`: each Ctrl-B - with `all` (keys mode,
 *  ebb_board_keys_toggle_button()) every byte - is one press or release,
 *  played in order by the key player; the other bytes are compacted in
 *  place for the reader, which runs below this interrupt and has not seen
 *  them.  Context: the console's interrupt, after its driver's handler,
 *  `from` the ring's head before that handler ran.  Cost: O(bytes). */
static inline void ebb_board_take_keys(ebb_uart_rx *rx, uint16_t from, bool all)
{
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
