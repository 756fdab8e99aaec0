/* ebb_board_config_fpga.h - what the MPS2 FPGA images AN385 (Cortex-M3),
 * AN386 (Cortex-M4) and AN500 (Cortex-M7) share on QEMU: one memory map,
 * one interrupt map, one 25 MHz clock.  Each board's ebb_board_config.h
 * names the board and includes this; AN505 (SSE-200) has a map of its own. */
#ifndef EBB_BOARD_CONFIG_FPGA_H
#define EBB_BOARD_CONFIG_FPGA_H

#define EBB_BOARD_CORE_HZ 25000000u /* SYSCLK; the CMSDK timers and UARTs count it too */
#define EBB_BOARD_TIMER_HZ 25000000u

/* Console: CMSDK UART0 = QEMU's first -serial; RX on IRQ 0, TX on IRQ 1. */
#define EBB_BOARD_CONSOLE_BASE 0x40004000u
#define EBB_BOARD_CONSOLE_RX_IRQ 0u
#define EBB_BOARD_CONSOLE_TX_IRQ 1u
#define EBB_BOARD_CONSOLE_RX_HANDLER UART0RX_IRQHandler
#define EBB_BOARD_CONSOLE_TX_HANDLER UART0TX_IRQHandler
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif

/* Time: TIMER1 runs free, TIMER0 serves alarms; the dual timer is left to
 * applications and tests (an independent reference clock). */
#define EBB_BOARD_TIME_COUNTER_BASE 0x40001000u
#define EBB_BOARD_TIME_COUNTER_IRQ 9u
#define EBB_BOARD_TIME_COUNTER_HANDLER TIMER1_IRQHandler
#define EBB_BOARD_TIME_ALARM_BASE 0x40000000u
#define EBB_BOARD_TIME_ALARM_IRQ 8u
#define EBB_BOARD_TIME_ALARM_HANDLER TIMER0_IRQHandler
#define EBB_BOARD_DUALTIMER_BASE 0x40002000u

/* SPI: the PL022 at 0x40025000, alone on interrupt 22 (the ones at
 * 0x40020000/0x40021000 share line 11, those at 0x40026000/0x40027000
 * line 24), clocked at SYSCLK; ebb_board_spi (ebb_board.h). */
#define EBB_BOARD_HAS_SPI 1
#define EBB_BOARD_SPI_HEADER "ebb_pl022.h"
#define EBB_BOARD_SPI_INITIALIZER                                              \
    EBB_PL022_SPI_INITIALIZER(0x40025000u, 22u, EBB_BOARD_CORE_HZ, EBB_BOARD_PRIO_SPI)
#define EBB_BOARD_SPI_HANDLER IRQ22_IRQHandler

/* LED 0 of the FPGA I/O block. */
#define EBB_BOARD_FPGAIO_BASE 0x40028000u

/* No GPIO input is modelled: the virtual button pends IRQ 31 and the
 * finger's executor runs in IRQ 30 (both unused by the machine). */
#define EBB_BOARD_BUTTON_IRQ 31u
#define EBB_BOARD_BUTTON_HANDLER IRQ31_IRQHandler
#define EBB_BOARD_HAS_FINGER 1
#define EBB_BOARD_FINGER_IRQ 30u
#define EBB_BOARD_FINGER_HANDLER IRQ30_IRQHandler
#define EBB_BOARD_PRIO_FINGER 1u

/* Two more lines no device drives, free for applications and tests
 * (tests/firmware: the spare interrupt, an interrupt executor). */
#define EBB_BOARD_SPARE0_IRQ 26u
#define EBB_BOARD_SPARE0_HANDLER IRQ26_IRQHandler
#define EBB_BOARD_SPARE1_IRQ 27u
#define EBB_BOARD_SPARE1_HANDLER IRQ27_IRQHandler
/* The line tests/firmware's interrupt-executor test uses. */
#define EBB_BOARD_SPARE_IRQ EBB_BOARD_SPARE1_IRQ
#define EBB_BOARD_SPARE_IRQ_HANDLER EBB_BOARD_SPARE1_HANDLER

#endif
