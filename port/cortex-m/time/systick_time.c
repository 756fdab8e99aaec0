/*
 * systick_time.c - see ebb_systick_time.h for the design and error bound.
 */
#include "ebb_systick_time.h"

#include "ebb/driver/port.h"
#include "ebb/driver/time_driver.h"
#include "ebb/trace.h"
#include "ebb_cortex_m.h"

#define MAX_LOAD 0x00FFFFFFu
/* Shortest period programmed by a cut: long enough to restore RVR before it
 * runs out, so that a period can never pass unnoticed. */
#define MIN_LOAD 63u
/* Do not cut when the counter is this close to running out by itself. */
#define GUARD 32u

static struct {
    ebb_ticks ticks;   /* time at the start of the current period ... */
    uint32_t rem;      /* ... plus rem cycles (< div) */
    uint32_t cur_load; /* reload value of the current period */
    uint32_t div;      /* core cycles per tick */
    uint32_t far;      /* more ticks than this: beyond one count-down */
    uint32_t cuts;
    uint32_t cut_frac; /* sixteenths of a cycle carried between cuts */
    ebb_ticks alarm;   /* EBB_TICKS_NEVER when none */
} st = {0, 0, MAX_LOAD, 1, MAX_LOAD + 2u, 0, 0, EBB_TICKS_NEVER};

static void advance(uint32_t cycles)
{
    uint32_t r = st.rem + cycles;
    st.ticks += r / st.div;
    st.rem = r % st.div;
}

/* Cycles elapsed in the current period, after folding in a wrap that the
 * interrupt has not handled yet.  Lock held.  VAL is read before CSR: if
 * COUNTFLAG is clear, that VAL predates any wrap; if set, VAL is re-read so
 * that it follows the wrap. */
static uint32_t sync(void)
{
    uint32_t v = EBB_CM_SYST_CVR;
    if (EBB_CM_SYST_CSR & EBB_CM_SYST_CSR_COUNTFLAG) {
        advance(st.cur_load + 1u);
        st.cur_load = MAX_LOAD; /* RVR always holds MAX_LOAD between cuts */
        v = EBB_CM_SYST_CVR;
    }
    return st.cur_load - v;
}

/* Register operands of the cut sequence: ARMv6-M's Thumb loads and stores
 * take low registers (r0-r7) only, which GCC's "l" asks for; "r" may pick
 * r8-r12 there. */
#if defined(__thumb__) && !defined(__thumb2__)
#define LO "l"
#else
#define LO "r"
#endif

/* PRIMASK back to `primask`. */
static inline void primask_restore(uint32_t primask)
{
#ifdef EBB_SYSTICK_HOST_SIM /* tests/drivers runs this file on simulated registers */
    ebb_systick_sim_primask(primask);
#else
    __asm volatile("msr primask, %0" : : "r"(primask) : "memory");
#endif
}

/* Restart the count-down with reload `load`; `e` is what sync() returned.
 * Returns false (nothing done) when the counter is about to run out on its
 * own.  Lock held. */
static bool cut(uint32_t load, uint32_t e)
{
    uint32_t v, primask;
    uint32_t zero = 0;
    /* All interrupts off for the sample-to-restart sequence so that its
     * duration is constant (EBB_CONFIG_SYSTICK_CUT_CYCLES_X16). */
#ifdef EBB_SYSTICK_HOST_SIM /* the same sequence, simulated (tests/drivers) */
    v = ebb_systick_sim_cut(load, GUARD, &primask);
    (void)zero;
#else
    __asm volatile("mrs %[pm], primask\n\t"
                   "cpsid i\n\t"
                   "ldr %[v], [%[cvr]]\n\t"
                   "cmp %[v], %[guard]\n\t"
                   "bls 1f\n\t"
                   "str %[load], [%[rvr]]\n\t"
                   "str %[zero], [%[cvr]]\n\t"
                   "1:"
                   : [v] "=&" LO(v), [pm] "=&" LO(primask)
                   : [cvr] LO(&EBB_CM_SYST_CVR), [rvr] LO(&EBB_CM_SYST_RVR), [load] LO(load),
                     [zero] LO(zero), [guard] "I"(GUARD)
                   : "cc", "memory");
#endif
    if (v <= GUARD) {
        primask_restore(primask);
        return false;
    }
    /* The counter reloads `load` at the next clock edge after the store of
     * 0; RVR may go back to MAX_LOAD only after that reload, and must be
     * back before the shortened period ends (one lost wrap is undetectable
     * once periods are short).  Unbounded on purpose: on silicon (CLKSOURCE
     * = core clock) the first read already sees the reload, but an emulator
     * can show it much later (QEMU without -icount: 10 us of host time or
     * more), and restoring RVR early would make this period a full
     * count-down that the accounting below calls `load` (time off by 2^32
     * cycles once sync() underflows). */
    while (EBB_CM_SYST_CVR == 0) {
    }
    EBB_CM_SYST_RVR = MAX_LOAD;
    /* COUNTFLAG clear here: the shortened period was still running after
     * the store above, so it ends with a reload of MAX_LOAD (the usual
     * case, always on silicon where it lasts >= MIN_LOAD + 1 cycles).  Set:
     * it ended first (the core stalled between the reload and the store,
     * which only an emulator's host does); see the fold below. */
    bool ended = (EBB_CM_SYST_CSR & EBB_CM_SYST_CSR_COUNTFLAG) != 0;
    uint32_t after = 0;
    if (ended) {
        /* VAL of the running period: a VAL read followed by a CSR read
         * without COUNTFLAG belongs to the period whose end sets it next. */
        do {
            after = EBB_CM_SYST_CVR;
        } while (EBB_CM_SYST_CSR & EBB_CM_SYST_CSR_COUNTFLAG);
    }
    primask_restore(primask);
    /* A write to VAL clears COUNTFLAG.  GUARD keeps a wrap from landing
     * between the sample and the write; one between the caller's sync()
     * and the sample (an interrupt above the lock ran there) shows as VAL
     * above what sync() read: fold it here, or a count-down is lost. */
    if (v > st.cur_load - e) {
        advance(st.cur_load + 1u);
        st.cur_load = MAX_LOAD;
    }
    st.cut_frac += EBB_CONFIG_SYSTICK_CUT_CYCLES_X16;
    advance(st.cur_load - v + (st.cut_frac >> 4));
    st.cut_frac &= 15u;
    st.cur_load = load;
    if (ended) {
        /* The shortened period is over: add it whole.  The running one
         * reloaded from RVR: MAX_LOAD if the store came first (then VAL can
         * exceed `load`), else `load` again, and it ends with MAX_LOAD.  A
         * period of `load` cycles that passed unseen besides this one is
         * lost time (it needs a stall of that length): time may run slow,
         * never jump ahead or back. */
        advance(load + 1u);
        st.cur_load = after > load ? MAX_LOAD : load;

    }
    st.cuts++;
    return true;
}

