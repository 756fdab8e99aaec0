/* sim_pl081.c - see sim_pl081.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_pl081.h"

#include "ebb_host.h"

ebb_pl081_regs sim_pl081;
void (*sim_pl081_handler)(void);
unsigned sim_pl081_tx_line, sim_pl081_rx_line;
unsigned long sim_pl081_items[2];
unsigned long sim_pl081_irqs;
bool sim_pl081_nvic_enabled;
uintptr_t sim_pl081_bad_lo, sim_pl081_bad_hi;

struct chan {
    uintptr_t src, dst;        /* the address stores (full host addresses) */
    uintptr_t cur_s, cur_d;    /* the running transfer's addresses */
    uint32_t ctrl_seen, cfg_seen, lli_seen;
    uint32_t src_seen, dst_seen;
    bool running;
};
static struct chan ch[2];
static uint32_t raw_tc, raw_err;
static bool pending, raised;
static unsigned isr_depth;

static void die(const char *msg)
{
    fprintf(stderr, "sim_pl081: %s\n", msg);
    abort();
}

static unsigned flow_of(uint32_t cfg) { return (cfg >> EBB_PL081_CCFG_FLOW_SHIFT) & 7u; }

/* The channel ends (terminal count or error): E cleared by the hardware. */
static void end(unsigned n)
{
    ch[n].running = false;
    sim_pl081.CH[n].CONFIG &= ~EBB_PL081_CCFG_E;
    ch[n].cfg_seen = sim_pl081.CH[n].CONFIG;
}

static void start(unsigned n)
{
    ebb_pl081_chan_regs *cr = &sim_pl081.CH[n];
    uint32_t const ctrl = cr->CTRL, cfg = cr->CONFIG;
    unsigned const flow = flow_of(cfg);
    if (!(sim_pl081.CONFIG & EBB_PL081_CONFIG_E)) {
        die("a channel enabled with the controller disabled");
    }
    if (cr->LLI != 0) {
        die("a linked list (not used by the driver)");
    }
    if ((ctrl & EBB_PL081_CTRL_SIZE_MASK) == 0) {
        die("enabled with TransferSize 0");
    }
    if (((ctrl >> EBB_PL081_CTRL_SBSIZE_SHIFT) & 0x3Fu) != 0) {
        die("bursts other than one item (not used by the driver)");
    }
    if (((ctrl >> EBB_PL081_CTRL_SWIDTH_SHIFT) & 7u) != ((ctrl >> EBB_PL081_CTRL_DWIDTH_SHIFT) & 7u)) {
        die("source and destination widths differ (not used by the driver)");
    }
    if (flow > EBB_PL081_FLOW_P2M) {
        die("flow control other than the DMAC's memory to memory/peripheral");
    }
    uintptr_t const dr = (uintptr_t)&sim_pl022.DR;
    if ((flow == EBB_PL081_FLOW_M2P && ch[n].dst != dr) || (flow == EBB_PL081_FLOW_P2M && ch[n].src != dr)) {
        die("a peripheral side other than the PL022's DR");
    }
    if (flow != EBB_PL081_FLOW_M2M && ((ctrl >> EBB_PL081_CTRL_SWIDTH_SHIFT) & 7u) != 0) {
        die("the PL022 by DMA in items other than bytes");
    }
    if ((flow == EBB_PL081_FLOW_M2P && (ctrl & EBB_PL081_CTRL_DI)) ||
        (flow == EBB_PL081_FLOW_P2M && (ctrl & EBB_PL081_CTRL_SI))) {
        die("the peripheral side's address increments");
    }
    ch[n].cur_s = ch[n].src;
    ch[n].cur_d = ch[n].dst;
    ch[n].running = true;
}

