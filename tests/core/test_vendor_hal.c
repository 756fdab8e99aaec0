/*
 * A vendor HAL's callback-style API turned into an awaitable with
 * ebb/op.h, as docs/vendor-hal.md shows.  The "HAL" below is written for
 * this test in the shape of an STM32Cube-style driver (no vendor code):
 * HAL_XFER_Start_IT() starts a transfer, its interrupt handler moves one
 * byte per interrupt and calls the weak-style completion callback at the
 * end, HAL_XFER_Abort() stops it.
 */
#include "test_support.h"
#include "ebb/op.h"

/* ---- the "vendor HAL" (its shapes, not its code) ---- */
typedef enum { HAL_OK = 0, HAL_BUSY = 2 } HAL_StatusTypeDef;
typedef struct XFER_HandleTypeDef {
    const uint8_t *tx;
    uint8_t *rx;
    uint16_t size, count;
    int busy;
    unsigned aborts;
} XFER_HandleTypeDef;

void HAL_XFER_TxRxCpltCallback(XFER_HandleTypeDef *h); /* the application's */

static HAL_StatusTypeDef HAL_XFER_Start_IT(XFER_HandleTypeDef *h, const uint8_t *tx, uint8_t *rx,
                                           uint16_t size)
{
    if (h->busy) {
        return HAL_BUSY;
    }
    h->tx = tx;
    h->rx = rx;
    h->size = size;
    h->count = 0;
    h->busy = 1;
    return HAL_OK;
}

static void HAL_XFER_IRQHandler(XFER_HandleTypeDef *h) /* one byte per interrupt */
{
    if (!h->busy) {
        return;
    }
    h->rx[h->count] = (uint8_t)(h->tx[h->count] ^ 0xFFu); /* the device answers */
    if (++h->count == h->size) {
        h->busy = 0;
        HAL_XFER_TxRxCpltCallback(h);
    }
}

static HAL_StatusTypeDef HAL_XFER_Abort(XFER_HandleTypeDef *h)
{
    h->busy = 0;
    h->aborts++;
    return HAL_OK;
}

/* ---- the glue: one ebb_op per HAL handle ---- */
static XFER_HandleTypeDef hxfer;
static ebb_op xfer_op = EBB_OP_INITIALIZER;

void HAL_XFER_TxRxCpltCallback(XFER_HandleTypeDef *h)
{
    (void)ebb_op_complete(&xfer_op, h->count); /* from the HAL's interrupt */
}

static void xfer_stop(void *ctx) { (void)HAL_XFER_Abort(ctx); }

/* Awaitable: the transfer of `size` bytes; READY with the bytes done. */
static ebb_poll_t xfer(ebb_cx *cx, ebb_wait *w, const uint8_t *tx, uint8_t *rx, uint16_t size,
                       int32_t *done)
{
    if (!ebb_op_busy(&xfer_op)) {
        if (ebb_op_start(&xfer_op, xfer_stop, &hxfer) != EBB_OK ||
            HAL_XFER_Start_IT(&hxfer, tx, rx, size) != HAL_OK) {
            *done = -1;
            return EBB_READY;
        }
    }
    return EBB_POLL(ebb_op_wait)(cx, w, &xfer_op, done);
}
#define xfer(...) EBB_AWAITABLE_CALL(xfer, __VA_ARGS__)

/* ---- a task using it ---- */
struct user {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    uint8_t tx[4], rx[4];
    int32_t done;
    int timed;
    int finished;
};

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT_TIMEOUT(u->timed, &u->timer, 100, xfer(&u->wait, u->tx, u->rx, 4, &u->done));
    u->finished = 1;
    EBB_END();
}

static struct user user;

static void irq(void *arg) { HAL_XFER_IRQHandler(arg); }

static void start(void)
{
    memset(&user, 0, sizeof user);
    memset(&hxfer, 0, sizeof hxfer);
    EBB_SET_UNLINKED(xfer_op, (ebb_op)EBB_OP_INITIALIZER);
    EBB_SET_UNLINKED(user.task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    memcpy(user.tx, "\x01\x02\x03\x04", 4);
    assert_int_equal(ebb_task_spawn(&test_exec, &user.task), EBB_OK);
    (void)ebb_executor_poll(&test_exec);
    assert_true(hxfer.busy);
}

/* Four interrupts: the callback completes the await with the byte count. */
static void test_vendor_hal_transfer_completes(void **state)
{
    (void)state;
    start();
    for (int i = 0; i < 4; i++) {
        ebb_host_irq(irq, &hxfer);
    }
    (void)ebb_executor_poll(&test_exec);
    assert_int_equal(user.finished, 1);
    assert_int_equal(user.timed, EBB_OK);
    assert_int_equal(user.done, 4);
    assert_memory_equal(user.rx, "\xFE\xFD\xFC\xFB", 4);
    assert_int_equal(hxfer.aborts, 0);
}

/* The device stalls after two bytes: the timeout cancels the transfer,
 * which aborts it through the HAL - no callback afterwards. */
static void test_vendor_hal_timeout_aborts(void **state)
{
    (void)state;
    start();
    ebb_host_irq(irq, &hxfer);
    ebb_host_irq(irq, &hxfer);
    ebb_host_run_until(&test_exec, 200);
    assert_int_equal(user.finished, 1);
    assert_int_equal(user.timed, EBB_ETIMEDOUT);
    assert_int_equal(hxfer.aborts, 1);
    assert_false(hxfer.busy);
    ebb_host_irq(irq, &hxfer); /* a late interrupt: nothing happens */
    int32_t r;
    assert_false(ebb_op_last(&xfer_op, &r)); /* stopped, not completed */
    assert_false(ebb_op_busy(&xfer_op));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        RUN(test_vendor_hal_transfer_completes),
        RUN(test_vendor_hal_timeout_aborts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
