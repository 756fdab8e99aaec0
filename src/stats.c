/* stats.c - the profiling clock's defaults (ebb/stats.h). */
#include "ebb/stats.h"

#if EBB_CONFIG_TASK_STATS || EBB_CONFIG_TRACE

#include "ebb/contract.h"
#include "ebb/driver/time_driver.h"

/* The board's counter where it named one (EBB_CONFIG_PROFILE_COUNTER);
 * else ebb's clock, on every port, at the cost of its driver's read (a
 * board with a cheaper counter replaces both functions). */
EBB_WEAK uint32_t ebb_profile_clock(void)
{
#ifdef EBB_CONFIG_PROFILE_COUNTER
    return ebb__profile_now();
#else
    return (uint32_t)ebb_time_driver_now();
#endif
}
EBB_WEAK uint32_t ebb_profile_clock_hz(void) { return EBB_CONFIG_TICK_HZ; }

#else
typedef int ebb__stats_off; /* a translation unit is never empty */
#endif
