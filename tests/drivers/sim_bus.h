/*
 * sim_bus.h - how a simulated bus master's block (sim_spi.c, sim_pl022.c)
 * shares its bus with other simulated blocks (sim_dma.c, sim_pl081.c):
 * the primary block's register lookup asks them for addresses that are
 * not its own, every bus tick ticks them after it, their interrupts are
 * delivered before each access, and their NVIC lines' calls are
 * forwarded.  The primary block defines `sim_more`; a companion sets it at
 * its reset.
 */
#ifndef SIM_BUS_H
#define SIM_BUS_H

#include <stdint.h>

enum { SIM_NVIC_ENABLE, SIM_NVIC_DISABLE, SIM_NVIC_PEND };
struct sim_more {
    void *(*block)(uintptr_t addr); /* NULL: not one of theirs */
    void (*tick)(void);
    void (*deliver)(void);
    void (*nvic)(unsigned irq, int what);
};
extern const struct sim_more *sim_more;

#endif
