/* ebb_board_config.h - QEMU mps2-an386 (Cortex-M4, 25 MHz). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "mps2-an386"
#include "ebb_board_config_fpga.h" /* the map the three FPGA images share */

#endif
