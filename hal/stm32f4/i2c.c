/* i2c.c - the STM32F4 I2C master's register half of the I2C class (RM0390
 * section 24); see ebb_stm32_i2c.h. */
#include "ebb_stm32_i2c.h"

#include "ebb/contract.h"
#include "ebb_cortex_m.h"
#include "regs/rcc.h"

EBB_MODULE("stm32_i2c");

#define RD(reg) EBB_STM32_I2C_READ(r, reg)
#define WR(reg, v) EBB_STM32_I2C_WRITE(r, reg, (v))
#define IRQS (EBB_STM32_I2C_CR2_ITEVTEN | EBB_STM32_I2C_CR2_ITERREN)

#define DRIVER(bus) ((ebb_stm32_i2c *)(void *)((char *)(bus) - offsetof(ebb_stm32_i2c, bus)))

static void cr1_set(ebb_stm32_i2c_regs *r, uint32_t bits) { WR(CR1, RD(CR1) | bits); }
static void cr1_clear(ebb_stm32_i2c_regs *r, uint32_t bits) { WR(CR1, RD(CR1) & ~bits); }

/* Program the set-up and enable the peripheral. */
static void configure(ebb_stm32_i2c *d)
{
    ebb_stm32_i2c_regs *r = d->regs;
    WR(CR2, d->cr2);
    WR(CCR, d->ccr);
    WR(TRISE, d->trise);
    WR(CR1, EBB_STM32_I2C_CR1_PE);
}

/* The transfer is over: interrupts off, then tell the class. */
static void finish(ebb_stm32_i2c *d, int32_t result)
{
    ebb_stm32_i2c_regs *r = d->regs;
    WR(CR2, d->cr2);
    cr1_clear(r, EBB_STM32_I2C_CR1_ACK | EBB_STM32_I2C_CR1_POS);
    (void)ebb_i2c_complete(&d->bus, result);
}

static void i2c_start(ebb_i2c *bus)
{
    ebb_stm32_i2c *d = DRIVER(bus);
    ebb_stm32_i2c_regs *r = d->regs;
    d->reading = bus->x.txlen == 0;
    d->addr_acked = 0;
    d->stopping = 0;
    WR(CR2, d->cr2 | IRQS);
    /* A read acknowledges from its first byte (the ADDR event changes
     * that for short reads).  A STOP of the previous transfer may still be
     * pending: the START follows it. */
    uint32_t const ack = d->reading ? EBB_STM32_I2C_CR1_ACK : 0;
    WR(CR1, (RD(CR1) & ~(EBB_STM32_I2C_CR1_ACK | EBB_STM32_I2C_CR1_POS)) | ack | EBB_STM32_I2C_CR1_START);
}

static void i2c_stop(ebb_i2c *bus)
{
    ebb_stm32_i2c *d = DRIVER(bus);
    ebb_stm32_i2c_regs *r = d->regs;
    /* From here the handlers only release the bus (stopping_event()):
     * nothing of this transfer is completed any more. */
    d->stopping = 1;
    WR(CR2, d->cr2 | IRQS);
    uint32_t const sr2 = RD(SR2); /* first: an SR2 read after SR1 would clear ADDR */
    uint32_t const sr1 = RD(SR1);
    if ((sr2 & EBB_STM32_I2C_SR2_MSL) && !(sr1 & EBB_STM32_I2C_SR1_SB)) {
        /* Master: a STOP after the byte in flight (not acknowledged if it
         * is received).  An ADDR pending now or coming for the address
         * on the wire would hold the clock low: the handler clears it. */
        WR(CR1, (RD(CR1) & ~(EBB_STM32_I2C_CR1_ACK | EBB_STM32_I2C_CR1_POS | EBB_STM32_I2C_CR1_START)) | EBB_STM32_I2C_CR1_STOP);
        (void)RD(SR1);
        (void)RD(SR2);
    } else {
        /* Not master (a START waiting for a busy or stuck bus, or lost),
         * or a START out with no address: reset the peripheral. */
        WR(CR1, EBB_STM32_I2C_CR1_SWRST);
        WR(CR1, 0);
        d->stopping = 0;
        configure(d);
    }
}

/* An event while a stopped transfer's STOP is on its way: release what
 * holds the clock (ADDR: SR1 then SR2; BTF: SR1 then DR), and once the
 * peripheral is no longer master, turn the interrupts off. */
