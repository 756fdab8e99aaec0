/* exti.c - EXTI edge futures (RM0390 section 10.2, SYSCFG 8.2.3). */
#include "ebb_stm32_exti.h"

#include "ebb/driver/port.h"
#include "ebb/trace.h"
#include "ebb_cortex_m.h"
#include "regs/rcc.h"

EBB_MODULE("exti");

ebb_waitlist ebb_stm32_exti_waiters[EBB_STM32_EXTI_NLISTS];

#define IN_RANGE(line) \
    ((line) >= EBB_CONFIG_STM32_EXTI_FIRST_LINE && (line) <= EBB_CONFIG_STM32_EXTI_LAST_LINE)

#if EBB_STM32_EXTI_VIRTUAL
volatile uint32_t ebb_stm32_exti_virtual_pr;
#endif

/* cold: set-up (and panic) code runs once; at -O3 it would otherwise be
 * unrolled and inlined for a speed nobody can measure.  It is compiled for
 * size and kept away from the code that runs all the time. */
__attribute__((cold)) void ebb_stm32_exti_init_line(unsigned line, unsigned port, unsigned prio)
{
    EBB_REQUIRE_OR(1, IN_RANGE(line) && port <= 8u, return);
    EBB_STM32_RCC->APB2ENR |= EBB_STM32_RCC_APB2ENR_SYSCFGEN;
    (void)EBB_STM32_RCC->APB2ENR;
    unsigned shift = 4u * (line & 3u);
    volatile uint32_t *cr = &EBB_STM32_SYSCFG->EXTICR[line >> 2];
    ebb_irq_state s = ebb_port_lock();
    *cr = (*cr & ~(0xFu << shift)) | ((uint32_t)port << shift);
    EBB_STM32_EXTI->RTSR &= ~(1u << line);
    EBB_STM32_EXTI->FTSR &= ~(1u << line);
    EBB_STM32_EXTI->PR = 1u << line;
    EBB_STM32_EXTI->IMR |= 1u << line;
    ebb_port_unlock(s);
    unsigned irq = ebb_stm32_exti_irq(line);
    ebb_cm_irq_set_prio(irq, prio);
    ebb_cm_irq_enable(irq);
}

/* The start of a wait (ebb_stm32_exti_wait() inlines the rest). */
ebb_poll_t ebb__stm32_exti_wait_start(ebb_cx *cx, ebb_wait *w, unsigned line, ebb_stm32_exti_edge edge)
{
    EBB_REQUIRE_OR(2, IN_RANGE(line), return EBB_PENDING);
    /* Lock nests: selecting the edge and registering the waiter must be one
     * step, or an edge in between would find nobody to wake. */
    ebb_irq_state s = ebb_port_lock();
    uint32_t bit = 1u << line;
    uint32_t r = EBB_STM32_EXTI->RTSR & ~bit;
    uint32_t f = EBB_STM32_EXTI->FTSR & ~bit;
    EBB_STM32_EXTI->RTSR = r | ((edge & EBB_STM32_EXTI_RISING) ? bit : 0u);
    EBB_STM32_EXTI->FTSR = f | ((edge & EBB_STM32_EXTI_FALLING) ? bit : 0u);
    ebb_poll_t p = EBB_POLL(ebb_wait_on)(cx, w, ebb_stm32_exti_list(line));
    ebb_port_unlock(s);
    return p;
}

#if EBB_STM32_EXTI_VIRTUAL
bool ebb_stm32_exti_virtual_edge(unsigned line, ebb_stm32_exti_edge edge)
{
    uint32_t bit = 1u << line;
    uint32_t selected = ((edge & EBB_STM32_EXTI_RISING) ? EBB_STM32_EXTI->RTSR : 0u) |
                        ((edge & EBB_STM32_EXTI_FALLING) ? EBB_STM32_EXTI->FTSR : 0u);
    if (!(selected & bit) || !(EBB_STM32_EXTI->IMR & bit)) {
        return false;
    }
    /* A line still pending takes the edge as the EXTI pending bit does:
     * the two merge into one interrupt, and one edge is lost - counted. */
    if (__atomic_fetch_or(&ebb_stm32_exti_virtual_pr, bit, __ATOMIC_RELAXED) & bit) {
        ebb__stm32_exti_missed++;
    }
    ebb_cm_irq_pend(ebb_stm32_exti_irq(line));
    return true;
}

