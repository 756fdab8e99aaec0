/*
 * trace_uart.c - the trace stream out of a UART in frames
 * (hal/common/ebb_trace_uart.h), on mps2-an385 built with EBB_TRACE: the
 * drain task writes the stream to the CMSDK UART1 (QEMU's second -serial)
 * while a ticker logs 50 messages; scripts/trace_test.sh captures UART1 to
 * a file, decodes it with scripts/ebb_trace.py --frames and checks the
 * ticker's polls and its last message.
 */
#include "ebb/log.h"
#include "ebb_cmsdk_uart.h"
#include "ebb_trace_uart.h"
#include "fwtest.h"

#define UART1_BASE 0x40005000u
#define UART1_RX_IRQ 2u
#define UART1_TX_IRQ 3u

static ebb_cmsdk_uart uart1;
static ebb_trace_uart drain;
static EBB_EXECUTOR_DEFINE(exec, NULL);

void UART1RX_IRQHandler(void);
void UART1TX_IRQHandler(void);
void UART1RX_IRQHandler(void) { ebb_cmsdk_uart_isr(&uart1); }
void UART1TX_IRQHandler(void) { ebb_cmsdk_uart_isr(&uart1); }

struct ticker {
    ebb_task task;
    ebb_timer timer;
    unsigned n;
};

static ebb_poll_t ticker_poll(ebb_task *self, ebb_cx *cx)
{
    struct ticker *t = EBB_CONTAINER_OF(self, struct ticker, task);
    EBB_BEGIN(cx, &self->co);
    for (t->n = 0; t->n < 50u; t->n++) {
        EBB_AWAIT(ebb_sleep_for(&t->timer, EBB_MS(2)));
        EBB_LOG_INFO("tick %u", t->n);
    }
    /* Time for the drain to write what is left. */
    EBB_AWAIT(ebb_sleep_for(&t->timer, EBB_MS(100)));
    ebb_board_puts("trace_uart: done\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(ticker, struct ticker, ticker_poll);

int main(void)
{
    ebb_board_init();
    ebb_cmsdk_uart_init(&uart1, UART1_BASE, UART1_RX_IRQ, UART1_TX_IRQ, EBB_BOARD_CORE_HZ, 115200u,
                        EBB_BOARD_PRIO_CONSOLE);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_trace_uart_start(&drain, &exec, &uart1.uart) == EBB_OK);
    /* Started twice: refused, the running drain untouched (writing over its
     * queued task would cut the run queue). */
    FW_CHECK(ebb_trace_uart_start(&drain, &exec, &uart1.uart) == EBB_EBUSY);
    FW_CHECK(ebb_task_spawn(&exec, &ticker.task) == EBB_OK);
    ebb_executor_run(&exec);
}
