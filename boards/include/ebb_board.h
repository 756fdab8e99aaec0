/** @file
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
#include "ebb/driver/port.h"
#include "ebb_board_config.h"
#include "ebb_spi.h"
#include "ebb_uart.h"
/* The port's own header (interrupt executors, formatting helpers). */
#if defined(__arm__)
#include "ebb_cortex_m.h"
#elif defined(__riscv)
#include "ebb_riscv.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Interrupt priorities the board uses (logical, 0 = most urgent).  All are
 * >= EBB_CONFIG_PORT_CEILING_PRIO because their handlers call ebb. */
#ifndef EBB_BOARD_PRIO_EXTI
/** Priority of the button's interrupt (logical, 0 = most urgent). */
#define EBB_BOARD_PRIO_EXTI 2u
#endif
#ifndef EBB_BOARD_PRIO_CONSOLE
/** Priority of the console's interrupt (logical, 0 = most urgent). */
#define EBB_BOARD_PRIO_CONSOLE 3u
#endif

#ifndef EBB_BOARD_PRIO_SPI
/** Priority of the board SPI's interrupt (logical, 0 = most urgent). */
#define EBB_BOARD_PRIO_SPI 3u
#endif

#if EBB_BOARD_HAS_SPI
/** The board's SPI master bus (ebb_spi.h), on the chip and interrupt line
 *  its ebb_board_config.h names (EBB_BOARD_SPI_*): set it up with
 *  ebb_spi_configure(ebb_board_spi, mode, hz), then ebb_spi_transfer().
 *  Chip selects are the application's GPIOs.  Linked only into an image
 *  that uses it. */
extern ebb_spi *const ebb_board_spi;
#endif

/* The application executor levels of a Cortex-M board: its two spare
 * lines, level 1 on SPARE1 at NVIC priority 5 and level 2 on SPARE0 at 4 -
 * below the board's own handlers (button 2, console 3), above its time
 * driver (the lowest).  A board overrides what differs in its
 * ebb_board_config.h (the micro:bit its priorities); a RISC-V board names
 * its software-interrupt levels. */
#if defined(EBB_BOARD_SPARE0_IRQ) && defined(EBB_BOARD_SPARE1_IRQ)
#ifndef EBB_BOARD_PREEMPT_LEVELS
#define EBB_BOARD_PREEMPT_LEVELS 2
#endif
#ifndef EBB_BOARD_PREEMPT1_IRQ
#define EBB_BOARD_PREEMPT1_IRQ EBB_BOARD_SPARE1_IRQ
#define EBB_BOARD_PREEMPT1_HANDLER EBB_BOARD_SPARE1_HANDLER
#endif
#ifndef EBB_BOARD_PREEMPT1_PRIO
#define EBB_BOARD_PREEMPT1_PRIO 5u
#endif
#ifndef EBB_BOARD_PREEMPT2_IRQ
#define EBB_BOARD_PREEMPT2_IRQ EBB_BOARD_SPARE0_IRQ
#define EBB_BOARD_PREEMPT2_HANDLER EBB_BOARD_SPARE0_HANDLER
#endif
#ifndef EBB_BOARD_PREEMPT2_PRIO
#define EBB_BOARD_PREEMPT2_PRIO 4u
#endif
#endif

/**
 * Define `name`, an executor whose tasks preempt thread mode and every
 * lower level, at application level `level`: 1..EBB_BOARD_PREEMPT_LEVELS
 * (a literal), higher preempting lower - the same line on every board and
 * port.  Its tasks run inside an interrupt the board sets aside for that
 * level (Cortex-M: a device interrupt nothing drives, at an NVIC priority
 * below the board's own handlers and at or below the ceiling; RISC-V: a
 * software-interrupt level below the board's), on the one stack; spawn
 * them on `&name.ex`.  At file scope, not static; complete as defined (the
 * first spawn enables the interrupt).  A level the board does not offer
 * does not compile.
 */
#define EBB_BOARD_PREEMPTIVE_EXECUTOR_DEFINE(name, level)                      \
    EBB_PORT_PREEMPTIVE_EXECUTOR_DEFINE(name, level)

/** Edges of the user button: its press (RISING), its release (FALLING),
 *  or either. */
typedef enum ebb_board_edge {
    EBB_BOARD_RISING = 1,
    EBB_BOARD_FALLING = 2,
    EBB_BOARD_ANY = 3,
} ebb_board_edge;

/**
 * Bring the board up: clocks, console (115200 8N1, interrupt-driven), LED
 * (off), button line (no edge selected yet), probe pins (low), and the
 * board's time driver (ebb_now() starts at 0).  Call first thing in main.
 * Context: main, once.  Cost: a few hundred cycles (plus PLL lock on
 * hardware).
 */
void ebb_board_init(void);

/** Core clock in Hz (what the board configured).  Context: any.  O(1). */
uint32_t ebb_board_core_hz(void);

/**
 * The console: a UART (ebb_uart.h) at 115200 8N1, interrupt-driven, set up
 * by ebb_board_init().  Write with ebb_uart_write(cx, op, ebb_board_console,
 * data, len), read with ebb_uart_read(), poll with ebb_uart_write_blocking().
 * Its receiver is on with a ring of EBB_BOARD_CONSOLE_RX_SIZE bytes, unless
 * the application writes EBB_BOARD_CONSOLE_NO_RX().
 */
extern ebb_uart *const ebb_board_console;

/**
 * Attach the console's receive ring and turn the receiver on; called by
 * ebb_board_init().  The default definition (boards/common/console_rx.c, an
 * object of its own) costs the ring's RAM; an application that never reads
 * the console writes EBB_BOARD_CONSOLE_NO_RX() at file scope instead, and
 * the ring is not linked.
 * Context: ebb_board_init only.
 */