volatile uint32_t ebb__stm32_exti_missed;
#endif

/* Weak so that an application can wrap a handler (see the header). */
#define EBB_STM32_EXTI_HANDLER(name, mask)       \
    EBB_WEAK void name(void)               \
    {                                      \
        EBB_TRACE_ISR_ENTER(ebb_cm_ipsr()); \
        ebb_stm32_exti_dispatch(mask);           \
        EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());  \
    }

/* A group with no line in FIRST..LAST: nobody can wait there and ebb never
 * enables its interrupt, so its vector reports an unexpected interrupt, like
 * every vector without a handler - 4 bytes for all such groups instead of a
 * 16-byte dispatcher each.  (An application that drives such a line itself
 * defines the handler, which overrides this weak alias.) */
#if (EBB_STM32_EXTI_RANGE_MASK & 0x001Fu) != 0x001Fu || !(EBB_STM32_EXTI_RANGE_MASK & EBB_STM32_EXTI_LINES_9_5) || \
    !(EBB_STM32_EXTI_RANGE_MASK & EBB_STM32_EXTI_LINES_15_10)
static void exti_no_line(void)
{
    ebb_cm_unexpected_irq();
}
#endif
#define EBB_STM32_EXTI_NO_LINE(name) void name(void) __attribute__((weak, alias("exti_no_line"), used));

#if EBB_STM32_EXTI_RANGE_MASK & 0x0001u
EBB_STM32_EXTI_HANDLER(EXTI0_IRQHandler, 1u << 0)
#else
EBB_STM32_EXTI_NO_LINE(EXTI0_IRQHandler)
#endif
#if EBB_STM32_EXTI_RANGE_MASK & 0x0002u
EBB_STM32_EXTI_HANDLER(EXTI1_IRQHandler, 1u << 1)
#else
EBB_STM32_EXTI_NO_LINE(EXTI1_IRQHandler)
#endif
#if EBB_STM32_EXTI_RANGE_MASK & 0x0004u
EBB_STM32_EXTI_HANDLER(EXTI2_IRQHandler, 1u << 2)
#else
EBB_STM32_EXTI_NO_LINE(EXTI2_IRQHandler)
#endif
#if EBB_STM32_EXTI_RANGE_MASK & 0x0008u
EBB_STM32_EXTI_HANDLER(EXTI3_IRQHandler, 1u << 3)
#else
EBB_STM32_EXTI_NO_LINE(EXTI3_IRQHandler)
#endif
#if EBB_STM32_EXTI_RANGE_MASK & 0x0010u
EBB_STM32_EXTI_HANDLER(EXTI4_IRQHandler, 1u << 4)
#else
EBB_STM32_EXTI_NO_LINE(EXTI4_IRQHandler)
#endif
#if EBB_STM32_EXTI_RANGE_MASK & EBB_STM32_EXTI_LINES_9_5
EBB_STM32_EXTI_HANDLER(EXTI9_5_IRQHandler, EBB_STM32_EXTI_LINES_9_5)
#else
EBB_STM32_EXTI_NO_LINE(EXTI9_5_IRQHandler)
#endif
#if EBB_STM32_EXTI_RANGE_MASK & EBB_STM32_EXTI_LINES_15_10
EBB_STM32_EXTI_HANDLER(EXTI15_10_IRQHandler, EBB_STM32_EXTI_LINES_15_10)
#else
EBB_STM32_EXTI_NO_LINE(EXTI15_10_IRQHandler)
#endif
