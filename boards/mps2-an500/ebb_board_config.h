/* ebb_board_config.h - QEMU mps2-an500 (Cortex-M7, 25 MHz). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "mps2-an500"
#include "ebb_board_config_fpga.h" /* the map the three FPGA images share */

#endif
