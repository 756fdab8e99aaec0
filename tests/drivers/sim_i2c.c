/* sim_i2c.c - see sim_i2c.h.  The rest of the port is the host port of
 * ebb::core: the simulated NVIC takes the lines through ebb_host_irq(),
 * which holds them back while the port lock is held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_i2c.h"

#include "ebb_host.h"
#include "regs/rcc.h"

struct sim_i2c_faults sim_i2c_faults;
struct sim_i2c_state sim_i2c;

extern ebb_stm32_i2c sim_i2c_driver; /* the test's driver instance */

static ebb_stm32_i2c_regs block; /* identity only: accesses go through read/write */
static ebb_stm32_rcc_regs rcc;

enum phase { IDLE, SB, ADDRESS, ADDR_WAIT, TX, RX, HELD };

static struct {
    uint32_t cr1, cr2, ccr, trise, sr1;
    bool msl, tra, busy_other;
    enum phase phase;
    uint8_t addr_byte;
    bool sr1_just_read;       /* the previous access was an SR1 read */
    bool shift_full, dr_full; /* TX: bytes waiting; RX: bytes received */
    uint8_t shift, dr;
    bool clocking;            /* RX: a byte is being received */
    bool ack_latch;           /* POS: the acknowledge of the next byte */
    int written;              /* bytes the slave received since its address */
    bool slave_quiet;         /* the slave NACKed or was NACKed */
    bool nvic_ev, nvic_er;
    unsigned isr_depth;
    bool raised;
} s;

static void die(const char *msg)
{
    fprintf(stderr, "sim_i2c: %s\n", msg);
    abort();
}

void *sim_periph(uintptr_t addr)
{
    if (addr == EBB_STM32_I2C1_BASE) {
        return &block;
    }
    if (addr == 0x40023800u) {
        return &rcc;
    }
    die("access to an unsimulated peripheral");
    return NULL;
}

static bool ev_line(void)
{
    uint32_t const ev = EBB_STM32_I2C_SR1_SB | EBB_STM32_I2C_SR1_ADDR | EBB_STM32_I2C_SR1_BTF | EBB_STM32_I2C_SR1_STOPF;
    uint32_t const buf = EBB_STM32_I2C_SR1_TXE | EBB_STM32_I2C_SR1_RXNE;
    return (s.cr2 & EBB_STM32_I2C_CR2_ITEVTEN) &&
           ((s.sr1 & ev) || ((s.cr2 & EBB_STM32_I2C_CR2_ITBUFEN) && (s.sr1 & buf)));
}

static bool er_line(void) { return (s.cr2 & EBB_STM32_I2C_CR2_ITERREN) && (s.sr1 & EBB_STM32_I2C_SR1_ERRORS); }

static void take(void *arg)
{
    (void)arg;
    s.raised = false;
    unsigned runs = 0;
    while (s.isr_depth == 0) {
        bool const er = er_line() && s.nvic_er, ev = ev_line() && s.nvic_ev;
        if (!er && !ev) {
            break;
        }
        if (++runs > 64) {
            die("interrupt storm: a handler leaves its line high");
        }
        s.isr_depth++;
        if (er) {
            sim_i2c.er_runs++;
            ebb_stm32_i2c_er_isr(&sim_i2c_driver);
        } else {
            sim_i2c.ev_runs++;
            ebb_stm32_i2c_ev_isr(&sim_i2c_driver);
        }
        s.isr_depth--;
    }
}

static void deliver(void)
{
    if (s.isr_depth == 0 && !s.raised && ((er_line() && s.nvic_er) || (ev_line() && s.nvic_ev))) {
        s.raised = true;
        ebb_host_irq(take, NULL);
    }
}

/* The block after a software reset (or at power-up). */
static void block_reset(void)
{
    s.cr1 = s.cr2 = s.ccr = s.sr1 = 0;
    s.trise = 2;
    s.msl = s.tra = false;
    s.phase = IDLE;
    s.shift_full = s.dr_full = s.clocking = false;
    s.sr1_just_read = false;
}

void sim_i2c_reset(void)
{
    memset(&s, 0, sizeof s);
    memset(&sim_i2c, 0, sizeof sim_i2c);
    memset(&rcc, 0, sizeof rcc);
    sim_i2c_faults = (struct sim_i2c_faults){.nack_data_at = -1};
    for (unsigned i = 0; i < 256u; i++) {
        sim_i2c.mem[i] = (uint8_t)(i ^ 0x5Au);
    }
    block_reset();
}

