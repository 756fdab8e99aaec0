/*
 * ebb_virtual_button.h - the button part of ebb_board.h on boards whose
 * QEMU machine models no GPIO input (included by their family header).
 */
#ifndef EBB_VIRTUAL_BUTTON_H
#define EBB_VIRTUAL_BUTTON_H

#include "ebb/task.h"
#include "ebb/wait.h"

/** Button edges (the names of the STM32 EXTI driver). */
typedef enum ebb_exti_edge {
    EBB_EXTI_RISING = 1,
    EBB_EXTI_FALLING = 2,
    EBB_EXTI_ANY = 3,
} ebb_exti_edge;

/**
 * Awaitable: the next press (EBB_EXTI_RISING) or release (EBB_EXTI_FALLING)
 * of the virtual button.  An edge pends an otherwise unused NVIC line
 * (EBB_BOARD_BUTTON_IRQ) whose handler wakes the waiters, as an EXTI line
 * would; the selected edge stays selected after it fired, as on STM32.
 * Context: task.  Cost: a lock, a list insert.
 */
EBB_AWAITABLE ebb_poll_t ebb_board_button_wait(ebb_wait *w, ebb_exti_edge edge);
#define ebb_board_button_wait(...) EBB_AWAITABLE_CALL(ebb_board_button_wait, __VA_ARGS__)

/* No probe pins on these machines: the macros compile to nothing. */
#define EBB_BOARD_PROBE_IRQ_HIGH() ((void)0)
#define EBB_BOARD_PROBE_IRQ_LOW() ((void)0)
#define EBB_BOARD_PROBE_THREAD_HIGH() ((void)0)
#define EBB_BOARD_PROBE_THREAD_LOW() ((void)0)

#endif /* EBB_VIRTUAL_BUTTON_H */
