/*
 * startup.c - C reset code for RISC-V machine mode (the trap vector is
 * port/riscv/trap.c).
 *
 * Linked as an object (not from an archive): nothing calls it by name.
 * Linker symbols (port/riscv/sections.ld): _sidata/_sdata/_edata (.data
 * image and place), _sbss/_ebss, _ebb_stack_bottom (first byte after the
 * static data, 16-aligned) and _estack (initial sp, top of RAM).
 */
#include <stdint.h>

#include "ebb_riscv.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern uint32_t _ebb_stack_guard[], _ebb_stack_bottom[], _estack[];

int main(void);

#define STACK_PAINT 0xEBBEBBEBu

EBB_WEAK void ebb_board_early_init(void) {}

__attribute__((noreturn, used)) void ebb_rv_reset_c(void)
{
    /* Paint the free stack for ebb_rv_stack_peak_bytes(); stop short of
     * this function's own frame. */
    uintptr_t sp;
    __asm volatile("mv %0, sp" : "=r"(sp));
    for (volatile uint32_t *p = _ebb_stack_bottom; (uintptr_t)p < sp - 64u; p++) {
        *p = STACK_PAINT;
    }

    /* The stack guard: PMP entry 0, NAPOT over its 128 bytes, no access,
     * locked - a lock is what makes a PMP entry bind machine mode too
     * (privileged spec, "Locking and Privilege Mode"); it holds until
     * reset.  Accesses no entry matches stay allowed in machine mode. */
    EBB_RV_CSR_WRITE(pmpaddr0, ((uintptr_t)_ebb_stack_guard >> 2) | ((128u >> 3) - 1u));
    EBB_RV_CSR_WRITE(pmpcfg0, 0x98u); /* L | A=NAPOT | no R, W or X */

    ebb_board_early_init();

    for (uint32_t *src = _sidata, *dst = _sdata; dst < _edata;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = _sbss; dst < _ebss;) {
        *dst++ = 0;
    }

    /* A test's main may simply return its verdict. */
    ebb_board_exit(main());
}

uint32_t ebb_rv_stack_size_bytes(void)
{
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)_ebb_stack_bottom);
}

uint32_t ebb_rv_stack_peak_bytes(void)
{
    const uint32_t *p = _ebb_stack_bottom;
    while (p < _estack && *p == STACK_PAINT) {
        p++;
    }
    return (uint32_t)((uintptr_t)_estack - (uintptr_t)p);
}
