/* sim_dma.c - see sim_dma.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_dma.h"

#include "ebb_host.h"

ebb_stm32_dma_regs sim_dma[2];
void (*sim_dma_handler[2][8])(void);
unsigned long sim_dma_items[2][8];
unsigned long sim_dma_irqs[2][8];
bool sim_dma_nvic_enabled[2][8];
unsigned sim_dma_stop_ticks;
uintptr_t sim_dma_bad_lo, sim_dma_bad_hi;

struct stream {
    uintptr_t par, m0ar;     /* the stores (full host addresses) */
    uintptr_t cur_p, cur_m;  /* the running transfer's addresses */
    uint32_t cr_seen, ndtr_seen, fcr_seen;
    bool running;            /* moves items */
    unsigned stopping;       /* ticks until EN reads 0 after a clear */
    bool pending;            /* NVIC */
};
static struct stream st[2][8];
static bool raised;
static unsigned isr_depth;

static void die(const char *msg)
{
    fprintf(stderr, "sim_dma: %s\n", msg);
    abort();
}

static volatile uint32_t *isr_reg(unsigned c, unsigned n) { return n < 4u ? &sim_dma[c].LISR : &sim_dma[c].HISR; }

static void set_flag(unsigned c, unsigned n, uint32_t f) { *isr_reg(c, n) |= f << EBB_STM32_DMA_FLAG_SHIFT(n); }

static uint32_t flags(unsigned c, unsigned n)
{
    return (*isr_reg(c, n) >> EBB_STM32_DMA_FLAG_SHIFT(n)) & EBB_STM32_DMA_FLAGS;
}

/* The stream ends (completion or error): EN cleared by the hardware. */
static void end(unsigned c, unsigned n, uint32_t flag)
{
    struct stream *s = &st[c][n];
    s->running = false;
    s->stopping = 0;
    sim_dma[c].S[n].CR &= ~EBB_STM32_DMA_CR_EN;
    s->cr_seen = sim_dma[c].S[n].CR;
    set_flag(c, n, flag);
}

static bool bad(uintptr_t a, unsigned w) { return a + w > sim_dma_bad_lo && a < sim_dma_bad_hi; }

/* The stores the drivers made since the last look. */
static void process(void)
{
    for (unsigned c = 0; c < 2u; c++) {
        ebb_stm32_dma_regs *r = &sim_dma[c];
        r->LISR &= ~r->LIFCR;
        r->HISR &= ~r->HIFCR;
        r->LIFCR = r->HIFCR = 0;
        for (unsigned n = 0; n < 8u; n++) {
            struct stream *s = &st[c][n];
            ebb_stm32_dma_stream_regs *sr = &r->S[n];
            bool const was_en = (s->cr_seen & EBB_STM32_DMA_CR_EN) != 0;
            bool const en = (sr->CR & EBB_STM32_DMA_CR_EN) != 0;
            if (was_en && (sr->NDTR != s->ndtr_seen || sr->FCR != s->fcr_seen)) {
                die("NDTR or FCR stored while the stream is enabled");
            }
            if (was_en && ((sr->CR ^ s->cr_seen) & ~EBB_STM32_DMA_CR_EN) != 0) {
                die("CR changed while the stream is enabled");
            }
            if (!was_en && en) {
                uint32_t const cr = sr->CR;
                uint32_t const dir = cr & EBB_STM32_DMA_CR_DIR_MASK;
                if ((sr->NDTR & 0xFFFFu) == 0) {
                    die("enabled with NDTR 0");
                }
                if (dir == EBB_STM32_DMA_CR_DIR_M2M && !(sr->FCR & EBB_STM32_DMA_FCR_DMDIS)) {
                    die("memory to memory in direct mode");
                }
                if (dir == EBB_STM32_DMA_CR_DIR_M2M && c == 0) {
                    die("memory to memory on DMA1");
                }
                if (dir == (3u << 6)) {
                    die("DIR 11 is reserved");
                }
                if (((cr >> 11) & 3u) != ((cr >> 13) & 3u)) {
                    die("PSIZE and MSIZE differ (not used by the driver)");
                }
                s->cur_p = s->par;
                s->cur_m = s->m0ar;
                s->running = true;
                s->stopping = 0;
            } else if (was_en && !en) {
                if (s->running && s->stopping == 0) {
                    /* The current item finishes first: EN still reads 1. */
                    s->running = false;
                    s->stopping = sim_dma_stop_ticks;
                }
                if (s->stopping != 0) {
                    sr->CR |= EBB_STM32_DMA_CR_EN;
                }
            }
            s->cr_seen = sr->CR;
            s->ndtr_seen = sr->NDTR;
            s->fcr_seen = sr->FCR;
        }
    }
}

