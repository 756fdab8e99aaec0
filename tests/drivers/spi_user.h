/*
 * spi_user.h - the task the SPI class's host tests drive: one transfer of
 * `len` bytes from tx (NULL: the fill byte) into rx (NULL: discarded) on
 * `spi`, polled on `exec`; `done` once it completed.  rx has 8 guard bytes
 * past MAXLEN.  Include after defining MAXLEN and GUARD, the bus `spi`,
 * the executor `exec` and `answer()` (the byte the simulated bus returns
 * for one sent).
 */
#ifndef SPI_USER_H
#define SPI_USER_H


struct user {
    ebb_task task;
    ebb_wait wait;
    uint32_t len;
    bool tx_null, rx_null;
    int32_t result;
    bool done;
};
static struct user user;
static uint8_t tx[MAXLEN], rx[MAXLEN + 8];

static ebb_poll_t user_poll(ebb_task *self, ebb_cx *cx)
{
    struct user *u = EBB_CONTAINER_OF(self, struct user, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_spi_transfer(&u->wait, &spi, u->tx_null ? NULL : tx, u->rx_null ? NULL : rx, u->len, &u->result));
    u->done = true;
    EBB_END();
}

/* A fresh transfer of `len` bytes (tx filled from `seed`, rx with GUARD),
 * spawned and polled once: running. */
static void start_user(uint32_t len, uint8_t seed, bool tx_null, bool rx_null)
{
    for (unsigned i = 0; i < MAXLEN; i++) {
        tx[i] = (uint8_t)(i * 13u + seed);
    }
    memset(rx, GUARD, sizeof rx);
    memset(&user, 0, sizeof user);
    EBB_SET_UNLINKED(user.task, (ebb_task)EBB_TASK_INITIALIZER(user_poll));
    user.len = len;
    user.tx_null = tx_null;
    user.rx_null = rx_null;
    assert_int_equal(ebb_task_spawn(&exec, &user.task), EBB_OK);
    (void)ebb_executor_poll(&exec);
}

/* rx holds the answers to the first n bytes sent, the rest untouched. */
static void check_rx(uint32_t n)
{
    for (uint32_t i = 0; i < sizeof rx; i++) {
        uint8_t const want = i < n && !user.rx_null ? answer(user.tx_null ? 0xFFu : tx[i]) : GUARD;
        assert_int_equal(rx[i], want);
    }
}

#endif
