/*
 * fw_riscv.c - the suite's interrupts on RISC-V (fwtest.h), QEMU virt.
 * The PLIC cannot be pended by software, so the spare interrupt is a real
 * device's: the Goldfish RTC, whose alarm written in the past raises its
 * interrupt (PLIC source 11) at once.  The interrupt executor is software
 * level 1 (the board's finger has the highest level).  The port masks every
 * interrupt in its lock: there is no ceiling, so FW_IRQX_ABOVE_CEILING and
 * FW_IRQX_MOVED_ABOVE do not apply (the suite leaves them out here).
 */
#include "fwtest.h"

#define RTC_BASE 0x00101000u
#define RTC_ALARM_LOW EBB_RV_REG32(RTC_BASE + 0x08u) /* write: arm */
#define RTC_ALARM_HIGH EBB_RV_REG32(RTC_BASE + 0x0Cu)
#define RTC_IRQ_ENABLED EBB_RV_REG32(RTC_BASE + 0x10u)
#define RTC_CLEAR_INTERRUPT EBB_RV_REG32(RTC_BASE + 0x1Cu)
#define RTC_PLIC_SOURCE 11u

static void (*spare_fn)(void);

static void rtc_isr(void)
{
    RTC_CLEAR_INTERRUPT = 1;
    spare_fn();
}

void fw_spare_init(void (*fn)(void))
{
    spare_fn = fn;
    RTC_IRQ_ENABLED = 1;
    ebb_rv_plic_enable(RTC_PLIC_SOURCE, 2, rtc_isr);
}

void fw_spare_raise(void)
{
    ebb_irq_state s = ebb_port_lock(); /* the two halves as one write */
    RTC_ALARM_HIGH = 0;
    RTC_ALARM_LOW = 0; /* long past: the alarm fires now */
    ebb_port_unlock(s);
}

/* Complete as defined: the first spawn registers it at level 1 (or the
 * run-time init does, for the other kinds). */
static EBB_RV_SWI_EXECUTOR_DEFINE(irqx, 1);

ebb_executor *fw_irq_executor_start(enum fw_irqx how)
{
    if (how != FW_IRQX_DEFINED) {
        ebb_rv_swi_executor_init(&irqx, 1);
    }
    return &irqx.ex;
}

bool fw_in_irq_executor(void) { return ebb_rv_swi_level() == 1u; }

void fw_spin_pairs(uint32_t n)
{
    __asm volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(n) : : "cc", "memory");
}