/* The stores the driver made since the last look. */
static void process(void)
{
    raw_tc &= ~(sim_pl081.INT_TC_CLEAR & 3u);
    raw_err &= ~(sim_pl081.INT_ERR_CLEAR & 3u);
    sim_pl081.INT_TC_CLEAR = sim_pl081.INT_ERR_CLEAR = 0;
    for (unsigned n = 0; n < 2u; n++) {
        ebb_pl081_chan_regs *cr = &sim_pl081.CH[n];
        struct chan *c = &ch[n];
        bool const was_en = (c->cfg_seen & EBB_PL081_CCFG_E) != 0;
        bool const en = (cr->CONFIG & EBB_PL081_CCFG_E) != 0;
        if (was_en && (cr->CTRL != c->ctrl_seen || cr->LLI != c->lli_seen || cr->SRC != c->src_seen ||
                       cr->DST != c->dst_seen)) {
            die("SRC, DST, LLI or CTRL stored while the channel is enabled");
        }
        if (was_en && ((cr->CONFIG ^ c->cfg_seen) & ~EBB_PL081_CCFG_E) != 0) {
            die("CONFIG changed other than E while the channel is enabled");
        }
        if (!was_en && en) {
            start(n);
        } else if (was_en && !en) {
            c->running = false; /* the immediate abort */
        }
        c->cfg_seen = cr->CONFIG;
        c->ctrl_seen = cr->CTRL;
        c->lli_seen = cr->LLI;
        c->src_seen = cr->SRC;
        c->dst_seen = cr->DST;
    }
}

static bool bad(uintptr_t a, unsigned w) { return a + w > sim_pl081_bad_lo && a < sim_pl081_bad_hi; }

static bool line_up(unsigned line, bool tx)
{
    if (line == sim_pl081_tx_line && tx) {
        return sim_pl022_tx_request();
    }
    if (line == sim_pl081_rx_line && !tx) {
        return sim_pl022_rx_request();
    }
    return false; /* nobody drives it */
}

/* One item of channel n, if it has a request; true if it moved one. */
static bool serve(unsigned n)
{
    struct chan *c = &ch[n];
    ebb_pl081_chan_regs *cr = &sim_pl081.CH[n];
    uint32_t const ctrl = cr->CTRL, cfg = cr->CONFIG;
    unsigned const flow = flow_of(cfg);
    unsigned const w = 1u << ((ctrl >> EBB_PL081_CTRL_SWIDTH_SHIFT) & 3u);
    if (flow == EBB_PL081_FLOW_M2P &&
        !line_up((cfg >> EBB_PL081_CCFG_DSTPERIPH_SHIFT) & 15u, true)) {
        return false;
    }
    if (flow == EBB_PL081_FLOW_P2M &&
        !line_up((cfg >> EBB_PL081_CCFG_SRCPERIPH_SHIFT) & 15u, false)) {
        return false;
    }
    bool const mem_s = flow != EBB_PL081_FLOW_P2M, mem_d = flow != EBB_PL081_FLOW_M2P;
    if ((mem_s && bad(c->cur_s, w)) || (mem_d && bad(c->cur_d, w))) {
        raw_err |= 1u << n;
        end(n);
        return true;
    }
    if (flow == EBB_PL081_FLOW_M2P) {
        sim_pl022_dr_write(&sim_pl022, *(const uint8_t *)c->cur_s);
    } else if (flow == EBB_PL081_FLOW_P2M) {
        *(uint8_t *)c->cur_d = (uint8_t)sim_pl022_dr_read(&sim_pl022);
    } else {
        memcpy((void *)c->cur_d, (const void *)c->cur_s, w);
    }
    if (ctrl & EBB_PL081_CTRL_SI) {
        c->cur_s += w;
    }
    if (ctrl & EBB_PL081_CTRL_DI) {
        c->cur_d += w;
    }
    sim_pl081_items[n]++;
    uint32_t const left = (ctrl & EBB_PL081_CTRL_SIZE_MASK) - 1u;
    cr->CTRL = (ctrl & ~EBB_PL081_CTRL_SIZE_MASK) | left;
    c->ctrl_seen = cr->CTRL;
    if (left == 0) {
        if (ctrl & EBB_PL081_CTRL_I) {
            raw_tc |= 1u << n;
        }
        end(n);
    }
    return true;
}