bool sim_i2c_idle(void)
{
    return !s.msl && !(s.cr1 & (EBB_STM32_I2C_CR1_START | EBB_STM32_I2C_CR1_STOP)) && s.phase == IDLE;
}

uint32_t sim_i2c_cr1(void) { return s.cr1; }
uint32_t sim_i2c_cr2(void) { return s.cr2; }
uint32_t sim_i2c_ccr(void) { return s.ccr; }

static bool pending_condition(void) { return (s.cr1 & (EBB_STM32_I2C_CR1_START | EBB_STM32_I2C_CR1_STOP)) != 0; }

uint32_t sim_i2c_read(size_t off)
{
    uint32_t v = 0;
    bool const after_sr1 = s.sr1_just_read;
    s.sr1_just_read = false;
    switch (off) {
    case offsetof(ebb_stm32_i2c_regs, CR1): v = s.cr1; break;
    case offsetof(ebb_stm32_i2c_regs, CR2): v = s.cr2; break;
    case offsetof(ebb_stm32_i2c_regs, CCR): v = s.ccr; break;
    case offsetof(ebb_stm32_i2c_regs, TRISE): v = s.trise; break;
    case offsetof(ebb_stm32_i2c_regs, SR1):
        v = s.sr1;
        s.sr1_just_read = true;
        break;
    case offsetof(ebb_stm32_i2c_regs, SR2):
        v = (s.msl ? EBB_STM32_I2C_SR2_MSL : 0) | (s.tra ? EBB_STM32_I2C_SR2_TRA : 0) |
            ((s.msl || s.busy_other || sim_i2c_faults.stuck) ? EBB_STM32_I2C_SR2_BUSY : 0);
        if (after_sr1 && (s.sr1 & EBB_STM32_I2C_SR1_ADDR)) {
            s.sr1 &= ~EBB_STM32_I2C_SR1_ADDR; /* the clock is released */
            if (s.tra) {
                s.phase = TX;
                s.sr1 |= EBB_STM32_I2C_SR1_TXE;
            } else {
                s.phase = RX;
                s.clocking = !pending_condition();
            }
        }
        break;
    case offsetof(ebb_stm32_i2c_regs, DR):
        if (s.phase == RX) {
            v = s.dr;
            s.sr1 &= ~EBB_STM32_I2C_SR1_RXNE;
            if (s.shift_full) { /* the stretch ends */
                s.dr = s.shift;
                s.shift_full = false;
                s.sr1 = (s.sr1 & ~EBB_STM32_I2C_SR1_BTF) | EBB_STM32_I2C_SR1_RXNE;
                s.clocking = !pending_condition();
            }
        } else {
            v = s.dr;
            if (after_sr1) {
                s.sr1 &= ~EBB_STM32_I2C_SR1_BTF;
            }
        }
        break;
    default:
        die("read of an unsimulated register");
    }
    if (s.isr_depth == 0) {
        deliver();
    }
    return v;
}

void sim_i2c_write(size_t off, uint32_t v)
{
    bool const after_sr1 = s.sr1_just_read;
    s.sr1_just_read = false;
    switch (off) {
    case offsetof(ebb_stm32_i2c_regs, CR1):
        if (v & EBB_STM32_I2C_CR1_SWRST) {
            block_reset(); /* the lines are released */
            s.cr1 = EBB_STM32_I2C_CR1_SWRST;
            sim_i2c.resets++;
            return;
        }
        if ((s.cr1 & EBB_STM32_I2C_CR1_PE) && !(v & EBB_STM32_I2C_CR1_PE) && !(s.cr1 & EBB_STM32_I2C_CR1_SWRST)) {
            die("PE cleared outside a reset");
        }
        /* START and STOP: set (or cleared) by software, cleared by the
         * hardware once on the bus. */
        s.cr1 = v;
        if ((v & EBB_STM32_I2C_CR1_STOP) && !(s.cr1 & EBB_STM32_I2C_CR1_PE)) {
            die("STOP with the peripheral disabled");
        }
        break;
    case offsetof(ebb_stm32_i2c_regs, CR2): s.cr2 = v & 0x1FFFu; break;
    case offsetof(ebb_stm32_i2c_regs, CCR): s.ccr = v; break;
    case offsetof(ebb_stm32_i2c_regs, TRISE): s.trise = v; break;
    case offsetof(ebb_stm32_i2c_regs, OAR1): break;
    case offsetof(ebb_stm32_i2c_regs, SR1):
        /* rc_w0 error flags; the others are read-only. */
        s.sr1 &= v | ~EBB_STM32_I2C_SR1_ERRORS;
        break;
    case offsetof(ebb_stm32_i2c_regs, DR):
        if (s.phase == SB) {
            if (!after_sr1 || !(s.sr1 & EBB_STM32_I2C_SR1_SB)) {
                die("address written without SB read first");
            }
            s.sr1 &= ~EBB_STM32_I2C_SR1_SB;
            s.addr_byte = (uint8_t)v;
            s.phase = ADDRESS;
        } else if (s.phase == TX) {
            if (after_sr1) {
                s.sr1 &= ~EBB_STM32_I2C_SR1_BTF;
            }
            if (!s.shift_full) {
                s.shift = (uint8_t)v;
                s.shift_full = true; /* TXE stays: DR is empty again */
            } else if (!s.dr_full) {
                s.dr = (uint8_t)v;
                s.dr_full = true;
                s.sr1 &= ~EBB_STM32_I2C_SR1_TXE;
            } else {
                die("DR written while full (TXE was 0)");
            }
            s.sr1 &= ~EBB_STM32_I2C_SR1_BTF;
        } else {
            die("DR written outside an address or transmit phase");
        }
        break;
    default:
        die("write of an unsimulated register");
    }
    if (s.isr_depth == 0) {
        deliver();
    }
}

