/* pl022.c - ARM PL022 SSP (ARM DDI 0194) register code for the SPI class;
 * see ebb_pl022.h. */
#include "ebb_pl022.h"

#include "ebb/contract.h"
#include "ebb/time.h"
#include "ebb_cortex_m.h"

EBB_MODULE("pl022");

static inline ebb_pl022_regs *regs_of(const ebb_spi *spi) { return (ebb_pl022_regs *)spi->regs; }

/* One register access (ebb_pl022_regs.h: the block itself on the chip). */
static inline ebb_pl022_regs *at(ebb_pl022_regs *r) { return EBB_PL022_ACCESS(r); }

/* Take the echoes the receive FIFO holds. */
static void drain(ebb_spi *spi, ebb_pl022_regs *r)
{
    while (ebb_spi_rx_expected(spi) && (at(r)->SR & EBB_PL022_SR_RNE)) {
        ebb_spi_rx_put(spi, (uint8_t)EBB_PL022_DR_READ(at(r)));
    }
}

/* Hand over bytes while fewer than a FIFO's worth are in flight. */
static void fill(ebb_spi *spi, ebb_pl022_regs *r)
{
    while (ebb_spi_tx_ready(spi) && (at(r)->SR & EBB_PL022_SR_TNF)) {
        EBB_PL022_DR_WRITE(at(r), ebb_spi_tx_next(spi));
    }
}

static void feed(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    at(r)->ICR = EBB_PL022_INT_RT; /* re-armed by the next quiet period */
    drain(spi, r);
    fill(spi, r);
    if (spi->sent == spi->len) {
        drain(spi, r); /* what came in at once (an emulator) */
    }
}

static void start(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    at(r)->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
    feed(spi);
    at(r)->IMSC = EBB_PL022_INT_RX | EBB_PL022_INT_RT;
}

static void stop(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    at(r)->IMSC = 0;
    drain(spi, r);
    at(r)->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
}

/* The fastest SSPCLK / (CPSDVSR * (1 + SCR)) at or below hz; 0 if none. */
static uint32_t divider(uint32_t clk_hz, uint32_t hz, uint32_t *cpsdvsr, uint32_t *scr)
{
    uint32_t best = 0;
    for (uint32_t c = 2; c <= 254u; c += 2) {
        uint32_t const step = c * hz; /* may exceed 32 bits only for huge hz */
        if (step / c != hz) {
            break;
        }
        uint32_t s = (clk_hz + step - 1u) / step; /* 1 + SCR, rounded up */
        if (s == 0) {
            s = 1;
        }
        if (s > 256u) {
            continue;
        }
        uint32_t const rate = clk_hz / (c * s);
        if (rate > best) {
            best = rate;
            *cpsdvsr = c;
            *scr = s - 1u;
        }
    }
    return best;
}

static uint32_t configure(ebb_spi *spi, ebb_spi_mode mode, uint32_t hz)
{
    uint32_t cpsdvsr = 2, scr = 0;
    uint32_t const rate = divider(spi->clk_hz, hz, &cpsdvsr, &scr);
    if (rate == 0) {
        return 0;
    }
    ebb_pl022_regs *r = regs_of(spi);
    ebb_cm_irq_disable(spi->irq);
    at(r)->IMSC = 0;
    at(r)->CR1 = 0; /* disabled, master, no loop-back */
    at(r)->CR0 = EBB_PL022_CR0_DSS(8) | EBB_PL022_CR0_FRF_SPI | EBB_PL022_CR0_SCR(scr) |
             (((unsigned)mode & 2u) ? EBB_PL022_CR0_SPO : 0) | (((unsigned)mode & 1u) ? EBB_PL022_CR0_SPH : 0);
    at(r)->CPSR = cpsdvsr;
    at(r)->DMACR = 0;
    at(r)->CR1 = EBB_PL022_CR1_SSE;
    /* Whatever an earlier user left: both FIFOs hold at most 8 entries,
     * and each read lets one more through.  Echoes of a stopped transfer
     * that are not in yet stay counted as stale. */
    for (unsigned i = 0; i < 2u * EBB_PL022_FIFO_DEPTH && (at(r)->SR & EBB_PL022_SR_RNE); i++) {
        (void)EBB_PL022_DR_READ(at(r));
        if (spi->stale != 0) {
            spi->stale--;
        }
    }
    at(r)->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
    ebb_cm_irq_set_prio(spi->irq, spi->prio);
    ebb_cm_irq_enable(spi->irq);
    return rate;
}