/* The status registers as the hardware shows them; latch the line. */
static void sync(void)
{
    uint32_t tc_mask = 0, err_mask = 0, enabled = 0;
    for (unsigned n = 0; n < 2u; n++) {
        uint32_t const cfg = sim_pl081.CH[n].CONFIG;
        tc_mask |= (cfg & EBB_PL081_CCFG_ITC) ? 1u << n : 0;
        err_mask |= (cfg & EBB_PL081_CCFG_IE) ? 1u << n : 0;
        enabled |= ch[n].running ? 1u << n : 0;
    }
    sim_pl081.RAW_TC_STATUS = raw_tc;
    sim_pl081.RAW_ERR_STATUS = raw_err;
    sim_pl081.INT_TC_STATUS = raw_tc & tc_mask;
    sim_pl081.INT_ERR_STATUS = raw_err & err_mask;
    sim_pl081.INT_STATUS = sim_pl081.INT_TC_STATUS | sim_pl081.INT_ERR_STATUS;
    sim_pl081.ENABLED = enabled;
    if (sim_pl081.INT_STATUS != 0 && isr_depth == 0) {
        pending = true;
    }
}

static void tick(void)
{
    process();
    for (unsigned n = 0; n < 2u; n++) {
        if (ch[n].running && serve(n)) {
            break; /* one item per tick: the bus is the controller's */
        }
    }
    sync();
}

static void take(void *arg)
{
    (void)arg;
    raised = false;
    unsigned storm = 0;
    while (pending && sim_pl081_nvic_enabled && isr_depth == 0) {
        if (++storm > 1000u) {
            die("the line stays high: the handler clears nothing");
        }
        if (sim_pl081_handler == NULL) {
            die("an interrupt without a handler");
        }
        pending = false;
        isr_depth++;
        sim_pl081_irqs++;
        sim_pl081_handler();
        isr_depth--;
        process(); /* the handler's stores */
        sync();    /* still high on exit: pending again */
    }
}

static void deliver(void)
{
    if (pending && sim_pl081_nvic_enabled && isr_depth == 0 && !raised) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
}

static void *block(uintptr_t addr) { return addr == SIM_PL081_BASE ? &sim_pl081 : NULL; }

static void nvic(unsigned irq, int what)
{
    if (irq != SIM_PL081_IRQ) {
        return;
    }
    if (what == SIM_NVIC_ENABLE) {
        sim_pl081_nvic_enabled = true;
        deliver();
    } else if (what == SIM_NVIC_DISABLE) {
        sim_pl081_nvic_enabled = false;
    } else {
        pending = true;
        deliver();
    }
}

static const struct sim_more pl081_more = {block, tick, deliver, nvic};

void sim_pl081_addr_write(volatile uint32_t *reg, uintptr_t a)
{
    for (unsigned n = 0; n < 2u; n++) {
        ebb_pl081_chan_regs *cr = &sim_pl081.CH[n];
        if (reg != &cr->SRC && reg != &cr->DST) {
            continue;
        }
        if (cr->CONFIG & EBB_PL081_CCFG_E) {
            die("an address stored while the channel is enabled");
        }
        *(reg == &cr->SRC ? &ch[n].src : &ch[n].dst) = a;
        *reg = (uint32_t)a;
        return;
    }
    die("an address store outside a channel's SRC/DST");
}

void sim_pl081_reset(void)
{
    memset(&sim_pl081, 0, sizeof sim_pl081);
    memset(ch, 0, sizeof ch);
    memset(sim_pl081_items, 0, sizeof sim_pl081_items);
    sim_pl081_handler = NULL;
    sim_pl081_tx_line = 5;
    sim_pl081_rx_line = 4;
    sim_pl081_irqs = 0;
    sim_pl081_nvic_enabled = false;
    sim_pl081_bad_lo = sim_pl081_bad_hi = 0;
    raw_tc = raw_err = 0;
    pending = raised = false;
    isr_depth = 0;
    sim_more = &pl081_more;
}

bool sim_pl081_running(unsigned n) { return ch[n].running; }
bool sim_pl081_pending(void) { return pending; }
