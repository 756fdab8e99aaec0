/*
 * ebb_nrf51_uart.h - the nRF51 UART as an ebb UART (ebb_uart.h): a write
 * completes when its last byte has been sent (TXDRDY); the RXDRDY interrupt
 * fills the class's ring once ebb_uart_rx_start() turns the receiver on.
 *
 * The UART has no "transmit buffer empty" status: the driver keeps one byte
 * in flight and sends the next one from the TXDRDY interrupt.  Hardware
 * overruns (ERRORSRC.OVERRUN) are counted with the bytes lost to a full
 * ring.
 */
#ifndef EBB_NRF51_UART_H
#define EBB_NRF51_UART_H

#include <stdint.h>

#include "ebb_uart.h"
#include "ebb_nrf51_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An nRF51 UART.  Applications use its `uart` (ebb_uart.h). */
typedef struct ebb_nrf51_uart {
    ebb_uart uart;
    uintptr_t base;
    volatile uint8_t tx_busy; /* a byte is in flight (TXDRDY pending) */
} ebb_nrf51_uart;

/**
 * Set up the UART at `base` (EBB_NRF51_UART0_BASE) for 8N1 at 115200 baud
 * on pins `txd_pin`/`rxd_pin`, transmitter on, receiver off
 * (ebb_uart_rx_start turns it on), and enable its interrupt `irq` at
 * logical priority `prio`.
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_nrf51_uart_init(ebb_nrf51_uart *u, uintptr_t base, unsigned irq, unsigned txd_pin,
                         unsigned rxd_pin, unsigned prio);

/** The interrupt handler body (UART0_IRQHandler).
 *  Context: interrupt.  Cost: a byte moved, plus a wake when a write
 *  completes or a byte arrives. */
void ebb_nrf51_uart_isr(ebb_nrf51_uart *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_NRF51_UART_H */
