/*
 * lab/bench/maskprobe/ebb_port_impl.h - the RISC-V port's interrupt masking,
 * instrumented: every stretch with mstatus.MIE clear is timed on minstret
 * (one count per executed instruction) and the longest is kept in
 * ebb_maskprobe_max.  A stretch begins where MIE is cleared - an outermost
 * ebb_port_lock(), the port's ebb__rv_irq_off(), or the hart taking a trap -
 * and ends where it is set again: ebb_port_unlock() of an outermost lock,
 * ebb__rv_irq_on(), or mret.  The trap's two ends lie outside any C
 * statement (the register saves before the trap entry's first statement,
 * the restores and mret after its last); ebb_maskprobe_calibrate() counts
 * those instructions once, on a software interrupt raised at a known
 * instruction, and they are added to every trap.  The figures include the
 * probe's own few instructions.
 *
 * Only lab/bench/lock_bound_probe.elf is built with it (the core and the port's
 * sources compiled a second time with this folder first on the include
 * path); nothing else sees it.
 */
#ifndef EBB_MASKPROBE_PORT_IMPL_H
#define EBB_MASKPROBE_PORT_IMPL_H

#define ebb_port_lock ebb__maskprobe_real_lock
#define ebb_port_unlock ebb__maskprobe_real_unlock
#define ebb__rv_irq_on ebb__maskprobe_real_on
#define ebb__rv_irq_off ebb__maskprobe_real_off
#define ebb__rv_trap_begin ebb__maskprobe_real_trap_begin
#define ebb__rv_trap_end ebb__maskprobe_real_trap_end
#include_next "ebb_port_impl.h"
#undef ebb_port_lock
#undef ebb_port_unlock
#undef ebb__rv_irq_on
#undef ebb__rv_irq_off
#undef ebb__rv_trap_begin
#undef ebb__rv_trap_end

extern uint32_t ebb_maskprobe_t0;   /* minstret where the current stretch began */
extern uint32_t ebb_maskprobe_max;  /* longest stretch so far, in instructions */
extern uint32_t ebb_maskprobe_head; /* trap instructions before the entry's first statement */
extern uint32_t ebb_maskprobe_tail; /* after its last statement, mret included */
extern uint32_t ebb_maskprobe_in, ebb_maskprobe_out; /* the last trap's two reads */

static inline uint32_t ebb_maskprobe_now(void)
{
    uint32_t v;
    __asm volatile("csrr %0, minstret" : "=r"(v) : : "memory");
    return v;
}

static inline void ebb_maskprobe_end(uint32_t t)
{
    uint32_t d = t - ebb_maskprobe_t0;
    if (d > ebb_maskprobe_max) {
        ebb_maskprobe_max = d;
    }
}

static inline ebb_irq_state ebb_port_lock(void)
{
    ebb_irq_state s = ebb__maskprobe_real_lock();
    if (s != 0) {
        ebb_maskprobe_t0 = ebb_maskprobe_now();
    }
    return s;
}

static inline void ebb_port_unlock(ebb_irq_state s)
{
    if (s != 0) {
        ebb_maskprobe_end(ebb_maskprobe_now());
    }
    ebb__maskprobe_real_unlock(s);
}

static inline void ebb__rv_irq_on(void)
{
    ebb_maskprobe_end(ebb_maskprobe_now());
    ebb__maskprobe_real_on();
}

static inline void ebb__rv_irq_off(void)
{
    ebb__maskprobe_real_off();
    ebb_maskprobe_t0 = ebb_maskprobe_now();
}

static inline void ebb__rv_trap_begin(void)
{
    uint32_t t = ebb_maskprobe_now();
    ebb_maskprobe_in = t;
    ebb_maskprobe_t0 = t - ebb_maskprobe_head;
}

static inline void ebb__rv_trap_end(void)
{
    uint32_t t = ebb_maskprobe_now();
    ebb_maskprobe_out = t;
    ebb_maskprobe_end(t + ebb_maskprobe_tail);
}

/* Count the trap's instructions outside its C statements: raise the
 * software interrupt at `msip` (enabled in mie, nothing pending on its
 * levels) with a store between two reads of minstret.  The trap is taken
 * right after the store; the first read's instruction, the store and the
 * `head` instructions precede the entry's first read, and the `tail`
 * instructions (mret the last) lie between its last read and the second
 * read here.  Context: thread mode, MIE set. */
static inline void ebb_maskprobe_calibrate(volatile uint32_t *msip)
{
    uint32_t a, b;
    __asm volatile("csrr %0, minstret\n\tsw %2, 0(%3)\n\tcsrr %1, minstret"
                   : "=&r"(a), "=&r"(b)
                   : "r"(1u), "r"(msip)
                   : "memory");
    ebb_maskprobe_head = ebb_maskprobe_in - a - 2u;
    ebb_maskprobe_tail = b - ebb_maskprobe_out - 1u;
    ebb_maskprobe_max = 0;
}

#endif
