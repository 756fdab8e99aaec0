/*
 * time_tim_host.c - hal/stm32f4/stm32_tim_time.c, unchanged, compiled for the host:
 * its register blocks come from sim_periph() (sim_tim.h defines
 * EBB_STM32_PERIPH first), its NVIC calls from shim/ebb_cortex_m.h, and its
 * call into the core's ebb_time_alarm_isr() is renamed so the simulation can
 * record each alarm before passing it on.
 */
#include "sim_tim.h"

#define ebb_time_alarm_isr sim_alarm_isr
#include "stm32_tim_time.c"
#include "ebb/driver/time_driver.h"
