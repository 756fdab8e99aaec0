/*
 * vectors.c - the STM32F446 vector table (RM0390 table 38: 97 device
 * interrupts, 0 WWDG .. 96 FMPI2C1_ER; positions without a source are 0).
 * The STM32F405 (RM0090) shares positions 0-81 except 61/62 (Ethernet, 0
 * here), so one table serves both chips of this HAL.
 *
 * Generated once by a script from the reference manual's list; edit by hand.
 *
 * CMSIS-standard handler names, all weak, so ebb can live in an existing
 * CMSIS/Cube project, and an application overrides one by defining it.
 * Every handler is an alias of Default_Handler, which reports the unexpected
 * interrupt, EXCEPT the EXTI handlers: exti.c defines those weakly itself
 * (an application may still wrap them), and two weak definitions would
 * resolve to whichever the linker saw first.  They are weak *references*
 * here; exti.c is always linked when an EXTI line is enabled.
 *
 * Linked as an object (nothing references the table by name).
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
void MemManage_Handler(void);
void BusFault_Handler(void);
void UsageFault_Handler(void);
void SVC_Handler(void) ALIAS;
void DebugMon_Handler(void) ALIAS;
void PendSV_Handler(void) ALIAS;
void SysTick_Handler(void) ALIAS;
void WWDG_IRQHandler(void) ALIAS;
void PVD_IRQHandler(void) ALIAS;
void TAMP_STAMP_IRQHandler(void) ALIAS;
void RTC_WKUP_IRQHandler(void) ALIAS;
void FLASH_IRQHandler(void) ALIAS;
void RCC_IRQHandler(void) ALIAS;
void EXTI0_IRQHandler(void) __attribute__((weak));
void EXTI1_IRQHandler(void) __attribute__((weak));
void EXTI2_IRQHandler(void) __attribute__((weak));
void EXTI3_IRQHandler(void) __attribute__((weak));
void EXTI4_IRQHandler(void) __attribute__((weak));
void DMA1_Stream0_IRQHandler(void) ALIAS;
void DMA1_Stream1_IRQHandler(void) ALIAS;
void DMA1_Stream2_IRQHandler(void) ALIAS;
void DMA1_Stream3_IRQHandler(void) ALIAS;
void DMA1_Stream4_IRQHandler(void) ALIAS;
void DMA1_Stream5_IRQHandler(void) ALIAS;
void DMA1_Stream6_IRQHandler(void) ALIAS;
void ADC_IRQHandler(void) ALIAS;
void CAN1_TX_IRQHandler(void) ALIAS;
void CAN1_RX0_IRQHandler(void) ALIAS;
void CAN1_RX1_IRQHandler(void) ALIAS;
void CAN1_SCE_IRQHandler(void) ALIAS;
void EXTI9_5_IRQHandler(void) __attribute__((weak));
void TIM1_BRK_TIM9_IRQHandler(void) ALIAS;
void TIM1_UP_TIM10_IRQHandler(void) ALIAS;
void TIM1_TRG_COM_TIM11_IRQHandler(void) ALIAS;
void TIM1_CC_IRQHandler(void) ALIAS;
void TIM2_IRQHandler(void) ALIAS;
void TIM3_IRQHandler(void) ALIAS;
void TIM4_IRQHandler(void) ALIAS;
void I2C1_EV_IRQHandler(void) ALIAS;
void I2C1_ER_IRQHandler(void) ALIAS;
void I2C2_EV_IRQHandler(void) ALIAS;
void I2C2_ER_IRQHandler(void) ALIAS;
void SPI1_IRQHandler(void) ALIAS;
void SPI2_IRQHandler(void) ALIAS;
void USART1_IRQHandler(void) ALIAS;
void USART2_IRQHandler(void) ALIAS;
void USART3_IRQHandler(void) ALIAS;
void EXTI15_10_IRQHandler(void) __attribute__((weak));
void RTC_Alarm_IRQHandler(void) ALIAS;
void OTG_FS_WKUP_IRQHandler(void) ALIAS;
void TIM8_BRK_TIM12_IRQHandler(void) ALIAS;
void TIM8_UP_TIM13_IRQHandler(void) ALIAS;
void TIM8_TRG_COM_TIM14_IRQHandler(void) ALIAS;
void TIM8_CC_IRQHandler(void) ALIAS;
void DMA1_Stream7_IRQHandler(void) ALIAS;
void FMC_IRQHandler(void) ALIAS;
void SDIO_IRQHandler(void) ALIAS;
void TIM5_IRQHandler(void) ALIAS;
void SPI3_IRQHandler(void) ALIAS;
void UART4_IRQHandler(void) ALIAS;
void UART5_IRQHandler(void) ALIAS;
void TIM6_DAC_IRQHandler(void) ALIAS;
void TIM7_IRQHandler(void) ALIAS;
void DMA2_Stream0_IRQHandler(void) ALIAS;
void DMA2_Stream1_IRQHandler(void) ALIAS;
void DMA2_Stream2_IRQHandler(void) ALIAS;
void DMA2_Stream3_IRQHandler(void) ALIAS;
void DMA2_Stream4_IRQHandler(void) ALIAS;
void CAN2_TX_IRQHandler(void) ALIAS;
void CAN2_RX0_IRQHandler(void) ALIAS;
void CAN2_RX1_IRQHandler(void) ALIAS;
void CAN2_SCE_IRQHandler(void) ALIAS;
void OTG_FS_IRQHandler(void) ALIAS;
void DMA2_Stream5_IRQHandler(void) ALIAS;
void DMA2_Stream6_IRQHandler(void) ALIAS;
void DMA2_Stream7_IRQHandler(void) ALIAS;
void USART6_IRQHandler(void) ALIAS;
void I2C3_EV_IRQHandler(void) ALIAS;
void I2C3_ER_IRQHandler(void) ALIAS;
void OTG_HS_EP1_OUT_IRQHandler(void) ALIAS;
void OTG_HS_EP1_IN_IRQHandler(void) ALIAS;
void OTG_HS_WKUP_IRQHandler(void) ALIAS;
void OTG_HS_IRQHandler(void) ALIAS;
void DCMI_IRQHandler(void) ALIAS;
void FPU_IRQHandler(void) ALIAS;
void SPI4_IRQHandler(void) ALIAS;
void SAI1_IRQHandler(void) ALIAS;
void SAI2_IRQHandler(void) ALIAS;
void QUADSPI_IRQHandler(void) ALIAS;
void CEC_IRQHandler(void) ALIAS;
void SPDIF_RX_IRQHandler(void) ALIAS;
void FMPI2C1_EV_IRQHandler(void) ALIAS;
void FMPI2C1_ER_IRQHandler(void) ALIAS;

typedef void (*ebb_vector)(void);

__attribute__((section(".isr_vector"), used)) const ebb_vector ebb_vector_table[16 + 97] = {
    (ebb_vector)(uintptr_t)_estack,
    Reset_Handler,
    NMI_Handler,
    HardFault_Handler,
    MemManage_Handler,
    BusFault_Handler,
    UsageFault_Handler,
    0, 0, 0, 0,
    SVC_Handler,
    DebugMon_Handler,
    0,
    PendSV_Handler,
    SysTick_Handler,
    WWDG_IRQHandler, /* 0 */
    PVD_IRQHandler, /* 1 */
    TAMP_STAMP_IRQHandler, /* 2 */
    RTC_WKUP_IRQHandler, /* 3 */
    FLASH_IRQHandler, /* 4 */
    RCC_IRQHandler, /* 5 */
    EXTI0_IRQHandler, /* 6 */
    EXTI1_IRQHandler, /* 7 */
    EXTI2_IRQHandler, /* 8 */
    EXTI3_IRQHandler, /* 9 */
    EXTI4_IRQHandler, /* 10 */
    DMA1_Stream0_IRQHandler, /* 11 */
    DMA1_Stream1_IRQHandler, /* 12 */
    DMA1_Stream2_IRQHandler, /* 13 */
    DMA1_Stream3_IRQHandler, /* 14 */
    DMA1_Stream4_IRQHandler, /* 15 */
    DMA1_Stream5_IRQHandler, /* 16 */
    DMA1_Stream6_IRQHandler, /* 17 */
    ADC_IRQHandler, /* 18 */
    CAN1_TX_IRQHandler, /* 19 */
    CAN1_RX0_IRQHandler, /* 20 */
    CAN1_RX1_IRQHandler, /* 21 */
    CAN1_SCE_IRQHandler, /* 22 */
    EXTI9_5_IRQHandler, /* 23 */
    TIM1_BRK_TIM9_IRQHandler, /* 24 */
    TIM1_UP_TIM10_IRQHandler, /* 25 */
    TIM1_TRG_COM_TIM11_IRQHandler, /* 26 */
    TIM1_CC_IRQHandler, /* 27 */
    TIM2_IRQHandler, /* 28 */
    TIM3_IRQHandler, /* 29 */
    TIM4_IRQHandler, /* 30 */
    I2C1_EV_IRQHandler, /* 31 */
    I2C1_ER_IRQHandler, /* 32 */
    I2C2_EV_IRQHandler, /* 33 */
    I2C2_ER_IRQHandler, /* 34 */
    SPI1_IRQHandler, /* 35 */
    SPI2_IRQHandler, /* 36 */
    USART1_IRQHandler, /* 37 */
    USART2_IRQHandler, /* 38 */
    USART3_IRQHandler, /* 39 */
    EXTI15_10_IRQHandler, /* 40 */
    RTC_Alarm_IRQHandler, /* 41 */
    OTG_FS_WKUP_IRQHandler, /* 42 */
    TIM8_BRK_TIM12_IRQHandler, /* 43 */
    TIM8_UP_TIM13_IRQHandler, /* 44 */
    TIM8_TRG_COM_TIM14_IRQHandler, /* 45 */
    TIM8_CC_IRQHandler, /* 46 */
    DMA1_Stream7_IRQHandler, /* 47 */
    FMC_IRQHandler, /* 48 */
    SDIO_IRQHandler, /* 49 */
    TIM5_IRQHandler, /* 50 */
    SPI3_IRQHandler, /* 51 */
    UART4_IRQHandler, /* 52 */
    UART5_IRQHandler, /* 53 */
    TIM6_DAC_IRQHandler, /* 54 */
    TIM7_IRQHandler, /* 55 */
    DMA2_Stream0_IRQHandler, /* 56 */
    DMA2_Stream1_IRQHandler, /* 57 */
    DMA2_Stream2_IRQHandler, /* 58 */
    DMA2_Stream3_IRQHandler, /* 59 */
    DMA2_Stream4_IRQHandler, /* 60 */
    0, /* 61 */
    0, /* 62 */
    CAN2_TX_IRQHandler, /* 63 */
    CAN2_RX0_IRQHandler, /* 64 */
    CAN2_RX1_IRQHandler, /* 65 */
    CAN2_SCE_IRQHandler, /* 66 */
    OTG_FS_IRQHandler, /* 67 */
    DMA2_Stream5_IRQHandler, /* 68 */
    DMA2_Stream6_IRQHandler, /* 69 */
    DMA2_Stream7_IRQHandler, /* 70 */
    USART6_IRQHandler, /* 71 */
    I2C3_EV_IRQHandler, /* 72 */
    I2C3_ER_IRQHandler, /* 73 */
    OTG_HS_EP1_OUT_IRQHandler, /* 74 */
    OTG_HS_EP1_IN_IRQHandler, /* 75 */
    OTG_HS_WKUP_IRQHandler, /* 76 */
    OTG_HS_IRQHandler, /* 77 */
    DCMI_IRQHandler, /* 78 */
    0, /* 79 */
    0, /* 80 */
    FPU_IRQHandler, /* 81 */
    0, /* 82 */
    0, /* 83 */
    SPI4_IRQHandler, /* 84 */
    0, /* 85 */
    0, /* 86 */
    SAI1_IRQHandler, /* 87 */
    0, /* 88 */
    0, /* 89 */
    0, /* 90 */
    SAI2_IRQHandler, /* 91 */
    QUADSPI_IRQHandler, /* 92 */
    CEC_IRQHandler, /* 93 */
    SPDIF_RX_IRQHandler, /* 94 */
    FMPI2C1_EV_IRQHandler, /* 95 */
    FMPI2C1_ER_IRQHandler, /* 96 */
};
