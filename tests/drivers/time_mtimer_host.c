/*
 * time_mtimer_host.c - port/riscv/time/mtimer_time.c, unchanged but for its
 * EBB_MTIMER_HOST_SIM hook (register accesses go through
 * ebb_mtimer_sim_read/write, sim_mtimer.c), compiled for the host.  Its
 * calls into the core are renamed so the test can watch them:
 * ebb_time_alarm_isr -> mtimer_alarm_isr, and its set_alarm is wrapped
 * (test_time_mtimer.c).
 */
#include <stdbool.h>
#include <stdint.h>

#include "ebb/time.h"
#include "ebb/driver/time_driver.h"

void mtimer_alarm_isr(void);
bool sim_driver_set_alarm(ebb_ticks at);

#define ebb_time_alarm_isr mtimer_alarm_isr
#define ebb_time_driver_set_alarm sim_driver_set_alarm
#include "mtimer_time.c"

uint64_t sim_driver_epoch(void)
{
    return epoch;
}
