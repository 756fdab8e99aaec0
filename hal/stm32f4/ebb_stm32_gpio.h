/*
 * ebb_stm32_gpio.h - STM32F4 GPIO: pin modes, set/reset through BSRR, and
 * bit-band probe pins for measurements.
 *
 * Pins are named by (port, pin) with port 0 = A ... 8 = I (EBB_STM32_GPIO_A..).
 * Configuration functions read-modify-write shared registers: call them from
 * one context (normally main, at init) or with the port lock held.
 */
#ifndef EBB_STM32_GPIO_INCLUDED
#define EBB_STM32_GPIO_INCLUDED

#include <stdbool.h>
#include <stdint.h>

#include "ebb/contract.h"
#include "regs/gpio.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EBB_STM32_GPIO_A, EBB_STM32_GPIO_B, EBB_STM32_GPIO_C, EBB_STM32_GPIO_D, EBB_STM32_GPIO_E,
       EBB_STM32_GPIO_F, EBB_STM32_GPIO_G, EBB_STM32_GPIO_H, EBB_STM32_GPIO_I };

typedef enum {
    EBB_STM32_GPIO_PULL_NONE = 0,
    EBB_STM32_GPIO_PULL_UP = 1,
    EBB_STM32_GPIO_PULL_DOWN = 2
} ebb_stm32_gpio_pull;

/** Enable the AHB1 clock of `port`.  Context: main/init.  Cost: ~5 cycles. */
void ebb_stm32_gpio_clock_enable(unsigned port);

/**
 * One pin's configuration, for ebb_stm32_gpio_configure(): port (4 bits), pin (4),
 * mode (2), pull (2) and the alternate function - or, for an output, its
 * initial level - (4) in a 16-bit word.  Made with EBB_STM32_GPIO_OUTPUT(),
 * EBB_STM32_GPIO_INPUT() and EBB_STM32_GPIO_ALTERNATE(), which check their arguments at
 * build time when they are constants.
 */
typedef uint16_t ebb_stm32_gpio_pin;

/* Internal: the word, unchecked. */
#define EBB__GPIO_PIN(port, pin, mode, pull, af)                                                   \
    ((ebb_stm32_gpio_pin)((unsigned)(port) | (unsigned)(pin) << 4 | (unsigned)(mode) << 8 |               \
                    (unsigned)(pull) << 10 | (unsigned)(af) << 12))
/* Internal: the word, with its fields checked (constants only). */
#define EBB__GPIO_PIN_CHECKED(port, pin, mode, pull, af)                                           \
    ((ebb_stm32_gpio_pin)EBB_BUILD_CHECKED(EBB__GPIO_PIN(port, pin, mode, pull, af),                      \
                                     (port) <= 8u && (pin) <= 15u && (pull) <= 2u && (af) <= 15u,   \
                                     "GPIO port A..I, pin 0..15, pull, af 0..15"))

/** Push-pull output, high speed, initially at `level` (0 or 1). */
#define EBB_STM32_GPIO_OUTPUT(port, pin, level) \
    EBB__GPIO_PIN_CHECKED(port, pin, EBB_STM32_GPIO_MODE_OUTPUT, EBB_STM32_GPIO_PULL_NONE, (level) ? 1u : 0u)
/** Input with pull `pull` (ebb_stm32_gpio_pull). */
#define EBB_STM32_GPIO_INPUT(port, pin, pull) EBB__GPIO_PIN_CHECKED(port, pin, EBB_STM32_GPIO_MODE_INPUT, pull, 0u)
/** Alternate function `af` (0..15), high speed, with pull `pull`. */
#define EBB_STM32_GPIO_ALTERNATE(port, pin, af, pull) \
    EBB__GPIO_PIN_CHECKED(port, pin, EBB_STM32_GPIO_MODE_AF, pull, af)

/**
 * Configure `n` pins from a table (a board's whole pin set in one call: one
 * loop instead of a call with its arguments per pin - the flash a small
 * image spends on set-up).  Enables each pin's port clock; an output is
 * driven to its level before it becomes an output, so it does not glitch.
 * Context: main/init.  Cost: a few read-modify-writes per pin.
 */
