/*
 * sim_time.h - what every simulated timer of tests/drivers gives the shared
 * scenarios (time_scenarios.c): one interface, so that a scenario written
 * once runs against each time driver.  sim_tim.c (STM32 TIM2/TIM5),
 * sim_systick.c (Cortex-M SysTick) and sim_mtimer.c (RISC-V machine timer)
 * implement the timer-specific half;
 * sim_common.c the half that is the same for every timer (the access hook,
 * the after-interrupt hook, the higher-priority context, the record of the
 * alarms the driver reports, panics).
 *
 * Units: "clocks" are the simulated counter's own (TIM: ticks; SysTick: core
 * cycles); the driver divides them into ticks (struct sim_driver.div in
 * time_scenarios.h).
 */
#ifndef SIM_TIME_H
#define SIM_TIME_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include "ebb/driver/time_driver.h"

/* ---- implemented by each timer's simulation ---- */

/* Reset registers, interrupt controller, counters and hooks; time 0.  Call
 * after ebb_host_reset_port() (it installs the panic hook, which that
 * removes). */
void sim_reset(void);

/* Clocks counted since time 0 (64-bit, exact). */
uint64_t sim_ref(void);

/* Count `clocks`.  Interrupts are taken at the exact clock of their event
 * if nothing masks them; after each one taken, the after-irq hook runs (the
 * thread waking from WFI).  Context: anywhere, including a hook inside a
 * driver access. */
void sim_advance(uint64_t clocks);

/* True while the timer interrupt is latched, not yet taken. */
bool sim_irq_pending(void);

/* Leave the higher-priority context (sim_hp_enter, sim_common.c): a
 * pending timer interrupt is taken now if nothing else masks it. */
void sim_hp_exit(void);

/* ---- sim_common.c: the same for every timer ---- */

/* Run `fn` after each interrupt taken in sim_advance (NULL: none). */
void sim_set_after_irq(void (*fn)(void));
extern void (*sim_after_irq)(void);

/* Run `fn` just before the `n`-th access (n >= 1) to the timer's registers
 * from now on.  n = 0 disarms.  The simulations call sim_count_access() at
 * each access. */
void sim_hook_at_access(unsigned n, void (*fn)(void));
void sim_count_access(bool hook_allowed);
extern unsigned long sim_accesses; /* timer register accesses since reset */

/* A context of higher priority than the timer interrupt (which stays
 * pending in it), e.g. another ISR calling ebb_now(). */
void sim_hp_enter(void);
extern unsigned sim_hp_depth;

/* Interrupts entered, and the clock of the last entry (the simulations set
 * both). */
extern unsigned long sim_irqs_taken;
extern uint64_t sim_last_irq_ref;

/* The driver's call into the core (its ebb_time_alarm_isr is renamed to
 * this): recorded, then passed on. */
void sim_alarm_isr(void);
extern unsigned long sim_fires;
extern uint64_t sim_last_fire_ref; /* clock of the last one */
extern uint64_t sim_last_fire_now; /* ebb_time_driver_now() then */

/* The host port's panic hook: records the panic, longjmps when armed. */
void sim_panic(const char *module, int id);
extern jmp_buf sim_panic_jmp;
extern int sim_panic_armed;
extern const char *sim_panic_module;
extern int sim_panic_id;

/* Reset what sim_common.c keeps (sim_reset calls it). */
void sim_common_reset(void);

#endif /* SIM_TIME_H */
