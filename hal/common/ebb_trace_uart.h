/** @file
 * ebb_trace_uart.h - the trace stream (ebb/trace.h) out of a UART, in
 * frames, for a board without semihosting or a debugger attached: a task
 * takes the stream (ebb_trace_take) and writes it with ebb_uart_write(), so
 * its frames take turns with the UART's other writers and never
 * interleave with them.
 *
 * A frame is 0x00, then the COBS encoding of up to 96 bytes of the stream
 * followed by their CRC-16/CCITT-FALSE (little-endian), then 0x00: no zero
 * inside, so a reader finds frames in any byte stream - text between them
 * included - and drops a damaged one whole.  scripts/ebb_trace.py --frames
 * reads a capture of the UART.
 *
 * Use a UART the trace does not record per byte: the task's own writes
 * are traced (a few records per frame), and a UART whose transmit
 * interrupt runs per byte adds two records per byte sent, more than the
 * frame carried.  On QEMU the UARTs send at once.
 */
#ifndef EBB_TRACE_UART_H
#define EBB_TRACE_UART_H

#include <stdint.h>

#include "ebb/config.h"
#include "ebb/executor.h"
#include "ebb/task.h"
#include "ebb/time.h"
#include "ebb/trace.h"
#include "ebb_uart.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Stream bytes per frame: eight records. */
#define EBB_TRACE_UART_PAYLOAD 96u

/** How long the task sleeps when the ring is empty. */
#ifndef EBB_CONFIG_TRACE_UART_PERIOD
#define EBB_CONFIG_TRACE_UART_PERIOD EBB_MS(5)
#endif

/** The draining task and its frame (static; members private). */
typedef struct ebb_trace_uart {
    ebb_task task;
    ebb_uart *uart;
    ebb_timer timer;
    ebb_uart_write_op op;
    uint16_t len;
    /* delimiters, COBS overhead byte, payload and CRC */
    uint8_t frame[EBB_TRACE_UART_PAYLOAD + 2u + 1u + 2u];
} ebb_trace_uart;

#if EBB_CONFIG_TRACE
/**
 * Claim the trace stream (ebb_trace_claim: the idle loop's semihosting
 * flush stops) and spawn `d`'s task on `ex`, which writes it to `uart` in
 * frames from now on.  Returns ebb_task_spawn()'s result, or EBB_EBUSY
 * with nothing changed when `d` was started before and its task is still
 * running or queued.
 * Context: init, after the UART is set up.  Cost: one spawn; then per
 * frame a take, an encoding of about 100 bytes and one UART write.
 */
EBB_MUST_CHECK int ebb_trace_uart_start(ebb_trace_uart *d, ebb_executor *ex, ebb_uart *uart);
#endif

/**
 * Encode `n` (<= EBB_TRACE_UART_PAYLOAD) stream bytes at `payload` as one
 * frame into `frame` (room for EBB_TRACE_UART_PAYLOAD + 5 bytes); returns
 * its length.  Context: any.  Cost: O(n).
 */
uint16_t ebb_trace_uart_frame(uint8_t *frame, const uint8_t *payload, uint16_t n);

#ifdef __cplusplus
}
#endif

#endif /* EBB_TRACE_UART_H */
