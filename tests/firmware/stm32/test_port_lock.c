/*
 * test_port_lock - the BASEPRI ceiling masks exactly the interrupts that may
 * call ebb.
 *
 * Inside ebb_port_lock(): an interrupt at priority 0 (above the ceiling)
 * runs at once; one at the ceiling (1) and one at the lowest priority wait
 * until the outermost unlock; nested locks restore the outer state.
 */
#include "fwtest.h"

#define IRQ_TOP 29u  /* TIM3 vector, priority 0 */
#define IRQ_CEIL 30u /* TIM4 vector, the ceiling priority */
#define IRQ_LOW 31u  /* I2C1_EV vector, lowest priority */

static volatile uint32_t ran_top, ran_ceil, ran_low;
static volatile uint32_t basepri_in_top;

static uint32_t basepri(void)
{
    uint32_t v;
    __asm volatile("mrs %0, basepri" : "=r"(v));
    return v;
}

void TIM3_IRQHandler(void)
{
    ran_top++;
    basepri_in_top = basepri();
}

void TIM4_IRQHandler(void)
{
    ran_ceil++;
}

void I2C1_EV_IRQHandler(void)
{
    ran_low++;
}

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_port_lock\n");
    ebb_cm_irq_set_prio(IRQ_TOP, 0);
    ebb_cm_irq_set_prio(IRQ_CEIL, EBB_CONFIG_PORT_CEILING_PRIO);
    ebb_cm_irq_set_prio(IRQ_LOW, 15);
    ebb_cm_irq_enable(IRQ_TOP);
    ebb_cm_irq_enable(IRQ_CEIL);
    ebb_cm_irq_enable(IRQ_LOW);

    FW_CHECK(basepri() == 0);
    ebb_irq_state outer = ebb_port_lock();
    FW_CHECK(outer == 0);
    FW_CHECK(basepri() == EBB_CONFIG_PORT_BASEPRI_CEILING);
    ebb_irq_state inner = ebb_port_lock();
    FW_CHECK(inner == EBB_CONFIG_PORT_BASEPRI_CEILING);

    ebb_cm_irq_pend(IRQ_TOP);
    ebb_cm_irq_pend(IRQ_CEIL);
    ebb_cm_irq_pend(IRQ_LOW);
    __asm volatile("dsb\n\tisb" ::: "memory");
    FW_CHECK(ran_top == 1); /* above the ceiling: never masked */
    FW_CHECK(ran_ceil == 0 && ran_low == 0);

    ebb_port_unlock(inner); /* still inside the outer lock */
    __asm volatile("isb" ::: "memory");
    FW_CHECK(basepri() == EBB_CONFIG_PORT_BASEPRI_CEILING);
    FW_CHECK(ran_ceil == 0 && ran_low == 0);

    ebb_port_unlock(outer);
    __asm volatile("isb" ::: "memory");
    FW_CHECK(basepri() == 0);
    FW_CHECK(ran_ceil == 1 && ran_low == 1);
    FW_CHECK(basepri_in_top == EBB_CONFIG_PORT_BASEPRI_CEILING);

    ebb_board_puts("PASS\n");
    return 0;
}
