/*
 * hw_spi_dma - the SPI class's DMA mode on hardware (built for the
 * NUCLEO-F446ZE; QEMU 7.2 models neither the F4's DMA controller nor SPI
 * DMA requests, so the mode's tests are on the host against simulations:
 * tests/drivers/test_spi_dma.c).  Not run in CI: connect SPI2's MOSI to
 * its MISO - PB15 to PB14 - flash it, and read the console.  SPI2 runs on
 * DMA1 stream 4 (transmit) and stream 3 (receive), request channel 0
 * (RM0390's DMA1 request mapping): their interrupts (14, 15) and SPI2's
 * (36) lie within the board's trimmed vector table (interrupts 0-40),
 * where DMA2's would not.  It checks transfers
 * of 1, 8, 64 and 300 bytes in loop-back, one with nothing to send (the
 * fill byte comes back) and one with nothing kept; then, at the slowest
 * rate (APB1 / 256, 176 kHz), a 300-byte transfer cancelled by a 1 ms
 * timeout mid-way, and that the next
 * transfer's bytes are its own (no echo of the cancelled one in them).
 * Verdict: "hw_spi_dma: PASS" or "FAIL ...", then "EXIT <code>".
 */
#include "fwtest.h"
#include "ebb_stm32_dma.h"
#include "ebb_stm32_gpio.h"
#include "ebb_stm32_spi.h"

#define RX_STREAM 3u
#define TX_STREAM 4u
_Static_assert(EBB_CONFIG_PORT_IRQ_COUNT == 0 ||
                   (EBB_STM32_IRQ_SPI2 < EBB_CONFIG_PORT_IRQ_COUNT &&
                    EBB_STM32_IRQ_DMA1_STREAM(RX_STREAM) < EBB_CONFIG_PORT_IRQ_COUNT &&
                    EBB_STM32_IRQ_DMA1_STREAM(TX_STREAM) < EBB_CONFIG_PORT_IRQ_COUNT),
               "every interrupt this test enables has a vector");

/* SPI2 is on APB1. */
static ebb_spi spi2 = EBB_STM32_SPI_INITIALIZER(EBB_STM32_SPI2_BASE, EBB_STM32_IRQ_SPI2, EBB_BOARD_APB1_HZ,
                                                EBB_BOARD_PRIO_CONSOLE);
static ebb_stm32_dma_stream rx_stream, tx_stream;

void SPI2_IRQHandler(void) { ebb_spi_isr(&spi2); }
void DMA1_Stream3_IRQHandler(void) { ebb_stm32_dma_isr(&rx_stream); }
void DMA1_Stream4_IRQHandler(void) { ebb_stm32_dma_isr(&tx_stream); }

static const uint16_t lens[] = {1, 8, 64, 300};

struct tester {
    ebb_task task;
    ebb_wait wait;
    ebb_timer timer;
    int32_t result;
    int rc;
    unsigned k;
    uint8_t out[300], in[300];
};

static ebb_poll_t tester_poll(ebb_task *self, ebb_cx *cx)
{
    struct tester *t = EBB_CONTAINER_OF(self, struct tester, task);
    EBB_BEGIN(cx, &self->co);
    for (t->k = 0; t->k < sizeof lens / sizeof lens[0]; t->k++) {
        for (unsigned i = 0; i < lens[t->k]; i++) {
            t->out[i] = (uint8_t)(7u * i + t->k);
            t->in[i] = 0;
        }
        EBB_AWAIT(ebb_spi_transfer(&t->wait, &spi2, t->out, t->in, lens[t->k], &t->result));
        FW_CHECK(t->result == (int32_t)lens[t->k]);
        for (unsigned i = 0; i < lens[t->k]; i++) {
            FW_CHECK(t->in[i] == t->out[i]);
        }
    }
    /* Nothing to send: the fill byte comes back. */
    EBB_AWAIT(ebb_spi_transfer(&t->wait, &spi2, NULL, t->in, 16, &t->result));
    FW_CHECK(t->result == 16);
    for (unsigned i = 0; i < 16u; i++) {
        FW_CHECK(t->in[i] == 0xFFu);
    }
    /* Nothing kept. */
    EBB_AWAIT(ebb_spi_transfer(&t->wait, &spi2, t->out, NULL, 64, &t->result));
    FW_CHECK(t->result == 64);

    /* A transfer cancelled mid-way: 300 bytes at 176 kHz take 13.6 ms. */
    FW_CHECK(ebb_spi_configure(&spi2, EBB_SPI_MODE0, EBB_BOARD_APB1_HZ / 256u) != 0);
    EBB_AWAIT_TIMEOUT(t->rc, &t->timer, EBB_MS(1),
                      ebb_spi_transfer(&t->wait, &spi2, t->out, t->in, 300, &t->result));
    FW_CHECK(t->rc == EBB_ETIMEDOUT);
    FW_CHECK(!ebb_spi_last(&spi2) && ebb_spi_received(&spi2) < 300u);
    for (unsigned i = 0; i < 8u; i++) {
        t->out[i] = (uint8_t)(0xA0u + i);
    }
    EBB_AWAIT(ebb_spi_transfer(&t->wait, &spi2, t->out, t->in, 8, &t->result));
    FW_CHECK(t->result == 8);
    for (unsigned i = 0; i < 8u; i++) {
        FW_CHECK(t->in[i] == (uint8_t)(0xA0u + i));
    }
    ebb_board_puts("hw_spi_dma: PASS\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(tester, struct tester, tester_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    static const ebb_stm32_gpio_pin pins[] = {
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_B, 13, 5, EBB_STM32_GPIO_PULL_NONE), /* SPI2_SCK */
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_B, 14, 5, EBB_STM32_GPIO_PULL_NONE), /* SPI2_MISO */
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_B, 15, 5, EBB_STM32_GPIO_PULL_NONE), /* SPI2_MOSI */
    };
    ebb_stm32_gpio_configure(pins, 3);
    FW_CHECK(ebb_spi_configure(&spi2, EBB_SPI_MODE0, 1000000u) != 0);
    ebb_stm32_dma_init(&rx_stream, EBB_STM32_DMA1_BASE, RX_STREAM, EBB_STM32_IRQ_DMA1_STREAM(RX_STREAM),
                       EBB_BOARD_PRIO_CONSOLE);
    ebb_stm32_dma_init(&tx_stream, EBB_STM32_DMA1_BASE, TX_STREAM, EBB_STM32_IRQ_DMA1_STREAM(TX_STREAM),
                       EBB_BOARD_PRIO_CONSOLE);
    FW_CHECK(ebb_spi_use_dma(&spi2, &tx_stream.dma, 0u, &rx_stream.dma, 0u) == EBB_OK);
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &tester.task) == EBB_OK);
    ebb_executor_run(&exec);
}
