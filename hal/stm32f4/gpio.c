/* gpio.c - STM32F4 GPIO configuration (RM0390 section 7). */
#include "ebb_stm32_gpio.h"

#include "ebb/contract.h"

#include "regs/rcc.h"

/* The addresses the QEMU scope plugin decodes (lab/scope). */
EBB_BUILD_ASSERT(EBB_STM32_GPIO_PROBE_ADDR(EBB_STM32_GPIO_G, 0, 1) == 0x42430300u, "PG0 high alias");
EBB_BUILD_ASSERT(EBB_STM32_GPIO_PROBE_ADDR(EBB_STM32_GPIO_G, 0, 0) == 0x42430340u, "PG0 low alias");
EBB_BUILD_ASSERT(EBB_STM32_GPIO_PROBE_ADDR(EBB_STM32_GPIO_G, 1, 1) == 0x42430304u, "PG1 high alias");
EBB_BUILD_ASSERT(EBB_STM32_GPIO_PROBE_ADDR(EBB_STM32_GPIO_G, 1, 0) == 0x42430344u, "PG1 low alias");

/* cold: set-up (and panic) code runs once; at -O3 it would otherwise be
 * unrolled and inlined for a speed nobody can measure.  It is compiled for
 * size and kept away from the code that runs all the time. */
__attribute__((cold)) void ebb_stm32_gpio_clock_enable(unsigned port)
{
    EBB_STM32_RCC->AHB1ENR |= EBB_STM32_RCC_AHB1ENR_GPIO(port);
    /* RM0390 6.3.x: two AHB cycles must pass before the port answers; the
     * read-back provides them. */
    (void)EBB_STM32_RCC->AHB1ENR;
}

__attribute__((cold)) void ebb_stm32_gpio_configure(const ebb_stm32_gpio_pin *pins, unsigned n)
{
    for (; n != 0; n--, pins++) {
        unsigned c = *pins, port = c & 15u, pin = (c >> 4) & 15u, mode = (c >> 8) & 3u;
        unsigned pull = (c >> 10) & 3u, af = c >> 12, two = 2u * pin;
        ebb_stm32_gpio_regs *g = EBB_STM32_GPIO(port);
        ebb_stm32_gpio_clock_enable(port);
        if (mode == EBB_STM32_GPIO_MODE_OUTPUT) {
            ebb_stm32_gpio_write(port, pin, af != 0u); /* level first: no glitch when MODER switches */
            g->OTYPER &= ~(1u << pin);           /* push-pull */
        } else if (mode == EBB_STM32_GPIO_MODE_AF) {
            unsigned shift = 4u * (pin & 7u);
            g->AFR[pin >> 3] = (g->AFR[pin >> 3] & ~(0xFu << shift)) | ((uint32_t)af << shift);
        }
        g->PUPDR = (g->PUPDR & ~(3u << two)) | ((uint32_t)pull << two);
        g->OSPEEDR |= 3u << two; /* very high speed */
        g->MODER = (g->MODER & ~(3u << two)) | (mode << two);
    }
}