void ebb_stm32_gpio_configure(const ebb_stm32_gpio_pin *pins, unsigned n);

/** Push-pull output, high speed, initially `level`.  Enables the port clock.
 *  Context: main/init.  Cost: a few read-modify-writes. */
static inline void ebb_stm32_gpio_output(unsigned port, unsigned pin, bool level)
{
    ebb_stm32_gpio_pin p = EBB__GPIO_PIN(port, pin, EBB_STM32_GPIO_MODE_OUTPUT, EBB_STM32_GPIO_PULL_NONE, level);
    ebb_stm32_gpio_configure(&p, 1);
}

/** Input with the given pull.  Enables the port clock.  Context: main/init.
 *  Cost: a few read-modify-writes. */
static inline void ebb_stm32_gpio_input(unsigned port, unsigned pin, ebb_stm32_gpio_pull pull)
{
    ebb_stm32_gpio_pin p = EBB__GPIO_PIN(port, pin, EBB_STM32_GPIO_MODE_INPUT, pull, 0u);
    ebb_stm32_gpio_configure(&p, 1);
}

/** Alternate function `af` (0..15) with the given pull, high speed.
 *  Enables the port clock.  Context: main/init.  Cost: a few
 *  read-modify-writes. */
static inline void ebb_stm32_gpio_alternate(unsigned port, unsigned pin, unsigned af, ebb_stm32_gpio_pull pull)
{
    ebb_stm32_gpio_pin p = EBB__GPIO_PIN(port, pin, EBB_STM32_GPIO_MODE_AF, pull, af);
    ebb_stm32_gpio_configure(&p, 1);
}

/** Drive `pin` high.  Atomic (one BSRR store).  Context: any.  Cost: 1 store. */
static inline void ebb_stm32_gpio_set(unsigned port, unsigned pin)
{
    EBB_STM32_GPIO(port)->BSRR = 1u << pin;
}

/** Drive `pin` low.  Atomic.  Context: any.  Cost: 1 store. */
static inline void ebb_stm32_gpio_reset(unsigned port, unsigned pin)
{
    EBB_STM32_GPIO(port)->BSRR = 1u << (pin + 16u);
}

/** Drive `pin` to `level`.  Atomic.  Context: any.  Cost: 1 store. */
static inline void ebb_stm32_gpio_write(unsigned port, unsigned pin, bool level)
{
    EBB_STM32_GPIO(port)->BSRR = level ? (1u << pin) : (1u << (pin + 16u));
}

/** Input level of `pin`.  Context: any.  Cost: 1 load. */
static inline bool ebb_stm32_gpio_read(unsigned port, unsigned pin)
{
    return (EBB_STM32_GPIO(port)->IDR >> pin) & 1u;
}

/*
 * Probe pins.  A probe edge is ONE store of 1 to the bit-band alias of the
 * port's BSRR bit: bit k (< 16) sets pin k, bit 16 + k resets it.  The QEMU
 * scope plugin (lab/scope) identifies pin and level from the store address
 * alone, and on hardware a single store keeps the probe's own cost constant.
 * port and pin must be compile-time constants.
 * Context: any.  Cost: 1 str (+ the constant address and value in registers).
 */
#define EBB_STM32_GPIO_PROBE_ADDR(port, pin, level) \
    EBB_STM32_BITBAND(EBB_STM32_GPIO_BSRR_ADDR(port), (level) ? (pin) : (pin) + 16u)
#define EBB_STM32_GPIO_PROBE_HIGH(port, pin) \
    (*(volatile uint32_t *)EBB_STM32_GPIO_PROBE_ADDR(port, pin, 1) = 1u)
#define EBB_STM32_GPIO_PROBE_LOW(port, pin) \
    (*(volatile uint32_t *)EBB_STM32_GPIO_PROBE_ADDR(port, pin, 0) = 1u)

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_GPIO_INCLUDED */