/* ---- the DMA mode (TRM: SSPDMACR, the DMA interface) ----
 *
 * The channels move bytes through SSPDR, paced by the single requests:
 * the transmit one while the transmit FIFO has room, the receive one while
 * the receive FIFO holds an entry.  The transmit channel may fill the FIFO:
 * up to 8 bytes wait behind the one shifting.  QEMU 7.2's PL081 serves no
 * request line (docs/dma-i2c.md): this mode is tested on the host's
 * simulations (tests/drivers/sim_pl022.c, sim_pl081.c). */

static uintptr_t dma_addr(ebb_spi *spi) { return (uintptr_t)&at(regs_of(spi))->DR; }

/* Both requests at once (no interrupt source: IMSC is 0 between
 * transfers; the channels' completions end the transfer).  Off: the
 * receive FIFO's entries the receive channel did not take are read and
 * dropped - at most 8, and with the transmit FIFO drained (the class
 * stops the channels first) no more arrive - and an overrun is cleared. */
static void dma(ebb_spi *spi, bool on)
{
    ebb_pl022_regs *r = regs_of(spi);
    at(r)->DMACR = on ? EBB_PL022_DMACR_RXDMAE | EBB_PL022_DMACR_TXDMAE : 0;
    if (!on) {
        for (unsigned i = 0; i < EBB_PL022_FIFO_DEPTH && (at(r)->SR & EBB_PL022_SR_RNE); i++) {
            (void)EBB_PL022_DR_READ(at(r));
        }
        at(r)->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
    }
}

/* The transmit channel is stopped: what it handed over - up to 8 bytes in
 * the transmit FIFO and one shifting - goes out, and the receive channel
 * takes the echoes.  Wait for TFE set and BSY clear, reading SR only (DR is
 * the channels').  The bound is in time, not in turns of the loop: SSPCLK
 * is the PL022's own clock, and a turn (one SR read over the APB, in PCLK
 * cycles) says nothing about how many SSPCLK periods passed.  The wire
 * needs 9 frames of 8 bits, each bit CPSDVSR * (1 + SCR) SSPCLK periods;
 * that time in ticks, rounded up, plus the tick in progress, outlasts it
 * (at 25 MHz, from 6 us at the fastest rate to 187 ms at the slowest);
 * the deadline only guards against a clock that stopped. */
static bool drained(ebb_pl022_regs *r)
{
    return (at(r)->SR & (EBB_PL022_SR_TFE | EBB_PL022_SR_BSY)) == EBB_PL022_SR_TFE;
}

static void dma_drain(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    if (drained(r)) {
        return;
    }
    uint32_t const cpsdvsr = at(r)->CPSR & EBB_PL022_CPSR_CPSDVSR_MASK;
    uint32_t const scr = (at(r)->CR0 >> EBB_PL022_CR0_SCR_SHIFT) & 0xFFu;
    uint32_t const periods = (EBB_PL022_FIFO_DEPTH + 1u) * 8u * cpsdvsr * (1u + scr); /* < 2^23 */
    /* SSPCLK periods per tick, rounded down: the bound errs long. */
    uint32_t const per_tick = spi->clk_hz / EBB_CONFIG_TICK_HZ;
    ebb_ticks const wire = per_tick != 0 ? (ebb_ticks)(periods / per_tick) + 2u
                                         : (ebb_ticks)periods * (EBB_CONFIG_TICK_HZ / (spi->clk_hz | 1u) + 1u) + 1u;
    ebb_ticks const end = ebb_ticks_add(ebb_now(), wire);
    while (!drained(r) && ebb_now() < end) {
    }
}

const ebb_spi_ops ebb_pl022_spi_ops = {configure, start, feed, stop, dma_addr, dma, dma_drain};

void ebb_pl022_loopback(ebb_spi *spi, bool on)
{
    EBB_REQUIRE_OR(1, spi != NULL && spi->ops != NULL && spi->ops->configure == configure && !ebb_spi_busy(spi),
                   return);
    ebb_pl022_regs *r = regs_of(spi);
    uint32_t const cr1 = at(r)->CR1;
    at(r)->CR1 = on ? (cr1 | EBB_PL022_CR1_LBM) : (cr1 & ~EBB_PL022_CR1_LBM);
}
