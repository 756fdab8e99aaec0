/* sim_mtimer.c - see sim_mtimer.h.  The rest of the port is the host port
 * of ebb::core: the interrupt is taken through ebb_host_irq(), which holds
 * it back while the port lock is held, as mstatus.MIE would. */
#include <stdio.h>
#include <stdlib.h>

#include "sim_mtimer.h"

#include "ebb_host.h"

void ebb_rv_mtimer_isr(void); /* the driver's handler */

volatile uint32_t sim_mtimer_regs[4];

static uint64_t mtime, cmp, base;
static uint64_t sample_ref; /* mtime - base at the last lo read outside the handler */
static uint32_t step_min, step_max, rng = 1;
static bool mtie;
static unsigned isr_depth;
static bool raised; /* handed to ebb_host_irq(), not yet run */

static void die(const char *msg)
{
    fprintf(stderr, "sim_mtimer: %s\n", msg);
    abort();
}

static bool line(void) { return mtie && mtime >= cmp; }

/* The hart takes the interrupt, and again while the level stays high:
 * run by the host port at once, or at the outermost unlock. */
static void take(void *arg)
{
    (void)arg;
    raised = false;
    for (unsigned n = 0; line() && isr_depth == 0 && sim_hp_depth == 0; n++) {
        if (n == 1000) {
            die("interrupt storm: the handler leaves the line high (a compare the core re-arms "
                "before its tick?)");
        }
        isr_depth++;
        sim_irqs_taken++;
        sim_last_irq_ref = mtime - base;
        ebb_rv_mtimer_isr();
        isr_depth--;
    }
}

/* Request the interrupt if the line is high; true if it was taken now. */
static bool deliver(void)
{
    unsigned long before = sim_irqs_taken;
    if (line() && isr_depth == 0 && sim_hp_depth == 0 && !raised) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
    return sim_irqs_taken != before;
}

static uint32_t rand32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* Before each access: the test's hook, the chosen step, and an unmasked
 * interrupt lands before the access itself. */
static void access(void)
{
    sim_count_access(true);
    uint32_t span = step_max - step_min;
    uint64_t step = step_min + (span ? rand32() % (span + 1u) : 0u);
    if (step != 0) {
        sim_advance(step);
    }
    (void)deliver();
}

uint32_t ebb_mtimer_sim_read(volatile uint32_t *reg)
{
    access();
    if (reg == &sim_mtimer_regs[0]) {
        if (isr_depth == 0) {
            sample_ref = mtime - base;
        }
        return (uint32_t)mtime;
    }
    if (reg == &sim_mtimer_regs[1]) {
        return (uint32_t)(mtime >> 32);
    }
    die("read of an unexpected register");
    return 0;
}

void ebb_mtimer_sim_write(volatile uint32_t *reg, uint32_t v)
{
    access();
    if (reg == &sim_mtimer_regs[2]) {
        cmp = (cmp & 0xFFFFFFFF00000000ull) | v;
    } else if (reg == &sim_mtimer_regs[3]) {
        cmp = (cmp & 0xFFFFFFFFull) | ((uint64_t)v << 32);
    } else {
        die("write of an unexpected register");
    }
    (void)deliver(); /* a level: a compare at or below mtime raises it now */
}

void ebb_mtimer_sim_enable(void)
{
    mtie = true; /* mie.MTIE */
    (void)deliver();
}

void sim_reset(void)
{
    sim_mtimer_set(0, 0, 0);
    cmp = 0; /* the reset value: pending until the driver writes it */
    mtie = false;
    isr_depth = 0;
    raised = false;
    sim_common_reset();
}

void sim_mtimer_set(uint64_t mtime0, uint32_t smin, uint32_t smax)
{
    mtime = base = mtime0;
    sample_ref = 0;
    step_min = smin;
    step_max = smax;
}

uint64_t sim_mtimer_mtime(void) { return mtime; }
uint64_t sim_mtimer_cmp(void) { return cmp; }
uint64_t sim_ref(void) { return mtime - base; }
uint64_t sim_sample_ref(void) { return sample_ref; }
bool sim_irq_pending(void) { return line(); }

void sim_hp_exit(void)
{
    sim_hp_depth--;
    (void)deliver();
}

void sim_advance(uint64_t clocks)
{
    (void)deliver();
    while (clocks > 0) {
        /* To the compare, if it is ahead: the interrupt at its exact clock. */
        uint64_t step = clocks;
        if (mtie && cmp > mtime && cmp - mtime < step) {
            step = cmp - mtime;
        }
        mtime += step;
        clocks -= step;
        if (deliver() && sim_after_irq != NULL) {
            sim_after_irq();
        }
    }
}
