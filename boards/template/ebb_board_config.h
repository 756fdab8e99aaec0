/* ebb_board_config.h - the template board: QEMU lm3s6965evb (TI Stellaris
 * LM3S6965, Cortex-M3).  Every constant a board defines is here; a copy
 * changes the values (README.md). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "template"
/* The core clock, which SysTick counts: the PLL's 200 MHz divided by 4
 * (board.c's clock_init(); fw.test_core_clock checks it on QEMU). */
#define EBB_BOARD_CORE_HZ 50000000u

/* Console: UART0, a PL011, on QEMU's first -serial. */
#define EBB_BOARD_CONSOLE_BASE 0x4000C000u
#define EBB_BOARD_CONSOLE_IRQ 5u
#define EBB_BOARD_CONSOLE_HANDLER UART0_IRQHandler
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif

/* The virtual button (boards/virtual) on two lines no device of the
 * machine drives: the button's edges pend IRQ 9, the scripted finger's
 * executor runs in IRQ 10.  A board with a real button waits on its GPIO
 * interrupt instead (boards/common/board_common.c does it for EXTI). */
#define EBB_BOARD_BUTTON_IRQ 9u
#define EBB_BOARD_BUTTON_HANDLER IRQ9_IRQHandler
#define EBB_BOARD_HAS_FINGER 1
#define EBB_BOARD_FINGER_IRQ 10u
#define EBB_BOARD_FINGER_HANDLER IRQ10_IRQHandler
#define EBB_BOARD_PRIO_FINGER 1u

/* Two more lines nothing drives, for applications' preemptive executors
 * and the firmware suite (its spare interrupt, an interrupt executor). */
#define EBB_BOARD_SPARE0_IRQ 11u
#define EBB_BOARD_SPARE0_HANDLER IRQ11_IRQHandler
#define EBB_BOARD_SPARE1_IRQ 12u
#define EBB_BOARD_SPARE1_HANDLER IRQ12_IRQHandler
#define EBB_BOARD_SPARE_IRQ EBB_BOARD_SPARE1_IRQ
#define EBB_BOARD_SPARE_IRQ_HANDLER EBB_BOARD_SPARE1_HANDLER

/* No probe pins: the probe macros of ebb_board.h compile to nothing.  A
 * board with spare GPIO defines EBB_BOARD_PROBE_IRQ_HIGH() and the three
 * others here, one store each (boards/common/ebb_board_stm32.h). */

#endif