/* A STOP on the bus. */
static void stop_condition(void)
{
    s.cr1 &= ~(uint32_t)EBB_STM32_I2C_CR1_STOP;
    s.msl = s.tra = false;
    s.phase = IDLE;
    s.sr1 &= ~(uint32_t)(EBB_STM32_I2C_SR1_TXE | EBB_STM32_I2C_SR1_BTF | EBB_STM32_I2C_SR1_RXNE);
    s.shift_full = s.dr_full = s.clocking = false;
    sim_i2c.stops++;
}

/* A (repeated) START on the bus. */
static void start_condition(void)
{
    if (s.msl) {
        sim_i2c.restarts++;
    } else {
        sim_i2c.starts++;
    }
    s.cr1 &= ~(uint32_t)EBB_STM32_I2C_CR1_START;
    s.msl = true;
    s.phase = SB;
    s.sr1 = (s.sr1 & ~(uint32_t)(EBB_STM32_I2C_SR1_TXE | EBB_STM32_I2C_SR1_BTF | EBB_STM32_I2C_SR1_RXNE)) | EBB_STM32_I2C_SR1_SB;
    s.shift_full = s.dr_full = s.clocking = false;
}

/* The slave takes a written byte: true if it acknowledges. */
static bool slave_write(uint8_t b)
{
    int const k = s.written++;
    if (k == sim_i2c_faults.nack_data_at) {
        return false;
    }
    if (k == 0) {
        sim_i2c.ptr = b;
    } else {
        sim_i2c.mem[sim_i2c.ptr++] = b;
    }
    return true;
}

static void receive_byte(void)
{
    uint8_t const b = s.slave_quiet ? 0xFFu : sim_i2c.mem[sim_i2c.ptr++];
    bool const ack = (s.cr1 & EBB_STM32_I2C_CR1_POS) ? s.ack_latch : (s.cr1 & EBB_STM32_I2C_CR1_ACK) != 0;
    s.ack_latch = (s.cr1 & EBB_STM32_I2C_CR1_ACK) != 0;
    sim_i2c.clocked++;
    if (ack) {
        sim_i2c.acks++;
    } else {
        sim_i2c.nacks++;
        s.slave_quiet = true; /* a NACK ends the slave's sending */
    }
    sim_i2c.last_nacked = !ack;
    if (!(s.sr1 & EBB_STM32_I2C_SR1_RXNE)) {
        s.dr = b;
        s.sr1 |= EBB_STM32_I2C_SR1_RXNE;
    } else {
        s.shift = b;
        s.shift_full = true;
        s.sr1 |= EBB_STM32_I2C_SR1_BTF; /* both full: the clock is stretched */
        s.clocking = false;
    }
}

/* A STOP or (repeated) START asked for goes out now; true if one did. */
static bool condition(void)
{
    if (s.cr1 & EBB_STM32_I2C_CR1_STOP) {
        stop_condition();
        return true;
    }
    if (s.cr1 & EBB_STM32_I2C_CR1_START) {
        start_condition();
        return true;
    }
    return false;
}

