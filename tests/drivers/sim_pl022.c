/* sim_pl022.c - see sim_pl022.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_pl022.h"

#include "ebb_host.h"

#define DEPTH EBB_PL022_FIFO_DEPTH

ebb_pl022_regs sim_pl022;
unsigned sim_pl022_shift_ticks, sim_pl022_rt_ticks;
bool sim_pl022_loopback;
bool sim_pl022_stalled;
void (*sim_pl022_on_access)(void);
unsigned long sim_pl022_overruns, sim_pl022_irqs, sim_pl022_bytes;
bool sim_pl022_nvic_enabled;

static uint8_t txf[DEPTH], rxf[DEPTH];
static unsigned tx_head, tx_n, rx_head, rx_n;
static bool shifting, nvic_pending, raised;
static uint8_t shift_byte;
static unsigned shift_left, quiet, isr_depth;
static uint32_t raw; /* RIS's latched bits: RT, ROR */

static void die(const char *msg)
{
    fprintf(stderr, "sim_pl022: %s\n", msg);
    abort();
}

static void rx_push(uint8_t b)
{
    if (rx_n == DEPTH) {
        sim_pl022_overruns++;
        raw |= EBB_PL022_INT_ROR;
        return;
    }
    rxf[(rx_head + rx_n++) % DEPTH] = b;
}

static void load_shifter(void)
{
    if (!shifting && tx_n != 0 && (sim_pl022.CR1 & EBB_PL022_CR1_SSE)) {
        shifting = true;
        shift_byte = txf[tx_head];
        tx_head = (tx_head + 1u) % DEPTH;
        tx_n--;
        shift_left = sim_pl022_shift_ticks;
    }
}

/* The driver's stores since the last look: ICR's clears. */
static void process(void)
{
    uint32_t const icr = sim_pl022.ICR;
    if (icr != 0) {
        raw &= ~(icr & (EBB_PL022_INT_RT | EBB_PL022_INT_ROR));
        sim_pl022.ICR = 0;
    }
}

/* One bus tick of the PL022. */
static void ssp_tick(void)
{
    process();
    if (!(sim_pl022.CR1 & EBB_PL022_CR1_SSE)) {
        return;
    }
    if (shifting && !sim_pl022_stalled && --shift_left == 0) {
        shifting = false;
        sim_pl022_bytes++;
        bool const lb = sim_pl022_loopback || (sim_pl022.CR1 & EBB_PL022_CR1_LBM);
        rx_push(lb ? shift_byte : (uint8_t)~shift_byte);
        raw &= ~EBB_PL022_INT_RT; /* new data: the timeout starts again */
        quiet = 0;
    }
    load_shifter();
    if (shifting || rx_n == 0) {
        quiet = 0;
    } else if (++quiet >= sim_pl022_rt_ticks) {
        raw |= EBB_PL022_INT_RT;
    }
}

/* One bus tick: the PL022, then the other blocks (a DMA controller serves
 * the requests the PL022 raised). */
static void tick(void)
{
    ssp_tick();
    if (sim_more != NULL) {
        sim_more->tick();
    }
}

/* SR, RIS and MIS as the hardware shows them; latch the line. */
static void sync(void)
{
    sim_pl022.SR = (tx_n == 0 ? EBB_PL022_SR_TFE : 0) | (tx_n < DEPTH ? EBB_PL022_SR_TNF : 0) |
                   (rx_n != 0 ? EBB_PL022_SR_RNE : 0) | (rx_n == DEPTH ? EBB_PL022_SR_RFF : 0) |
                   (shifting || tx_n != 0 ? EBB_PL022_SR_BSY : 0);
    sim_pl022.RIS = raw | (rx_n >= DEPTH / 2u ? EBB_PL022_INT_RX : 0) | (tx_n <= DEPTH / 2u ? EBB_PL022_INT_TX : 0);
    sim_pl022.MIS = sim_pl022.RIS & sim_pl022.IMSC;
    if (sim_pl022.MIS != 0 && isr_depth == 0) {
        nvic_pending = true;
    }
}

