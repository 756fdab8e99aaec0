/*
 * time_scenarios.h - the time-driver scenarios, written once and run
 * against every simulated timer (time_scenarios.c): 64-bit time from a
 * short counter, alarms, an alarm reached while it is armed, the core's
 * sleeps on top, a random soak.  A driver's test file describes its timer
 * in a struct sim_driver (the adapter below), adds the checks only its
 * hardware has (register set-up, SysTick's cut drift and late reloads) and
 * calls time_scenarios_run().  A scenario added here runs for every driver.
 *
 * The simulation's interface is sim_time.h; its unit is the counter's
 * clock ("clocks"), `div` of which make a tick.
 */
#ifndef TIME_SCENARIOS_H
#define TIME_SCENARIOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/ebb.h"
#include "ebb/driver/time_driver.h"
#include "sim_time.h"

struct sim_driver {
    const char *name;     /* the driver's panic module, and the group's name */
    void (*init)(void);   /* init at the board's clock (after sim_reset) */
    void (*init_at)(uint32_t hz); /* init at `hz` (its bad-clock panic); NULL if
                                   * the driver is given no clock */
    uint32_t bad_clock;   /* a clock that is not a multiple of the tick */
    uint64_t div;         /* clocks per tick */
    /* The counter unarmed: `period_irqs` interrupts every `period` clocks
     * (1, or 0: the machine timer, whose period is only the boundary where
     * the halves of its reads change), taken `irq_early` clocks before the
     * period ends (SysTick: VAL reaches 0 in the last cycle of its
     * count-down). */
    uint64_t period;
    unsigned period_irqs;
    uint64_t irq_early;
    /* Clocks until the counter next raises its interrupt, or reaches its
     * period's end (0: it just did). */
    uint64_t (*to_irq)(void);
    /* The clock of the driver's last read of its counter from outside its
     * handler: now() must be that clock's tick. */
    uint64_t (*sampled)(void);
    /* The driver's own count of clocks minus sampled() (lock held), or NULL
     * if it keeps no count of its own. */
    int64_t (*drift)(void);
    /* How often the driver reprogrammed its counter's period (SysTick's
     * cuts), or NULL if an alarm does not change the period. */
    unsigned long (*reprograms)(void);
    /* Interrupts at most between now and an alarm at clock `at`, the
     * alarm's included (a driver must not interrupt per tick). */
    unsigned long (*irqs_until)(uint64_t at);
    /* Checked once the sleepers of test_sleepers_wake_exactly_tickless are
     * done: the interrupts and reprogrammings it took for `n` deadlines of
     * `distinct` values. */
    void (*sleepers_cost)(unsigned n, unsigned distinct);
    /* true: arming accesses take no clock, so arming an alarm in the future
     * takes no interrupt at all (a stale compare flag must not fire it). */
    bool quiet_arm;
    /* true: a hook that moves the counter inside set_alarm may delay the
     * alarm by what it took (SysTick's cut is computed from its sample);
     * false: the alarm fires at its tick, or at the unlock if that passed it. */
    bool late_by_hook;
    /* Clocks from the end of an arming that passed its tick to the alarm
     * (SysTick: its shortest cut). */
    uint64_t reached_within;
    /* The scenario's parameters for this timer (clocks or ticks, as named). */
    const uint64_t *far_starts;  /* clocks: starts for alarms far and near */
    size_t n_far_starts;
    const ebb_ticks *far_deltas; /* ticks: their distances */
    size_t n_far_deltas;
    ebb_ticks far;               /* ticks: an alarm far out of reach */
    const ebb_ticks *sleep_deadlines; /* ticks, 16 of them, 13 distinct */
    const uint64_t *arming_at;   /* clocks before the interrupt to arm at */
    size_t n_arming_at;
    const uint64_t *arming_advs; /* clocks a hook moves the counter */
    size_t n_arming_advs;
    unsigned arming_min_swept;   /* hooked runs at the least */
    uint64_t arming_pre;         /* clocks the test's own accesses take */
    const uint64_t *moving_bases; /* clocks: where three sleepers start */
    size_t n_moving_bases;
    const uint64_t *moving_advs;
    size_t n_moving_advs;
    unsigned moving_accesses;    /* register accesses swept */
    uint64_t soak_hook_max;      /* clocks a hook moves the counter, at most */
    uint64_t soak_far;           /* ticks: the farthest alarm */
    unsigned soak_shift;         /* a long step is rnd() << this clocks */
    uint64_t soak_late;          /* clocks an alarm may be late, at most */
    uint64_t soak_delay;         /* clocks a hook may delay a due alarm */
};

/* In a struct sim_driver initializer: a parameter array and its length
 * (.far_starts and .n_far_starts from the array far_starts). */
#define SIM_ARRAY(name) .name = name, .n_##name = sizeof name / sizeof name[0]

/* Each driver's test file defines its timer's description. */
extern const struct sim_driver sim_driver;

/* Run the shared scenarios (a cmocka group); returns the failures. */
int time_scenarios_run(void);

/* ---- helpers for a driver's own checks ---- */

extern ebb_executor exec;  /* the thread-mode executor of the sleepers */
extern ebb_ticks last_now; /* check_now(): the last value, never to go back */
extern bool in_wake;       /* drain() runs */

int setup(void **state);    /* host port, simulation, executor, driver */
ebb_ticks now(void);        /* ebb_time_driver_now() */
ebb_ticks ref_ticks(void);  /* sim_ref() / div */
void check_now(void);       /* now() exact, monotonic, no drift */
bool arm(ebb_ticks at);     /* set_alarm with the lock held, as the core */
void drain(void);           /* the thread woken from WFI: poll what is ready */
uint64_t rnd(void);         /* 31 random bits, the same run every time */

#endif /* TIME_SCENARIOS_H */
