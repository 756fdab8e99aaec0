/* stm32_dma.c - the STM32F4 DMA streams' register half of the DMA class;
 * see ebb_stm32_dma.h. */
#include "ebb_stm32_dma.h"

#include <stddef.h>

#include "ebb/contract.h"
#include "ebb_cortex_m.h"
#include "regs/rcc.h"

EBB_MODULE("stm32_dma");

#define CONTAINER(p) ((ebb_stm32_dma_stream *)(void *)((char *)(p) - offsetof(ebb_stm32_dma_stream, dma)))

/* The register block, looked up at each access (a constant on the chip;
 * a host test's simulation gets control before every access). */
static inline ebb_stm32_dma_regs *regs_of(const ebb_stm32_dma_stream *s)
{
    return EBB_STM32_PERIPH(ebb_stm32_dma_regs, s->base);
}

static inline ebb_stm32_dma_stream_regs *stream_of(const ebb_stm32_dma_stream *s)
{
    return &regs_of(s)->S[s->stream];
}

/* Clear every flag of the stream (LIFCR/HIFCR: write 1 to clear). */
static void clear_flags(const ebb_stm32_dma_stream *s)
{
    uint32_t const bits = EBB_STM32_DMA_FLAGS << EBB_STM32_DMA_FLAG_SHIFT(s->stream);
    if (s->stream < 4u) {
        regs_of(s)->LIFCR = bits;
    } else {
        regs_of(s)->HIFCR = bits;
    }
}

static uint32_t flags_of(const ebb_stm32_dma_stream *s)
{
    uint32_t const isr = s->stream < 4u ? regs_of(s)->LISR : regs_of(s)->HISR;
    return (isr >> EBB_STM32_DMA_FLAG_SHIFT(s->stream)) & EBB_STM32_DMA_FLAGS;
}

/* Disable the stream and wait for EN to read 0.  The bound: with EN
 * cleared the stream stops after the access it is in (RM0390 9.3.7, "the
 * stream is stopped ... after the current data transfer"); with single
 * accesses that is one read and one write of at most a word, a few AHB/APB
 * cycles - unless the target stalls the bus, which no peripheral an ebb
 * driver streams to does.  Memory to memory (FIFO mode) also drains the
 * FIFO, at most four words.  No loop counter: a stream that never
 * stopped would be a hardware fault no count would make safe. */
static void disable(const ebb_stm32_dma_stream *s)
{
    ebb_stm32_dma_stream_regs *sr = stream_of(s);
    sr->CR &= ~EBB_STM32_DMA_CR_EN;
    while (stream_of(s)->CR & EBB_STM32_DMA_CR_EN) {
    }
}

