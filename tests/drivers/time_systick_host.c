/*
 * time_systick_host.c - port/cortex-m/time/systick_time.c, unchanged but for
 * its EBB_SYSTICK_HOST_SIM hook (its cut's assembly becomes
 * ebb_systick_sim_cut()), compiled for the host: its registers come from
 * sim_syst_reg() (shim/ebb_cortex_m.h), and its call into the core's
 * ebb_time_alarm_isr() is renamed so the simulation can record each alarm.
 */
#include "sim_systick.h"

uint32_t ebb_systick_sim_cut(uint32_t load, uint32_t guard, uint32_t *primask);
void ebb_systick_sim_primask(uint32_t primask);

#define ebb_time_alarm_isr sim_alarm_isr
#include "systick_time.c"
#include "ebb/driver/time_driver.h"

int64_t sim_driver_drift(void)
{
    ebb_irq_state s = ebb_port_lock();
    uint32_t e = sync();
    uint64_t driver = st.ticks * st.div + st.rem + e;
    int64_t d = (int64_t)(driver - sim_sample_cycle());
    ebb_port_unlock(s);
    return d;
}

uint32_t sim_driver_cur_load(void) { return st.cur_load; }
