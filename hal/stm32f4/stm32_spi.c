/* stm32_spi.c - STM32F4 SPI (RM0390 section 26) register code for the SPI class;
 * see ebb_stm32_spi.h. */
#include "ebb_stm32_spi.h"

#include "ebb_cortex_m.h"
#include "regs/rcc.h"

/* The register block, looked up at each access (a constant on the chip;
 * a host test's simulation gets control before every access). */
static inline ebb_stm32_spi_regs *regs_of(const ebb_spi *spi)
{
    return EBB_STM32_PERIPH(ebb_stm32_spi_regs, spi->regs);
}

/* The echo of the byte in flight, if it is in. */
static void take(ebb_spi *spi)
{
    if (regs_of(spi)->SR & EBB_STM32_SPI_SR_RXNE) {
        uint8_t const b = (uint8_t)EBB_STM32_SPI_DR_READ(regs_of(spi));
        if (ebb_spi_rx_expected(spi)) {
            ebb_spi_rx_put(spi, b);
        }
    }
}

static void feed(ebb_spi *spi)
{
    take(spi);
    if (ebb_spi_tx_ready(spi) && (regs_of(spi)->SR & EBB_STM32_SPI_SR_TXE)) {
        EBB_STM32_SPI_DR_WRITE(regs_of(spi), ebb_spi_tx_next(spi));
        /* One byte per interrupt, whatever the bus: an echo that is in
         * already (a bus clock near the CPU's, or an emulator that raises
         * no interrupt) gets an interrupt of its own, after this one has
         * released the lock. */
        if (regs_of(spi)->SR & EBB_STM32_SPI_SR_RXNE) {
            ebb_cm_irq_pend(spi->irq);
        }
    }
}

static void start(ebb_spi *spi)
{
    regs_of(spi)->CR2 = EBB_STM32_SPI_CR2_RXNEIE;
    feed(spi);
}

static void stop(ebb_spi *spi)
{
    regs_of(spi)->CR2 = 0;
    take(spi);
}

/* ---- the DMA mode (RM0390 26.3.9) ---- */

static uintptr_t dma_addr(ebb_spi *spi) { return (uintptr_t)&regs_of(spi)->DR; }

/* Both requests at once: RXNE's goes to the receive stream, TXE's (set
 * now: the transmit buffer is empty) to the transmit stream.  No
 * interrupt source: the streams' completions end the transfer.  Off: an
 * echo the receive stream did not take is read and dropped, and the SR
 * read after it clears an overrun (RM0390: DR then SR). */
static void dma(ebb_spi *spi, bool on)
{
    regs_of(spi)->CR2 = on ? EBB_STM32_SPI_CR2_RXDMAEN | EBB_STM32_SPI_CR2_TXDMAEN : 0;
    if (!on && (regs_of(spi)->SR & EBB_STM32_SPI_SR_RXNE)) {
        (void)EBB_STM32_SPI_DR_READ(regs_of(spi));
        (void)regs_of(spi)->SR;
    }
}

/* The transmit stream is stopped: at most two frames are on the wire, one
 * shifting and one in the transmit buffer, and the receive stream takes
 * their echoes.  Wait for TXE set and BSY clear (RM0390's end of a
 * transfer), reading SR only - DR is the stream's.  The bound: two frames
 * are 16 SCK periods of 2^(BR+1) PCLK cycles each, and every turn reads
 * SR over the APB, at least one PCLK cycle: 16 << (BR+1) turns (32 at the
 * fastest rate, 4096 at the slowest) are more than the wire takes; the
 * count only guards against a clock that stopped. */
static void drain(ebb_spi *spi)
{
    uint32_t const br = (regs_of(spi)->CR1 >> 3) & 7u;
    uint32_t turns = 16u << (br + 1u);
    while ((regs_of(spi)->SR & (EBB_STM32_SPI_SR_TXE | EBB_STM32_SPI_SR_BSY)) != EBB_STM32_SPI_SR_TXE && turns != 0) {
        turns--;
    }
}

/* cold: set-up code, compiled for size and kept off the hot path. */
__attribute__((cold)) static uint32_t configure(ebb_spi *spi, ebb_spi_mode mode, uint32_t hz)
{
    unsigned br = 0;
    while (br < 7u && (spi->clk_hz >> (br + 1u)) > hz) {
        br++;
    }
    uint32_t const rate = spi->clk_hz >> (br + 1u);
    if (rate > hz || rate == 0) {
        return 0;
    }
    /* SPI2/3 (APB1) and SPI1/4 (APB2) are 0x400 apart, and so are their
     * clock-enable bits' positions. */
    EBB_BUILD_ASSERT(EBB_STM32_SPI3_BASE - EBB_STM32_SPI2_BASE == 0x400u &&
                         EBB_STM32_RCC_APB1ENR_SPI3EN == EBB_STM32_RCC_APB1ENR_SPI2EN << 1 &&
                         EBB_STM32_SPI4_BASE - EBB_STM32_SPI1_BASE == 0x400u &&
                         EBB_STM32_RCC_APB2ENR_SPI4EN == EBB_STM32_RCC_APB2ENR_SPI1EN << 1,
                     "SPI bases and clock bits as in RM0390");
    uintptr_t const base = (uintptr_t)spi->regs;
    uintptr_t const apb1 = base - EBB_STM32_SPI2_BASE, apb2 = base - EBB_STM32_SPI1_BASE;
    if ((apb1 | 0x400u) == 0x400u) {
        EBB_STM32_RCC->APB1ENR |= EBB_STM32_RCC_APB1ENR_SPI2EN << (apb1 >> 10);
    } else if ((apb2 | 0x400u) == 0x400u) {
        EBB_STM32_RCC->APB2ENR |= EBB_STM32_RCC_APB2ENR_SPI1EN << (apb2 >> 10);
    }
    (void)EBB_STM32_RCC->APB1ENR; /* the clock is on before the first access */

    ebb_cm_irq_disable(spi->irq);
    regs_of(spi)->CR2 = 0;
    /* SPE goes off only with the wire idle (RM0390, "Disabling the SPI":
     * TXE = 1 and BSY = 0 first): a stopped transfer's last frames may
     * still be shifting, at the old rate, which drain() is bounded by. */
    drain(spi);
    regs_of(spi)->CR1 = 0; /* SPE off: the format may change */
    uint32_t const cr1 = EBB_STM32_SPI_CR1_MSTR | EBB_STM32_SPI_CR1_SSM | EBB_STM32_SPI_CR1_SSI | EBB_STM32_SPI_CR1_BR(br) |
                         (((unsigned)mode & 2u) ? EBB_STM32_SPI_CR1_CPOL : 0) |
                         (((unsigned)mode & 1u) ? EBB_STM32_SPI_CR1_CPHA : 0);
    regs_of(spi)->CR1 = cr1;
    regs_of(spi)->CR1 = cr1 | EBB_STM32_SPI_CR1_SPE;
    if (regs_of(spi)->SR & EBB_STM32_SPI_SR_RXNE) { /* an earlier user's last echo */
        (void)EBB_STM32_SPI_DR_READ(regs_of(spi));
        (void)regs_of(spi)->SR; /* DR then SR: clears an overrun of the frames before it */
    }
    spi->stale = 0; /* the wire was idle: no echo of an earlier transfer is still to come */
    ebb_cm_irq_set_prio(spi->irq, spi->prio);
    ebb_cm_irq_enable(spi->irq);
    return rate;
}

const ebb_spi_ops ebb_stm32_spi_ops = {configure, start, feed, stop, dma_addr, dma, drain};
