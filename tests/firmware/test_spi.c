/*
 * test_spi.c - the board's SPI bus (ebb_board_spi, ebb_spi.h) on QEMU:
 * transfers of 1, 7, 8, 9, 64 and 300 bytes complete with their length and
 * the bytes received, with tx or rx NULL too; a second transfer while one
 * runs is refused (EBB_EBUSY) and changes nothing; a cancel in the middle
 * of a long transfer (ebb_task_cancel from a more urgent task, at a chosen
 * interrupt of the transfer) leaves the chip's interrupt sources masked,
 * the transfer not completed, no interrupt fed afterwards, the bytes
 * received so far in place, and the next transfer correct.
 *
 * FW_SPI_PL022: the MPS2 boards' PL022 in loop-back (every byte comes
 * back).  FW_SPI_STM32: netduinoplus2's SPI1, nothing on the bus (QEMU
 * 7.2 returns 0 for every byte).
 *
 * The tasks run on the suite's interrupt executor (fw_irq_executor_start:
 * more urgent than the SPI's interrupt), so that a task is suspended while
 * the SPI interrupts run - QEMU moves bytes with no bit time, so the
 * interrupts of a transfer follow each other back to back.  Every feed
 * goes through a copy of the chip's ops table that counts it and, at feed
 * CANCEL_AT, spawns the canceller there.
 */
#include "fwtest.h"

#if FW_SPI_PL022
#include "ebb_pl022.h"
#elif FW_SPI_STM32
#include "ebb_stm32_spi.h"
#else
#error "test_spi: FW_SPI_PL022 or FW_SPI_STM32"
#endif

#define LONG 300u
#define CANCEL_AT 5u /* the feed (interrupt) of the long transfer to cancel at */
#define GUARD 0xA5u

static uint8_t tx[LONG + 4], rx[LONG + 4];
static ebb_spi_ops counting_ops;
static void (*chip_feed)(ebb_spi *spi); /* the chip's */
static volatile uint32_t feeds;
static volatile bool armed;

static struct canceller {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    int32_t result;
    uint32_t feeds_at_cancel, received_at_cancel;
} canceller;

static ebb_executor *irqx;

static void counting_feed(ebb_spi *spi)
{
    chip_feed(spi);
    feeds++;
    if (armed && feeds == CANCEL_AT) {
        armed = false;
        FW_CHECK(ebb_task_spawn(irqx, &canceller.task) == EBB_OK); /* runs once this lock is released */
    }
}

/* The chip's interrupt sources are all masked. */
static bool chip_quiet(void)
{
#if FW_SPI_PL022
    return ((ebb_pl022_regs *)ebb_board_spi->regs)->IMSC == 0;
#else
    return ((ebb_stm32_spi_regs *)ebb_board_spi->regs)->CR2 == 0;
#endif
}

/* What comes back for byte i sent as `b`. */
static uint8_t echo(uint8_t b)
{
#if FW_SPI_PL022
    return b;
#else
    (void)b;
    return 0;
#endif
}

static void prepare(uint32_t len, uint32_t seed)
{
    for (uint32_t i = 0; i < sizeof tx; i++) {
        tx[i] = (uint8_t)(i * 7u + seed);
        rx[i] = GUARD;
    }
    (void)len;
}

static void check_rx(uint32_t from, uint32_t to, const uint8_t *sent)
{
    for (uint32_t i = from; i < to; i++) {
        FW_CHECK(rx[i] == echo(sent != NULL ? sent[i] : 0xFFu));
    }
}

static void check_untouched(uint32_t from)
{
    for (uint32_t i = from; i < sizeof rx; i++) {
        FW_CHECK(rx[i] == GUARD);
    }
}

struct runner {
    ebb_task task;
    ebb_wait wait;
    int32_t result;
    unsigned i;
};
static struct runner runner, victim;

static const uint32_t lengths[] = {1, 7, 8, 9, 64, LONG};

static ebb_poll_t victim_poll(ebb_task *self, ebb_cx *cx)
{
    struct runner *v = EBB_CONTAINER_OF(self, struct runner, task);
    EBB_BEGIN(cx, &self->co);
    prepare(LONG, 3);
    feeds = 0;
    armed = true;
    EBB_AWAIT(ebb_spi_transfer(&v->wait, ebb_board_spi, tx, rx, LONG, &v->result));
    fw_fail(__FILE__, __LINE__, "the cancelled transfer completed");
    EBB_END();
}

