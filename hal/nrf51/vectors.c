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
#include "ebb_cm_vectors.h"

#define EBB_NRF51_IRQS(V, R, N) \
    V(POWER_CLOCK_IRQHandler) /* 0 */ \
    V(RADIO_IRQHandler)       /* 1 */ \
    V(UART0_IRQHandler)       /* 2 */ \
    V(SPI0_TWI0_IRQHandler)   /* 3 */ \
    V(SPI1_TWI1_IRQHandler)   /* 4 */ \
    V(IRQ5_IRQHandler)        /* 5 */ \
    V(GPIOTE_IRQHandler)      /* 6 */ \
    V(ADC_IRQHandler)         /* 7 */ \
    V(TIMER0_IRQHandler)      /* 8 */ \
    V(TIMER1_IRQHandler)      /* 9 */ \
    V(TIMER2_IRQHandler)      /* 10 */ \
    V(RTC0_IRQHandler)        /* 11 */ \
    V(TEMP_IRQHandler)        /* 12 */ \
    V(RNG_IRQHandler)         /* 13 */ \
    V(ECB_IRQHandler)         /* 14 */ \
    V(CCM_AAR_IRQHandler)     /* 15 */ \
    V(WDT_IRQHandler)         /* 16 */ \
    V(RTC1_IRQHandler)        /* 17 */ \
    V(QDEC_IRQHandler)        /* 18 */ \
    V(LPCOMP_IRQHandler)      /* 19 */ \
    V(SWI0_IRQHandler)        /* 20 */ \
    V(SWI1_IRQHandler)        /* 21 */ \
    V(SWI2_IRQHandler)        /* 22 */ \
    V(SWI3_IRQHandler)        /* 23 */ \
    V(SWI4_IRQHandler)        /* 24 */ \
    V(SWI5_IRQHandler)        /* 25 */ \
    V(IRQ26_IRQHandler)       /* 26 */ \
    V(IRQ27_IRQHandler)       /* 27 */ \
    V(IRQ28_IRQHandler)       /* 28 */ \
    V(IRQ29_IRQHandler)       /* 29 */ \
    V(IRQ30_IRQHandler)       /* 30 */ \
    V(IRQ31_IRQHandler)       /* 31 */

EBB_CM_VECTOR_TABLE(EBB_NRF51_IRQS)
