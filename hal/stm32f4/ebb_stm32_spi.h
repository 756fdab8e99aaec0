/*
 * ebb_stm32_spi.h - the STM32F4 SPI (RM0390 section 26) as an ebb SPI
 * master (the class is ebb_spi.h: an application uses ebb_spi_configure()
 * and ebb_spi_transfer() on the object this driver initialises).
 *
 * Interrupt driven, never waiting for the bus: one byte in flight, and the
 * RXNE interrupt takes its echo and hands over the next (TXE is always set
 * by then, so its interrupt stays off).  One byte at a time leaves a gap of
 * one interrupt between bytes, and it can never overrun the receiver,
 * whatever the interrupt latency.  Master mode with software slave
 * management (SSM = SSI = 1): NSS is free for a GPIO chip select of the
 * application's.  The pins' alternate functions are the board's.
 *
 * An echo already in when its byte was handed over (a bus clock near the
 * CPU's) pends the interrupt line by software: every byte gets an
 * interrupt of its own, with the lock released in between.
 *
 * QEMU 7.2's netduinoplus2 (measured, tests/firmware/test_spi.c): a store
 * to DR is transferred at once, RXNE set in the same access; with nothing
 * on the bus every byte received is 0; no loop-back; the model raises no
 * interrupt at all (the software pend above drives the transfer there).
 */
#ifndef EBB_STM32_SPI_H
#define EBB_STM32_SPI_H

#include <stdint.h>

#include "ebb_spi.h"
#include "regs/spi.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The STM32F4 SPI's hooks for the SPI class. */
extern const ebb_spi_ops ebb_stm32_spi_ops;

/** Initializer of an ebb_spi on the SPI at `base` (EBB_STM32_SPIn_BASE),
 *  interrupt line `irq` (EBB_STM32_IRQ_SPIn) at logical priority `prio`
 *  (>= the port's ceiling), on an APB bus clocked at `pclk_hz`.  Then
 *  ebb_spi_configure() clocks it, sets mode and rate; the application's
 *  SPIn_IRQHandler calls ebb_spi_isr(). */
#define EBB_STM32_SPI_INITIALIZER(base, irq, pclk_hz, prio)                                        \
    EBB_SPI_INITIALIZER(&ebb_stm32_spi_ops, (base), (irq), (pclk_hz), (prio), 1u)

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_SPI_H */
