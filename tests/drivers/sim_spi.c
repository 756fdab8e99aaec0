/* sim_spi.c - see sim_spi.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_spi.h"

#include "ebb_host.h"

ebb_stm32_spi_regs sim_spi;
ebb_stm32_rcc_regs sim_rcc;
unsigned sim_spi_shift_ticks;
bool sim_spi_loopback;
unsigned long sim_spi_overruns, sim_spi_irqs, sim_spi_bytes;
bool sim_spi_nvic_enabled;

static bool tx_full, shifting, rxne, nvic_pending, raised;
static uint8_t tx_byte, shift_byte, rx_byte;
static unsigned shift_left, isr_depth;

static void die(const char *msg)
{
    fprintf(stderr, "sim_spi: %s\n", msg);
    abort();
}

static void load_shifter(void)
{
    if (!shifting && tx_full) {
        shifting = true;
        shift_byte = tx_byte;
        tx_full = false;
        shift_left = sim_spi_shift_ticks;
    }
}

/* One bus tick of the SPI.  SPE cleared while a frame shifts or waits in
 * the transmit buffer is what RM0390 forbids ("disabling the SPI": wait
 * for TXE = 1 and BSY = 0 first): it cuts a frame on the wire. */
static uint32_t last_cr1;
static void spi_tick(void)
{
    bool const spe_off = (last_cr1 & EBB_STM32_SPI_CR1_SPE) && !(sim_spi.CR1 & EBB_STM32_SPI_CR1_SPE);
    last_cr1 = sim_spi.CR1;
    if (spe_off && (shifting || tx_full)) {
        die("SPE cleared while BSY: a frame cut on the wire");
    }
    if (!(sim_spi.CR1 & EBB_STM32_SPI_CR1_SPE)) {
        return;
    }
    if (shifting && --shift_left == 0) {
        shifting = false;
        sim_spi_bytes++;
        if (rxne) {
            sim_spi_overruns++;
        }
        rx_byte = sim_spi_loopback ? shift_byte : (uint8_t)~shift_byte;
        rxne = true;
    }
    load_shifter();
}

/* One bus tick: the SPI, then the other blocks (the DMA streams serve
 * the requests the SPI raised). */
static void tick(void)
{
    spi_tick();
    if (sim_more != NULL) {
        sim_more->tick();
    }
}

/* SR as the hardware shows it; latch the line into the NVIC. */
static void sync(void)
{
    sim_spi.SR = (rxne ? EBB_STM32_SPI_SR_RXNE : 0) | (!tx_full ? EBB_STM32_SPI_SR_TXE : 0) |
                 (shifting || tx_full ? EBB_STM32_SPI_SR_BSY : 0) | (sim_spi_overruns ? EBB_STM32_SPI_SR_OVR : 0);
    bool const line = ((sim_spi.CR2 & EBB_STM32_SPI_CR2_RXNEIE) && rxne) ||
                      ((sim_spi.CR2 & EBB_STM32_SPI_CR2_TXEIE) && !tx_full);
    if (line && isr_depth == 0) {
        nvic_pending = true;
    }
}

static void take(void *arg)
{
    (void)arg;
    raised = false;
    while (nvic_pending && sim_spi_nvic_enabled && isr_depth == 0) {
        nvic_pending = false;
        isr_depth++;
        sim_spi_irqs++;
        SPI1_IRQHandler();
        isr_depth--;
        sync(); /* still high on exit: pending again */
    }
}

static void deliver(void)
{
    if (nvic_pending && sim_spi_nvic_enabled && isr_depth == 0 && !raised) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
}

void *sim_periph(uintptr_t addr)
{
    void *blk = addr == EBB_STM32_SPI1_BASE ? (void *)&sim_spi : sim_more != NULL ? sim_more->block(addr) : NULL;
    if (blk != NULL) {
        tick();
        sync();
        deliver(); /* an unmasked interrupt lands before this access */
        if (sim_more != NULL) {
            sim_more->deliver();
        }
        sync();
        return blk;
    }
    if (addr == 0x40023800u) {
        return &sim_rcc;
    }
    die("access to an unsimulated peripheral");
    return NULL;
}

uint32_t sim_spi_dr_read(volatile void *r)
{
    if (r != &sim_spi) {
        die("DR read of another block");
    }
    rxne = false;
    sync();
    return rx_byte;
}

void sim_spi_dr_write(volatile void *r, uint32_t v)
{
    if (r != &sim_spi) {
        die("DR write of another block");
    }
    if (!(sim_spi.CR1 & EBB_STM32_SPI_CR1_SPE)) {
        die("DR written with SPE clear");
    }
    if (tx_full) {
        die("DR written with TXE clear: a byte lost");
    }
    tx_byte = (uint8_t)v;
    tx_full = true;
    load_shifter();
    sync();
}

/* SPI1's NVIC line: sim_bus.c applies the driver's calls to it. */
static const struct sim_primary spi_primary = {EBB_STM32_IRQ_SPI1, &sim_spi_nvic_enabled, &nvic_pending,
                                               deliver};

void sim_spi_reset(unsigned ticks, bool loopback)
{
    memset(&sim_spi, 0, sizeof sim_spi);
    memset(&sim_rcc, 0, sizeof sim_rcc);
    sim_spi_shift_ticks = ticks;
    sim_spi_loopback = loopback;
    sim_spi_overruns = sim_spi_irqs = sim_spi_bytes = 0;
    sim_spi_nvic_enabled = false;
    sim_primary = &spi_primary;
    tx_full = shifting = rxne = nvic_pending = raised = false;
    shift_left = isr_depth = 0;
    last_cr1 = 0;
    sync();
}

void sim_spi_run(unsigned long ticks)
{
    while (ticks-- > 0) {
        tick();
        sync();
        deliver();
        if (sim_more != NULL) {
            sim_more->deliver();
        }
    }
}

bool sim_spi_busy(void) { return shifting || tx_full; }
bool sim_spi_rxne(void) { return rxne; }
bool sim_spi_txe(void) { return !tx_full; }

void sim_spi_finish_shift(void *unused)
{
    (void)unused;
    for (unsigned i = 0; i < 1000u && sim_spi_busy(); i++) {
        spi_tick();
    }
    sync();
}
