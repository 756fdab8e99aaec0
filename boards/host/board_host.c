/*
 * board_host.c - ebb_board.h on the host port: see ebb_board_host.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb_board.h"
#include "ebb_board_host.h"
#include "ebb_board_virtual.h"
#include "ebb/driver/wait.h"

EBB_MODULE("board_host");

static unsigned led_ons;
static void (*observer)(const void *data, size_t len);

uint32_t ebb_board_core_hz(void) { return EBB_BOARD_CORE_HZ; }

bool ebb_board_semihosting(void) { return false; }

void ebb_board_exit(int code)
{
    fflush(stdout);
    exit(code);
}

void ebb_board_led(bool on) { led_ons += on ? 1u : 0u; }

unsigned ebb_board_host_led_ons(void) { return led_ons; }

/* The button (boards/virtual/button.c): an edge wakes its waiters at
 * once, from the code that set it. */
void ebb_board_virtual_edge(void) { ebb_board_virtual_wake(); }

/* ---- console: a UART in virtual time ---- */

/* The modelled hardware: a transmit FIFO the driver fills and a shifter
 * (the transmitter task) that empties it at the baud rate.  What is in the
 * FIFO goes out, whatever happens to the write it came from - as on a chip,
 * a cancel stops only the bytes not yet handed over. */
static struct {
    bool running; /* the transmitter task exists */
    size_t len;   /* bytes in the FIFO */
    uint8_t fifo[256];
} tx;

static EBB_SIGNAL_DEFINE(tx_start_signal);
static ebb_uart console;

/* Hand bytes of the write in progress to the FIFO.  Lock held. */
static void feed(void)
{
    while (console.tx_ptr != console.tx_end && tx.len < sizeof tx.fifo) {
        tx.fifo[tx.len++] = *console.tx_ptr++;
    }
}

static bool host_tx_start(ebb_uart *u)
{
    (void)u;
    EBB_REQUIRE(1, tx.running); /* ebb_board_host_init(ex) */
    feed();
    ebb_signal_raise(&tx_start_signal, 1);
    return false; /* the shifter ends it */
}

static void host_tx_stop(ebb_uart *u) { (void)u; }

static void host_rx_on(ebb_uart *u) { (void)u; }

static void host_write_blocking(ebb_uart *u, const void *data, size_t len)
{
    (void)u;
    fwrite(data, 1, len, stdout);
}

static const ebb_uart_ops host_ops = {host_tx_start, host_tx_stop, host_rx_on, host_write_blocking};

/* Set up statically, so that ebb_board_puts() works before any init.
 * Nothing is ever received: a read is a contract violation (uart:2), as on
 * a board whose application wrote EBB_BOARD_CONSOLE_NO_RX(). */
static ebb_uart console = {
    .ops = &host_ops,
    .tx_done = EBB_WAITLIST_INITIALIZER,
    .tx_turn = EBB_WAITLIST_INITIALIZER,
};
ebb_uart *const ebb_board_console = &console;

struct transmitter {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    uint32_t value;
    size_t len;             /* the bytes on the line now */
    uint8_t line[sizeof tx.fifo];
};

static ebb_poll_t transmitter_poll(ebb_task *self, ebb_cx *cx)
{
    struct transmitter *t = EBB_CONTAINER_OF(self, struct transmitter, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, &tx_start_signal, &t->value));
        for (;;) {
            {
                ebb_irq_state s = ebb_port_lock();
                t->len = tx.len;
                ebb_port_unlock(s);
            }
            if (t->len == 0) {
                break;
            }
            /* 10 bits per byte (8N1). */
            EBB_AWAIT(ebb_sleep_for(&t->timer,
                                    EBB_US((uint64_t)t->len * 10u * 1000000u / EBB_BOARD_CONSOLE_BAUD)));
            ebb_irq_state s = ebb_port_lock();
            memcpy(t->line, tx.fifo, t->len);
            memmove(tx.fifo, tx.fifo + t->len, tx.len - t->len);
            tx.len -= t->len;
            feed();
            if (tx.len == 0) {
                ebb_uart_tx_end_locked(&console); /* the writer's last byte is out */
            }
            ebb_port_unlock(s);
            fwrite(t->line, 1, t->len, stdout);
            if (observer != NULL) {
                observer(t->line, t->len);
            }
        }
    }
    EBB_END();
}

static EBB_TASK_DEFINE(transmitter, struct transmitter, transmitter_poll);

void ebb_board_host_console_observer(void (*fn)(const void *data, size_t len)) { observer = fn; }

void ebb_board_console_rx_init(void) {}

void ebb_board_host_init(ebb_executor *ex)
{
    ebb_board_virtual_button_reset();
    led_ons = 0;
    ebb_uart_init(&console, &host_ops);
    tx.len = 0;
    tx.running = ex != NULL && ebb_task_spawn(ex, &transmitter.task) == EBB_OK;
}

void ebb_board_init(void) { ebb_board_host_init(NULL); }
