/*
 * vectors_mps2.c - vector table of the MPS2 FPGA images AN385 (Cortex-M3),
 * AN386 (Cortex-M4) and AN500 (Cortex-M7): 32 device interrupts.
 *
 * Positions 0-15 from the application notes' interrupt maps (UART0-2 RX/TX,
 * CMSDK GPIO, timers, SPI, UART overflow, Ethernet, audio, touchscreen);
 * 16-31 are image-specific (GPIO pins, UART3/4, more SPI) and are named by
 * number.  QEMU 7.2 wires UART3/4 RX/TX to 18-21 and models no GPIO.
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
void MemManage_Handler(void);
void BusFault_Handler(void);
void UsageFault_Handler(void);
void SecureFault_Handler(void) ALIAS;
void SVC_Handler(void) ALIAS;
void DebugMon_Handler(void) ALIAS;
void PendSV_Handler(void) ALIAS;
void SysTick_Handler(void) ALIAS;
void UART0RX_IRQHandler(void) ALIAS;
void UART0TX_IRQHandler(void) ALIAS;
void UART1RX_IRQHandler(void) ALIAS;
void UART1TX_IRQHandler(void) ALIAS;
void UART2RX_IRQHandler(void) ALIAS;
void UART2TX_IRQHandler(void) ALIAS;
void GPIO0ALL_IRQHandler(void) ALIAS;
void GPIO1ALL_IRQHandler(void) ALIAS;
void TIMER0_IRQHandler(void) ALIAS;
void TIMER1_IRQHandler(void) ALIAS;
void DUALTIMER_IRQHandler(void) ALIAS;
void SPI0_IRQHandler(void) ALIAS;
void UARTOVF_IRQHandler(void) ALIAS;
void ETHERNET_IRQHandler(void) ALIAS;
void I2S_IRQHandler(void) ALIAS;
void TSC_IRQHandler(void) ALIAS;
void IRQ16_IRQHandler(void) ALIAS;
void IRQ17_IRQHandler(void) ALIAS;
void IRQ18_IRQHandler(void) ALIAS;
void IRQ19_IRQHandler(void) ALIAS;
void IRQ20_IRQHandler(void) ALIAS;
void IRQ21_IRQHandler(void) ALIAS;
void IRQ22_IRQHandler(void) ALIAS;
void IRQ23_IRQHandler(void) ALIAS;
void IRQ24_IRQHandler(void) ALIAS;
void IRQ25_IRQHandler(void) ALIAS;
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
    MemManage_Handler,
    BusFault_Handler,
    UsageFault_Handler,
    SecureFault_Handler, /* ARMv8-M Mainline only; reserved before */
    0,
    0,
    0,
    SVC_Handler,
    DebugMon_Handler,
    0,
    PendSV_Handler,
    SysTick_Handler,
    UART0RX_IRQHandler, /* 0 */
    UART0TX_IRQHandler, /* 1 */
    UART1RX_IRQHandler, /* 2 */
    UART1TX_IRQHandler, /* 3 */
    UART2RX_IRQHandler, /* 4 */
    UART2TX_IRQHandler, /* 5 */
    GPIO0ALL_IRQHandler, /* 6 */
    GPIO1ALL_IRQHandler, /* 7 */
    TIMER0_IRQHandler, /* 8 */
    TIMER1_IRQHandler, /* 9 */
    DUALTIMER_IRQHandler, /* 10 */
    SPI0_IRQHandler, /* 11 */
    UARTOVF_IRQHandler, /* 12 */
    ETHERNET_IRQHandler, /* 13 */
    I2S_IRQHandler, /* 14 */
    TSC_IRQHandler, /* 15 */
    IRQ16_IRQHandler, /* 16 */
    IRQ17_IRQHandler, /* 17 */
    IRQ18_IRQHandler, /* 18 */
    IRQ19_IRQHandler, /* 19 */
    IRQ20_IRQHandler, /* 20 */
    IRQ21_IRQHandler, /* 21 */
    IRQ22_IRQHandler, /* 22 */
    IRQ23_IRQHandler, /* 23 */
    IRQ24_IRQHandler, /* 24 */
    IRQ25_IRQHandler, /* 25 */
    IRQ26_IRQHandler, /* 26 */
    IRQ27_IRQHandler, /* 27 */
    IRQ28_IRQHandler, /* 28 */
    IRQ29_IRQHandler, /* 29 */
    IRQ30_IRQHandler, /* 30 */
    IRQ31_IRQHandler, /* 31 */
};
