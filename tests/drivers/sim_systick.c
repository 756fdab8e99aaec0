/* sim_systick.c - see sim_systick.h.  The rest of the port is the host
 * port of ebb::core: the exception is taken through ebb_host_irq(), which
 * holds it back while the port lock is held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_systick.h"

#include "ebb/driver/port.h"
#include "ebb/time.h"
#include "ebb_host.h"

#define CSR_CTRL (EBB_CM_SYST_CSR_ENABLE | EBB_CM_SYST_CSR_TICKINT | EBB_CM_SYST_CSR_CLKSOURCE)

enum { R_CSR, R_RVR, R_CVR, R_NONE };

uint32_t sim_csr, sim_rvr, sim_val;
unsigned sim_exc_prio;
unsigned long sim_sim_cuts;
uint32_t sim_cut_cycles;
uint32_t sim_cut_jitter;
uint32_t sim_entry_cycles;
uint32_t sim_reload_lag;
uint32_t sim_cut_stall;

static volatile uint32_t slot[3]; /* what the driver loads and stores */
static int last_reg;              /* the access slot[] is exposed to */
static bool countflag;
static uint64_t cyc;
static uint64_t sample_cyc;
static uint64_t origin;  /* the first reload after reset: time 0 */
static bool started;
static bool pending;
static bool primask;
static unsigned isr_depth;
static uint64_t jit = 0x2545F4914F6CDD1Dull;
static uint32_t hold;  /* cycles VAL still reads 0 before the reload */
static bool counted;   /* VAL reached 0 by counting (not by a store) */
static bool raised;    /* handed to ebb_host_irq(), not yet run */

static void die(const char *msg)
{
    fprintf(stderr, "sim_systick: %s\n", msg);
    abort();
}

/* Give the previous access its hardware meaning. */
static void sync(void)
{
    switch (last_reg) {
    case R_CSR: /* a read clears COUNTFLAG; a write (init only) sets the controls */
        sim_csr = slot[R_CSR] & CSR_CTRL;
        countflag = false;
        break;
    case R_RVR:
        sim_rvr = slot[R_RVR] & 0x00FFFFFFu;
        break;
    case R_CVR:
        if (slot[R_CVR] != sim_val) { /* a store, of any value */
            sim_val = 0;
            countflag = false;
            counted = false;
            hold = sim_reload_lag;
        }
        break;
    default:
        break;
    }
    last_reg = R_NONE;
}

/* A count to 0 (not a store of 0) raises COUNTFLAG and pends SysTick. */
static void count_reached_zero(void)
{
    countflag = true;
    if (sim_csr & EBB_CM_SYST_CSR_TICKINT) {
        pending = true;
    }
}

/* Count `n` cycles; pend at each count to 0.  No exception is taken here. */
static void clocks(uint64_t n)
{
    while (n > 0) {
        if (!(sim_csr & EBB_CM_SYST_CSR_ENABLE)) {
            cyc += n;
            return;
        }
        if (sim_val == 0) {
            if (hold > 1) { /* an emulator's late reload: VAL reads 0 meanwhile */
                uint64_t step = n < hold - 1u ? n : hold - 1u;
                hold -= (uint32_t)step;
                cyc += step;
                n -= step;
                continue;
            }
            if (sim_rvr == 0) {
                die("RVR = 0 is not simulated");
            }
            sim_val = sim_rvr; /* RVR as it is now, at the reload */
            cyc++;
            n--;
            if (!started) {
                started = true;
                origin = cyc;
            }
            if (counted && sim_reload_lag > 1) {
                count_reached_zero(); /* QEMU: flag, pend and reload at once */
            }
            counted = false;
            continue;
        }
        uint64_t step = n < sim_val ? n : sim_val;
        sim_val -= (uint32_t)step;
        cyc += step;
        n -= step;
        if (sim_val == 0) {
            counted = true;
            hold = sim_reload_lag;
            if (sim_reload_lag <= 1) {
                count_reached_zero(); /* silicon: at the count to 0 */
            }
        }
    }
}

/* The exception is taken (and tail-chained while pending): run by the host
 * port at once, or at the outermost unlock of the port lock. */
static void take(void *arg)
{
    (void)arg;
    raised = false;
    sync();
    while (pending && !primask && isr_depth == 0 && sim_hp_depth == 0) {
        pending = false;
        isr_depth++;
        sim_irqs_taken++;
        sim_last_irq_ref = sim_ref();
        clocks(sim_entry_cycles);
        SysTick_Handler();
        isr_depth--;
        sync();
    }
}

/* Request the exception if pending and not masked by PRIMASK or a running
 * handler; true if it was taken now (the port lock was not held). */
static bool deliver(void)
{
    unsigned long before = sim_irqs_taken;
    sync();
    if (pending && !primask && isr_depth == 0 && sim_hp_depth == 0 && !raised) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
    return sim_irqs_taken != before;
}

