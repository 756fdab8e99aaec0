/*
 * vectors_sse200.c - vector table of the MPS2 AN505 image (SSE-200
 * subsystem, Cortex-M33): 32 subsystem and 64 expansion interrupts.
 *
 * 0-31 are the SSE-200's own (watchdogs, S32K timer, TIMER0/1, dual timer,
 * MHUs, security controllers); 32 and up come from the AN505 expansion
 * (UARTs RX/TX/combined, Ethernet, audio, SPI, GPIO ...).  The table is
 * the Secure one (VTOR_S): ebb runs entirely in the Secure state.
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
void NS_WDOG_RESET_IRQHandler(void) ALIAS;
void NS_WDOG_IRQHandler(void) ALIAS;
void S32K_TIMER_IRQHandler(void) ALIAS;
void TIMER0_IRQHandler(void) ALIAS;
void TIMER1_IRQHandler(void) ALIAS;
void DUALTIMER_IRQHandler(void) ALIAS;
void MHU0_IRQHandler(void) ALIAS;
void MHU1_IRQHandler(void) ALIAS;
void IRQ8_IRQHandler(void) ALIAS;
void MPC_IRQHandler(void) ALIAS;
void PPC_IRQHandler(void) ALIAS;
void MSC_IRQHandler(void) ALIAS;
void BRIDGE_ERROR_IRQHandler(void) ALIAS;
void IRQ13_IRQHandler(void) ALIAS;
void IRQ14_IRQHandler(void) ALIAS;
void IRQ15_IRQHandler(void) ALIAS;
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
void UART0RX_IRQHandler(void) ALIAS;
void UART0TX_IRQHandler(void) ALIAS;
void UART1RX_IRQHandler(void) ALIAS;
void UART1TX_IRQHandler(void) ALIAS;
void UART2RX_IRQHandler(void) ALIAS;
void UART2TX_IRQHandler(void) ALIAS;
void UART3RX_IRQHandler(void) ALIAS;
void UART3TX_IRQHandler(void) ALIAS;
void UART4RX_IRQHandler(void) ALIAS;
void UART4TX_IRQHandler(void) ALIAS;
void UART0_IRQHandler(void) ALIAS;
void UART1_IRQHandler(void) ALIAS;
void UART2_IRQHandler(void) ALIAS;
void UART3_IRQHandler(void) ALIAS;
void UART4_IRQHandler(void) ALIAS;
void UARTOVF_IRQHandler(void) ALIAS;
void ETHERNET_IRQHandler(void) ALIAS;
void I2S_IRQHandler(void) ALIAS;
void TSC_IRQHandler(void) ALIAS;
void IRQ51_IRQHandler(void) ALIAS;
void IRQ52_IRQHandler(void) ALIAS;
void IRQ53_IRQHandler(void) ALIAS;
void IRQ54_IRQHandler(void) ALIAS;
void IRQ55_IRQHandler(void) ALIAS;
void IRQ56_IRQHandler(void) ALIAS;
void IRQ57_IRQHandler(void) ALIAS;
void IRQ58_IRQHandler(void) ALIAS;
void IRQ59_IRQHandler(void) ALIAS;
void IRQ60_IRQHandler(void) ALIAS;
void IRQ61_IRQHandler(void) ALIAS;
void IRQ62_IRQHandler(void) ALIAS;
void IRQ63_IRQHandler(void) ALIAS;
void IRQ64_IRQHandler(void) ALIAS;
void IRQ65_IRQHandler(void) ALIAS;
void IRQ66_IRQHandler(void) ALIAS;
void IRQ67_IRQHandler(void) ALIAS;
void IRQ68_IRQHandler(void) ALIAS;
void IRQ69_IRQHandler(void) ALIAS;
void IRQ70_IRQHandler(void) ALIAS;
void IRQ71_IRQHandler(void) ALIAS;
void IRQ72_IRQHandler(void) ALIAS;
void IRQ73_IRQHandler(void) ALIAS;
void IRQ74_IRQHandler(void) ALIAS;
void IRQ75_IRQHandler(void) ALIAS;
void IRQ76_IRQHandler(void) ALIAS;
void IRQ77_IRQHandler(void) ALIAS;
void IRQ78_IRQHandler(void) ALIAS;
void IRQ79_IRQHandler(void) ALIAS;
void IRQ80_IRQHandler(void) ALIAS;
void IRQ81_IRQHandler(void) ALIAS;
void IRQ82_IRQHandler(void) ALIAS;
void IRQ83_IRQHandler(void) ALIAS;
void IRQ84_IRQHandler(void) ALIAS;
void IRQ85_IRQHandler(void) ALIAS;
void IRQ86_IRQHandler(void) ALIAS;
void IRQ87_IRQHandler(void) ALIAS;
void IRQ88_IRQHandler(void) ALIAS;
void IRQ89_IRQHandler(void) ALIAS;
void IRQ90_IRQHandler(void) ALIAS;
void IRQ91_IRQHandler(void) ALIAS;
void IRQ92_IRQHandler(void) ALIAS;
void IRQ93_IRQHandler(void) ALIAS;
void IRQ94_IRQHandler(void) ALIAS;
void IRQ95_IRQHandler(void) ALIAS;

__attribute__((section(".isr_vector"), used)) void (*const ebb_vectors[112])(void) = {
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
    NS_WDOG_RESET_IRQHandler, /* 0 */
    NS_WDOG_IRQHandler, /* 1 */
    S32K_TIMER_IRQHandler, /* 2 */
    TIMER0_IRQHandler, /* 3 */
    TIMER1_IRQHandler, /* 4 */
    DUALTIMER_IRQHandler, /* 5 */
    MHU0_IRQHandler, /* 6 */
    MHU1_IRQHandler, /* 7 */
    IRQ8_IRQHandler, /* 8 */
    MPC_IRQHandler, /* 9 */
    PPC_IRQHandler, /* 10 */
    MSC_IRQHandler, /* 11 */
    BRIDGE_ERROR_IRQHandler, /* 12 */
    IRQ13_IRQHandler, /* 13 */
    IRQ14_IRQHandler, /* 14 */
    IRQ15_IRQHandler, /* 15 */
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
    UART0RX_IRQHandler, /* 32 */
    UART0TX_IRQHandler, /* 33 */
    UART1RX_IRQHandler, /* 34 */
    UART1TX_IRQHandler, /* 35 */
    UART2RX_IRQHandler, /* 36 */
    UART2TX_IRQHandler, /* 37 */
    UART3RX_IRQHandler, /* 38 */
    UART3TX_IRQHandler, /* 39 */
    UART4RX_IRQHandler, /* 40 */
    UART4TX_IRQHandler, /* 41 */
    UART0_IRQHandler, /* 42 */
    UART1_IRQHandler, /* 43 */
    UART2_IRQHandler, /* 44 */
    UART3_IRQHandler, /* 45 */
    UART4_IRQHandler, /* 46 */
    UARTOVF_IRQHandler, /* 47 */
    ETHERNET_IRQHandler, /* 48 */
    I2S_IRQHandler, /* 49 */
    TSC_IRQHandler, /* 50 */
    IRQ51_IRQHandler, /* 51 */
    IRQ52_IRQHandler, /* 52 */
    IRQ53_IRQHandler, /* 53 */
    IRQ54_IRQHandler, /* 54 */
    IRQ55_IRQHandler, /* 55 */
    IRQ56_IRQHandler, /* 56 */
    IRQ57_IRQHandler, /* 57 */
    IRQ58_IRQHandler, /* 58 */
    IRQ59_IRQHandler, /* 59 */
    IRQ60_IRQHandler, /* 60 */
    IRQ61_IRQHandler, /* 61 */
    IRQ62_IRQHandler, /* 62 */
    IRQ63_IRQHandler, /* 63 */
    IRQ64_IRQHandler, /* 64 */
    IRQ65_IRQHandler, /* 65 */
    IRQ66_IRQHandler, /* 66 */
    IRQ67_IRQHandler, /* 67 */
    IRQ68_IRQHandler, /* 68 */
    IRQ69_IRQHandler, /* 69 */
    IRQ70_IRQHandler, /* 70 */
    IRQ71_IRQHandler, /* 71 */
    IRQ72_IRQHandler, /* 72 */
    IRQ73_IRQHandler, /* 73 */
    IRQ74_IRQHandler, /* 74 */
    IRQ75_IRQHandler, /* 75 */
    IRQ76_IRQHandler, /* 76 */
    IRQ77_IRQHandler, /* 77 */
    IRQ78_IRQHandler, /* 78 */
    IRQ79_IRQHandler, /* 79 */
    IRQ80_IRQHandler, /* 80 */
    IRQ81_IRQHandler, /* 81 */
    IRQ82_IRQHandler, /* 82 */
    IRQ83_IRQHandler, /* 83 */
    IRQ84_IRQHandler, /* 84 */
    IRQ85_IRQHandler, /* 85 */
    IRQ86_IRQHandler, /* 86 */
    IRQ87_IRQHandler, /* 87 */
    IRQ88_IRQHandler, /* 88 */
    IRQ89_IRQHandler, /* 89 */
    IRQ90_IRQHandler, /* 90 */
    IRQ91_IRQHandler, /* 91 */
    IRQ92_IRQHandler, /* 92 */
    IRQ93_IRQHandler, /* 93 */
    IRQ94_IRQHandler, /* 94 */
    IRQ95_IRQHandler, /* 95 */
};
