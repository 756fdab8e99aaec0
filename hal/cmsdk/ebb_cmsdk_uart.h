/*
 * ebb_cmsdk_uart.h - the CMSDK APB UART as an ebb UART (ebb_uart.h): a
 * write completes when its last byte has been accepted by the transmitter;
 * the receive interrupt fills the class's ring.
 *
 * The CMSDK UART has a one-byte transmit buffer and no "transmission
 * complete" flag: its TX interrupt is raised each time the buffer empties.
 * The driver writes while TXFULL is clear and only enables the TX interrupt
 * when it is set, so a write completes when its last byte has moved into
 * the shifter (one character time before the stop bit on hardware).
 * Hardware receive overruns (STATE.RXOVR) are counted with the bytes lost
 * to a full ring.
 *
 * QEMU 7.2 (measured): the transmitter sends synchronously, TXFULL never
 * reads 1, so an async write completes within its first poll; INTSTATUS.TX
 * is set after each byte only while CTRL.TXIE is set.
 */
#ifndef EBB_CMSDK_UART_H
#define EBB_CMSDK_UART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb_uart.h"
#include "ebb_cmsdk_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A CMSDK UART.  Applications use its `uart` (ebb_uart.h). */
typedef struct ebb_cmsdk_uart {
    ebb_uart uart;
    ebb_cmsdk_uart_regs *regs;
} ebb_cmsdk_uart;

/**
 * Set up the UART at `regs_base` for 8N1 at `baud` from its APB clock
 * `pclk_hz` (BAUDDIV = pclk / baud, at least 16), transmitter on, receiver
 * off (ebb_uart_rx_start turns it on), and enable its interrupt lines
 * `rx_irq` and `tx_irq` (equal when the machine wires one combined line) at
 * logical priority `prio` (>= the port's ceiling).
 * Contract cmsdk_uart:1 - baud > 0 and pclk_hz / baud >= 16 (contracts off:
 * the divisor is written as computed, 16 for a baud of 0).
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_cmsdk_uart_init(ebb_cmsdk_uart *u, uintptr_t regs_base, unsigned rx_irq, unsigned tx_irq,
                         uint32_t pclk_hz, uint32_t baud, unsigned prio);

/** The interrupt handler body, for the RX, TX (or combined) vector.
 *  Context: interrupt.  Cost: a byte moved, plus a wake when a write
 *  completes or a byte arrives. */
void ebb_cmsdk_uart_isr(ebb_cmsdk_uart *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_CMSDK_UART_H */