static void stopping_event(ebb_stm32_i2c *d, ebb_stm32_i2c_regs *r, uint32_t sr1)
{
    if (sr1 & (EBB_STM32_I2C_SR1_BTF | EBB_STM32_I2C_SR1_RXNE)) {
        (void)RD(DR);
    }
    if (!(RD(SR2) & EBB_STM32_I2C_SR2_MSL)) {
        WR(CR2, d->cr2);
        d->stopping = 0;
    }
}

static const ebb_i2c_ops stm32_i2c_ops = {i2c_start, i2c_stop};

__attribute__((cold)) void ebb_stm32_i2c_init(ebb_stm32_i2c *d, uintptr_t base, unsigned ev_irq, unsigned er_irq,
                                              uint32_t pclk1_hz, uint32_t bus_hz, unsigned prio)
{
    EBB_REQUIRE_OR(1, d != NULL && pclk1_hz >= 2000000u && pclk1_hz <= 50000000u && bus_hz > 0 &&
                       bus_hz <= 400000u, return);
    /* I2C1..3 are 0x400 apart, their clock enables one bit apart. */
    EBB_BUILD_ASSERT(EBB_STM32_I2C2_BASE - EBB_STM32_I2C1_BASE == 0x400u &&
                         EBB_STM32_I2C3_BASE - EBB_STM32_I2C1_BASE == 0x800u,
                     "I2C bases as in RM0390");
    EBB_STM32_RCC->APB1ENR |= EBB_STM32_RCC_APB1ENR_I2C1EN << ((base - EBB_STM32_I2C1_BASE) >> 10);
    (void)EBB_STM32_RCC->APB1ENR;

    if (!ebb_i2c_init(&d->bus, &stm32_i2c_ops, EBB_STM32_I2C_TIMEOUT)) {
        return; /* a transfer runs (i2c:2): the hardware is left alone too */
    }
    d->regs = EBB_STM32_PERIPH(ebb_stm32_i2c_regs, base);
    uint32_t const mhz = pclk1_hz / 1000000u;
    uint32_t ccr, trise;
    if (bus_hz <= 100000u) {
        ccr = pclk1_hz / (2u * bus_hz); /* SCL high = low = CCR periods */
        ccr = ccr < 4u ? 4u : ccr;
        trise = mhz + 1u; /* 1000 ns rise time */
    } else {
        ccr = (pclk1_hz + 3u * bus_hz - 1u) / (3u * bus_hz); /* low 2, high 1 */
        ccr = ccr < 1u ? 1u : ccr;
        trise = mhz * 300u / 1000u + 1u; /* 300 ns rise time */
        ccr |= EBB_STM32_I2C_CCR_FS;
    }
    d->cr2 = (uint16_t)(mhz & EBB_STM32_I2C_CR2_FREQ_MASK);
    d->ccr = (uint16_t)ccr;
    d->trise = (uint16_t)trise;
    d->reading = d->addr_acked = d->stopping = 0;
    ebb_stm32_i2c_regs *r = d->regs;
    WR(CR1, EBB_STM32_I2C_CR1_SWRST); /* a known state, whatever ran before */
    WR(CR1, 0);
    configure(d);
    ebb_cm_irq_set_prio(ev_irq, prio);
    ebb_cm_irq_set_prio(er_irq, prio);
    ebb_cm_irq_enable(ev_irq);
    ebb_cm_irq_enable(er_irq);
}

/* The read phase after its ADDR event: what RM0390 asks per length.
 * ADDR clears by an SR1 read directly followed by an SR2 read. */
static void read_addressed(ebb_stm32_i2c *d, ebb_stm32_i2c_regs *r, uint16_t n)
{
    if (n == 1u) {
        cr1_clear(r, EBB_STM32_I2C_CR1_ACK); /* before ADDR clears: the byte is NACKed */
        (void)RD(SR1);
        (void)RD(SR2);
        cr1_set(r, EBB_STM32_I2C_CR1_STOP);
        WR(CR2, d->cr2 | IRQS | EBB_STM32_I2C_CR2_ITBUFEN); /* RXNE */
    } else if (n == 2u) {
        WR(CR1, (RD(CR1) & ~EBB_STM32_I2C_CR1_ACK) | EBB_STM32_I2C_CR1_POS); /* NACK the second */
        (void)RD(SR1);
        (void)RD(SR2); /* then BTF */
    } else {
        (void)RD(SR2);
        if (n > 3u) {
            WR(CR2, d->cr2 | IRQS | EBB_STM32_I2C_CR2_ITBUFEN); /* RXNE until 3 are left */
        }
    }
}

