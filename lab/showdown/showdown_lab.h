/*
 * showdown_lab.h - the measurement lab's hooks in the showdown application's
 * main (apps/showdown/stm32/main.c), which includes this header, and later
 * the harness itself (harness.c), when built with SHOWDOWN_LAB=1
 * (lab/showdown/CMakeLists.txt).
 */
#ifndef SHOWDOWN_LAB_H
#define SHOWDOWN_LAB_H

#include "ebb/ebb.h"

#if SHOWDOWN_SELFTIME
/* The EXTI handler's window, timed with the DWT cycle counter. */
void showdown_selftime_irq(uint32_t start, uint32_t end);
#define SHOWDOWN_LAB_IRQ_ENTER() uint32_t showdown_lab_t1 = ebb_cm_cyccnt()
#define SHOWDOWN_LAB_IRQ_EXIT() showdown_selftime_irq(showdown_lab_t1, ebb_cm_cyccnt())
#else
#define SHOWDOWN_LAB_IRQ_ENTER() ((void)0)
#define SHOWDOWN_LAB_IRQ_EXIT() ((void)0)
#endif

#endif
