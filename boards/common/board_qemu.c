/*
 * board_qemu.c - the parts of the board interface (ebb_board.h) that the
 * Cortex-M QEMU boards with a virtual button (MPS2, micro:bit) write the
 * same way: the clock from ebb_board_config.h, exit through semihosting
 * (their test and run command lines enable it).  Compiled into each such
 * board's library.
 */
#include "ebb_board.h"

uint32_t ebb_board_core_hz(void)
{
    return EBB_BOARD_CORE_HZ;
}

bool ebb_board_semihosting(void)
{
    return true;
}

void ebb_board_exit(int code)
{
    ebb_semihost_exit(code);
}
