/*
 * ebb_board.h - PROVISIONAL board interface of qemu-riscv-virt, until the
 * shared boards/include/ebb_board.h is free of STM32 types.
 */
#ifndef EBB_BOARD_H
#define EBB_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/ebb.h"
#include "ebb/port.h"
#include "ebb_board_config.h"
#include "ebb_ns16550.h"
#include "ebb_riscv.h"

void ebb_board_init(void);
uint32_t ebb_board_core_hz(void);
extern ebb_ns16550 ebb_board_uart;
void ebb_board_write(const void *data, size_t len);
void ebb_board_puts(const char *s);
void ebb_board_led(bool on);
bool ebb_board_led_state(void);
EBB_NORETURN void ebb_board_exit(int code);

#endif
