/* ebb_board_config.h - QEMU virt, RV32IMAC (-M virt -bios none).
 * Addresses and interrupt numbers measured on QEMU 7.2 (docs/boards.md,
 * "qemu-riscv-virt"). */
#ifndef EBB_BOARD_CONFIG_H
#define EBB_BOARD_CONFIG_H

#define EBB_BOARD_NAME "qemu-riscv-virt"
/* QEMU does not model a core clock; under -icount shift=0 one instruction
 * takes 1 ns of virtual time, which is what this figure means. */
#define EBB_BOARD_CORE_HZ 1000000000u

/* CLINT (ACLINT MSWI + MTIMER), hart 0 */
#define EBB_VIRT_MSIP 0x02000000u
#define EBB_VIRT_MTIMECMP 0x02004000u
#define EBB_VIRT_MTIME 0x0200BFF8u
#define EBB_VIRT_MTIME_HZ 10000000u

/* PLIC, context 0 = hart 0 machine mode */
#define EBB_VIRT_PLIC 0x0C000000u
#define EBB_VIRT_PLIC_CONTEXT 0u

/* 16550 UART (QEMU's first -serial), PLIC source 10, 3.6864 MHz input */
#define EBB_VIRT_UART 0x10000000u
#define EBB_VIRT_UART_IRQ 10u
#define EBB_VIRT_UART_CLK_HZ 3686400u

/* SiFive test device: a 32-bit write ends QEMU; 0x5555 = exit status 0,
 * (code << 16) | 0x3333 = exit status `code`. */
#define EBB_VIRT_TEST 0x00100000u

/* Console receive ring (a power of two). */
#ifndef EBB_BOARD_CONSOLE_RX_SIZE
#define EBB_BOARD_CONSOLE_RX_SIZE 64u
#endif
/* PLIC priority of the console (1..7). */
#ifndef EBB_BOARD_PRIO_CONSOLE
#define EBB_BOARD_PRIO_CONSOLE 1u
#endif

/* The virtual button's scripted finger runs on the top software-interrupt
 * executor level (EBB_CONFIG_RV_SWI_LEVELS), above any level an
 * application uses. */
#define EBB_BOARD_HAS_FINGER 1

/* Application executor levels (EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE): the
 * software-interrupt levels below the finger's. */
#define EBB_BOARD_PREEMPT_LEVELS (EBB_CONFIG_RV_SWI_LEVELS - 1)

#endif
