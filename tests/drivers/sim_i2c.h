/*
 * sim_i2c.h - a simulated STM32F4 I2C peripheral (I2C1) with an
 * EEPROM-like slave on its bus, for host tests of hal/stm32f4/i2c.c.
 *
 * The driver's register accesses go through sim_i2c_read() and
 * sim_i2c_write() (EBB_STM32_I2C_READ/WRITE, regs/i2c.h), so the
 * simulation sees each access with its register and direction and can
 * give it its hardware meaning: SB cleared by an SR1 read directly
 * followed by a DR write, ADDR by an SR1 read directly followed by an SR2
 * read, SR1's error flags rc_w0, TXE/RXNE/BTF from a one-byte DR and a
 * shift register, CR1.SWRST resetting the block.  The other blocks (RCC)
 * come from sim_periph(), the NVIC from the shim.  After every access
 * outside the handlers, and after every bus step, the event and error
 * lines are computed from SR1 and CR2 and taken through ebb_host_irq()
 * (level-triggered: a handler that leaves its line high runs again; 64
 * runs in a row is a storm and aborts the test).
 *
 * The bus moves only when the test calls sim_i2c_step(): one step is one
 * condition (START, STOP) or one byte with its acknowledge.  A byte on
 * the wire completes before a requested STOP or repeated START goes out;
 * a receiver clocks the next byte unless DR and the shift register are
 * both full (BTF: the clock stretched) or a STOP/START is pending; the
 * acknowledge of a received byte is CR1.ACK when it completes, or with
 * POS the value ACK had when the previous byte (or the address) completed.
 *
 * The slave at SIM_I2C_SLAVE is a 256-byte EEPROM: the first byte
 * written after its address sets its pointer, the next are stored at the
 * pointer (incrementing); a read sends bytes from the pointer.  It stops
 * sending after a NACK; a byte the master clocks after that reads 0xFF
 * and is counted as clocked all the same (tests check the count).
 */
#ifndef SIM_I2C_H
#define SIM_I2C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

uint32_t sim_i2c_read(size_t offset);
void sim_i2c_write(size_t offset, uint32_t value);
#define EBB_STM32_I2C_READ(regs, reg) ((void)(regs), sim_i2c_read(offsetof(ebb_stm32_i2c_regs, reg)))
#define EBB_STM32_I2C_WRITE(regs, reg, value) ((void)(regs), sim_i2c_write(offsetof(ebb_stm32_i2c_regs, reg), (value)))

void *sim_periph(uintptr_t addr);
#define EBB_STM32_PERIPH(type, addr) ((type *)sim_periph((uintptr_t)(addr)))

#include "ebb_stm32_i2c.h"

#define SIM_I2C_SLAVE 0x50u

/* What the test sets (sim_i2c_reset() clears it all). */
struct sim_i2c_faults {
    int nack_data_at;  /* the slave NACKs its k-th written byte (0: the pointer); -1 none */
    int arlo_at_step;  /* arbitration lost at this step (1-based); 0 none */
    int berr_at_step;  /* a bus error at this step; 0 none */
    bool stuck;        /* SDA held low by someone: the bus never frees */
};
extern struct sim_i2c_faults sim_i2c_faults;

/* What the test reads. */
struct sim_i2c_state {
    uint8_t mem[256];       /* the EEPROM */
    uint8_t ptr;            /* its pointer */
    unsigned starts, restarts, stops, resets;
    unsigned clocked;       /* bytes the master clocked from the slave since the last address */
    unsigned acks, nacks;   /* acknowledges the master gave to them */
    bool last_nacked;       /* the last byte received was NACKed */
    unsigned ev_runs, er_runs; /* handler runs */
    unsigned steps;
};
extern struct sim_i2c_state sim_i2c;

void sim_i2c_reset(void);
/* One bus step; false if the bus had nothing to do (idle, or waiting for
 * the driver). */
bool sim_i2c_step(void);
/* No master activity: not master, no START/STOP pending, bus free. */
bool sim_i2c_idle(void);
/* The driver's interrupt enables (CR2) and CR1 as they are now. */
uint32_t sim_i2c_cr1(void);
uint32_t sim_i2c_cr2(void);
uint32_t sim_i2c_ccr(void);

#endif /* SIM_I2C_H */