volatile uint32_t *sim_syst_reg(uintptr_t addr)
{
    int r;
    switch (addr) {
    case 0xE000E010u: r = R_CSR; break;
    case 0xE000E014u: r = R_RVR; break;
    case 0xE000E018u: r = R_CVR; break;
    default: die("access to an unsimulated register"); return NULL;
    }
    sync();
    /* PRIMASK (set by the cut for a few instructions) holds off even the
     * contexts a hook stands for. */
    sim_count_access(!primask);
    (void)deliver(); /* an unmasked exception lands before this access */
    if (primask && r == R_RVR && sim_cut_stall != 0) {
        clocks(sim_cut_stall); /* the core stalls before the cut's RVR restore */
    }
    clocks(SIM_ACCESS_CYCLES);
    slot[R_CSR] = sim_csr | (countflag ? EBB_CM_SYST_CSR_COUNTFLAG : 0u);
    slot[R_RVR] = sim_rvr;
    slot[R_CVR] = sim_val;
    if (r == R_CVR && isr_depth == 0) {
        sample_cyc = cyc;
    }
    last_reg = r;
    return &slot[r];
}

/* The driver's cut: cpsid i; ldr v, VAL; if v > guard: str load, RVR;
 * str 0, VAL.  Returns v; PRIMASK stays set (the driver restores it). */
uint32_t ebb_systick_sim_cut(uint32_t load, uint32_t guard, uint32_t *pm)
{
    *pm = primask;
    /* A hook at the sample stands for a preemption just before cpsid. */
    uint32_t v = *sim_syst_reg(0xE000E018u);
    primask = true;
    sync();
    if (v <= guard) {
        return v;
    }
    uint32_t cost = sim_cut_cycles;
    if (sim_cut_jitter != 0) {
        jit = jit * 6364136223846793005ull + 1442695040888963407ull;
        cost = cost - sim_cut_jitter + (uint32_t)((jit >> 33) % (2u * sim_cut_jitter + 1u));
    }
    if (cost < 1 || cost > guard) {
        die("cut cost out of the driver's range");
    }
    clocks(cost - 1u);           /* the counter runs on until the store */
    sim_rvr = load & 0x00FFFFFFu; /* str load, RVR */
    sim_val = 0;                 /* str 0, VAL */
    countflag = false;
    counted = false;
    hold = sim_reload_lag;
    clocks(1);                   /* reload at the next clock (or later: lag) */
    sim_sim_cuts++;
    return v;
}

void ebb_systick_sim_primask(uint32_t pm)
{
    primask = pm != 0;
    (void)deliver();
}

void sim_reset(void)
{
    memset((void *)slot, 0, sizeof slot);
    last_reg = R_NONE;
    sim_csr = 0;
    sim_rvr = 0x00ABCDEFu; /* UNKNOWN at reset */
    sim_val = 0x00123456u;
    countflag = false;
    cyc = 0;
    sample_cyc = 0;
    origin = 0;
    started = false;
    pending = false;
    primask = false;
    isr_depth = 0;
    raised = false;
    sim_exc_prio = 0;
    sim_sim_cuts = 0;
    sim_cut_cycles = SIM_CUT_CYCLES;
    sim_cut_jitter = 0;
    sim_entry_cycles = 12;
    sim_reload_lag = 1;
    sim_cut_stall = 0;
    hold = 1;
    counted = false;
    sim_common_reset();
}

uint64_t sim_ref(void) { return started ? cyc - origin : 0; }
uint64_t sim_sample_cycle(void) { return started ? sample_cyc - origin : 0; }

bool sim_irq_pending(void)
{
    sync();
    return pending;
}

void sim_hp_exit(void)
{
    sim_hp_depth--;
    (void)deliver();
}

void sim_advance(uint64_t cycles)
{
    uint64_t end = cyc + cycles; /* exception entries and handlers included */
    (void)deliver();
    while (cyc < end) {
        sync();
        if (!(sim_csr & EBB_CM_SYST_CSR_ENABLE)) {
            die("advance with the counter stopped");
        }
        uint64_t step = sim_val == 0 ? 1 : sim_val; /* to the next count to 0 */
        step = step < end - cyc ? step : end - cyc;
        clocks(step);
        if (deliver() && sim_after_irq != NULL) {
            sim_after_irq();
        }
    }
}

void ebb_cm_exc_set_prio(unsigned exc, unsigned prio)
{
    if (exc != 15) {
        die("priority of an unsimulated exception");
    }
    sim_exc_prio = prio;
}

void ebb_cm_irq_enable(unsigned irq) { (void)irq; die("no NVIC line is simulated"); }
void ebb_cm_irq_disable(unsigned irq) { (void)irq; die("no NVIC line is simulated"); }
void ebb_cm_irq_set_prio(unsigned irq, unsigned prio)
{
    (void)irq;
    (void)prio;
    die("no NVIC line is simulated");
}
