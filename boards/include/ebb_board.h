/*
 * ebb_board.h - the interface every board offers to applications.
 *
 * An application includes this header only; board-specific constants (pins,
 * IRQ numbers, whether a virtual finger exists) come from the board's own
 * ebb_board_config.h, found on the include path of the selected board
 * (EBB_BOARD in CMake).  See docs/boards.md.
 */
#ifndef EBB_BOARD_H
#define EBB_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ebb/ebb.h"
#include "ebb/port.h"
#include "ebb_board_config.h"
#if defined(__arm__)
#include "ebb_cortex_m.h"
#endif
#ifdef EBB_BOARD_FAMILY_HEADER
/* Boards outside the STM32F4 family (mps2-*, microbit) declare their
 * console, button wait and probe macros there, under the names below. */
#include EBB_BOARD_FAMILY_HEADER
#else
#include "ebb_stm32_exti.h"
#include "ebb_stm32_gpio.h"
#include "ebb_stm32_usart.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Interrupt priorities the board uses (logical, 0 = most urgent).  All are
 * >= EBB_CONFIG_PORT_CEILING_PRIO because their handlers call ebb. */
#ifndef EBB_BOARD_PRIO_EXTI
#define EBB_BOARD_PRIO_EXTI 2u
#endif
#ifndef EBB_BOARD_PRIO_CONSOLE
#define EBB_BOARD_PRIO_CONSOLE 3u
#endif

/**
 * Bring the board up: clocks, console (115200 8N1, interrupt-driven), LED
 * (off), button line (EXTI, no edge selected yet), probe pins (low), and the
 * board's time driver (ebb_now() starts at 0).  Call first thing in main.
 * Context: main, once.  Cost: a few hundred cycles (plus PLL lock on
 * hardware).
 */
void ebb_board_init(void);

/** Core clock in Hz (what the board configured).  Context: any.  O(1). */
uint32_t ebb_board_core_hz(void);

#ifndef EBB_BOARD_FAMILY_HEADER
/** The console USART, for async ebb_usart_write / ebb_usart_read. */
extern ebb_usart ebb_board_console;
#endif

/**
 * Attach the console's receive ring and turn the receiver on; called by
 * ebb_board_init().  The board library's default definition (its own object,
 * boards/common/console_rx.c) costs the ring's RAM; an application that never
 * reads the console writes EBB_BOARD_CONSOLE_NO_RX() at file scope instead,
 * and the ring is not linked.  Context: ebb_board_init only.
 */
void ebb_board_console_rx_init(void);
#define EBB_BOARD_CONSOLE_NO_RX() \
    void ebb_board_console_rx_init(void) {}

/** Write `len` bytes to the console by polling.  Context: any (not while an
 *  async console write is in progress if the output must not interleave).
 *  Cost: the transmission time. */
void ebb_board_write(const void *data, size_t len);

/** Write a NUL-terminated string by polling (also the port's panic/fault
 *  output hook).  Context: any.  Cost: the transmission time. */
void ebb_board_puts(const char *s);

/** Switch the user LED.  Context: any.  Cost: 1 store (bit-band BSRR). */
void ebb_board_led(bool on);

/** True while the user button is pressed.  Context: any.  Cost: 1 load. */
bool ebb_board_button_pressed(void);

#ifndef EBB_BOARD_FAMILY_HEADER
/**
 * Awaitable: the next press (EBB_EXTI_RISING) or release (EBB_EXTI_FALLING)
 * of the user button; ebb_exti_wait on the board's button line.
 * Context: task.  Cost: as ebb_exti_wait.
 */
EBB_AWAITABLE static inline ebb_poll_t ebb_board_button_wait(ebb_wait *w, ebb_exti_edge edge)
{
    return EBB_POLL(ebb_exti_wait)(w, EBB_BOARD_BUTTON_LINE, edge);
}
#define ebb_board_button_wait(...) EBB_AWAITABLE_CALL(ebb_board_button_wait, __VA_ARGS__)
#endif

/** True when semihosting is available (QEMU; a hardware board only when
 *  built with EBB_BOARD_SEMIHOSTING=1 for a debug session). */
bool ebb_board_semihosting(void);

/**
 * Stop the program with exit status `code` (0 = success): QEMU exits with
 * it (semihosting); hardware prints "EXIT <code>" and parks the core.
 * Context: any.  Does not return.
 */
EBB_NORETURN void ebb_board_exit(int code);

#ifndef EBB_BOARD_FAMILY_HEADER
/* Probe pins for measurements (PG0 = interrupt pin, PG1 = thread pin on
 * every board): one bit-band store each, see EBB_GPIO_PROBE_HIGH. */
#define EBB_BOARD_PROBE_IRQ_HIGH() EBB_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_IRQ_LOW() EBB_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN)
#define EBB_BOARD_PROBE_THREAD_HIGH() \
    EBB_GPIO_PROBE_HIGH(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)
#define EBB_BOARD_PROBE_THREAD_LOW() \
    EBB_GPIO_PROBE_LOW(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN)
#endif /* !EBB_BOARD_FAMILY_HEADER */

#if EBB_BOARD_HAS_FINGER
/* ---- virtual button (boards without a real one) ---- */

/**
 * Press (true) or release (false) the virtual button now: the level changes,
 * the change is mirrored on the button pin with a bit-band BSRR store (so
 * the scope sees it), and if the EXTI line is armed for that edge its
 * interrupt is pended.  No-op when the level does not change.
 * Context: any.  Cost: ~15 instructions.
 */
void ebb_board_button_set(bool pressed);

/** One step of a scripted finger: wait `delay_us` after the previous step
 *  (or after the start), then set the button to `pressed`. */
typedef struct ebb_finger_step {
    uint32_t delay_us; /**< microseconds after the previous step (or the start) */
    bool pressed; /**< the button level to set */
} ebb_finger_step;

/**
 * Play `n` steps (the table must stay valid) on the virtual button from a
 * task on the board's top-priority interrupt executor, so that presses come
 * at exact virtual times and preempt the application like a real edge.
 * Replaces a script still playing.
 * Context: main or task.  Cost: one timer wake-up per step.
 */
void ebb_board_finger_table(const ebb_finger_step *steps, size_t n);

/**
 * `presses` presses, the first `first_us` from now, one every `period_us`,
 * each held for `hold_us` (< period_us).  Same mechanism as the table.
 * Context: main or task.
 */
void ebb_board_finger_periodic(uint32_t first_us, uint32_t period_us, uint32_t hold_us,
                               uint32_t presses);

/** True while a finger script is still playing.  Context: any. */
bool ebb_board_finger_busy(void);

/**
 * Interactive mode: every byte received on the console toggles the virtual
 * button instead of going to the console's receive ring.  Print a "ready"
 * line before asking for keys: QEMU drops bytes sent before the USART is on.
 * Context: main or task.
 */
void ebb_board_keys_toggle_button(bool enable);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EBB_BOARD_H */
