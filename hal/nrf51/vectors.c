/*
 * vectors.c - the nRF51 vector table (nRF51 Series Reference Manual,
 * "Instantiation": 32 lines, 0 POWER_CLOCK .. 25 SWI5, 26-31 unused).
 * ARMv6-M: exceptions 4-10 and 12-13 are reserved (their entries hold the
 * port's fault stubs or 0 and are never taken).
 *
 * All handlers are weak aliases of Default_Handler (which reports the
 * unexpected interrupt); a board or application defines the ones it uses.
 * Linked as an object: nothing references the table by name.
 */
#include <stdint.h>

#include "ebb_cortex_m.h"

extern uint32_t _estack[];
void Reset_Handler(void);

EBB_WEAK void Default_Handler(void)
{
    ebb_cm_unexpected_irq();
}

#define ALIAS __attribute__((weak, alias("Default_Handler")))

void NMI_Handler(void);
void HardFault_Handler(void);
void SVC_Handler(void) ALIAS;
void PendSV_Handler(void) ALIAS;
void SysTick_Handler(void) ALIAS;
void POWER_CLOCK_IRQHandler(void) ALIAS;
void RADIO_IRQHandler(void) ALIAS;
void UART0_IRQHandler(void) ALIAS;
void SPI0_TWI0_IRQHandler(void) ALIAS;
void SPI1_TWI1_IRQHandler(void) ALIAS;
void IRQ5_IRQHandler(void) ALIAS;
void GPIOTE_IRQHandler(void) ALIAS;
void ADC_IRQHandler(void) ALIAS;
void TIMER0_IRQHandler(void) ALIAS;
void TIMER1_IRQHandler(void) ALIAS;
void TIMER2_IRQHandler(void) ALIAS;
void RTC0_IRQHandler(void) ALIAS;
void TEMP_IRQHandler(void) ALIAS;
void RNG_IRQHandler(void) ALIAS;
void ECB_IRQHandler(void) ALIAS;
void CCM_AAR_IRQHandler(void) ALIAS;
void WDT_IRQHandler(void) ALIAS;
void RTC1_IRQHandler(void) ALIAS;
void QDEC_IRQHandler(void) ALIAS;
void LPCOMP_IRQHandler(void) ALIAS;
void SWI0_IRQHandler(void) ALIAS;
void SWI1_IRQHandler(void) ALIAS;
void SWI2_IRQHandler(void) ALIAS;
void SWI3_IRQHandler(void) ALIAS;
void SWI4_IRQHandler(void) ALIAS;
void SWI5_IRQHandler(void) ALIAS;
void IRQ26_IRQHandler(void) ALIAS;
void IRQ27_IRQHandler(void) ALIAS;
void IRQ28_IRQHandler(void) ALIAS;
void IRQ29_IRQHandler(void) ALIAS;
void IRQ30_IRQHandler(void) ALIAS;
void IRQ31_IRQHandler(void) ALIAS;

__attribute__((section(".isr_vector"), used)) void (*const ebb_vectors[48])(void) = {
    (void (*)(void))(uintptr_t)_estack,
    Reset_Handler,
    NMI_Handler,
    HardFault_Handler,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    SVC_Handler,
    0,
    0,
    PendSV_Handler,
    SysTick_Handler,
    POWER_CLOCK_IRQHandler, /* 0 */
    RADIO_IRQHandler, /* 1 */
    UART0_IRQHandler, /* 2 */
    SPI0_TWI0_IRQHandler, /* 3 */
    SPI1_TWI1_IRQHandler, /* 4 */
    IRQ5_IRQHandler, /* 5 */
    GPIOTE_IRQHandler, /* 6 */
    ADC_IRQHandler, /* 7 */
    TIMER0_IRQHandler, /* 8 */
    TIMER1_IRQHandler, /* 9 */
    TIMER2_IRQHandler, /* 10 */
    RTC0_IRQHandler, /* 11 */
    TEMP_IRQHandler, /* 12 */
    RNG_IRQHandler, /* 13 */
    ECB_IRQHandler, /* 14 */
    CCM_AAR_IRQHandler, /* 15 */
    WDT_IRQHandler, /* 16 */
    RTC1_IRQHandler, /* 17 */
    QDEC_IRQHandler, /* 18 */
    LPCOMP_IRQHandler, /* 19 */
    SWI0_IRQHandler, /* 20 */
    SWI1_IRQHandler, /* 21 */
    SWI2_IRQHandler, /* 22 */
    SWI3_IRQHandler, /* 23 */
    SWI4_IRQHandler, /* 24 */
    SWI5_IRQHandler, /* 25 */
    IRQ26_IRQHandler, /* 26 */
    IRQ27_IRQHandler, /* 27 */
    IRQ28_IRQHandler, /* 28 */
    IRQ29_IRQHandler, /* 29 */
    IRQ30_IRQHandler, /* 30 */
    IRQ31_IRQHandler, /* 31 */
};
