/* ebb_board_config.h - QEMU microbit (nRF51822, Cortex-M0, 16 MHz). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "microbit"
#define EBB_BOARD_CORE_HZ 16000000u
#define EBB_BOARD_TIMER_HZ 16000000u /* the tests' reference SysTick, 16 MHz (TIMER0 at 8 MHz when SysTick is the time driver) */

/* Console: UART0 on the USB interface chip's pins P0.24 (TX), P0.25 (RX). */
#define EBB_BOARD_CONSOLE_TXD_PIN 24u
#define EBB_BOARD_CONSOLE_RXD_PIN 25u
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif

/* LED: the top-left LED of the 5x5 matrix, row 1 (P0.13, high) and
 * column 1 (P0.4, low). */
#define EBB_BOARD_LED_ROW_PIN 13u
#define EBB_BOARD_LED_COL_PIN 4u

/* Buttons A/B (P0.17/P0.26) cannot be pressed in QEMU: the virtual button
 * pends SWI0 (IRQ 20) and the finger's executor runs in SWI1 (IRQ 21), the
 * chip's software interrupts. */
#define EBB_BOARD_BUTTON_IRQ 20u
#define EBB_BOARD_BUTTON_HANDLER SWI0_IRQHandler
#define EBB_BOARD_HAS_FINGER 1
#define EBB_BOARD_FINGER_IRQ 21u
#define EBB_BOARD_FINGER_HANDLER SWI1_IRQHandler
#define EBB_BOARD_PRIO_FINGER 1u

/* The other software interrupts, free for applications and tests. */
#define EBB_BOARD_SPARE0_IRQ 22u
#define EBB_BOARD_SPARE0_HANDLER SWI2_IRQHandler
#define EBB_BOARD_SPARE1_IRQ 23u
#define EBB_BOARD_SPARE1_HANDLER SWI3_IRQHandler
/* The line tests/firmware's interrupt-executor test uses. */
#define EBB_BOARD_SPARE_IRQ EBB_BOARD_SPARE1_IRQ
#define EBB_BOARD_SPARE_IRQ_HANDLER EBB_BOARD_SPARE1_HANDLER

/* Application executor levels (EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE) on
 * the spare lines, as every Cortex-M board (ebb_board.h), at this chip's
 * priorities: the Cortex-M0 has four (0..3, the ceiling at 1), so level 2
 * shares the button's (2) and level 1 the time driver's and the console's
 * (3), above thread mode; equal priorities do not preempt each other. */
#define EBB_BOARD_PREEMPT1_PRIO 3u
#define EBB_BOARD_PREEMPT2_PRIO 2u

#endif
