/*
 * ring.h (internal) - slot arithmetic and element copies of ebb__ring,
 * shared by the copying channel and the in-place SPSC channel.
 */
#ifndef EBB_SRC_RING_H
#define EBB_SRC_RING_H

#include <stdint.h>
#include <string.h>

#include "ebb/driver/port.h" /* EBB_PORT_COPY_WORDS, where the port has it */
#include "ebb/ring.h"

/* The slot `offset` places after the oldest element (offset < capacity). */
static inline uint8_t *ring_slot(const ebb__ring *r, uint32_t offset)
{
    uint32_t i = r->head + offset;
    if (i >= r->capacity) {
        i -= r->capacity;
    }
    return r->buf + (uintptr_t)i * r->size;
}

/* The oldest element's slot (head < capacity: no wrap to test). */
static inline uint8_t *ring_oldest(const ebb__ring *r)
{
    return r->buf + (uintptr_t)r->head * r->size;
}

/* One step of the oldest index (an element left). */
static inline void ring_pop(ebb__ring *r)
{
    r->head = (uint16_t)(r->head + 1u == r->capacity ? 0u : r->head + 1u);
    r->count--;
}

/* Copy one element: in words when both ends and the size allow it, so
 * the copy under the lock costs size/4 word moves on every target,
 * whatever the C library's memcpy does - the port's block copy where it
 * has one (EBB_PORT_COPY_WORDS, ebb/driver/port.h), else a loop whose
 * stores go through a volatile pointer so that the compiler keeps it
 * rather than turning it back into a call to memcpy (a byte loop in
 * picolibc). */
static inline void ring_copy(void *dst, const void *src, uint32_t size)
{
    if ((((uintptr_t)dst | (uintptr_t)src | size) & (sizeof(uint32_t) - 1u)) == 0) {
#if defined(EBB_PORT_COPY_WORDS)
        EBB_PORT_COPY_WORDS((uint32_t *)dst, (const uint32_t *)src, size / sizeof(uint32_t));
#else
        volatile uint32_t *d = dst;
        const uint32_t *s = src;
        for (uint32_t i = 0; i < size / sizeof(uint32_t); i++) {
            d[i] = s[i];
        }
#endif
    } else {
        memcpy(dst, src, size);
    }
}

#endif
