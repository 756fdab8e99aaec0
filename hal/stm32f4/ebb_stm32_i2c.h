/*
 * ebb_stm32_i2c.h - the STM32F4 I2C peripheral as a master of the I2C
 * class (ebb_i2c.h): this driver holds only the register code - the event
 * and error interrupts that walk a transfer through START, address, the
 * bytes and STOP, and the stop that a cancel or a timeout runs.
 *
 * Reads follow the sequences of RM0390 section 24.3.3 for the F4's
 * two-stage receive buffer (DR plus the shift register, BTF when both are
 * full): one byte - ACK cleared and STOP set in the ADDR event, before
 * ADDR is cleared; two bytes - ACK cleared and POS set in the ADDR event,
 * STOP and both reads at BTF; three or more - bytes read at RXNE until
 * three are left, then ACK cleared at the first BTF and STOP set at the
 * second, so that the last byte is the only one not acknowledged.  A
 * write followed by a read ends the write at BTF with a repeated START.
 *
 * Errors: a NACK (AF) of the address or of a written byte ends the
 * transfer with a STOP; arbitration lost (ARLO) ends it without one (the
 * peripheral has already left master mode); a bus error (BERR) ends it
 * with a STOP.  The stop of a cancel or a timeout: if the peripheral is
 * master of the bus, it sets STOP (after the byte in flight, which is not
 * acknowledged if received) and the handlers then only release what
 * would hold the clock low until the STOP is out (an ADDR of the address
 * on the wire, a BTF) - they complete nothing any more, and turn the
 * interrupts off at their next event once the peripheral has left master
 * mode (with no event left, they stay on, idle, until the next transfer
 * sets them up); if it is not
 * master - a START still waiting for a bus held by someone else or stuck
 * low - or has just sent a START, it resets the peripheral (CR1.SWRST)
 * and programs it again.
 *
 * Tested on the host against a simulated peripheral and slave
 * (tests/drivers/sim_i2c.c): QEMU 7.2 does not model the F4's I2C.
 * Pins (alternate function 4, open drain, pull-ups) are the board's.
 */
#ifndef EBB_STM32_I2C_H
#define EBB_STM32_I2C_H

#include <stdint.h>

#include "ebb_i2c.h"
#include "regs/i2c.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One I2C peripheral. */
typedef struct ebb_stm32_i2c {
    ebb_i2c bus;                /* the class half: hand &d->bus to ebb_i2c_* */
    ebb_stm32_i2c_regs *regs;
    uint16_t cr2, ccr, trise;   /* the set-up, programmed again after a reset */
    uint8_t reading;            /* the read phase of the transfer has begun */
    uint8_t addr_acked;         /* the address of the current phase was acknowledged */
    uint8_t stopping;           /* a stopped transfer's STOP is on its way */
} ebb_stm32_i2c;

/** The default timeout of a transfer (ebb_i2c_set_timeout() changes it). */
#define EBB_STM32_I2C_TIMEOUT EBB_MS(25)

/**
 * Set up I2C1, I2C2 or I2C3 at `base` as a master at `bus_hz` (up to
 * 100 kHz standard mode, up to 400 kHz fast mode with a 2:1 duty cycle)
 * from its APB1 clock `pclk1_hz` (2-50 MHz), its clock enabled, and its
 * event and error interrupts `ev_irq`, `er_irq` at logical priority
 * `prio` (>= the port's ceiling).  The application's handlers of those
 * lines call ebb_stm32_i2c_ev_isr() and ebb_stm32_i2c_er_isr().
 * Contract stm32_i2c:1 - d != NULL, pclk1_hz in 2-50 MHz, bus_hz in
 * 1 Hz-400 kHz (always checked: nothing is set up, and a transfer on the
 * bus is refused with i2c:1).
 * Contract i2c:2 (ebb_i2c_init) - refused while a transfer runs or is
 * awaited: nothing, hardware included, changes.
 * Context: init.  Cost: a dozen register writes.
 */
void ebb_stm32_i2c_init(ebb_stm32_i2c *d, uintptr_t base, unsigned ev_irq, unsigned er_irq, uint32_t pclk1_hz,
                        uint32_t bus_hz, unsigned prio);

/** The event interrupt (I2Cx_EV).  Context: interrupt.  Cost: O(1) per
 *  event, a few register accesses. */
void ebb_stm32_i2c_ev_isr(ebb_stm32_i2c *d);

/** The error interrupt (I2Cx_ER).  Context: interrupt.  Cost: O(1). */
void ebb_stm32_i2c_er_isr(ebb_stm32_i2c *d);

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_I2C_H */
