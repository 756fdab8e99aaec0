/*
 * test_board_host.c - the host board (boards/host) as an application sees
 * it: console writers take turns in FIFO order in virtual time (10 bits
 * per byte), a writer cancelled while waiting for its turn never writes,
 * and the button's waits wake only on the edge they selected
 * (boards/virtual/button.c, shared with the QEMU boards).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ebb/ebb.h"
#include "ebb_board.h"
#include "ebb_board_host.h"
#include "ebb_host.h"

static EBB_EXECUTOR_DEFINE(exec, NULL);

static char seen[64];
static size_t seen_len;

static void observe(const void *data, size_t len)
{
    assert_true(seen_len + len <= sizeof seen);
    memcpy(&seen[seen_len], data, len);
    seen_len += len;
}

struct writer {
    ebb_task task;
    ebb_uart_write_op op;
    const char *text;
    int order; /* 1, 2, ...: when its write completed */
};
static int completed;

static ebb_poll_t writer_poll(ebb_task *self, ebb_cx *cx)
{
    struct writer *w = EBB_CONTAINER_OF(self, struct writer, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_uart_write(&w->op, ebb_board_console, w->text, strlen(w->text)));
    w->order = ++completed;
    EBB_END();
}

static struct writer wa = {.task = EBB_TASK_INITIALIZER(writer_poll), .text = "first "};
static struct writer wb = {.task = EBB_TASK_INITIALIZER(writer_poll), .text = "second "};
static struct writer wc = {.task = EBB_TASK_INITIALIZER(writer_poll), .text = "third"};

/* Virtual time of `n` bytes at 8N1. */
static ebb_ticks bytes_time(size_t n)
{
    return EBB_US((uint64_t)n * 10u * 1000000u / EBB_BOARD_CONSOLE_BAUD);
}

static void test_console_fifo_and_cancel(void **state)
{
    (void)state;
    ebb_host_reset(0);
    ebb_executor_init(&exec, NULL);
    ebb_board_host_init(&exec);
    ebb_board_host_console_observer(observe);

    /* Three writers at once: one transmits, two wait their turn. */
    assert_int_equal(ebb_task_spawn(&exec, &wa.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&exec, &wb.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&exec, &wc.task), EBB_OK);
    ebb_host_run_until(&exec, bytes_time(6) - 1u);
    assert_int_equal(seen_len, 0); /* "first " still on the line */
    ebb_host_run_until(&exec, bytes_time(6 + 7 + 5));
    assert_int_equal(seen_len, 18);
    assert_memory_equal(seen, "first second third", 18);
    assert_int_equal(wa.order, 1);
    assert_int_equal(wb.order, 2);
    assert_int_equal(wc.order, 3);

    /* A writer cancelled while waiting for its turn writes nothing, and
     * the one behind it still gets the line. */
    seen_len = 0;
    completed = 0;
    wa.order = wb.order = wc.order = 0;
    ebb_ticks t0 = ebb_now();
    assert_int_equal(ebb_task_spawn(&exec, &wa.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&exec, &wb.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&exec, &wc.task), EBB_OK);
    ebb_host_run_until(&exec, t0 + 1u);
    assert_int_equal(ebb_task_cancel(&wb.task), EBB_OK);
    ebb_host_run_until(&exec, t0 + bytes_time(6 + 5) + 1u);
    assert_int_equal(seen_len, 11);
    assert_memory_equal(seen, "first third", 11);
    assert_int_equal(wa.order, 1);
    assert_int_equal(wb.order, 0);
    assert_int_equal(wc.order, 2);

    /* A writer cancelled while its bytes are on the line: they still go
     * out, the next writer gets the line after them, and the cancelled
     * op starts a fresh write when used again (nothing of the old one's
     * end marks it done early). */
    seen_len = 0;
    completed = 0;
    wa.order = wb.order = wc.order = 0;
    t0 = ebb_now();
    assert_int_equal(ebb_task_spawn(&exec, &wa.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&exec, &wb.task), EBB_OK);
    ebb_host_run_until(&exec, t0 + 1u);
    assert_int_equal(ebb_task_cancel(&wa.task), EBB_OK);
    assert_int_equal(ebb_task_spawn(&exec, &wa.task), EBB_OK); /* behind wb */
    ebb_host_run_until(&exec, t0 + bytes_time(6 + 7) + 1u);
    assert_int_equal(seen_len, 13);
    assert_memory_equal(seen, "first second ", 13);
    assert_int_equal(wb.order, 1);
    assert_int_equal(wa.order, 0); /* its new write is on the line now */
    ebb_host_run_until(&exec, t0 + bytes_time(6 + 7 + 6) + 1u);
    assert_int_equal(seen_len, 19);
    assert_memory_equal(seen, "first second first ", 19);
    assert_int_equal(wa.order, 2);
    ebb_board_host_console_observer(NULL);
}

struct presser {
    ebb_task task;
    ebb_wait wait;
    ebb_board_edge edge;
    int woken;
};

static ebb_poll_t presser_poll(ebb_task *self, ebb_cx *cx)
{
    struct presser *p = EBB_CONTAINER_OF(self, struct presser, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_board_button_wait(&p->wait, p->edge));
    p->woken++;
    EBB_END();
}

static struct presser pr = {.task = EBB_TASK_INITIALIZER(presser_poll)};

static void wait_for(ebb_board_edge edge)
{
    pr.edge = edge;
    pr.woken = 0;
    assert_int_equal(ebb_task_spawn(&exec, &pr.task), EBB_OK);
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 0);
}

static void test_button_edges(void **state)
{
    (void)state;
    ebb_host_reset(0);
    ebb_executor_init(&exec, NULL);
    ebb_board_host_init(NULL);
    assert_false(ebb_board_button_pressed());

    wait_for(EBB_BOARD_RISING);
    ebb_board_button_set(false); /* no change: no edge */
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 0);
    ebb_board_button_set(true);
    assert_true(ebb_board_button_pressed());
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 1);

    /* Pressed; a wait for the press misses the release and takes the
     * next press. */
    wait_for(EBB_BOARD_RISING);
    ebb_board_button_set(false);
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 0);
    ebb_board_button_set(true);
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 1);

    wait_for(EBB_BOARD_FALLING);
    ebb_board_button_set(false);
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 1);

    wait_for(EBB_BOARD_ANY);
    ebb_board_button_set(true);
    ebb_host_run_idle(&exec, 100);
    assert_int_equal(pr.woken, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_console_fifo_and_cancel),
        cmocka_unit_test(test_button_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
