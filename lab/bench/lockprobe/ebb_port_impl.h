/*
 * lab/bench/lockprobe/ebb_port_impl.h - the Cortex-M port's critical sections,
 * instrumented: every outermost ebb_port_lock() .. ebb_port_unlock() stretch
 * is timed and the longest is kept in ebb_lockprobe_max.  The clock: TIM2's
 * counter on the STM32 board (one count per executed instruction under QEMU
 * -icount shift 0), or with EBB_LOCKPROBE_SYSTICK the SysTick counter
 * (24 bits, counting down at the core clock), or with
 * EBB_LOCKPROBE_NRF51_TIMER0 the nRF51's TIMER0 (when SysTick is the time
 * driver), or with EBB_LOCKPROBE_STELLARIS_WDT the LM3S6965's watchdog
 * counter (boards/template); the benchmark converts those counts to instructions by a
 * calibration loop.  Only the
 * benchmark lab/bench/scale_lock.elf is built with it (a second copy of the core
 * compiled with this folder first on its include path); nothing else sees it.
 */
#ifndef EBB_LOCKPROBE_PORT_IMPL_H
#define EBB_LOCKPROBE_PORT_IMPL_H

#define ebb_port_lock ebb__lockprobe_real_lock
#define ebb_port_unlock ebb__lockprobe_real_unlock
#include_next "ebb_port_impl.h"
#undef ebb_port_lock
#undef ebb_port_unlock

/* Outermost section: the previous state was 0 (BASEPRI, or PRIMASK on
 * ARMv6-M: interrupts were let in). */

#if defined(EBB_LOCKPROBE_SYSTICK)
/* SYST_CVR (ARMv7-M B3.3), turned into an up-counter modulo 2^24. */
#define EBB_LOCKPROBE_CNT (0x00FFFFFFu - (*(volatile uint32_t *)0xE000E018u & 0x00FFFFFFu))
#define EBB_LOCKPROBE_ELAPSED(t0, t1) (((t1) - (t0)) & 0x00FFFFFFu)
#elif defined(EBB_LOCKPROBE_NRF51_TIMER0)
/* The nRF51's TIMER0 (nRF51 RM, "TIMER"; 32-bit, free-running, set up by
 * the benchmark), read by a capture into CC[3]: TASKS_CAPTURE[3] at 0x04C,
 * CC[3] at 0x54C. */
static inline uint32_t ebb__lockprobe_timer0(void)
{
    *(volatile uint32_t *)0x4000804Cu = 1u;
    return *(volatile uint32_t *)0x4000854Cu;
}
#define EBB_LOCKPROBE_CNT ebb__lockprobe_timer0()
#define EBB_LOCKPROBE_ELAPSED(t0, t1) ((t1) - (t0))
#elif defined(EBB_LOCKPROBE_STELLARIS_WDT)
/* The LM3S6965's watchdog (LM3S6965 data sheet, "Watchdog Timer":
 * WDTVALUE at 0x40000004, counting down at the system clock from WDTLOAD;
 * started by the benchmark with its interrupt off at the NVIC and no
 * reset), turned into an up-counter: QEMU's lm3s6965evb answers a read of
 * its general-purpose timers' counts with 0, and SysTick is the time
 * driver. */
#define EBB_LOCKPROBE_CNT (0xFFFFFFFFu - *(volatile uint32_t *)0x40000004u)
#define EBB_LOCKPROBE_ELAPSED(t0, t1) ((t1) - (t0))
#else
#define EBB_LOCKPROBE_CNT (*(volatile uint32_t *)0x40000024u) /* TIM2_CNT */
#define EBB_LOCKPROBE_ELAPSED(t0, t1) ((t1) - (t0))
#endif

extern uint32_t ebb_lockprobe_t0;  /* when the outermost section began */
extern uint32_t ebb_lockprobe_max; /* longest section so far, in counts */

static inline ebb_irq_state ebb_port_lock(void)
{
    ebb_irq_state s = ebb__lockprobe_real_lock();
    if (s == 0) {
        ebb_lockprobe_t0 = EBB_LOCKPROBE_CNT;
    }
    return s;
}

static inline void ebb_port_unlock(ebb_irq_state s)
{
    if (s == 0) {
        uint32_t d = EBB_LOCKPROBE_ELAPSED(ebb_lockprobe_t0, EBB_LOCKPROBE_CNT);
        if (d > ebb_lockprobe_max) {
            ebb_lockprobe_max = d;
        }
    }
    ebb__lockprobe_real_unlock(s);
}

#endif
