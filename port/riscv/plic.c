/*
 * plic.c - the platform-level interrupt controller (SiFive PLIC layout,
 * FE310-G002 manual chapter 10; QEMU's virt machine uses the same model):
 *   base + 4*id                      priority of source id (0 = never)
 *   base + 0x2000 + 0x80*ctx + 4*w   enable bits of sources 32w..32w+31
 *   base + 0x200000 + 0x1000*ctx     priority threshold
 *   base + 0x200004 + 0x1000*ctx     claim (read) / complete (write)
 * The PLIC has no software "set pending": a device interrupt can only come
 * from the device, which is why ebb's interrupt executors use MSIP.
 */
#include "ebb/driver/port.h"
#include "ebb/fmt.h"
#include "ebb_riscv.h"

EBB_MODULE("riscv");

static uintptr_t plic_base;
static unsigned plic_ctx;
static ebb_rv_irq_handler handlers[EBB_CONFIG_RV_PLIC_SOURCES];
/* The threshold now: the priority of the device handler running (0: none).
 * Written only with MIE clear, and restored by each handler before it
 * returns, so nested handlers see their own. */
static uint32_t plic_level;

#define PLIC_PRIO(id) EBB_RV_REG32(plic_base + 4u * (id))
#define PLIC_ENABLE(w) EBB_RV_REG32(plic_base + 0x2000u + 0x80u * plic_ctx + 4u * (w))
#define PLIC_THRESHOLD EBB_RV_REG32(plic_base + 0x200000u + 0x1000u * plic_ctx)
#define PLIC_CLAIM EBB_RV_REG32(plic_base + 0x200004u + 0x1000u * plic_ctx)

void ebb_rv_plic_init(uintptr_t base, unsigned context)
{
    plic_base = base;
    plic_ctx = context;
    for (unsigned w = 0; w < (EBB_CONFIG_RV_PLIC_SOURCES + 31u) / 32u; w++) {
        PLIC_ENABLE(w) = 0;
    }
    for (unsigned id = 1; id < EBB_CONFIG_RV_PLIC_SOURCES; id++) {
        PLIC_PRIO(id) = 0;
    }
    PLIC_THRESHOLD = 0;
    plic_level = 0;
    EBB_RV_CSR_SET(mie, EBB_RV_MIE_MEIE);
}

void ebb_rv_plic_enable(unsigned source, unsigned prio, ebb_rv_irq_handler handler)
{
    EBB_REQUIRE(2, source > 0 && source < EBB_CONFIG_RV_PLIC_SOURCES && prio > 0 &&
                       handler != NULL && plic_base != 0);
    ebb_irq_state s = ebb_port_lock();
    handlers[source] = handler;
    PLIC_PRIO(source) = prio;
    PLIC_ENABLE(source / 32u) |= 1u << (source % 32u);
    ebb_port_unlock(s);
}

void ebb_rv_plic_disable(unsigned source)
{
    EBB_REQUIRE(2, source > 0 && source < EBB_CONFIG_RV_PLIC_SOURCES && plic_base != 0);
    ebb_irq_state s = ebb_port_lock();
    PLIC_ENABLE(source / 32u) &= ~(1u << (source % 32u));
    ebb_port_unlock(s);
}

__attribute__((noreturn, cold)) static void unexpected(uint32_t id)
{
    char msg[40] = "UNEXPECTED IRQ plic ";
    char *p = ebb_fmt_dec32(msg + 20, (int32_t)id); /* at most 11 of the 20 left */
    *p++ = '\n';
    *p = '\0';
    ebb_rv_fatal(msg, EBB_RV_EXIT_UNEXPECTED_IRQ);
}

/* Called by the trap dispatcher with MIE clear, mepc and mstatus saved and
 * the timer and software interrupts masked in mie (trap.c).  Claims until
 * the PLIC has nothing above the interrupted level, so two devices
 * interrupting together cost one trap.  Each handler runs with MIE set and
 * the threshold at its source's priority: only a device of a higher
 * priority preempts it; its own source stays claimed (the PLIC forwards
 * nothing more from it) until it is completed here.  The claim, the
 * threshold and the completion happen with MIE clear; completing and
 * claiming the next in the same masked stretch keeps a device that is
 * pending meanwhile from nesting one frame deeper. */
void ebb_rv_plic_isr(void)
{
    const uint32_t outer = plic_level;
    for (;;) {
        uint32_t id = PLIC_CLAIM;
        if (id == 0) {
            return;
        }
        if (id >= EBB_CONFIG_RV_PLIC_SOURCES || handlers[id] == NULL) {
            unexpected(id);
        }
        uint32_t level = PLIC_PRIO(id);
        PLIC_THRESHOLD = level;
        plic_level = level;
        ebb__rv_irq_on();
        handlers[id]();
        ebb__rv_irq_off();
        PLIC_CLAIM = id; /* complete */
        PLIC_THRESHOLD = outer;
        plic_level = outer;
    }
}
