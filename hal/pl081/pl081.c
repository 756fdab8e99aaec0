/* pl081.c - the PL081's register half of the DMA class; see ebb_pl081.h. */
#include "ebb_pl081.h"

#include "ebb/contract.h"
#include "ebb/driver/port.h"
#include "ebb_cortex_m.h"

EBB_MODULE("pl081");

#define CONTAINER(p) ((ebb_pl081_chan *)(void *)((char *)(p) - offsetof(ebb_pl081_chan, dma)))

/* One register access (ebb_pl081_regs.h: the block itself on the chip). */
static inline ebb_pl081_regs *at(ebb_pl081_regs *r) { return EBB_PL081_ACCESS(r); }

static uint32_t width_code(uint8_t w) { return w == 4u ? 2u : w == 2u ? 1u : 0u; }

static void chan_start(ebb_dma_chan *dc, const ebb_dma_xfer *x)
{
    ebb_pl081_chan *ch = CONTAINER(dc);
    ebb_pl081_regs *r = ch->ctl->regs;
    unsigned const n = ch->index;
    uint32_t const bit = 1u << ch->index;
    uint32_t const wc = width_code(x->width);
    uint32_t ctrl = (x->len / x->width) | (wc << EBB_PL081_CTRL_SWIDTH_SHIFT) |
                    (wc << EBB_PL081_CTRL_DWIDTH_SHIFT) | EBB_PL081_CTRL_PROT_PRIV | EBB_PL081_CTRL_I;
    if (x->flags & EBB_DMA_SRC_INC) {
        ctrl |= EBB_PL081_CTRL_SI;
    }
    if (x->flags & EBB_DMA_DST_INC) {
        ctrl |= EBB_PL081_CTRL_DI;
    }
    uint32_t flow = EBB_PL081_FLOW_M2M;
    uint32_t cfg = EBB_PL081_CCFG_IE | EBB_PL081_CCFG_ITC | EBB_PL081_CCFG_E;
    if ((x->flags & EBB_DMA_SRC_PERIPH) && (x->flags & EBB_DMA_DST_PERIPH)) {
        flow = EBB_PL081_FLOW_P2P;
    } else if (x->flags & EBB_DMA_DST_PERIPH) {
        flow = EBB_PL081_FLOW_M2P;
    } else if (x->flags & EBB_DMA_SRC_PERIPH) {
        flow = EBB_PL081_FLOW_P2M;
    }
    cfg |= flow << EBB_PL081_CCFG_FLOW_SHIFT;
    if (x->flags & EBB_DMA_SRC_PERIPH) {
        cfg |= (uint32_t)x->request << EBB_PL081_CCFG_SRCPERIPH_SHIFT;
    }
    if (x->flags & EBB_DMA_DST_PERIPH) {
        cfg |= (uint32_t)x->request << EBB_PL081_CCFG_DSTPERIPH_SHIFT;
    }
    /* Stale status of an earlier transfer must not complete this one. */
    at(r)->INT_TC_CLEAR = bit;
    at(r)->INT_ERR_CLEAR = bit;
    EBB_PL081_ADDR_WRITE(at(r)->CH[n].SRC, x->src);
    EBB_PL081_ADDR_WRITE(at(r)->CH[n].DST, x->dst);
    at(r)->CH[n].LLI = 0;
    at(r)->CH[n].CTRL = ctrl;
    at(r)->CH[n].CONFIG = cfg; /* enables the channel: the transfer starts here */
    /* Clears nothing; a model that updates its interrupt lines only on
     * stores to controller registers (QEMU 7.2) raises the line here. */
    at(r)->INT_TC_CLEAR = 0;
}

static void chan_abort(ebb_dma_chan *dc)
{
    ebb_pl081_chan *ch = CONTAINER(dc);
    ebb_pl081_regs *r = ch->ctl->regs;
    uint32_t const bit = 1u << ch->index;
    /* Disable at once (the TRM's abort), then drop any status it left:
     * no completion of this transfer may reach the interrupt any more. */
    at(r)->CH[ch->index].CONFIG = at(r)->CH[ch->index].CONFIG & ~EBB_PL081_CCFG_E;
    at(r)->INT_TC_CLEAR = bit;
    at(r)->INT_ERR_CLEAR = bit;
}

static uint32_t chan_remaining(const ebb_dma_chan *dc)
{
    const ebb_pl081_chan *ch = CONTAINER(dc);
    return at(ch->ctl->regs)->CH[ch->index].CTRL & EBB_PL081_CTRL_SIZE_MASK;
}

static const ebb_dma_ops pl081_ops = {chan_start, chan_abort, chan_remaining};

void ebb_pl081_init(ebb_pl081 *c, uintptr_t base, unsigned irq, unsigned prio)
{
    EBB_REQUIRE_OR(1, c != NULL && base != 0, return);
    c->regs = (ebb_pl081_regs *)base;
    for (unsigned i = 0; i < 2u; i++) {
        at(c->regs)->CH[i].CONFIG = 0;
        ebb_dma_chan_init(&c->ch[i].dma, &pl081_ops, EBB_PL081_MAX_ITEMS, 15u); /* 16 request lines */
        c->ch[i].ctl = c;
        c->ch[i].index = (uint8_t)i;
    }
    at(c->regs)->INT_TC_CLEAR = 3u;
    at(c->regs)->INT_ERR_CLEAR = 3u;
    at(c->regs)->CONFIG = EBB_PL081_CONFIG_E;
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

ebb_dma_chan *ebb_pl081_channel(ebb_pl081 *c, unsigned n)
{
    EBB_REQUIRE(2, n < 2u);
    return &c->ch[n < 2u ? n : 1u].dma;
}

void ebb_pl081_isr(ebb_pl081 *c)
{
    ebb_pl081_regs *r = c->regs;
    uint32_t const err = at(r)->INT_ERR_STATUS & 3u;
    uint32_t const tc = at(r)->INT_TC_STATUS & 3u;
    for (unsigned i = 0; i < 2u; i++) {
        uint32_t const bit = 1u << i;
        if (err & bit) {
            /* The channel stops on an error; disable it for good. */
            at(r)->CH[i].CONFIG = at(r)->CH[i].CONFIG & ~EBB_PL081_CCFG_E;
            at(r)->INT_ERR_CLEAR = bit;
            at(r)->INT_TC_CLEAR = bit;
            (void)ebb_dma_complete(&c->ch[i].dma, EBB_DMA_EBUS);
        } else if (tc & bit) {
            at(r)->INT_TC_CLEAR = bit;
            (void)ebb_dma_complete(&c->ch[i].dma, (int32_t)c->ch[i].dma.len);
        }
    }
}
