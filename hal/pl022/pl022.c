/* pl022.c - ARM PL022 SSP (ARM DDI 0194) register code for the SPI class;
 * see ebb_pl022.h. */
#include "ebb_pl022.h"

#include "ebb/contract.h"
#include "ebb_cortex_m.h"

EBB_MODULE("pl022");

static inline ebb_pl022_regs *regs_of(const ebb_spi *spi) { return (ebb_pl022_regs *)spi->regs; }

/* Take the echoes the receive FIFO holds. */
static void drain(ebb_spi *spi, ebb_pl022_regs *r)
{
    while (ebb_spi_rx_expected(spi) && (r->SR & EBB_PL022_SR_RNE)) {
        ebb_spi_rx_put(spi, (uint8_t)r->DR);
    }
}

/* Hand over bytes while fewer than a FIFO's worth are in flight. */
static void fill(ebb_spi *spi, ebb_pl022_regs *r)
{
    while (ebb_spi_tx_ready(spi) && (r->SR & EBB_PL022_SR_TNF)) {
        r->DR = ebb_spi_tx_next(spi);
    }
}

static void feed(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    r->ICR = EBB_PL022_INT_RT; /* re-armed by the next quiet period */
    drain(spi, r);
    fill(spi, r);
    if (spi->sent == spi->len) {
        drain(spi, r); /* what came in at once (an emulator) */
    }
}

static void start(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    r->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
    feed(spi);
    r->IMSC = EBB_PL022_INT_RX | EBB_PL022_INT_RT;
}

static void stop(ebb_spi *spi)
{
    ebb_pl022_regs *r = regs_of(spi);
    r->IMSC = 0;
    drain(spi, r);
    r->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
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
    r->IMSC = 0;
    r->CR1 = 0; /* disabled, master, no loop-back */
    r->CR0 = EBB_PL022_CR0_DSS(8) | EBB_PL022_CR0_FRF_SPI | EBB_PL022_CR0_SCR(scr) |
             (((unsigned)mode & 2u) ? EBB_PL022_CR0_SPO : 0) | (((unsigned)mode & 1u) ? EBB_PL022_CR0_SPH : 0);
    r->CPSR = cpsdvsr;
    r->DMACR = 0;
    r->CR1 = EBB_PL022_CR1_SSE;
    /* Whatever an earlier user left: both FIFOs hold at most 8 entries,
     * and each read lets one more through.  Echoes of a stopped transfer
     * that are not in yet stay counted as stale. */
    for (unsigned i = 0; i < 2u * EBB_PL022_FIFO_DEPTH && (r->SR & EBB_PL022_SR_RNE); i++) {
        (void)r->DR;
        if (spi->stale != 0) {
            spi->stale--;
        }
    }
    r->ICR = EBB_PL022_INT_RT | EBB_PL022_INT_ROR;
    ebb_cm_irq_set_prio(spi->irq, spi->prio);
    ebb_cm_irq_enable(spi->irq);
    return rate;
}

/* No DMA hooks: the PL022's DMA requests (DMACR) are not driven; QEMU's
 * PL081 would not serve them anyway (docs/drivers.md). */
const ebb_spi_ops ebb_pl022_spi_ops = {configure, start, feed, stop, NULL, NULL, NULL};

void ebb_pl022_loopback(ebb_spi *spi, bool on)
{
    EBB_REQUIRE_OR(1, spi != NULL && spi->ops != NULL && spi->ops->configure == configure && !ebb_spi_busy(spi),
                   return);
    ebb_pl022_regs *r = regs_of(spi);
    r->CR1 = on ? (r->CR1 | EBB_PL022_CR1_LBM) : (r->CR1 & ~EBB_PL022_CR1_LBM);
}
