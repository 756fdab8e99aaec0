/*
 * ebb_template.h - the template port's stand-ins for hardware: on a real
 * CPU each is an instruction or a register (see the TEMPLATE: notes);
 * tests/port_template/ supplies them on the host.
 */
#ifndef EBB_TEMPLATE_H
#define EBB_TEMPLATE_H

#include <stdint.h>

#include "ebb_port_impl.h"

/* TEMPLATE: wfi - sleep until an interrupt is pending (also while masked). */
void ebb_template_wait_for_interrupt(void);
/* TEMPLATE: write the panic line to the console by polling. */
void ebb_template_report_panic(const char *line);

/* The time driver's hardware (template_time.c): a free-running 32-bit
 * up-counter and a compare register that raises the timer interrupt when
 * the counter reaches it. */
extern volatile uint32_t ebb_template_counter;  /* TEMPLATE: the counter register */
extern volatile uint32_t ebb_template_compare;  /* TEMPLATE: the compare register */
extern volatile uint32_t ebb_template_compare_on; /* TEMPLATE: compare interrupt enable */
/* The driver's interrupt handler (TEMPLATE: the vector's name). */
void ebb_template_timer_isr(void);

#endif /* EBB_TEMPLATE_H */
