/* sim_tim.c - see sim_tim.h.  The rest of the port is the host port of
 * ebb::core: the simulated NVIC takes the timer interrupt through
 * ebb_host_irq(), which holds it back while the port lock is held. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_tim.h"

#include "ebb/driver/port.h"
#include "ebb/time.h"
#include "ebb_host.h"

#define FLAGS (EBB_STM32_TIM_SR_UIF | EBB_STM32_TIM_SR_CC1IF | EBB_STM32_TIM_SR_CC2IF)

ebb_stm32_tim_regs sim_tim;
ebb_stm32_rcc_regs sim_rcc;
bool sim_nvic_enabled;
unsigned sim_nvic_prio;

static uint32_t hw_sr;      /* the flags as the hardware holds them */
static uint64_t ref;        /* ticks counted since reset */
static bool nvic_pending;
static uint64_t sample_ref; /* ref at the last access outside the handler */
static unsigned isr_depth;
static bool raised; /* handed to ebb_host_irq(), not yet run */

static void die(const char *msg)
{
    fprintf(stderr, "sim_tim: %s\n", msg);
    abort();
}

/* Give the driver's last store its hardware meaning, and latch the line. */
static void sync(void)
{
    hw_sr &= sim_tim.SR; /* rc_w0: a store of 0 clears, of 1 leaves */
    if (sim_tim.EGR & EBB_STM32_TIM_EGR_UG) {
        sim_tim.CNT = 0; /* reinitialise the counter, load PSC */
        if (!(sim_tim.CR1 & EBB_STM32_TIM_CR1_URS)) {
            hw_sr |= EBB_STM32_TIM_SR_UIF;
        }
    }
    sim_tim.EGR = 0; /* write-only: reads 0 */
    sim_tim.SR = hw_sr;
    /* Pending is cleared on entry; while the handler runs, a line that is
     * still high re-pends only at its exit (handled in deliver). */
    if ((hw_sr & sim_tim.DIER & FLAGS) != 0 && isr_depth == 0) {
        nvic_pending = true;
    }
}

/* The NVIC takes the line (and tail-chains it while it stays high): run by
 * the host port at once, or at the outermost unlock of the port lock. */
static void take(void *arg)
{
    (void)arg;
    raised = false;
    while (nvic_pending && sim_nvic_enabled && isr_depth == 0 && sim_hp_depth == 0) {
        nvic_pending = false;
        isr_depth++;
        sim_irqs_taken++;
        sim_last_irq_ref = ref;
        SIM_TIM_HANDLER();
        isr_depth--;
        sync(); /* still high on exit: pending again */
    }
}

/* Request the interrupt if it is pending and enabled; true if it was taken
 * now (nothing masked it). */
static bool deliver(void)
{
    unsigned long before = sim_irqs_taken;
    if (nvic_pending && sim_nvic_enabled && isr_depth == 0 && sim_hp_depth == 0 && !raised) {
        raised = true;
        ebb_host_irq(take, NULL);
    }
    return sim_irqs_taken != before;
}

void *sim_periph(uintptr_t addr)
{
    if (addr == SIM_TIM_ADDR) {
        sync();
        sim_count_access(true);
        (void)deliver(); /* an unmasked interrupt lands before this access */
        if (isr_depth == 0) {
            sample_ref = ref;
        }
        return &sim_tim;
    }
    if (addr == 0x40023800u) {
        return &sim_rcc;
    }
    die("access to an unsimulated peripheral");
    return NULL;
}

void sim_reset(void)
{
    memset(&sim_tim, 0, sizeof sim_tim);
    memset(&sim_rcc, 0, sizeof sim_rcc);
    sim_tim.ARR = 0xFFFFFFFFu; /* reset value of the 32-bit timers */
    hw_sr = 0;
    ref = 0;
    sample_ref = 0;
    nvic_pending = false;
    sim_nvic_enabled = false;
    sim_nvic_prio = 0;
    isr_depth = 0;
    raised = false;
    sim_common_reset();
}

uint64_t sim_ref(void) { return ref; }
uint64_t sim_sample_ref(void) { return sample_ref; }

bool sim_irq_pending(void)
{
    sync();
    return nvic_pending;
}

void sim_hp_exit(void)
{
    sim_hp_depth--;
    sync();
    (void)deliver();
}

/* Ticks from `cnt` until the counter next equals `v` (a full period if it
 * equals it now: a match needs the counter to arrive). */
static uint64_t until_match(uint32_t cnt, uint32_t v)
{
    uint32_t d = v - cnt;
    return d == 0 ? 0x100000000ull : d;
}

void sim_advance(uint64_t ticks)
{
    sync();
    (void)deliver();
    while (ticks > 0) {
        sync();
        if (!(sim_tim.CR1 & EBB_STM32_TIM_CR1_CEN)) {
            die("advance with the counter stopped");
        }
        if (sim_tim.ARR != 0xFFFFFFFFu) {
            die("only ARR = 0xFFFFFFFF is simulated");
        }
        uint32_t cnt = sim_tim.CNT;
        uint64_t to_wrap = 0x100000000ull - cnt;
        uint64_t to_cc1 = until_match(cnt, sim_tim.CCR[0]);
        uint64_t to_cc2 = until_match(cnt, sim_tim.CCR[1]);
        uint64_t step = ticks;
        step = to_wrap < step ? to_wrap : step;
        step = to_cc1 < step ? to_cc1 : step;
        step = to_cc2 < step ? to_cc2 : step;
        sim_tim.CNT = (uint32_t)(cnt + step);
        ref += step;
        ticks -= step;
        if (step == to_wrap) {
            hw_sr |= EBB_STM32_TIM_SR_UIF;
        }
        if (step == to_cc1) {
            hw_sr |= EBB_STM32_TIM_SR_CC1IF;
        }
        if (step == to_cc2) {
            hw_sr |= EBB_STM32_TIM_SR_CC2IF;
        }
        sim_tim.SR = hw_sr;
        sync();
        if (deliver() && sim_after_irq != NULL) {
            sim_after_irq();
        }
    }
}

/* ---- the simulated NVIC calls of shim/ebb_cortex_m.h ---- */

void ebb_cm_irq_enable(unsigned irq)
{
    if (irq != SIM_TIM_IRQ) {
        die("enable of an unsimulated IRQ");
    }
    sim_nvic_enabled = true;
}

void ebb_cm_irq_disable(unsigned irq)
{
    if (irq == SIM_TIM_IRQ) {
        sim_nvic_enabled = false;
    }
}

void ebb_cm_irq_set_prio(unsigned irq, unsigned prio)
{
    if (irq != SIM_TIM_IRQ) {
        die("priority of an unsimulated IRQ");
    }
    sim_nvic_prio = prio;
}