static void chan_start(ebb_dma_chan *dc, const ebb_dma_xfer *x)
{
    ebb_stm32_dma_stream *s = CONTAINER(dc);
    bool const src_p = (x->flags & EBB_DMA_SRC_PERIPH) != 0;
    bool const dst_p = (x->flags & EBB_DMA_DST_PERIPH) != 0;
    EBB_REQUIRE_OR(2, !(src_p && dst_p) && (src_p || dst_p || s->base == EBB_STM32_DMA2_BASE),
                   (void)ebb_dma_complete(dc, EBB_DMA_EBUS);
                   return);
    uint32_t const size = x->width == 4u ? 2u : x->width == 2u ? 1u : 0u;
    uint32_t cr = EBB_STM32_DMA_CR_CHSEL((uint32_t)x->request) | EBB_STM32_DMA_CR_PSIZE(size) |
                  EBB_STM32_DMA_CR_MSIZE(size) | EBB_STM32_DMA_CR_TCIE | EBB_STM32_DMA_CR_TEIE;
    uintptr_t par = x->src, mar = x->dst;
    bool pinc = (x->flags & EBB_DMA_SRC_INC) != 0, minc = (x->flags & EBB_DMA_DST_INC) != 0;
    uint32_t fcr = 0; /* direct mode */
    if (dst_p) {
        cr |= EBB_STM32_DMA_CR_DIR_M2P; /* memory (M0AR) to the peripheral (PAR) */
        par = x->dst;
        mar = x->src;
        pinc = (x->flags & EBB_DMA_DST_INC) != 0;
        minc = (x->flags & EBB_DMA_SRC_INC) != 0;
    } else if (src_p) {
        cr |= EBB_STM32_DMA_CR_DIR_P2M;
    } else {
        cr |= EBB_STM32_DMA_CR_DIR_M2M; /* PAR is the source; direct mode not allowed */
        fcr = EBB_STM32_DMA_FCR_DMDIS | EBB_STM32_DMA_FCR_FTH(1);
    }
    cr |= (pinc ? EBB_STM32_DMA_CR_PINC : 0) | (minc ? EBB_STM32_DMA_CR_MINC : 0);
    /* Idle: EN is 0 (the class starts a channel only when no transfer
     * runs, and every end - completion, error, abort - disabled it).
     * Stale flags of an earlier transfer must not end this one. */
    clear_flags(s);
    ebb_stm32_dma_stream_regs *sr = stream_of(s);
    sr->FCR = fcr;
    sr->NDTR = x->len / x->width;
    EBB_STM32_DMA_ADDR_WRITE(stream_of(s)->PAR, par);
    EBB_STM32_DMA_ADDR_WRITE(stream_of(s)->M0AR, mar);
    sr = stream_of(s);
    sr->CR = cr;
    sr = stream_of(s);
    sr->CR = cr | EBB_STM32_DMA_CR_EN; /* the transfer starts here */
}

static void chan_abort(ebb_dma_chan *dc)
{
    ebb_stm32_dma_stream *s = CONTAINER(dc);
    disable(s);
    clear_flags(s); /* no completion of this transfer reaches the isr */
}

static uint32_t chan_remaining(const ebb_dma_chan *dc)
{
    return stream_of(CONTAINER(dc))->NDTR & 0xFFFFu;
}

static const ebb_dma_ops stm32_dma_ops = {chan_start, chan_abort, chan_remaining};

/* cold: set-up code, compiled for size and kept off the hot path. */
__attribute__((cold)) void ebb_stm32_dma_init(ebb_stm32_dma_stream *s, uintptr_t base, unsigned stream,
                                              unsigned irq, unsigned prio)
{
    EBB_REQUIRE_OR(1, s != NULL && (base == EBB_STM32_DMA1_BASE || base == EBB_STM32_DMA2_BASE) && stream <= 7u,
                   return);
    s->base = base;
    s->stream = (uint8_t)stream;
    s->irq = (uint8_t)irq;
    ebb_dma_chan_init(&s->dma, &stm32_dma_ops, EBB_STM32_DMA_MAX_ITEMS, 7u); /* SxCR.CHSEL: 8 channels */
    EBB_STM32_RCC->AHB1ENR |= base == EBB_STM32_DMA1_BASE ? EBB_STM32_RCC_AHB1ENR_DMA1EN : EBB_STM32_RCC_AHB1ENR_DMA2EN;
    (void)EBB_STM32_RCC->AHB1ENR; /* the clock is on before the first access */
    disable(s);
    clear_flags(s);
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

void ebb_stm32_dma_isr(ebb_stm32_dma_stream *s)
{
    uint32_t const f = flags_of(s);
    clear_flags(s);
    if (f & EBB_STM32_DMA_TEIF) {
        /* The hardware disabled the stream; make sure before reporting. */
        disable(s);
        (void)ebb_dma_complete(&s->dma, EBB_DMA_EBUS);
    } else if (f & EBB_STM32_DMA_TCIF) {
        (void)ebb_dma_complete(&s->dma, (int32_t)s->dma.len);
    }
    /* Neither: an abort cleared the flags first (its line was pending);
     * nothing to report. */
}