static unsigned size_of(uint32_t cr) { return 1u << ((cr >> 11) & 3u); }

/* One item of stream (c, n), if it has a request. */
static void serve(unsigned c, unsigned n)
{
    struct stream *s = &st[c][n];
    ebb_stm32_dma_stream_regs *sr = &sim_dma[c].S[n];
    uint32_t const cr = sr->CR;
    uint32_t const dir = cr & EBB_STM32_DMA_CR_DIR_MASK;
    uint32_t const chan = (cr & EBB_STM32_DMA_CR_CHSEL_MASK) >> 25;
    unsigned const w = size_of(cr);
    if (dir == EBB_STM32_DMA_CR_DIR_M2M) {
        if (bad(s->cur_p, w) || bad(s->cur_m, w)) {
            end(c, n, EBB_STM32_DMA_TEIF);
            return;
        }
        memcpy((void *)s->cur_m, (const void *)s->cur_p, w);
    } else {
        bool const spi1 = c == 1 && chan == 3u;
        bool const rx = spi1 && dir == EBB_STM32_DMA_CR_DIR_P2M && (n == 0 || n == 2);
        bool const tx = spi1 && dir == EBB_STM32_DMA_CR_DIR_M2P && (n == 3 || n == 5);
        bool const spe = (sim_spi.CR1 & EBB_STM32_SPI_CR1_SPE) != 0;
        if (rx && !((sim_spi.CR2 & EBB_STM32_SPI_CR2_RXDMAEN) && sim_spi_rxne())) {
            return;
        }
        if (tx && !((sim_spi.CR2 & EBB_STM32_SPI_CR2_TXDMAEN) && spe && sim_spi_txe())) {
            return;
        }
        if (!rx && !tx) {
            return; /* nobody raises this stream's request */
        }
        if (s->cur_p != (uintptr_t)&sim_spi.DR) {
            die("SPI1's request served with PAR not its DR");
        }
        if (w != 1u) {
            die("SPI1 by DMA in items other than bytes");
        }
        if (bad(s->cur_m, w)) {
            end(c, n, EBB_STM32_DMA_TEIF);
            return;
        }
        if (rx) {
            *(uint8_t *)s->cur_m = (uint8_t)sim_spi_dr_read(&sim_spi);
        } else {
            sim_spi_dr_write(&sim_spi, *(const uint8_t *)s->cur_m);
        }
    }
    if (cr & EBB_STM32_DMA_CR_PINC) {
        s->cur_p += w;
    }
    if (cr & EBB_STM32_DMA_CR_MINC) {
        s->cur_m += w;
    }
    sim_dma_items[c][n]++;
    sr->NDTR = (sr->NDTR - 1u) & 0xFFFFu;
    s->ndtr_seen = sr->NDTR;
    if (sr->NDTR == 0) {
        end(c, n, EBB_STM32_DMA_TCIF);
    }
}

/* The streams' lines into the NVIC. */
static void lines(void)
{
    for (unsigned c = 0; c < 2u; c++) {
        for (unsigned n = 0; n < 8u; n++) {
            uint32_t const cr = sim_dma[c].S[n].CR, f = flags(c, n);
            bool const line = ((f & EBB_STM32_DMA_TCIF) && (cr & EBB_STM32_DMA_CR_TCIE)) ||
                              ((f & EBB_STM32_DMA_TEIF) && (cr & EBB_STM32_DMA_CR_TEIE)) ||
                              ((f & EBB_STM32_DMA_HTIF) && (cr & EBB_STM32_DMA_CR_HTIE)) ||
                              ((f & EBB_STM32_DMA_DMEIF) && (cr & EBB_STM32_DMA_CR_DMEIE)) ||
                              ((f & EBB_STM32_DMA_FEIF) && (sim_dma[c].S[n].FCR & EBB_STM32_DMA_FCR_FEIE));
            if (line && isr_depth == 0) {
                st[c][n].pending = true;
            }
        }
    }
}

