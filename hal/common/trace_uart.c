/* trace_uart.c - the trace stream out of a UART in frames; see
 * ebb_trace_uart.h. */
#include "ebb_trace_uart.h"

#include "ebb/contract.h"
#include "ebb/driver/list.h"

EBB_MODULE("trace_uart");

/* CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection. */
static uint16_t crc16(const uint8_t *p, uint16_t n)
{
    uint16_t crc = 0xFFFFu;
    for (uint16_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (unsigned b = 0; b < 8u; b++) {
            crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
        }
    }
    return crc;
}

uint16_t ebb_trace_uart_frame(uint8_t *frame, const uint8_t *payload, uint16_t n)
{
    /* Consistent Overhead Byte Stuffing: each zero of the data becomes the
     * distance to the next one, kept in the byte where a run starts; a
     * run is at most 254 bytes, so with n + 2 <= 254 there is one
     * overhead byte. */
    uint16_t const crc = crc16(payload, n);
    uint16_t o = 0, code_at, i;
    uint8_t code = 1;
    frame[o++] = 0;
    code_at = o++;
    for (i = 0; i < n + 2u; i++) {
        uint8_t const b = i < n ? payload[i] : (uint8_t)(i == n ? crc : crc >> 8);
        if (b == 0) {
            frame[code_at] = code;
            code_at = o++;
            code = 1;
        } else {
            frame[o++] = b;
            code++;
        }
    }
    frame[code_at] = code;
    frame[o++] = 0;
    return o;
}

#if EBB_CONFIG_TRACE

static ebb_poll_t drain_poll(ebb_task *self, ebb_cx *cx)
{
    ebb_trace_uart *d = EBB_CONTAINER_OF(self, ebb_trace_uart, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        {
            uint8_t payload[EBB_TRACE_UART_PAYLOAD];
            size_t const n = ebb_trace_take(payload, sizeof payload);
            d->len = n != 0 ? ebb_trace_uart_frame(d->frame, payload, (uint16_t)n) : 0u;
        }
        if (d->len == 0) {
            EBB_AWAIT(ebb_sleep_for(&d->timer, EBB_CONFIG_TRACE_UART_PERIOD));
        } else {
            EBB_AWAIT(ebb_uart_write(&d->op, d->uart, d->frame, d->len));
        }
    }
    EBB_END();
}

int ebb_trace_uart_start(ebb_trace_uart *d, ebb_executor *ex, ebb_uart *uart)
{
    /* Started before (running, or cancelled and still queued): its task,
     * timer and write may be linked, and writing over them would cut their
     * lists - refused, nothing changes.  Otherwise nothing links `d`. */
    if (ebb_task_state(&d->task) == EBB_TASK_RUNNING || ebb_node_linked(&d->task.node)) {
        return EBB_EBUSY;
    }
    EBB_SET_UNLINKED(*d, (ebb_trace_uart){.task = EBB_TASK_INITIALIZER(drain_poll), .uart = uart,
                                          .timer = EBB_TIMER_INITIALIZER});
    ebb_trace_claim();
    return ebb_task_spawn(ex, &d->task);
}

#endif
