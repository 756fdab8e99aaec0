/*
 * vectors.c - vector table of the LM3S6965: 48 device interrupts (the data
 * sheet's interrupt table).  The board names the ones it uses - UART0 at 5
 * - and numbers the rest; a board for another chip lists its own.
 *
 * All handlers are weak aliases of Default_Handler (which reports the
 * unexpected interrupt); the board or the application defines the ones it
 * uses.  Linked as an object: nothing references the table by name.
 */
#include "ebb_cm_vectors.h"

#define EBB_LM3S_IRQS(V, R, N) \
    V(IRQ0_IRQHandler) V(IRQ1_IRQHandler) V(IRQ2_IRQHandler) V(IRQ3_IRQHandler)         \
    V(IRQ4_IRQHandler) V(UART0_IRQHandler) V(IRQ6_IRQHandler) V(IRQ7_IRQHandler)        \
    V(IRQ8_IRQHandler) V(IRQ9_IRQHandler) V(IRQ10_IRQHandler) V(IRQ11_IRQHandler)       \
    V(IRQ12_IRQHandler) V(IRQ13_IRQHandler) V(IRQ14_IRQHandler) V(IRQ15_IRQHandler)     \
    V(IRQ16_IRQHandler) V(IRQ17_IRQHandler) V(IRQ18_IRQHandler) V(IRQ19_IRQHandler)     \
    V(IRQ20_IRQHandler) V(IRQ21_IRQHandler) V(IRQ22_IRQHandler) V(IRQ23_IRQHandler)     \
    V(IRQ24_IRQHandler) V(IRQ25_IRQHandler) V(IRQ26_IRQHandler) V(IRQ27_IRQHandler)     \
    V(IRQ28_IRQHandler) V(IRQ29_IRQHandler) V(IRQ30_IRQHandler) V(IRQ31_IRQHandler)     \
    V(IRQ32_IRQHandler) V(IRQ33_IRQHandler) V(IRQ34_IRQHandler) V(IRQ35_IRQHandler)     \
    V(IRQ36_IRQHandler) V(IRQ37_IRQHandler) V(IRQ38_IRQHandler) V(IRQ39_IRQHandler)     \
    V(IRQ40_IRQHandler) V(IRQ41_IRQHandler) V(IRQ42_IRQHandler) V(IRQ43_IRQHandler)     \
    V(IRQ44_IRQHandler) V(IRQ45_IRQHandler) V(IRQ46_IRQHandler) V(IRQ47_IRQHandler)

EBB_CM_VECTOR_TABLE(EBB_LM3S_IRQS)
