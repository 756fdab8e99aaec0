/*
 * board_spi.c - the board's SPI bus as data (ebb_board.h: ebb_board_spi):
 * the chip, register block, interrupt line and clock the board's
 * ebb_board_config.h names (EBB_BOARD_SPI_HEADER, EBB_BOARD_SPI_INITIALIZER,
 * EBB_BOARD_SPI_HANDLER), and the handler that runs the class.  Its own
 * object in the board library: linked only into an image that names
 * ebb_board_spi.
 */
#include "ebb_board.h"

#include EBB_BOARD_SPI_HEADER

static ebb_spi bus = EBB_BOARD_SPI_INITIALIZER;
ebb_spi *const ebb_board_spi = &bus;

void EBB_BOARD_SPI_HANDLER(void);
void EBB_BOARD_SPI_HANDLER(void) { ebb_spi_isr(&bus); }