void ebb_board_console_rx_init(void);
/** At file scope: this application never reads the console, so the
 *  receive ring is not linked (see ebb_board_console_rx_init()). */
#define EBB_BOARD_CONSOLE_NO_RX() \
    void ebb_board_console_rx_init(void) {}

/** Write a NUL-terminated string to the console by polling (also the
 *  port's panic/fault output hook).  Context: any.  Cost: the transmission
 *  time. */
void ebb_board_puts(const char *s);

/** Switch the user LED.  Context: any.  Cost: 1 store (bit-band BSRR) on
 *  the STM32 boards. */
void ebb_board_led(bool on);

/** True while the user button is pressed.  Context: any.  Cost: 1 load. */
bool ebb_board_button_pressed(void);

/**
 * Awaitable: the next `edge` of the user button after the wait started.
 * The selected edge stays selected after it fired; all waiters of the
 * button share it (the last to start wins), so wait for one kind at a time.
 * Context: task.  Cost: a lock and a list insert; the resume after the
 * edge takes no lock.
 *
 * A board whose button is a driver's inline awaitable names it here
 * instead: its ebb_board_config.h defines ebb_board_button_wait(w, edge)
 * as a macro binding the button's line (the STM32 boards: the EXTI
 * driver's wait, ebb_board_stm32.h), so a resume runs no call.  Every
 * other board implements this function.
 */
#ifndef ebb_board_button_wait
EBB_AWAITABLE ebb_poll_t ebb_board_button_wait(ebb_cx *cx, ebb_wait *w, ebb_board_edge edge);
#define ebb_board_button_wait(...) EBB_AWAITABLE_CALL(ebb_board_button_wait, __VA_ARGS__)
#endif

/* Probe pins for measurements (the study's PG0 = interrupt pin, PG1 =
 * thread pin): one store each where the board has GPIO (its
 * ebb_board_config.h defines them), nothing where it has none. */
#ifndef EBB_BOARD_PROBE_IRQ_HIGH
/** Interrupt probe pin high.  Context: any.  Cost: one store or nothing. */
#define EBB_BOARD_PROBE_IRQ_HIGH() ((void)0)
/** Interrupt probe pin low.  Context: any.  Cost: one store or nothing. */
#define EBB_BOARD_PROBE_IRQ_LOW() ((void)0)
/** Thread probe pin high.  Context: any.  Cost: one store or nothing. */
#define EBB_BOARD_PROBE_THREAD_HIGH() ((void)0)
/** Thread probe pin low.  Context: any.  Cost: one store or nothing. */
#define EBB_BOARD_PROBE_THREAD_LOW() ((void)0)
#endif

/** True when semihosting is available (QEMU; a hardware board only when
 *  built with EBB_BOARD_SEMIHOSTING=1 for a debug session).  Context: any.
 *  Cost: O(1). */
bool ebb_board_semihosting(void);

/**
 * Stop the program with exit status `code` (0 = success): QEMU exits with
 * it (semihosting); hardware prints "EXIT <code>" and parks the core.
 * Context: any.  Cost: none that matters: it does not return.
 */
EBB_NORETURN void ebb_board_exit(int code);

#if EBB_BOARD_HAS_FINGER
/* ---- virtual button (boards without a real one) ---- */

/**
 * Press (true) or release (false) the virtual button now: the level changes,
 * where the board has a button pin the change is mirrored on it (so the
 * scope sees it), and if a wait selected that edge the button's interrupt
 * is pended.  No-op when the level does not change.
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
 * Context: main or task.  Cost: one timer wake-up per level change.
 */
void ebb_board_finger_periodic(uint32_t first_us, uint32_t period_us, uint32_t hold_us,
                               uint32_t presses);

/** True while a finger script is still playing.  Context: any.  Cost: O(1). */
bool ebb_board_finger_busy(void);

/**
 * Patient finger (off by default): from now on each scripted edge, once due,
 * also waits until a wait has selected it (looking every 100 us, for at
 * most 1 s), as console keys do.  For scripts that must reach the
 * application whole where the emulator's clock follows the host's (QEMU
 * without -icount, `make run`): a host stall can hold the application back
 * while the script's time runs on, and an edge that comes before its wait
 * started is lost, as on a real board.  An application that is always
 * waiting in time never notices (ebb_board_finger_held() stays 0).
 * Context: main or task.  Cost: a store; a held edge costs the finger one
 * timer wake-up per 100 us it waits.
 */
void ebb_board_finger_patience(bool on);

/** Edges the patient finger has held back so far.  Context: any.  Cost: a load. */
uint32_t ebb_board_finger_held(void);

/**
 * Button edges no task was waiting for, so far: the level changed and no
 * wait had selected that edge (a storm faster than the application
 * re-arms).  Such an edge is lost as on a real board, but counted here:
 * edges made = edges the application saw + this.  Context: any.  Cost: a
 * load.
 */
uint32_t ebb_board_button_missed(void);

/**
 * Interactive mode: every byte received on the console toggles the virtual
 * button instead of going to the console's receive ring.  Keys are queued
 * and played one edge at a time, each once a wait has selected it (or after
 * 1 s), so a burst typed faster than the application re-arms loses no edge.
 * Print a "ready" line before asking for keys: QEMU drops bytes sent before
 * the USART is on.
 * Context: main or task.  Cost: O(1).
 */
void ebb_board_keys_toggle_button(bool enable);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EBB_BOARD_H */
