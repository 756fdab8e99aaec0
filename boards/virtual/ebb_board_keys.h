/*
 * ebb_board_keys.h - keys mode on a console driven by one of ebb's UART
 * drivers (hal/common/ebb_uart.h): the console interrupt handler calls
 * ebb_board_virtual_keys() after its driver has stored the received bytes.
 */
#ifndef EBB_BOARD_KEYS_H
#define EBB_BOARD_KEYS_H

#include "ebb_board_key_player.h"
#include "ebb_board_virtual.h"
#include "ebb_uart.h"

/** In keys mode, each byte in `rx` is one press or release of the button,
 *  consumed here (the application reads none) and played in order by the
 *  key task (ebb_board_virtual_keys_attach).  Context: the console's
 *  interrupt, after its driver's handler.  Cost: O(bytes). */
static inline void ebb_board_virtual_keys(ebb_uart_rx *rx)
{
    if (ebb_board_virtual_keys_mode()) {
        uint32_t n = 0;
        while (ebb_uart_rx_count(rx) != 0) {
            rx->tail++;
            n++;
        }
        if (n != 0) {
            ebb_board_key_player_typed(n);
        }
    }
}

#endif /* EBB_BOARD_KEYS_H */
