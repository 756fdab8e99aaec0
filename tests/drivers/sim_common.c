/* sim_common.c - the half of a timer simulation that is the same for every
 * timer (see sim_time.h). */
#include "sim_time.h"

#include <stddef.h>

#include "ebb/time.h"
#include "ebb_host.h"
#include "ebb/driver/time_driver.h"

void (*sim_after_irq)(void);
unsigned long sim_accesses;
unsigned sim_hp_depth;
unsigned long sim_irqs_taken;
uint64_t sim_last_irq_ref;
unsigned long sim_fires;
uint64_t sim_last_fire_ref;
uint64_t sim_last_fire_now;
jmp_buf sim_panic_jmp;
int sim_panic_armed;
const char *sim_panic_module;
int sim_panic_id;

static unsigned hook_countdown;
static void (*hook_fn)(void);

void sim_set_after_irq(void (*fn)(void)) { sim_after_irq = fn; }

void sim_hook_at_access(unsigned n, void (*fn)(void))
{
    hook_countdown = n;
    hook_fn = fn;
}

void sim_count_access(bool hook_allowed)
{
    sim_accesses++;
    if (hook_allowed && hook_countdown != 0 && --hook_countdown == 0) {
        hook_fn();
    }
}

void sim_hp_enter(void) { sim_hp_depth++; }

void sim_alarm_isr(void)
{
    sim_fires++;
    sim_last_fire_ref = sim_ref();
    sim_last_fire_now = ebb_time_driver_now();
    ebb_time_alarm_isr();
}

void sim_panic(const char *module, int id)
{
    sim_panic_module = module;
    sim_panic_id = id;
    if (sim_panic_armed) {
        sim_panic_armed = 0;
        longjmp(sim_panic_jmp, 1);
    }
}

void sim_common_reset(void)
{
    sim_after_irq = NULL;
    sim_accesses = 0;
    sim_hp_depth = 0;
    sim_irqs_taken = 0;
    sim_last_irq_ref = 0;
    sim_fires = 0;
    sim_last_fire_ref = 0;
    sim_last_fire_now = 0;
    hook_countdown = 0;
    hook_fn = NULL;
    sim_panic_armed = 0;
    ebb_host_set_panic_hook(sim_panic);
}
