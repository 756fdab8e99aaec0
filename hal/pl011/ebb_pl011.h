/*
 * ebb_pl011.h - the Arm PrimeCell UART (PL011) as an ebb UART (ebb_uart.h):
 * FIFOs on, a write completes when its last byte has been accepted by the
 * transmit FIFO; the receive and receive-timeout interrupts fill the class's
 * ring once ebb_uart_rx_start() turns the receiver on.  Overrun errors
 * (RSR.OE) are counted with the bytes lost to a full ring.
 *
 * Registers from the PL011 Technical Reference Manual (Arm DDI 0183),
 * "Summary of registers" and "Register descriptions".
 *
 * QEMU 7.2 (lm3s6965evb, measured by boards/template's tests): the
 * transmitter sends synchronously and FR.TXFF never reads 1, so a write
 * completes within its first poll.
 */
#ifndef EBB_PL011_H
#define EBB_PL011_H

#include <stdint.h>

#include "ebb_uart.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A PL011.  Applications use its `uart` (ebb_uart.h). */
typedef struct ebb_pl011 {
    ebb_uart uart;
    uintptr_t base;
} ebb_pl011;

/**
 * Set up the PL011 at `base` for 8N1 at `baud` from its reference clock
 * `uartclk_hz` (divisor = uartclk / (16 baud) in 16.6 fixed point, as the
 * manual's IBRD/FBRD), FIFOs on, transmitter on, receiver off
 * (ebb_uart_rx_start turns it on), and enable its interrupt `irq` at
 * logical priority `prio` (>= the port's ceiling).
 * Contract pl011:1 - baud > 0 and uartclk_hz / baud >= 16 (always checked:
 * the divisor is clamped to 1.0).
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_pl011_init(ebb_pl011 *u, uintptr_t base, unsigned irq, uint32_t uartclk_hz, uint32_t baud,
                    unsigned prio);

/** The interrupt handler body (the UART's vector).  Context: interrupt.
 *  Cost: the bytes moved, plus a wake when a write completes or bytes
 *  arrive. */
void ebb_pl011_isr(ebb_pl011 *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_PL011_H */
