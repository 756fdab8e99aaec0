/*
 * probe.h - decode a probe-pin store address (docs/measurement.md, section 3).
 *
 * The firmware changes a probe pin with one store into the Cortex-M bit-band
 * alias of a GPIO port's BSRR register, so the address alone gives port, pin
 * and level:
 *   alias = 0x42000000 + (byte - 0x40000000) * 32 + bit * 4
 *   GPIO port n (A=0 ... K=10) at 0x40020000 + 0x400 * n, BSRR at +0x18;
 *   BSRR bits 0..15 set pin k (level 1), bits 16..31 reset pin k-16 (level 0).
 */
#ifndef EBB_SCOPE_PROBE_H
#define EBB_SCOPE_PROBE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct scope_probe {
    char port;     /* 'A' .. 'K' */
    uint8_t pin;   /* 0 .. 15 */
    uint8_t level; /* 1: set, 0: reset */
} scope_probe;

static inline bool scope_decode_probe(uint32_t a, scope_probe *p)
{
    if (a < 0x42000000u || a > 0x43ffffffu)
        return false;
    uint32_t off = a - 0x42000000u;
    uint32_t byte = 0x40000000u + off / 32;
    unsigned bit = (off % 32) / 4;
    uint32_t word = byte & ~3u;
    if (word < 0x40020000u || word >= 0x40022c00u || (word - 0x40020000u) % 0x400 != 0x18)
        return false;
    unsigned k = (byte & 3) * 8 + bit; /* bit number within BSRR */
    p->port = (char)('A' + (word - 0x40020000u) / 0x400);
    p->pin = (uint8_t)(k & 15);
    p->level = k < 16;
    return true;
}

#endif