static void tick(void)
{
    for (unsigned c = 0; c < 2u; c++) {
        for (unsigned n = 0; n < 8u; n++) {
            struct stream *s = &st[c][n];
            if (s->stopping != 0 && --s->stopping == 0) {
                /* The item in progress at the clear lands now (if it
                 * had a request), then EN reads 0. */
                s->running = true;
                serve(c, n);
                s->running = false;
                sim_dma[c].S[n].CR &= ~EBB_STM32_DMA_CR_EN;
                s->cr_seen = sim_dma[c].S[n].CR;
            }
        }
    }
    process();
    for (unsigned c = 0; c < 2u; c++) {
        for (unsigned n = 0; n < 8u; n++) {
            if (st[c][n].running) {
                serve(c, n);
            }
        }
    }
    lines();
}

static bool any_deliverable(void)
{
    for (unsigned c = 0; c < 2u; c++) {
        for (unsigned n = 0; n < 8u; n++) {
            if (st[c][n].pending && sim_dma_nvic_enabled[c][n]) {
                return true;
            }
        }
    }
    return false;
}

static void take(void *arg)
{
    (void)arg;
    raised = false;
    unsigned storm = 0;
    while (isr_depth == 0 && any_deliverable()) {
        if (++storm > 1000u) {
            die("a stream's line stays high: its handler clears nothing");
        }
        for (unsigned c = 0; c < 2u; c++) {
            for (unsigned n = 0; n < 8u; n++) {
                if (!st[c][n].pending || !sim_dma_nvic_enabled[c][n]) {
                    continue;
                }
                if (sim_dma_handler[c][n] == NULL) {
                    die("interrupt of a stream without a handler");
                }
                st[c][n].pending = false;
                isr_depth++;
                sim_dma_irqs[c][n]++;
                sim_dma_handler[c][n]();
                isr_depth--;
                process(); /* the handler's stores */
                lines();   /* still high on exit: pending again */
            }
        }
    }
}

static void deliver(void)
{
    if (!raised && isr_depth == 0 && any_deliverable()) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
}

static void *block(uintptr_t addr)
{
    if (addr == EBB_STM32_DMA1_BASE) {
        return &sim_dma[0];
    }
    if (addr == EBB_STM32_DMA2_BASE) {
        return &sim_dma[1];
    }
    return NULL;
}

static bool stream_of_irq(unsigned irq, unsigned *c, unsigned *n)
{
    for (unsigned i = 0; i < 8u; i++) {
        if (irq == EBB_STM32_IRQ_DMA1_STREAM(i) || irq == EBB_STM32_IRQ_DMA2_STREAM(i)) {
            *c = irq == EBB_STM32_IRQ_DMA2_STREAM(i);
            *n = i;
            return true;
        }
    }
    return false;
}

static void nvic(unsigned irq, int what)
{
    unsigned c, n;
    if (!stream_of_irq(irq, &c, &n)) {
        return;
    }
    if (what == SIM_NVIC_ENABLE) {
        sim_dma_nvic_enabled[c][n] = true;
        deliver();
    } else if (what == SIM_NVIC_DISABLE) {
        sim_dma_nvic_enabled[c][n] = false;
    } else {
        st[c][n].pending = true;
        deliver();
    }
}

static const struct sim_more dma_more = {block, tick, deliver, nvic};

void sim_dma_addr_write(volatile uint32_t *reg, uintptr_t a)
{
    for (unsigned c = 0; c < 2u; c++) {
        for (unsigned n = 0; n < 8u; n++) {
            ebb_stm32_dma_stream_regs *sr = &sim_dma[c].S[n];
            if (reg != &sr->PAR && reg != &sr->M0AR) {
                continue;
            }
            if (sr->CR & EBB_STM32_DMA_CR_EN) {
                die("an address stored while the stream is enabled");
            }
            *(reg == &sr->PAR ? &st[c][n].par : &st[c][n].m0ar) = a;
            *reg = (uint32_t)a;
            return;
        }
    }
    die("an address store outside a stream's PAR/M0AR");
}

void sim_dma_reset(void)
{
    memset(sim_dma, 0, sizeof sim_dma);
    memset(sim_dma_handler, 0, sizeof sim_dma_handler);
    memset(sim_dma_items, 0, sizeof sim_dma_items);
    memset(sim_dma_irqs, 0, sizeof sim_dma_irqs);
    memset(sim_dma_nvic_enabled, 0, sizeof sim_dma_nvic_enabled);
    memset(st, 0, sizeof st);
    sim_dma_stop_ticks = 2;
    sim_dma_bad_lo = sim_dma_bad_hi = 0;
    raised = false;
    isr_depth = 0;
    sim_more = &dma_more;
}

bool sim_dma_running(unsigned c, unsigned n) { return st[c][n].running || st[c][n].stopping != 0; }
bool sim_dma_pending(unsigned c, unsigned n) { return st[c][n].pending; }
