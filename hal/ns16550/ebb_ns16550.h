/*
 * ebb_ns16550.h - a 16550-compatible UART (the PC16550D register set: byte
 * registers at base + n << reg_shift) as an ebb UART (ebb_uart.h): a write
 * completes when the transmitter has taken its last byte; the receive
 * interrupt fills the class's ring once ebb_uart_rx_start() turns the
 * receiver on.  Hardware overruns (LSR.OE) are counted with the bytes lost
 * to a full ring.
 *
 * Completion: the 16550 has no "transmitter empty" interrupt, only "holding
 * register / FIFO empty" (THRE).  A write is READY at the THRE after its
 * last byte, i.e. when that byte is in the shift register; a following
 * ebb_uart_write_blocking() waits for TEMT before it returns.
 *
 * QEMU note: QEMU's 16550 passes each byte to its character backend as it
 * is written and sets THRE again at once, unless the backend is busy (a
 * full pipe), in which case THRE stays clear and the THRE interrupt comes
 * later.  A write on QEMU therefore usually completes within its first poll;
 * the interrupt path runs when the host does not keep up.
 */
#ifndef EBB_NS16550_H
#define EBB_NS16550_H

#include <stdint.h>

#include "ebb_uart.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A 16550.  Applications use its `uart` (ebb_uart.h). */
typedef struct ebb_ns16550 {
    ebb_uart uart;
    uintptr_t base;
    uint8_t shift; /* register spacing: 1 << shift bytes */
    uint8_t ier;   /* interrupt enables as last written (IER) */
} ebb_ns16550;

/**
 * Set up the UART at `base` (registers 1 << `reg_shift` bytes apart) for
 * 8N1 at `baud` from its input clock `clk_hz` (divisor = clk / (16 baud),
 * rounded), FIFOs on, transmitter on, receiver interrupt off
 * (ebb_uart_rx_start turns it on).  The board routes the UART's interrupt
 * to ebb_ns16550_isr().
 * Contract ns16550:1 - baud > 0 (always checked: the divisor is 1, no
 * division by zero).
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_ns16550_init(ebb_ns16550 *u, uintptr_t base, unsigned reg_shift, uint32_t clk_hz,
                      uint32_t baud);

/** The interrupt handler body.  Context: interrupt.  Cost: the bytes moved
 *  plus a wake when a write completes or bytes arrive. */
void ebb_ns16550_isr(ebb_ns16550 *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_NS16550_H */