void ebb_stm32_i2c_ev_isr(ebb_stm32_i2c *d)
{
    ebb_stm32_i2c_regs *r = d->regs;
    ebb_i2c_xfer *x = &d->bus.x;
    uint32_t const sr1 = RD(SR1);
    if (d->stopping) {
        stopping_event(d, r, sr1);
        return;
    }
    if (sr1 & EBB_STM32_I2C_SR1_SB) {
        d->addr_acked = 0;
        WR(DR, ((uint32_t)x->addr << 1) | d->reading); /* SR1 read, DR written: clears SB */
        return;
    }
    if (sr1 & EBB_STM32_I2C_SR1_ADDR) {
        d->addr_acked = 1;
        if (d->reading) {
            read_addressed(d, r, x->rxlen);
        } else {
            (void)RD(SR2);
            WR(CR2, d->cr2 | IRQS | EBB_STM32_I2C_CR2_ITBUFEN); /* TXE */
        }
        return;
    }
    if (!d->reading) {
        if (x->txpos < x->txlen) {
            if (sr1 & EBB_STM32_I2C_SR1_TXE) {
                WR(DR, x->tx[x->txpos++]);
                if (x->txpos == x->txlen) {
                    WR(CR2, d->cr2 | IRQS); /* the last one: wait for BTF */
                }
            }
        } else if (sr1 & EBB_STM32_I2C_SR1_BTF) {
            if (x->rxlen > 0) {
                d->reading = 1;
                cr1_set(r, EBB_STM32_I2C_CR1_START | EBB_STM32_I2C_CR1_ACK); /* repeated START */
                (void)RD(SR1);
                (void)RD(DR); /* SR1 read, DR read: clears BTF until the START */
            } else {
                cr1_set(r, EBB_STM32_I2C_CR1_STOP);
                finish(d, EBB_OK);
            }
        }
        return;
    }
    uint16_t const left = (uint16_t)(x->rxlen - x->rxpos);
    if (x->rxlen == 2u) {
        if (sr1 & EBB_STM32_I2C_SR1_BTF) { /* both bytes in: DR and the shift register */
            cr1_set(r, EBB_STM32_I2C_CR1_STOP);
            x->rx[x->rxpos++] = (uint8_t)RD(DR);
            x->rx[x->rxpos++] = (uint8_t)RD(DR);
            finish(d, EBB_OK);
        }
    } else if (left > 3u || left == 1u) {
        if (sr1 & EBB_STM32_I2C_SR1_RXNE) {
            x->rx[x->rxpos++] = (uint8_t)RD(DR);
            if (left == 4u) {
                WR(CR2, d->cr2 | IRQS); /* three left: BTF from now */
            } else if (left == 1u) {
                finish(d, EBB_OK);
            }
        }
    } else if (sr1 & EBB_STM32_I2C_SR1_BTF) {
        if (left == 3u) { /* N-2 in DR, N-1 in the shift register */
            cr1_clear(r, EBB_STM32_I2C_CR1_ACK); /* N will be NACKed */
            x->rx[x->rxpos++] = (uint8_t)RD(DR);
        } else { /* N-1 in DR, N in the shift register */
            cr1_set(r, EBB_STM32_I2C_CR1_STOP);
            x->rx[x->rxpos++] = (uint8_t)RD(DR);
            WR(CR2, d->cr2 | IRQS | EBB_STM32_I2C_CR2_ITBUFEN); /* RXNE of N */
        }
    }
}

void ebb_stm32_i2c_er_isr(ebb_stm32_i2c *d)
{
    ebb_stm32_i2c_regs *r = d->regs;
    uint32_t const sr1 = RD(SR1);
    uint32_t const errs = sr1 & EBB_STM32_I2C_SR1_ERRORS;
    WR(SR1, ~errs & 0xFFFFu); /* rc_w0: clear what was seen */
    if (d->stopping) {
        stopping_event(d, r, 0); /* its STOP is already asked for */
        return;
    }
    int32_t result;
    if (errs & EBB_STM32_I2C_SR1_ARLO) {
        result = EBB_I2C_EARB; /* back in slave mode already: no STOP */
    } else if (errs & EBB_STM32_I2C_SR1_BERR) {
        cr1_set(r, EBB_STM32_I2C_CR1_STOP);
        result = EBB_I2C_EBUS;
    } else if (errs & EBB_STM32_I2C_SR1_AF) {
        cr1_set(r, EBB_STM32_I2C_CR1_STOP);
        result = d->addr_acked ? EBB_I2C_ENACK_DATA : EBB_I2C_ENACK_ADDR;
    } else {
        return; /* nothing a master transfer ends on */
    }
    finish(d, result);
}