static bool step(void)
{
    int const n = (int)++sim_i2c.steps;
    if (sim_i2c_faults.arlo_at_step == n && s.msl) {
        s.sr1 |= EBB_STM32_I2C_SR1_ARLO; /* another master won: we are a slave now */
        s.msl = s.tra = false;
        s.phase = IDLE;
        s.cr1 &= ~(uint32_t)(EBB_STM32_I2C_CR1_START | EBB_STM32_I2C_CR1_STOP);
        s.busy_other = true;
        return true;
    }
    if (sim_i2c_faults.berr_at_step == n && s.msl) {
        s.sr1 |= EBB_STM32_I2C_SR1_BERR; /* master mode: the transfer goes on */
        return true;
    }
    if (s.busy_other && !s.msl) {
        s.busy_other = false; /* the other master's transfer ends */
        return true;
    }
    switch (s.phase) {
    case IDLE:
        if ((s.cr1 & EBB_STM32_I2C_CR1_START) && (s.cr1 & EBB_STM32_I2C_CR1_PE) && !sim_i2c_faults.stuck) {
            start_condition();
            return true;
        }
        if (s.cr1 & EBB_STM32_I2C_CR1_STOP) {
            if (s.msl) {
                stop_condition();
            } else {
                s.cr1 &= ~(uint32_t)EBB_STM32_I2C_CR1_STOP; /* not master: nothing to stop */
            }
            return true;
        }
        if (s.msl) {
            return false; /* master, nothing asked: the bus waits (an AF, a BERR) */
        }
        return false;
    case SB:
        if (s.cr1 & EBB_STM32_I2C_CR1_STOP) {
            stop_condition();
            return true;
        }
        return false; /* waits for the address */
    case ADDRESS:
        s.written = 0;
        s.slave_quiet = false;
        sim_i2c.clocked = sim_i2c.acks = sim_i2c.nacks = 0;
        sim_i2c.last_nacked = false;
        if ((s.addr_byte >> 1) == SIM_I2C_SLAVE) {
            s.tra = (s.addr_byte & 1u) == 0;
            s.sr1 |= EBB_STM32_I2C_SR1_ADDR;
            s.ack_latch = (s.cr1 & EBB_STM32_I2C_CR1_ACK) != 0;
            s.phase = ADDR_WAIT;
        } else {
            s.sr1 |= EBB_STM32_I2C_SR1_AF;
            s.phase = HELD;
        }
        return true;
    case ADDR_WAIT:
        return false; /* the clock is stretched until ADDR is cleared */
    case HELD: /* after a NACK: only a STOP or START moves on */
        return condition();
    case TX:
        if (s.shift_full) {
            bool const ack = slave_write(s.shift);
            s.shift_full = false;
            if (!ack) {
                s.sr1 |= EBB_STM32_I2C_SR1_AF;
                s.phase = HELD;
                return true;
            }
            if (s.dr_full) {
                s.shift = s.dr;
                s.shift_full = true;
                s.dr_full = false;
                s.sr1 |= EBB_STM32_I2C_SR1_TXE;
            } else {
                s.sr1 |= EBB_STM32_I2C_SR1_BTF;
            }
            return true;
        }
        return condition();
    case RX:
        if (s.clocking) {
            receive_byte();
            if (pending_condition()) {
                s.clocking = false; /* the condition follows this byte */
            }
            return true;
        }
        return condition();
    }
    return false;
}

bool sim_i2c_step(void)
{
    bool const moved = step();
    deliver();
    return moved;
}

/* ---- the simulated NVIC calls of shim/ebb_cortex_m.h ---- */

void ebb_cm_irq_enable(unsigned irq)
{
    if (irq == EBB_STM32_IRQ_I2C1_EV) {
        s.nvic_ev = true;
    } else if (irq == EBB_STM32_IRQ_I2C1_ER) {
        s.nvic_er = true;
    } else {
        die("enable of an unsimulated IRQ");
    }
}

void ebb_cm_irq_disable(unsigned irq) { (void)irq; }

void ebb_cm_irq_set_prio(unsigned irq, unsigned prio)
{
    (void)prio;
    if (irq != EBB_STM32_IRQ_I2C1_EV && irq != EBB_STM32_IRQ_I2C1_ER) {
        die("priority of an unsimulated IRQ");
    }
}

void ebb_cm_exc_set_prio(unsigned exc, unsigned prio)
{
    (void)exc;
    (void)prio;
}
