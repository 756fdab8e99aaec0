/*
 * ebb_nrf51_time.h - ebb's clock on the nRF51's TIMER0 (tickless).
 *
 * TIMER0 counts at 1 MHz (16 MHz / 2^4) in 32-bit mode and is never
 * stopped, cleared or written: CC[1] = 2^30 and CC[2] = 2^30 + 2^31 raise
 * an interrupt once per half period (36 min), counted in `half_periods`;
 * now() places the count in the 2^32-tick window those marks imply, which
 * stays right while a mark is pending but not yet counted (no lock).  The count is read with TASKS_CAPTURE[3] then CC[3].  CC[0]
 * holds the alarm: the compare fires on equality, so after writing it the
 * driver reads the count again and reports an alarm it passed meanwhile as
 * already reached.  Time is exact (one counter, never written); an alarm is
 * at most the programming path late.
 *
 * QEMU 7.2 has no RTC on the micro:bit machine (the nRF51's low-power
 * clock), so the high-frequency TIMER is the only choice there; on silicon
 * an RTC-based driver would let the chip sleep deeper.
 */
#ifndef EBB_NRF51_TIME_H
#define EBB_NRF51_TIME_H

#include <stdint.h>

#include "ebb/config.h"
#include "ebb_port_impl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Logical NVIC priority of TIMER0 (0..3 on the Cortex-M0; default: the
 * lowest). */
#ifndef EBB_CONFIG_NRF51_TIME_PRIO
#define EBB_CONFIG_NRF51_TIME_PRIO ((1u << (EBB_CONFIG_PORT_PRIO_BITS)) - 1u)
#endif

/**
 * Start TIMER0 as ebb's time driver.  EBB_CONFIG_TICK_HZ must divide
 * 16 MHz by a power of two up to 2^9 (contract nrf51_time:1; the default
 * 1 MHz is 2^4).  Time starts at 0.  Defines TIMER0_IRQHandler.
 * Context: main, before the first ebb_now()/sleep.  Cost: a few stores.
 */
void ebb_nrf51_time_init(void);

#ifdef __cplusplus
}
#endif

#endif /* EBB_NRF51_TIME_H */
