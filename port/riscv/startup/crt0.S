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
    la      t0, ebb_rv_trap_entry
    csrw    mtvec, t0               /* direct mode: the address is 4-aligned */
    j       ebb_rv_reset_c
    .size _start, . - _start
