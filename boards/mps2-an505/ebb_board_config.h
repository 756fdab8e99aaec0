/* ebb_board_config.h - QEMU mps2-an505 (Cortex-M33 in an SSE-200, 20 MHz),
 * Secure state: every peripheral through its Secure alias (0x5xxxxxxx). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "mps2-an505"
#define EBB_BOARD_CORE_HZ 20000000u /* MAINCLK; timers and UARTs count it too */
#define EBB_BOARD_TIMER_HZ 20000000u

/* Console: CMSDK UART0 of the AN505 expansion; its combined interrupt (42)
 * carries RX and TX. */
#define EBB_BOARD_CONSOLE_BASE 0x50200000u
#define EBB_BOARD_CONSOLE_RX_IRQ 42u
#define EBB_BOARD_CONSOLE_TX_IRQ 42u
#define EBB_BOARD_CONSOLE_RX_HANDLER UART0_IRQHandler
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif

/* Time: the SSE-200's TIMER1 runs free, TIMER0 serves alarms; its dual
 * timer is the tests' reference clock. */
#define EBB_BOARD_TIME_COUNTER_BASE 0x50001000u
#define EBB_BOARD_TIME_COUNTER_IRQ 4u
#define EBB_BOARD_TIME_COUNTER_HANDLER TIMER1_IRQHandler
#define EBB_BOARD_TIME_ALARM_BASE 0x50000000u
#define EBB_BOARD_TIME_ALARM_IRQ 3u
#define EBB_BOARD_TIME_ALARM_HANDLER TIMER0_IRQHandler
#define EBB_BOARD_DUALTIMER_BASE 0x50002000u

/* SPI: the AN505 expansion's SPI0, a PL022 on interrupt 51, clocked at
 * MAINCLK; ebb_board_spi (ebb_board.h).  Its Secure alias answers a
 * Secure access with the peripheral protection controller as reset. */
#define EBB_BOARD_HAS_SPI 1
#define EBB_BOARD_SPI_HEADER "ebb_pl022.h"
#define EBB_BOARD_SPI_INITIALIZER                                              \
    EBB_PL022_SPI_INITIALIZER(0x50205000u, 51u, EBB_BOARD_CORE_HZ, EBB_BOARD_PRIO_SPI)
#define EBB_BOARD_SPI_HANDLER IRQ51_IRQHandler

/* LED 0 of the FPGA I/O block. */
#define EBB_BOARD_FPGAIO_BASE 0x50302000u

/* DMA: four PL081 controllers (hal/pl081) at 0x50110000 + 0x1000 * n
 * (Secure aliases; the AHB expansion PPC lets Secure privileged accesses
 * through from reset), each with a combined interrupt (used by ebb) and
 * separate error and terminal-count lines (58/56/57, 61/59/60, 64/62/63,
 * 67/65/66). */
#define EBB_BOARD_DMA0_BASE 0x50110000u
#define EBB_BOARD_DMA0_IRQ 58u
#define EBB_BOARD_DMA0_HANDLER DMA0_IRQHandler
#define EBB_BOARD_DMA1_BASE 0x50111000u
#define EBB_BOARD_DMA1_IRQ 61u
#define EBB_BOARD_DMA1_HANDLER DMA1_IRQHandler

/* No GPIO input is modelled: the virtual button pends IRQ 95 and the
 * finger's executor runs in IRQ 94 (expansion lines no device drives). */
#define EBB_BOARD_BUTTON_IRQ 95u
#define EBB_BOARD_BUTTON_HANDLER IRQ95_IRQHandler
#define EBB_BOARD_HAS_FINGER 1
#define EBB_BOARD_FINGER_IRQ 94u
#define EBB_BOARD_FINGER_HANDLER IRQ94_IRQHandler
#define EBB_BOARD_PRIO_FINGER 1u

/* Two more lines no device drives, free for applications and tests. */
#define EBB_BOARD_SPARE0_IRQ 92u
#define EBB_BOARD_SPARE0_HANDLER IRQ92_IRQHandler
#define EBB_BOARD_SPARE1_IRQ 93u
#define EBB_BOARD_SPARE1_HANDLER IRQ93_IRQHandler
/* The line tests/firmware's interrupt-executor test uses. */
#define EBB_BOARD_SPARE_IRQ EBB_BOARD_SPARE1_IRQ
#define EBB_BOARD_SPARE_IRQ_HANDLER EBB_BOARD_SPARE1_HANDLER

#endif
