/* ebb_board_config.h - the host board: ebb_board.h on the host port
 * (virtual time, simulated interrupts), for running board-independent
 * applications on a PC.  See ebb_board_host.h. */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "host"
#define EBB_BOARD_CORE_HZ 1000000000u /* nominal: virtual time has no core */

/* Console: stdout, at the pace of a 115200-baud UART in virtual time. */
#define EBB_BOARD_CONSOLE_BAUD 115200u

/* The button is set by the program (ebb_board_button_set, ebb_board_host.h). */
#define EBB_BOARD_HAS_FINGER 0

#endif
