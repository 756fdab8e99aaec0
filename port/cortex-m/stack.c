/*
 * stack.c - the main stack's high-water mark: painted at reset, scanned on
 * request (ebb_cm_stack_peak_bytes()).
 *
 * A file of its own in the core library, so that an image that never asks
 * for the peak links none of it: the reset code (startup.c) reaches the
 * paint through a weak reference, which is then 0, and paints nothing.
 */
#include <stdint.h>

#include "ebb_cortex_m.h"

extern uint32_t _ebb_stack_bottom[], _estack[];

#define STACK_PAINT 0xEBBEBBEBu

/* Called by the reset code before .data and .bss exist: no static data.
 * `end` is where the caller's frame begins, less a margin for this one. */
__attribute__((cold)) void ebb__cm_stack_paint(uintptr_t end)
{
    for (volatile uint32_t *p = _ebb_stack_bottom; (uintptr_t)p < end; p++) {
        *p = STACK_PAINT;
    }
}

uint32_t ebb_cm_stack_peak_bytes(void)
{
    const uint32_t *p = _ebb_stack_bottom;
    while (p < _estack && *p == STACK_PAINT) {
        p++;
    }
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)p);
}