static ebb_poll_t canceller_poll(ebb_task *self, ebb_cx *cx)
{
    struct canceller *c = EBB_CONTAINER_OF(self, struct canceller, task);
    EBB_BEGIN(cx, &self->co);
    /* The victim's transfer runs: a second one is refused, untouched. */
    FW_CHECK(ebb_spi_busy(ebb_board_spi));
    c->result = 1;
    EBB_AWAIT(ebb_spi_transfer(&c->wait, ebb_board_spi, tx, NULL, 4, &c->result));
    FW_CHECK(c->result == EBB_EBUSY);
    FW_CHECK(ebb_spi_busy(ebb_board_spi));

    FW_CHECK(ebb_task_cancel(&victim.task) == EBB_OK);
    /* Stopped before the cancel returned. */
    FW_CHECK(!ebb_spi_busy(ebb_board_spi));
    FW_CHECK(chip_quiet());
    FW_CHECK(!ebb_spi_last(ebb_board_spi));
    c->feeds_at_cancel = feeds;
    c->received_at_cancel = ebb_spi_received(ebb_board_spi);
    FW_CHECK(c->received_at_cancel > 0 && c->received_at_cancel < LONG);
    check_rx(0, c->received_at_cancel, tx);
    check_untouched(c->received_at_cancel);
    fw_put_line("cancelled after bytes: ", c->received_at_cancel);

    /* Nothing more comes: no feed, no byte, no completion. */
    EBB_AWAIT(ebb_sleep_for(&c->timer, EBB_MS(2)));
    FW_CHECK(feeds == c->feeds_at_cancel);
    FW_CHECK(ebb_spi_received(ebb_board_spi) == c->received_at_cancel);
    FW_CHECK(!ebb_spi_last(ebb_board_spi));
    check_untouched(c->received_at_cancel);

    /* The bus works on. */
    prepare(64, 11);
    EBB_AWAIT(ebb_spi_transfer(&c->wait, ebb_board_spi, tx, rx, 64, &c->result));
    FW_CHECK(c->result == 64);
    check_rx(0, 64, tx);
    check_untouched(64);
    FW_CHECK(chip_quiet());
    FW_CHECK(ebb_spi_last(ebb_board_spi));
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
    EBB_END();
}

static ebb_poll_t runner_poll(ebb_task *self, ebb_cx *cx)
{
    struct runner *r = EBB_CONTAINER_OF(self, struct runner, task);
    EBB_BEGIN(cx, &self->co);
    for (r->i = 0; r->i < sizeof lengths / sizeof lengths[0]; r->i++) {
        prepare(lengths[r->i], r->i);
        feeds = 0;
        EBB_AWAIT(ebb_spi_transfer(&r->wait, ebb_board_spi, tx, rx, lengths[r->i], &r->result));
        FW_CHECK(r->result == (int32_t)lengths[r->i]);
        check_rx(0, lengths[r->i], tx);
        check_untouched(lengths[r->i]);
        FW_CHECK(!ebb_spi_busy(ebb_board_spi));
        FW_CHECK(ebb_spi_last(ebb_board_spi));
        FW_CHECK(ebb_spi_received(ebb_board_spi) == lengths[r->i]);
        FW_CHECK(chip_quiet());
        ebb_board_puts("transfer ");
        fw_put_u64(lengths[r->i]);
        fw_put_line(" bytes, interrupts: ", feeds);
    }
    /* tx NULL sends the fill byte 0xFF. */
    prepare(9, 1);
    EBB_AWAIT(ebb_spi_transfer(&r->wait, ebb_board_spi, NULL, rx, 9, &r->result));
    FW_CHECK(r->result == 9);
    check_rx(0, 9, NULL);
    check_untouched(9);
    /* rx NULL discards; len 0 is done at once. */
    prepare(0, 2);
    EBB_AWAIT(ebb_spi_transfer(&r->wait, ebb_board_spi, tx, NULL, 20, &r->result));
    FW_CHECK(r->result == 20);
    check_untouched(0);
    EBB_AWAIT(ebb_spi_transfer(&r->wait, ebb_board_spi, tx, rx, 0, &r->result));
    FW_CHECK(r->result == 0);
    FW_CHECK(chip_quiet());

    /* The cancel: the victim starts a long transfer, the canceller takes
     * over at its CANCEL_AT-th interrupt. */
    FW_CHECK(ebb_task_spawn(irqx, &victim.task) == EBB_OK);
    EBB_END();
}

static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    counting_ops = *ebb_board_spi->ops;
    chip_feed = counting_ops.feed;
    counting_ops.feed = counting_feed;
    ebb_board_spi->ops = &counting_ops;
    uint32_t const hz = ebb_spi_configure(ebb_board_spi, EBB_SPI_MODE0, 1000000u);
    FW_CHECK(hz > 0 && hz <= 1000000u);
    fw_put_line("rate: ", hz);
    FW_CHECK(ebb_spi_configure(ebb_board_spi, EBB_SPI_MODE3, 1u) == 0); /* below the slowest */
#if FW_SPI_PL022
    ebb_pl022_loopback(ebb_board_spi, true);
#endif
    EBB_SET_UNLINKED(runner.task, (ebb_task)EBB_TASK_INITIALIZER(runner_poll));
    EBB_SET_UNLINKED(victim.task, (ebb_task)EBB_TASK_INITIALIZER(victim_poll));
    EBB_SET_UNLINKED(canceller.task, (ebb_task)EBB_TASK_INITIALIZER(canceller_poll));
    ebb_executor_init(&exec, NULL);
    irqx = fw_irq_executor_start(FW_IRQX_OK);
    FW_CHECK(ebb_task_spawn(irqx, &runner.task) == EBB_OK);
    ebb_executor_run(&exec);
}
