/*
 * vectors.c - the STM32F446 vector table (RM0390 table 38: 97 device
 * interrupts, 0 WWDG .. 96 FMPI2C1_ER; positions without a source are 0).
 * The STM32F405 (RM0090) shares positions 0-81 except 61/62 (Ethernet, 0
 * here), so one table serves both chips of this HAL.
 *
 * Generated once by a script from the reference manual's list; edit by hand.
 * The system entries, Default_Handler and the trimming to
 * EBB_CONFIG_PORT_IRQ_COUNT come from the port (ebb_cm_vectors.h).
 *
 * V: a weak alias of Default_Handler, which reports the unexpected
 * interrupt.  R, the EXTI handlers: exti.c defines those weakly itself (an
 * application may still wrap them), and two weak definitions would resolve
 * to whichever the linker saw first, so they are weak *references* here;
 * exti.c is always linked when an EXTI line is enabled.  N: no source (0).
 *
 * Linked as an object (nothing references the table by name).
 */
#include "ebb_cm_vectors.h"

#define EBB_STM32F4_IRQS(V, R, N) \
    V(WWDG_IRQHandler)               /* 0 */ \
    V(PVD_IRQHandler)                /* 1 */ \
    V(TAMP_STAMP_IRQHandler)         /* 2 */ \
    V(RTC_WKUP_IRQHandler)           /* 3 */ \
    V(FLASH_IRQHandler)              /* 4 */ \
    V(RCC_IRQHandler)                /* 5 */ \
    R(EXTI0_IRQHandler)              /* 6 */ \
    R(EXTI1_IRQHandler)              /* 7 */ \
    R(EXTI2_IRQHandler)              /* 8 */ \
    R(EXTI3_IRQHandler)              /* 9 */ \
    R(EXTI4_IRQHandler)              /* 10 */ \
    V(DMA1_Stream0_IRQHandler)       /* 11 */ \
    V(DMA1_Stream1_IRQHandler)       /* 12 */ \
    V(DMA1_Stream2_IRQHandler)       /* 13 */ \
    V(DMA1_Stream3_IRQHandler)       /* 14 */ \
    V(DMA1_Stream4_IRQHandler)       /* 15 */ \
    V(DMA1_Stream5_IRQHandler)       /* 16 */ \
    V(DMA1_Stream6_IRQHandler)       /* 17 */ \
    V(ADC_IRQHandler)                /* 18 */ \
    V(CAN1_TX_IRQHandler)            /* 19 */ \
    V(CAN1_RX0_IRQHandler)           /* 20 */ \
    V(CAN1_RX1_IRQHandler)           /* 21 */ \
    V(CAN1_SCE_IRQHandler)           /* 22 */ \
    R(EXTI9_5_IRQHandler)            /* 23 */ \
    V(TIM1_BRK_TIM9_IRQHandler)      /* 24 */ \
    V(TIM1_UP_TIM10_IRQHandler)      /* 25 */ \
    V(TIM1_TRG_COM_TIM11_IRQHandler) /* 26 */ \
    V(TIM1_CC_IRQHandler)            /* 27 */ \
    V(TIM2_IRQHandler)               /* 28 */ \
    V(TIM3_IRQHandler)               /* 29 */ \
    V(TIM4_IRQHandler)               /* 30 */ \
    V(I2C1_EV_IRQHandler)            /* 31 */ \
    V(I2C1_ER_IRQHandler)            /* 32 */ \
    V(I2C2_EV_IRQHandler)            /* 33 */ \
    V(I2C2_ER_IRQHandler)            /* 34 */ \
    V(SPI1_IRQHandler)               /* 35 */ \
    V(SPI2_IRQHandler)               /* 36 */ \
    V(USART1_IRQHandler)             /* 37 */ \
    V(USART2_IRQHandler)             /* 38 */ \
    V(USART3_IRQHandler)             /* 39 */ \
    R(EXTI15_10_IRQHandler)          /* 40 */ \
    V(RTC_Alarm_IRQHandler)          /* 41 */ \
    V(OTG_FS_WKUP_IRQHandler)        /* 42 */ \
    V(TIM8_BRK_TIM12_IRQHandler)     /* 43 */ \
    V(TIM8_UP_TIM13_IRQHandler)      /* 44 */ \
    V(TIM8_TRG_COM_TIM14_IRQHandler) /* 45 */ \
    V(TIM8_CC_IRQHandler)            /* 46 */ \
    V(DMA1_Stream7_IRQHandler)       /* 47 */ \
    V(FMC_IRQHandler)                /* 48 */ \
    V(SDIO_IRQHandler)               /* 49 */ \
    V(TIM5_IRQHandler)               /* 50 */ \
    V(SPI3_IRQHandler)               /* 51 */ \
    V(UART4_IRQHandler)              /* 52 */ \
    V(UART5_IRQHandler)              /* 53 */ \
    V(TIM6_DAC_IRQHandler)           /* 54 */ \
    V(TIM7_IRQHandler)               /* 55 */ \
    V(DMA2_Stream0_IRQHandler)       /* 56 */ \
    V(DMA2_Stream1_IRQHandler)       /* 57 */ \
    V(DMA2_Stream2_IRQHandler)       /* 58 */ \
    V(DMA2_Stream3_IRQHandler)       /* 59 */ \
    V(DMA2_Stream4_IRQHandler)       /* 60 */ \
    N                                /* 61 */ \
    N                                /* 62 */ \
    V(CAN2_TX_IRQHandler)            /* 63 */ \
    V(CAN2_RX0_IRQHandler)           /* 64 */ \
    V(CAN2_RX1_IRQHandler)           /* 65 */ \
    V(CAN2_SCE_IRQHandler)           /* 66 */ \
    V(OTG_FS_IRQHandler)             /* 67 */ \
    V(DMA2_Stream5_IRQHandler)       /* 68 */ \
    V(DMA2_Stream6_IRQHandler)       /* 69 */ \
    V(DMA2_Stream7_IRQHandler)       /* 70 */ \
    V(USART6_IRQHandler)             /* 71 */ \
    V(I2C3_EV_IRQHandler)            /* 72 */ \
    V(I2C3_ER_IRQHandler)            /* 73 */ \
    V(OTG_HS_EP1_OUT_IRQHandler)     /* 74 */ \
    V(OTG_HS_EP1_IN_IRQHandler)      /* 75 */ \
    V(OTG_HS_WKUP_IRQHandler)        /* 76 */ \
    V(OTG_HS_IRQHandler)             /* 77 */ \
    V(DCMI_IRQHandler)               /* 78 */ \
    N                                /* 79 */ \
    N                                /* 80 */ \
    V(FPU_IRQHandler)                /* 81 */ \
    N                                /* 82 */ \
    N                                /* 83 */ \
    V(SPI4_IRQHandler)               /* 84 */ \
    N                                /* 85 */ \
    N                                /* 86 */ \
    V(SAI1_IRQHandler)               /* 87 */ \
    N                                /* 88 */ \
    N                                /* 89 */ \
    N                                /* 90 */ \
    V(SAI2_IRQHandler)               /* 91 */ \
    V(QUADSPI_IRQHandler)            /* 92 */ \
    V(CEC_IRQHandler)                /* 93 */ \
    V(SPDIF_RX_IRQHandler)           /* 94 */ \
    V(FMPI2C1_EV_IRQHandler)         /* 95 */ \
    V(FMPI2C1_ER_IRQHandler)         /* 96 */

EBB_CM_VECTOR_TABLE(EBB_STM32F4_IRQS)
