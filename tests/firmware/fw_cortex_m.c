/*
 * fw_cortex_m.c - the suite's interrupts on Cortex-M (fwtest.h): two device
 * lines nothing else drives, named by the board (ebb_board_config.h:
 * EBB_BOARD_SPARE0_IRQ/_HANDLER, EBB_BOARD_SPARE1_IRQ/_HANDLER).  Line 0 is
 * the spare interrupt, pended by software (NVIC ISPR); line 1 carries the
 * interrupt executor, a port object.
 */
#include "fwtest.h"

static void (*spare_fn)(void);

void EBB_BOARD_SPARE0_HANDLER(void);
void EBB_BOARD_SPARE0_HANDLER(void) { spare_fn(); }

void fw_spare_init(void (*fn)(void))
{
    spare_fn = fn;
    ebb_cm_irq_set_prio(EBB_BOARD_SPARE0_IRQ, 2);
    ebb_cm_irq_enable(EBB_BOARD_SPARE0_IRQ);
}

void fw_spare_raise(void) { ebb_cm_irq_pend(EBB_BOARD_SPARE0_IRQ); }

/* Just below the ceiling: more urgent than the spare interrupt. */
static EBB_CM_IRQ_EXECUTOR_DEFINE(irqx, EBB_BOARD_SPARE1_IRQ, EBB_CONFIG_PORT_CEILING_PRIO);
EBB_CM_IRQ_EXECUTOR_HANDLER(EBB_BOARD_SPARE1_HANDLER, irqx)

ebb_executor *fw_irq_executor_start(enum fw_irqx how)
{
    if (how == FW_IRQX_DEFINED) {
        /* The DEFINE is all: the line is still off until the first spawn. */
        FW_CHECK(!(EBB_CM_REG(0xE000E100u + 4u * (EBB_BOARD_SPARE1_IRQ / 32u)) &
                   (1u << (EBB_BOARD_SPARE1_IRQ % 32u))));
        return &irqx.ex;
    }
    unsigned prio = EBB_CONFIG_PORT_CEILING_PRIO;
    if (how == FW_IRQX_ABOVE_CEILING) {
        prio = EBB_CONFIG_PORT_CEILING_PRIO - 1u; /* contract cm:1 */
    }
    ebb_cm_irq_executor_init(&irqx, EBB_BOARD_SPARE1_IRQ, prio);
    if (how == FW_IRQX_MOVED_ABOVE) {
        ebb_cm_irq_set_prio(EBB_BOARD_SPARE1_IRQ, 0); /* a misconfiguration */
    }
    return &irqx.ex;
}

bool fw_in_irq_executor(void) { return ebb_cm_ipsr() == 16u + EBB_BOARD_SPARE1_IRQ; }

/* ARMv6-M inline assembly is in divided syntax, where SUB is the
 * flag-setting Thumb-1 form; the others' is unified. */
#if defined(__ARM_ARCH_6M__)
#define FW_SUBS "sub"
#else
#define FW_SUBS "subs"
#endif

void fw_spin_pairs(uint32_t n)
{
    __asm volatile("1: " FW_SUBS " %0, #1\n\tbne 1b" : "+r"(n) : : "cc", "memory");
}
