/*
 * ebb_stm32_usart.h - interrupt-driven USART: an async write that completes
 * when the last byte has left the shift register, and an async read from a
 * ring buffer filled by the RXNE interrupt.
 *
 * One write transmits at a time; other writers wait their turn in FIFO order.
 * Received bytes that do not fit in the ring, and hardware overruns (ORE),
 * are counted in `overruns` and dropped: the ring never holds corrupted data.
 *
 * QEMU note: QEMU's USART sends synchronously, reports TXE and TC always set
 * and never raises TXEIE/TCIE.  The driver writes while TXE is set and only
 * enables TXEIE/TCIE when it is not, which is exactly right on hardware too;
 * on QEMU a write therefore completes within its first poll.
 */
#ifndef EBB_STM32_USART_H
#define EBB_STM32_USART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "regs/usart.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_usart {
    ebb_stm32_usart_regs *regs;
    /* transmit */
    const uint8_t *tx_ptr, *tx_end;
    const ebb_wait *tx_owner; /* the write in progress, NULL when idle */
    ebb_list tx_done;         /* its task, until the last byte is out */
    ebb_list tx_turn;         /* writers waiting for the transmitter */
    /* receive: a single-producer (ISR) single-consumer ring */
    uint8_t *rx_buf;
    uint16_t rx_mask;         /* size - 1, size a power of two */
    volatile uint16_t rx_head; /* written by the ISR */
    volatile uint16_t rx_tail; /* written by the reader */
    ebb_list rx_waiters;
    volatile uint32_t overruns; /* bytes lost: ring full or hardware ORE */
} ebb_usart;

/** State of one write; embed it in the task's state.  Zero-initialise. */
typedef struct ebb_usart_write_op {
    ebb_wait wait;
    uint8_t started;
} ebb_usart_write_op;

/**
 * Set up USART `regs_base` (EBB_STM32_USARTn_BASE) for 8N1 at `baud` from
 * its bus clock `pclk_hz` (BRR = pclk / baud, rounded; 16x oversampling),
 * with a receive ring of `rx_size` bytes (a power of two, 2..32768) at
 * `rx_buf`, and enable its NVIC line `irq` at logical priority `prio`
 * (>= the port's ceiling).  Enables the peripheral clock of USART1/2/3/6.
 * The pins are configured by the board (ebb_gpio_alternate).
 * Contract usart:1 - rx_buf != NULL, rx_size a power of two >= 2, baud > 0.
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_usart_init(ebb_usart *u, uintptr_t regs_base, unsigned irq, uint32_t pclk_hz,
                    uint32_t baud, uint8_t *rx_buf, uint16_t rx_size, unsigned prio);

/**
 * Awaitable: transmit `len` bytes at `data` (which must stay valid until
 * READY); READY once the last stop bit is out.  Cancelling stops the
 * transmission after the byte in flight.
 * Context: task.  Cost: per byte one interrupt on hardware (none on QEMU).
 */
ebb_poll_t ebb_usart_write(ebb_usart_write_op *op, ebb_usart *u, const void *data, size_t len);

/**
 * Awaitable: wait until at least one byte has been received, then copy up to
 * `max` (> 0) bytes into `buf` and set *got.  Bytes stay in the ring until
 * read, so a cancelled read loses nothing.
 * Context: task (one reader per USART).  Cost: O(bytes copied).
 */
ebb_poll_t ebb_usart_read(ebb_wait *w, ebb_usart *u, void *buf, size_t max, size_t *got);

/** Bytes waiting in the receive ring.  Context: any.  Cost: 2 loads. */
static inline uint16_t ebb_usart_rx_count(const ebb_usart *u)
{
    return (uint16_t)(u->rx_head - u->rx_tail);
}

/** Bytes lost so far (ring full or hardware overrun).  Context: any. */
static inline uint32_t ebb_usart_overruns(const ebb_usart *u)
{
    return u->overruns;
}

/**
 * Transmit by polling, bypassing the interrupt path (console output from
 * fault handlers and panics).  Returns when the last byte is out.
 * Context: any.  Cost: the transmission time, spinning.
 */
void ebb_usart_write_blocking(ebb_usart *u, const void *data, size_t len);

/** The interrupt handler body; call it from USARTn_IRQHandler.
 *  Context: interrupt.  Cost: one byte moved, plus a wake when a write
 *  completes or a byte arrives. */
void ebb_usart_isr(ebb_usart *u);

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_USART_H */
