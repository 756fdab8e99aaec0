/*
 * ebb_stm32_usart.h - interrupt-driven USART: an async write that completes
 * when the last byte has left the shift register, and an async read from a
 * ring buffer filled by the RXNE interrupt.
 *
 * One write transmits at a time; other writers wait their turn in FIFO order.
 * Receiving is optional (ebb_usart_rx_start attaches a ring): received bytes
 * that do not fit in the ring, and hardware overruns (ORE), are counted in
 * `overruns` and dropped: the ring never holds corrupted data.
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

#include "ebb/driver/list.h"
#include "ebb/task.h"
#include "ebb/wait.h"
#include "ebb_uart.h"
#include "regs/usart.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ebb_usart ebb_usart;

/* Receive side, attached by ebb_usart_rx_start(): the ring every UART driver
 * shares (hal/common/ebb_uart.h), and what lets the receive interrupt find
 * it from its USART.  Kept apart from ebb_usart - the USART holds no
 * pointer to it - so that a USART that only transmits (a console nobody
 * types into) costs no receive RAM at all; a receiving one pays 8 bytes
 * here and the program 4 (usart_rx.c's list of started receivers). */
typedef struct ebb_usart_rx {
    ebb_uart_rx ring;
    ebb_usart *usart;          /* the USART it receives from */
    struct ebb_usart_rx *next; /* the next started receiver */
} ebb_usart_rx;

struct ebb_usart {
    ebb_stm32_usart_regs *regs;
    const uint8_t *tx_ptr, *tx_end; /* bytes not yet handed to the hardware */
    /* The write that owns the transmitter waits on tx_done until the end
     * of its transmission fires it (busy <=> tx_done is not empty); the
     * writers waiting for their turn wait on tx_turn, and each end of a
     * transmission hands the turn to the first of them: O(1) in the
     * interrupt, whatever the number of writers. */
    ebb_waitlist tx_done;
    ebb_waitlist tx_turn;
};

/** State of one write (the type every ebb UART driver shares). */
typedef ebb_uart_write_op ebb_usart_write_op;

/**
 * Set up USART `regs_base` (EBB_STM32_USARTn_BASE) for 8N1 at `baud` from
 * its bus clock `pclk_hz` (BRR = pclk / baud, rounded; 16x oversampling),
 * transmit only, and enable its NVIC line `irq` at logical priority `prio`
 * (>= the port's ceiling).  Enables the peripheral clock of USART1/2/3/6.
 * The pins are configured by the board (ebb_gpio_alternate).
 * Contract usart:1 - baud > 0.
 * Context: main/init.  Cost: a few register writes.
 */
void ebb_usart_init(ebb_usart *u, uintptr_t regs_base, unsigned irq, uint32_t pclk_hz,
                    uint32_t baud, unsigned prio);

/**
 * Start receiving on `u` into the ring `rx` of `size` bytes at `buf` (a
 * power of two, 2..32768): from now on the RXNE interrupt fills it and
 * ebb_usart_read() takes from it.  Before this call (or without it) the
 * receiver is off and received bytes are not looked at.  Starting a
 * receiver again (the same `rx` on the same `u`) only resets its ring.
 * Contract usart:3 - buf != NULL, size a power of two >= 2.
 * Context: main/init, after ebb_usart_init.  Cost: a few stores, and
 * O(started receivers) to find whether `rx` is one.
 */
void ebb_usart_rx_start(ebb_usart *u, ebb_usart_rx *rx, uint8_t *buf, uint16_t size);

/**
 * The receiver started on `u` (ebb_usart_rx_start), or NULL.
 * Context: any.  Cost: O(started receivers) - one compare in a program
 * with one; none in a program that starts none (usart.c's default then
 * answers NULL, and no receiver code is linked).
 */
ebb_usart_rx *ebb_usart_rx_of(const ebb_usart *u);

/**
 * Awaitable: transmit `len` bytes at `data` (which must stay valid until
 * READY); READY once the last stop bit is out.  Cancelling stops the
 * transmission after the byte in flight.
 * Context: task.  Cost: per byte one interrupt on hardware (none on QEMU).
 */
EBB_AWAITABLE ebb_poll_t ebb_usart_write(ebb_cx *cx, ebb_usart_write_op *op, ebb_usart *u, const void *data, size_t len);
#define ebb_usart_write(...) EBB_AWAITABLE_CALL(ebb_usart_write, __VA_ARGS__)

/**
 * Awaitable: wait until at least one byte has been received, then copy up to
 * `max` (> 0) bytes into `buf` and set *got.  Bytes stay in the ring until
 * read, so a cancelled read loses nothing.
 * Contract usart:2 - the receiver was started (ebb_usart_rx_start); with
 * contracts off such a read stays pending for ever.
 * Context: task (one reader per USART).  Cost: O(bytes copied).
 */
EBB_AWAITABLE ebb_poll_t ebb_usart_read(ebb_cx *cx, ebb_wait *w, ebb_usart *u, void *buf, size_t max, size_t *got);
#define ebb_usart_read(...) EBB_AWAITABLE_CALL(ebb_usart_read, __VA_ARGS__)

/** Bytes waiting in the receive ring (0 without one).  Context: any.
 *  Cost: ebb_usart_rx_of() and 2 loads. */
static inline uint16_t ebb_usart_rx_count(const ebb_usart *u)
{
    const ebb_usart_rx *rx = ebb_usart_rx_of(u);
    return rx != NULL ? (uint16_t)(rx->ring.head - rx->ring.tail) : 0u;
}

/** Bytes lost so far (ring full or hardware overrun; 0 without a ring).
 *  Context: any.  Cost: ebb_usart_rx_of() and a load. */
static inline uint32_t ebb_usart_overruns(const ebb_usart *u)
{
    const ebb_usart_rx *rx = ebb_usart_rx_of(u);
    return rx != NULL ? rx->ring.overruns : 0u;
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

/* Internal: the handler's receive half (usart_rx.c). */
void ebb__usart_rx_isr(ebb_usart *u, uint32_t sr);

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_USART_H */
