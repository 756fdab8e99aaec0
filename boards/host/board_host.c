/*
 * board_host.c - ebb_board.h on the host port: see ebb_board_host.h.
 */
#include <stdio.h>
#include <stdlib.h>

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

void ebb_board_console_rx_init(void) {}

void ebb_board_write(const void *data, size_t len)
{
    fwrite(data, 1, len, stdout);
}

void ebb_board_puts(const char *s) { fputs(s, stdout); }

void ebb_board_led(bool on) { led_ons += on ? 1u : 0u; }

unsigned ebb_board_host_led_ons(void) { return led_ons; }

/* The button (boards/virtual/button.c): an edge wakes its waiters at
 * once, from the code that set it. */
void ebb_board_virtual_edge(void) { ebb_board_virtual_wake(); }

/* ---- console: a UART in virtual time ---- */

static struct {
    const uint8_t *data;
    size_t len;
    ebb_wait *owner;        /* the write in progress, NULL when idle */
    ebb_waitlist done;      /* its owner (alone), until the bytes are out */
    ebb_waitlist waiters;   /* the writers waiting their turn */
    bool running;           /* the transmitter task exists */
} tx;

static EBB_SIGNAL_DEFINE(tx_start);

/* The owner of a write whose writer cancelled it: the bytes still go out,
 * and the end of the transmission marks this wait, not the writer's. */
static ebb_wait orphan;

struct transmitter {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    uint32_t value;
};

static ebb_poll_t transmitter_poll(ebb_task *self, ebb_cx *cx)
{
    struct transmitter *t = EBB_CONTAINER_OF(self, struct transmitter, task);
    EBB_BEGIN(cx, &self->co);
    for (;;) {
        EBB_AWAIT(ebb_signal_wait(&t->wait, &tx_start, &t->value));
        /* 10 bits per byte (8N1). */
        EBB_AWAIT(ebb_sleep_for(&t->timer,
                                EBB_US((uint64_t)tx.len * 10u * 1000000u / EBB_BOARD_CONSOLE_BAUD)));
        fwrite(tx.data, 1, tx.len, stdout);
        if (observer != NULL) {
            observer(tx.data, tx.len);
        }
        ebb_irq_state s = ebb_port_lock();
        ebb__uart_write_end_locked(tx.owner, &tx.done); /* wakes the owner */
        tx.owner = NULL;
        ebb_port_unlock(s);
        /* With the lock released: never O(waiters) masked. */
        ebb_waitlist_wake_all(&tx.waiters);
    }
    EBB_END();
}

static EBB_TASK_DEFINE(transmitter, struct transmitter, transmitter_poll);

void ebb_board_host_console_observer(void (*fn)(const void *data, size_t len)) { observer = fn; }

ebb_poll_t (ebb_board_console_write)(ebb_cx *cx, ebb_board_write_op *op, const void *data, size_t len)
{
    EBB_REQUIRE(1, tx.running); /* ebb_board_host_init(ex) */
    ebb_poll_t result = EBB_PENDING;
    ebb_irq_state s = ebb_port_lock();
    if (ebb_cx_cancelling(cx)) {
        if (tx.owner == &op->wait) {
            tx.owner = &orphan; /* a started write still completes */
        }
        ebb_wait_remove_locked(&op->wait);
    } else if (tx.owner == &op->wait) {
        /* Still ours (the add only re-checks: we stay on the list until
         * the end of the transmission takes us off and marks us done). */
        ebb_wait_add_locked(cx, &op->wait, &tx.done);
    } else if (ebb__uart_write_done(op, &tx.done)) {
        ebb_wait_remove_locked(&op->wait); /* the transmitter ended our write */
        result = EBB_READY;
    } else if (tx.owner != NULL) {
        ebb_wait_add_locked(cx, &op->wait, &tx.waiters); /* wait for our turn */
    } else {
        ebb_wait_remove_locked(&op->wait);
        tx.owner = &op->wait;
        tx.data = (const uint8_t *)data;
        tx.len = len;
        ebb_wait_add_locked(cx, &op->wait, &tx.done);
        ebb_signal_raise(&tx_start, 1);
    }
    ebb_port_unlock(s);
    return result;
}

/* Nothing is ever received: a read waits for ever (until cancelled). */
static ebb_waitlist rx_waiters = EBB_WAITLIST_INITIALIZER;

ebb_poll_t (ebb_board_console_read)(ebb_cx *cx, ebb_wait *w, void *buf, size_t max, size_t *got)
{
    (void)buf;
    (void)max;
    (void)got;
    return EBB_POLL(ebb_wait_on)(cx, w, &rx_waiters);
}

size_t ebb_board_console_rx_count(void) { return 0; }

uint32_t ebb_board_console_overruns(void) { return 0; }

void ebb_board_host_init(ebb_executor *ex)
{
    ebb_board_virtual_button_reset();
    led_ons = 0;
    ebb_waitlist_init(&tx.waiters);
    tx.owner = NULL;
    tx.running = ex != NULL && ebb_task_spawn(ex, &transmitter.task) == EBB_OK;
}

void ebb_board_init(void) { ebb_board_host_init(NULL); }
