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
#include "ebb_cm_vectors.h"

#define EBB_MPS2_IRQS(V, R, N) \
    V(UART0RX_IRQHandler)   /* 0 */ \
    V(UART0TX_IRQHandler)   /* 1 */ \
    V(UART1RX_IRQHandler)   /* 2 */ \
    V(UART1TX_IRQHandler)   /* 3 */ \
    V(UART2RX_IRQHandler)   /* 4 */ \
    V(UART2TX_IRQHandler)   /* 5 */ \
    V(GPIO0ALL_IRQHandler)  /* 6 */ \
    V(GPIO1ALL_IRQHandler)  /* 7 */ \
    V(TIMER0_IRQHandler)    /* 8 */ \
    V(TIMER1_IRQHandler)    /* 9 */ \
    V(DUALTIMER_IRQHandler) /* 10 */ \
    V(SPI0_IRQHandler)      /* 11 */ \
    V(UARTOVF_IRQHandler)   /* 12 */ \
    V(ETHERNET_IRQHandler)  /* 13 */ \
    V(I2S_IRQHandler)       /* 14 */ \
    V(TSC_IRQHandler)       /* 15 */ \
    V(IRQ16_IRQHandler)     /* 16 */ \
    V(IRQ17_IRQHandler)     /* 17 */ \
    V(IRQ18_IRQHandler)     /* 18 */ \
    V(IRQ19_IRQHandler)     /* 19 */ \
    V(IRQ20_IRQHandler)     /* 20 */ \
    V(IRQ21_IRQHandler)     /* 21 */ \
    V(IRQ22_IRQHandler)     /* 22 */ \
    V(IRQ23_IRQHandler)     /* 23 */ \
    V(IRQ24_IRQHandler)     /* 24 */ \
    V(IRQ25_IRQHandler)     /* 25 */ \
    V(IRQ26_IRQHandler)     /* 26 */ \
    V(IRQ27_IRQHandler)     /* 27 */ \
    V(IRQ28_IRQHandler)     /* 28 */ \
    V(IRQ29_IRQHandler)     /* 29 */ \
    V(IRQ30_IRQHandler)     /* 30 */ \
    V(IRQ31_IRQHandler)     /* 31 */

EBB_CM_VECTOR_TABLE(EBB_MPS2_IRQS)
