/*
 * crt0.S - reset entry for RISC-V machine mode (RV32).
 *
 * Runs first, from the address the machine jumps to after reset (the
 * board's linker script puts .text.ebb_start at the start of its code
 * region).  Sets up what C needs before any C runs: the global pointer
 * (linker relaxation addresses small data relative to it), the stack, and
 * a trap vector, so that even a fault in the C startup is reported.
 * Interrupts stay disabled (mie = 0, mstatus.MIE = 0) until main enables
 * what it uses.
 */
    .section .text.ebb_start, "ax"
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, _estack
    csrw    mie, zero
    csrci   mstatus, 8
    la      t0, ebb_rv_trap_vector
    csrw    mtvec, t0               /* direct mode: the address is 4-aligned */
    j       ebb_rv_reset_c
    .size _start, . - _start

/*
 * The trap vector: a stack within 64 bytes of its bottom (or past it, in
 * the guard, where every store faults) cannot take the trap's frame - the
 * trap would fault on its own first store, for ever.  Such a trap goes to
 * the overflow report on a fresh stack at the top of RAM; every other one
 * to the dispatcher (trap.c), t0 as it was.
 */
    .section .text.ebb_rv_trap_vector, "ax"
    .globl ebb_rv_trap_vector
    .type ebb_rv_trap_vector, @function
    .p2align 2
ebb_rv_trap_vector:
    csrw    mscratch, t0
    lui     t0, %hi(_ebb_stack_bottom + 64)
    addi    t0, t0, %lo(_ebb_stack_bottom + 64)
    bltu    sp, t0, 1f
    csrr    t0, mscratch
    j       ebb_rv_trap_entry
1:  csrr    t0, mscratch
    csrw    mscratch, sp            /* the overflowed sp, for the report */
    la      sp, _estack
    j       ebb_rv_stack_overflow
    .size ebb_rv_trap_vector, . - ebb_rv_trap_vector
