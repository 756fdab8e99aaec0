/*
 * ebb_mtimer_time.h - ebb's clock on the RISC-V machine timer (tickless).
 *
 * The machine timer is a free-running 64-bit counter (mtime) and a 64-bit
 * compare register (mtimecmp); the timer interrupt is pending exactly while
 * mtime >= mtimecmp (privileged spec 3.2.1).  Both are memory-mapped (a
 * CLINT / ACLINT on the boards ebb knows), so on RV32 each is two 32-bit
 * halves, and the driver reads and writes them with care:
 *   - mtime: hi, lo, hi again; retry if hi changed (a carry between the two
 *     reads would otherwise give a value 2^32 ticks off);
 *   - mtimecmp: lo = all ones, hi = new hi, lo = new lo: the compare value
 *     never passes through a value below both the old and the new one (the
 *     sequence the privileged spec gives).  The driver writes it with
 *     interrupts masked anyway, and the interrupt is a level, not a latch,
 *     so a transient value could not fire one here; the order keeps the
 *     write safe should it ever run unmasked.
 *
 * Time: ebb ticks = mtime / (EBB_CONFIG_MTIMER_HZ / EBB_CONFIG_TICK_HZ),
 * rounded down.  An alarm for tick `at` sets mtimecmp = at * ratio, the
 * first mtime value that reads as `at`: alarms are exact and there is no
 * drift, because nothing is ever added up or cut short (unlike a reloading
 * down-counter).  Because the compare is absolute and the interrupt level
 * stays pending, an alarm written late (the time already passed) fires at
 * once: nothing depends on how fast the emulator or the silicon runs
 * between two instructions.  The driver still returns false for an alarm
 * already due, as the core expects, and leaves the compare disarmed.
 *
 * mtime never wraps in practice (2^64 ticks at 10 MHz is 58,000 years), so
 * there is no overflow interrupt: an idle system takes no interrupts at all.
 */
#ifndef EBB_MTIMER_TIME_H
#define EBB_MTIMER_TIME_H

#include <stdint.h>

#include "ebb/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mtime's frequency: a property of the machine (QEMU virt: 10 MHz).  A
 * compile-time constant so that the 64-bit division in now() becomes a
 * multiplication. */
#ifndef EBB_CONFIG_MTIMER_HZ
#define EBB_CONFIG_MTIMER_HZ 10000000u
#endif
#if EBB_CONFIG_MTIMER_HZ % EBB_CONFIG_TICK_HZ != 0
#error "EBB_CONFIG_MTIMER_HZ must be a multiple of EBB_CONFIG_TICK_HZ"
#endif

/**
 * Start the machine timer as ebb's time driver: mtime's low word at
 * `mtime_addr`, this hart's mtimecmp low word at `mtimecmp_addr` (QEMU virt,
 * hart 0: 0x0200BFF8 and 0x02004000).  Disarms the compare, enables the
 * timer interrupt (mie.MTIE) and takes the current mtime as time 0.
 * Context: main, before the first ebb_now()/sleep.  Cost: a few stores.
 */
void ebb_mtimer_time_init(uintptr_t mtime_addr, uintptr_t mtimecmp_addr);

/** Raw 64-bit mtime (for tests and measurements).  Context: any.
 *  Cost: 3 loads (more if a carry races the read). */
uint64_t ebb_mtimer_read(void);

/** Number of alarm interrupts taken (a diagnostic).  Context: any. */
uint32_t ebb_mtimer_alarms(void);

#ifdef __cplusplus
}
#endif

#endif /* EBB_MTIMER_TIME_H */
