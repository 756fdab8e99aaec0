/*
 * vectors_sse200.c - vector table of the MPS2 AN505 image (SSE-200
 * subsystem, Cortex-M33): 32 subsystem and 64 expansion interrupts.
 *
 * 0-31 are the SSE-200's own (watchdogs, S32K timer, TIMER0/1, dual timer,
 * MHUs, security controllers); 32 and up come from the AN505 expansion
 * (UARTs RX/TX/combined, Ethernet, audio, SPI, the PL081 DMA controllers'
 * error, terminal-count and combined lines, GPIO ...).  The table is
 * the Secure one (VTOR_S): ebb runs entirely in the Secure state.
 *
 * All handlers are weak aliases of Default_Handler (which reports the
 * unexpected interrupt); a board or application defines the ones it uses.
 * Linked as an object: nothing references the table by name.
 */
#include "ebb_cm_vectors.h"

#define EBB_SSE200_IRQS(V, R, N) \
    V(NS_WDOG_RESET_IRQHandler) /* 0 */ \
    V(NS_WDOG_IRQHandler)       /* 1 */ \
    V(S32K_TIMER_IRQHandler)    /* 2 */ \
    V(TIMER0_IRQHandler)        /* 3 */ \
    V(TIMER1_IRQHandler)        /* 4 */ \
    V(DUALTIMER_IRQHandler)     /* 5 */ \
    V(MHU0_IRQHandler)          /* 6 */ \
    V(MHU1_IRQHandler)          /* 7 */ \
    V(IRQ8_IRQHandler)          /* 8 */ \
    V(MPC_IRQHandler)           /* 9 */ \
    V(PPC_IRQHandler)           /* 10 */ \
    V(MSC_IRQHandler)           /* 11 */ \
    V(BRIDGE_ERROR_IRQHandler)  /* 12 */ \
    V(IRQ13_IRQHandler)         /* 13 */ \
    V(IRQ14_IRQHandler)         /* 14 */ \
    V(IRQ15_IRQHandler)         /* 15 */ \
    V(IRQ16_IRQHandler)         /* 16 */ \
    V(IRQ17_IRQHandler)         /* 17 */ \
    V(IRQ18_IRQHandler)         /* 18 */ \
    V(IRQ19_IRQHandler)         /* 19 */ \
    V(IRQ20_IRQHandler)         /* 20 */ \
    V(IRQ21_IRQHandler)         /* 21 */ \
    V(IRQ22_IRQHandler)         /* 22 */ \
    V(IRQ23_IRQHandler)         /* 23 */ \
    V(IRQ24_IRQHandler)         /* 24 */ \
    V(IRQ25_IRQHandler)         /* 25 */ \
    V(IRQ26_IRQHandler)         /* 26 */ \
    V(IRQ27_IRQHandler)         /* 27 */ \
    V(IRQ28_IRQHandler)         /* 28 */ \
    V(IRQ29_IRQHandler)         /* 29 */ \
    V(IRQ30_IRQHandler)         /* 30 */ \
    V(IRQ31_IRQHandler)         /* 31 */ \
    V(UART0RX_IRQHandler)       /* 32 */ \
    V(UART0TX_IRQHandler)       /* 33 */ \
    V(UART1RX_IRQHandler)       /* 34 */ \
    V(UART1TX_IRQHandler)       /* 35 */ \
    V(UART2RX_IRQHandler)       /* 36 */ \
    V(UART2TX_IRQHandler)       /* 37 */ \
    V(UART3RX_IRQHandler)       /* 38 */ \
    V(UART3TX_IRQHandler)       /* 39 */ \
    V(UART4RX_IRQHandler)       /* 40 */ \
    V(UART4TX_IRQHandler)       /* 41 */ \
    V(UART0_IRQHandler)         /* 42 */ \
    V(UART1_IRQHandler)         /* 43 */ \
    V(UART2_IRQHandler)         /* 44 */ \
    V(UART3_IRQHandler)         /* 45 */ \
    V(UART4_IRQHandler)         /* 46 */ \
    V(UARTOVF_IRQHandler)       /* 47 */ \
    V(ETHERNET_IRQHandler)      /* 48 */ \
    V(I2S_IRQHandler)           /* 49 */ \
    V(TSC_IRQHandler)           /* 50 */ \
    V(IRQ51_IRQHandler)         /* 51 */ \
    V(IRQ52_IRQHandler)         /* 52 */ \
    V(IRQ53_IRQHandler)         /* 53 */ \
    V(IRQ54_IRQHandler)         /* 54 */ \
    V(IRQ55_IRQHandler)         /* 55 */ \
    V(DMA0_ERR_IRQHandler)      /* 56 */ \
    V(DMA0_TC_IRQHandler)       /* 57 */ \
    V(DMA0_IRQHandler)          /* 58 */ \
    V(DMA1_ERR_IRQHandler)      /* 59 */ \
    V(DMA1_TC_IRQHandler)       /* 60 */ \
    V(DMA1_IRQHandler)          /* 61 */ \
    V(DMA2_ERR_IRQHandler)      /* 62 */ \
    V(DMA2_TC_IRQHandler)       /* 63 */ \
    V(DMA2_IRQHandler)          /* 64 */ \
    V(DMA3_ERR_IRQHandler)      /* 65 */ \
    V(DMA3_TC_IRQHandler)       /* 66 */ \
    V(DMA3_IRQHandler)          /* 67 */ \
    V(IRQ68_IRQHandler)         /* 68 */ \
    V(IRQ69_IRQHandler)         /* 69 */ \
    V(IRQ70_IRQHandler)         /* 70 */ \
    V(IRQ71_IRQHandler)         /* 71 */ \
    V(IRQ72_IRQHandler)         /* 72 */ \
    V(IRQ73_IRQHandler)         /* 73 */ \
    V(IRQ74_IRQHandler)         /* 74 */ \
    V(IRQ75_IRQHandler)         /* 75 */ \
    V(IRQ76_IRQHandler)         /* 76 */ \
    V(IRQ77_IRQHandler)         /* 77 */ \
    V(IRQ78_IRQHandler)         /* 78 */ \
    V(IRQ79_IRQHandler)         /* 79 */ \
    V(IRQ80_IRQHandler)         /* 80 */ \
    V(IRQ81_IRQHandler)         /* 81 */ \
    V(IRQ82_IRQHandler)         /* 82 */ \
    V(IRQ83_IRQHandler)         /* 83 */ \
    V(IRQ84_IRQHandler)         /* 84 */ \
    V(IRQ85_IRQHandler)         /* 85 */ \
    V(IRQ86_IRQHandler)         /* 86 */ \
    V(IRQ87_IRQHandler)         /* 87 */ \
    V(IRQ88_IRQHandler)         /* 88 */ \
    V(IRQ89_IRQHandler)         /* 89 */ \
    V(IRQ90_IRQHandler)         /* 90 */ \
    V(IRQ91_IRQHandler)         /* 91 */ \
    V(IRQ92_IRQHandler)         /* 92 */ \
    V(IRQ93_IRQHandler)         /* 93 */ \
    V(IRQ94_IRQHandler)         /* 94 */ \
    V(IRQ95_IRQHandler)         /* 95 */

EBB_CM_VECTOR_TABLE(EBB_SSE200_IRQS)