static void take(void *arg)
{
    (void)arg;
    raised = false;
    unsigned storm = 0;
    while (nvic_pending && sim_pl022_nvic_enabled && isr_depth == 0) {
        if (++storm > 1000u) {
            die("the line stays high: the handler clears nothing");
        }
        nvic_pending = false;
        isr_depth++;
        sim_pl022_irqs++;
        SSP_IRQHandler();
        isr_depth--;
        process(); /* the handler's stores */
        sync();    /* still high on exit: pending again */
    }
}

static void deliver(void)
{
    if (nvic_pending && sim_pl022_nvic_enabled && isr_depth == 0 && !raised) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
}

static void deliver_all(void)
{
    deliver(); /* an unmasked interrupt lands before this access */
    if (sim_more != NULL) {
        sim_more->deliver();
    }
}

void *sim_amba(uintptr_t addr)
{
    void *blk = addr == SIM_PL022_BASE ? (void *)&sim_pl022
                : sim_more != NULL ? sim_more->block(addr)
                                        : NULL;
    if (blk == NULL) {
        die("access to an unsimulated block");
    }
    if (sim_pl022_on_access != NULL) {
        sim_pl022_on_access();
    }
    tick();
    sync();
    deliver_all();
    process();
    sync();
    return blk;
}

uint32_t sim_pl022_dr_read(void *r)
{
    if (r != &sim_pl022) {
        die("DR read of another block");
    }
    if (rx_n == 0) {
        die("DR read with the receive FIFO empty");
    }
    uint8_t const b = rxf[rx_head];
    rx_head = (rx_head + 1u) % DEPTH;
    if (--rx_n == 0) {
        raw &= ~EBB_PL022_INT_RT;
    }
    sync();
    return b;
}

void sim_pl022_dr_write(void *r, uint32_t v)
{
    if (r != &sim_pl022) {
        die("DR write of another block");
    }
    if (tx_n == DEPTH) {
        die("DR written with the transmit FIFO full: a byte lost");
    }
    txf[(tx_head + tx_n++) % DEPTH] = (uint8_t)v;
    load_shifter();
    sync();
}

/* The PL022's NVIC line: sim_bus.c applies the drivers' calls to it. */
static const struct sim_primary pl022_primary = {SIM_PL022_IRQ, &sim_pl022_nvic_enabled, &nvic_pending,
                                                 deliver};

void sim_pl022_reset(unsigned ticks, bool loopback)
{
    memset(&sim_pl022, 0, sizeof sim_pl022);
    sim_pl022_shift_ticks = ticks;
    sim_pl022_rt_ticks = 4u * ticks; /* 32 bit periods: four frames */
    sim_pl022_loopback = loopback;
    sim_pl022_stalled = false;
    sim_pl022_on_access = NULL;
    sim_pl022_overruns = sim_pl022_irqs = sim_pl022_bytes = 0;
    sim_pl022_nvic_enabled = false;
    sim_primary = &pl022_primary;
    tx_head = tx_n = rx_head = rx_n = 0;
    shifting = nvic_pending = raised = false;
    shift_left = quiet = isr_depth = 0;
    raw = 0;
    sim_more = NULL;
    sync();
}

void sim_pl022_run(unsigned long ticks)
{
    while (ticks-- > 0) {
        tick();
        sync();
        deliver_all();
    }
}

bool sim_pl022_busy(void) { return shifting || tx_n != 0; }
unsigned sim_pl022_tx_level(void) { return tx_n; }
unsigned sim_pl022_rx_level(void) { return rx_n; }
bool sim_pl022_tx_request(void) { return (sim_pl022.DMACR & EBB_PL022_DMACR_TXDMAE) && tx_n < DEPTH; }
bool sim_pl022_rx_request(void) { return (sim_pl022.DMACR & EBB_PL022_DMACR_RXDMAE) && rx_n != 0; }

