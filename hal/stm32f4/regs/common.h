/* regs/common.h - shared definitions of the STM32F4 register maps. */
#ifndef EBB_STM32_REGS_COMMON_H
#define EBB_STM32_REGS_COMMON_H

#include <stdint.h>

#define EBB_STM32_RW volatile uint32_t
/* A peripheral's register block.  Host tests of a driver define this first to
 * map each address to a simulated block (tests/drivers). */
#ifndef EBB_STM32_PERIPH
#define EBB_STM32_PERIPH(type, addr) ((type *)(uintptr_t)(addr))
#endif

/* Cortex-M4 bit-band: each bit of 0x40000000-0x400FFFFF has a word alias at
 * 0x42000000 + offset*32 + bit*4; a store of 1 there writes just that bit. */
#define EBB_STM32_BITBAND(addr, bit) \
    (0x42000000u + (((uint32_t)(addr)) - 0x40000000u) * 32u + (uint32_t)(bit) * 4u)

#endif