/* Program the counter for st.alarm.  Returns false when it has been reached.
 * Lock held. */
static bool program(void)
{
    for (;;) {
        uint32_t e = sync();
        uint32_t r = st.rem + e;
        ebb_ticks now = st.ticks + r / st.div;
        if (st.alarm <= now) {
            return false;
        }
        ebb_ticks dt = st.alarm - now;
        uint32_t cycles;
        if (dt > st.far) {
            cycles = MAX_LOAD + 1u; /* too far: come back at the cap */
        } else {
            /* Up to 2^24 + 2 div (no overflow); beyond MAX_LOAD + 1 the
             * running period ends first (left <= cycles). */
            cycles = (uint32_t)dt * st.div - r % st.div;
        }
        uint32_t left = st.cur_load - e + 1u; /* until the running period ends */
        if (left <= cycles) {
            return true; /* the wrap comes first; its interrupt reprograms */
        }
        uint32_t load = cycles - 1u;
        if (load < MIN_LOAD) {
            load = MIN_LOAD;
        }
        if (cut(load, e)) {
            return true;
        }
        /* About to wrap by itself: let it, then fold it in and retry. */
        for (int i = 0; i < 1000 && !(EBB_CM_SYST_CVR > GUARD); i++) {
        }
    }
}

void ebb_systick_time_init(uint32_t core_hz)
{
    if (core_hz < EBB_CONFIG_TICK_HZ || core_hz % EBB_CONFIG_TICK_HZ != 0) {
        ebb_port_panic("systick", 1);
    }
    ebb_irq_state s = ebb_port_lock();
    EBB_CM_SYST_CSR = 0;
    st.div = core_hz / EBB_CONFIG_TICK_HZ;
    /* (MAX_LOAD + 1) / div truncates: the ticks just past it may still be
     * within one count-down, and capping them would fire late. */
    st.far = (MAX_LOAD + 1u) / st.div + 1u;
    st.ticks = 0;
    st.rem = 0;
    st.cur_load = MAX_LOAD;
    st.alarm = EBB_TICKS_NEVER;
    EBB_CM_SYST_RVR = MAX_LOAD;
    EBB_CM_SYST_CVR = 0;
    ebb_cm_exc_set_prio(15, EBB_CONFIG_SYSTICK_PRIO);
    EBB_CM_SYST_CSR = EBB_CM_SYST_CSR_CLKSOURCE | EBB_CM_SYST_CSR_TICKINT | EBB_CM_SYST_CSR_ENABLE;
    /* Time 0 is the first reload.  Until it shows, VAL reads 0, which
     * sync() would take for the end of a full count-down (an emulator can
     * show it late, as in cut()). */
    while (EBB_CM_SYST_CVR == 0) {
    }
    ebb_port_unlock(s);
}

uint32_t ebb_systick_cuts(void)
{
    return st.cuts;
}

ebb_ticks ebb_time_driver_now(void)
{
    ebb_irq_state s = ebb_port_lock();
    uint32_t e = sync(); /* first: it may fold a wrap into st.rem and st.ticks */
    uint32_t r = st.rem + e;
    ebb_ticks now = st.ticks + r / st.div;
    ebb_port_unlock(s);
    return now;
}

bool ebb_time_driver_set_alarm(ebb_ticks at)
{
    st.alarm = at;
    if (at == EBB_TICKS_NEVER) {
        return true; /* the counter keeps running at the cap, unarmed */
    }
    if (!program()) {
        st.alarm = EBB_TICKS_NEVER;
        return false;
    }
    return true;
}

void SysTick_Handler(void)
{
    EBB_TRACE_ISR_ENTER(15u);
    ebb_irq_state s = ebb_port_lock();
    bool fire = false;
    (void)sync(); /* every wrap must be folded in, armed or not */
    if (st.alarm != EBB_TICKS_NEVER && !program()) {
        st.alarm = EBB_TICKS_NEVER;
        fire = true;
    }
    ebb_port_unlock(s);
    if (fire) {
        ebb_time_alarm_isr();
    }
    EBB_TRACE_ISR_EXIT(15u);
}
