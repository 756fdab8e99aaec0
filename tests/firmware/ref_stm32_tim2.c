/* ref_stm32_tim2.c - the reference clock of the firmware suite on QEMU's
 * STM32 machines (netduinoplus2): TIM2's counter, which QEMU runs as a
 * free-running 1 GHz virtual clock independent of SysTick (under -icount
 * shift 0, one count per executed instruction).  Wraps every 4.3 s. */
#include "fwtest.h"

#define TIM2_CNT (*(volatile uint32_t *)0x40000024u)

void fw_ref_start(void) {}

uint64_t fw_ref_ns(void) { return fw_ref_extend(TIM2_CNT, 0xFFFFFFFFu); }
