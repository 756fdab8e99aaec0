/*
 * test_uart_rx - received bytes that do not fit are counted, never mixed in.
 *
 * The host types 100 bytes ("00".."99" cycling digits) while the firmware
 * does not read.  The 64-byte ring keeps the first 64, the other 36 are
 * counted as overruns; reading then returns exactly the first 64 in order.
 * Typed input arrives on host time, so this test runs without -icount and
 * waits for 1 s of silence before reading.
 */
#include "fwtest.h"

#define TYPED 100u

struct reader {
    ebb_task task;
    ebb_wait wait;
    uint8_t buf[128];
    size_t got, n;
};

static ebb_poll_t reader_poll(ebb_task *self, ebb_cx *cx)
{
    struct reader *r = EBB_CONTAINER_OF(self, struct reader, task);
    EBB_BEGIN(cx, &self->co);
    while (ebb_uart_rx_count(ebb_board_console) != 0) {
        EBB_AWAIT(ebb_uart_read(&r->wait, ebb_board_console, r->buf + r->got,
                                 sizeof r->buf - r->got, &r->n));
        r->got += r->n;
    }
    EBB_END();
}

static EBB_TASK_DEFINE(reader, struct reader, reader_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_uart_rx ready\n");
    /* Wait for the typing to end: 1 s without a new byte or overrun. */
    uint32_t seen = 0;
    ebb_ticks quiet_since = ebb_now();
    while (seen == 0 || ebb_now() - quiet_since < EBB_MS(1000)) {
        uint32_t now_seen = ebb_uart_rx_count(ebb_board_console) +
                            ebb_uart_overruns(ebb_board_console);
        if (now_seen != seen) {
            seen = now_seen;
            quiet_since = ebb_now();
        }
    }
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &reader.task) == EBB_OK);
    while (ebb_task_state(&reader.task) == EBB_TASK_RUNNING) {
        (void)ebb_executor_poll(&exec);
    }
    ebb_board_puts("received ");
    fw_put_u64(reader.got);
    ebb_board_puts(", overruns ");
    fw_put_u64(ebb_uart_overruns(ebb_board_console));
    ebb_board_puts("\n");
    FW_CHECK(reader.got == 64u);
    FW_CHECK(ebb_uart_overruns(ebb_board_console) == TYPED - 64u);
    for (size_t i = 0; i < reader.got; i++) {
        FW_CHECK(reader.buf[i] == (uint8_t)('0' + i % 10u));
    }
    ebb_board_puts("PASS\n");
    return 0;
}
