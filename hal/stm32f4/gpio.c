/* gpio.c - STM32F4 GPIO configuration (RM0390 section 7). */
#include "ebb_stm32_gpio.h"

#include "ebb/contract.h"

#include "regs/rcc.h"

/* The addresses the QEMU scope plugin decodes (tools/scope). */
EBB_BUILD_ASSERT(EBB_GPIO_PROBE_ADDR(EBB_GPIO_G, 0, 1) == 0x42430300u, "PG0 high alias");
EBB_BUILD_ASSERT(EBB_GPIO_PROBE_ADDR(EBB_GPIO_G, 0, 0) == 0x42430340u, "PG0 low alias");
EBB_BUILD_ASSERT(EBB_GPIO_PROBE_ADDR(EBB_GPIO_G, 1, 1) == 0x42430304u, "PG1 high alias");
EBB_BUILD_ASSERT(EBB_GPIO_PROBE_ADDR(EBB_GPIO_G, 1, 0) == 0x42430344u, "PG1 low alias");

/* cold: set-up (and panic) code runs once; at -O3 it would otherwise be
 * unrolled and inlined for a speed nobody can measure.  It is compiled for
 * size and kept away from the code that runs all the time. */
__attribute__((cold)) void ebb_gpio_clock_enable(unsigned port)
{
    EBB_STM32_RCC->AHB1ENR |= EBB_RCC_AHB1ENR_GPIO(port);
    /* RM0390 6.3.x: two AHB cycles must pass before the port answers; the
     * read-back provides them. */
    (void)EBB_STM32_RCC->AHB1ENR;
}

__attribute__((cold)) static void set_mode(ebb_stm32_gpio_regs *g, unsigned pin, unsigned mode, ebb_gpio_pull pull)
{
    g->PUPDR = (g->PUPDR & ~(3u << (2u * pin))) | ((uint32_t)pull << (2u * pin));
    g->OSPEEDR |= 3u << (2u * pin);
    g->MODER = (g->MODER & ~(3u << (2u * pin))) | (mode << (2u * pin));
}

__attribute__((cold)) void ebb_gpio_output(unsigned port, unsigned pin, bool level)
{
    ebb_stm32_gpio_regs *g = EBB_STM32_GPIO(port);
    ebb_gpio_clock_enable(port);
    ebb_gpio_write(port, pin, level); /* level first: no glitch when MODER switches */
    g->OTYPER &= ~(1u << pin);
    set_mode(g, pin, EBB_GPIO_MODE_OUTPUT, EBB_GPIO_PULL_NONE);
}

__attribute__((cold)) void ebb_gpio_input(unsigned port, unsigned pin, ebb_gpio_pull pull)
{
    ebb_gpio_clock_enable(port);
    set_mode(EBB_STM32_GPIO(port), pin, EBB_GPIO_MODE_INPUT, pull);
}

__attribute__((cold)) void ebb_gpio_alternate(unsigned port, unsigned pin, unsigned af, ebb_gpio_pull pull)
{
    ebb_stm32_gpio_regs *g = EBB_STM32_GPIO(port);
    ebb_gpio_clock_enable(port);
    unsigned shift = 4u * (pin & 7u);
    g->AFR[pin >> 3] = (g->AFR[pin >> 3] & ~(0xFu << shift)) | ((uint32_t)af << shift);
    set_mode(g, pin, EBB_GPIO_MODE_AF, pull);
}
