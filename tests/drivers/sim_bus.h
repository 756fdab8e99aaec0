/*
 * sim_bus.h - how a simulated bus master's block (sim_spi.c, sim_pl022.c)
 * shares its bus with other simulated blocks (sim_dma.c, sim_pl081.c):
 * the primary block's register lookup asks them for addresses that are
 * not its own, every bus tick ticks them after it, their interrupts are
 * delivered before each access, and their NVIC lines' calls are
 * forwarded.  sim_bus.c holds `sim_more`, which a companion sets at its
 * reset, and `sim_primary`, which the primary block sets at its reset;
 * it answers the drivers' NVIC calls (shim/ebb_cortex_m.h): the primary
 * block's own line goes to it, every other line to the companion.
 */
#ifndef SIM_BUS_H
#define SIM_BUS_H

#include <stdbool.h>
#include <stdint.h>

enum { SIM_NVIC_ENABLE, SIM_NVIC_DISABLE, SIM_NVIC_PEND };
struct sim_more {
    void *(*block)(uintptr_t addr); /* NULL: not one of theirs */
    void (*tick)(void);
    void (*deliver)(void);
    void (*nvic)(unsigned irq, int what);
};
extern const struct sim_more *sim_more;

/* The primary block's own NVIC line: its enable and pending flags, which
 * sim_bus.c sets as the NVIC would on a driver's call, and the block's
 * delivery, run after an enable or a pend (it takes the interrupt when
 * the line allows). */
struct sim_primary {
    unsigned irq;
    bool *enabled;
    bool *pending;
    void (*deliver)(void);
};
extern const struct sim_primary *sim_primary;

#endif
