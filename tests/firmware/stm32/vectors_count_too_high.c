/* Build-fail: EBB_CONFIG_PORT_IRQ_COUNT above the STM32F4's 97 device
 * interrupts stops the build (the assembler's check in ebb_cm_vectors.h);
 * 97, the whole table, builds (-DEBB_CF_OK). */
#ifdef EBB_CF_OK
#define EBB_CONFIG_PORT_IRQ_COUNT 97
#else
#define EBB_CONFIG_PORT_IRQ_COUNT 98
#endif
#include "../../../hal/stm32f4/vectors.c"
