/* rcc.c - clock tree (RM0390 section 6, over-drive: section 5.1.4). */
#include "ebb_stm32_rcc.h"

#include "regs/flash.h"
#include "regs/pwr.h"
#include "regs/rcc.h"

const ebb_stm32_clock_config ebb_stm32_clock_f446_180mhz = EBB_STM32_CLOCK_F446_180MHZ;

const ebb_stm32_clock_config ebb_stm32_clock_f405_168mhz = EBB_STM32_CLOCK_F405_168MHZ;

/* ~10 ms at 16 MHz HSI: far beyond any datasheet start-up time, short enough
 * that a board without the clock (or QEMU) does not hang. */
#define READY_SPINS 40000u

/* cold: set-up (and panic) code runs once; at -O3 it would otherwise be
 * unrolled and inlined for a speed nobody can measure.  It is compiled for
 * size and kept away from the code that runs all the time. */
__attribute__((cold)) static bool wait_set(volatile uint32_t *reg, uint32_t mask, uint32_t want)
{
    for (uint32_t i = 0; i < READY_SPINS; i++) {
        if ((*reg & mask) == want) {
            return true;
        }
    }
    return false;
}

__attribute__((cold)) bool ebb_stm32_clock_init(const ebb_stm32_clock_config *cfg)
{
    ebb_stm32_rcc_regs *rcc = EBB_STM32_RCC;

    rcc->APB1ENR |= EBB_STM32_RCC_APB1ENR_PWREN;
    (void)rcc->APB1ENR;
    /* Scale 1 before the PLL runs; the field is one bit wide on the F405
     * and two on the parts with over-drive. */
    EBB_STM32_PWR->CR |= cfg->overdrive ? EBB_PWR_CR_VOS_SCALE1_F446 : EBB_PWR_CR_VOS_SCALE1_F405;

    rcc->CR |= EBB_STM32_RCC_CR_HSEON | (cfg->hse_bypass ? EBB_STM32_RCC_CR_HSEBYP : 0u);
    if (!wait_set(&rcc->CR, EBB_STM32_RCC_CR_HSERDY, EBB_STM32_RCC_CR_HSERDY)) {
        return false;
    }

    /* The PLL may only be reconfigured while it is off. */
    rcc->CR &= ~EBB_STM32_RCC_CR_PLLON;
    rcc->PLLCFGR = EBB_STM32_RCC_PLLCFGR_M(cfg->pll_m) | EBB_STM32_RCC_PLLCFGR_N(cfg->pll_n) |
                   EBB_STM32_RCC_PLLCFGR_P(cfg->pll_p) | EBB_STM32_RCC_PLLCFGR_SRC_HSE |
                   EBB_STM32_RCC_PLLCFGR_Q(cfg->pll_q) | EBB_STM32_RCC_PLLCFGR_R(2);
    rcc->CR |= EBB_STM32_RCC_CR_PLLON;
    if (!wait_set(&rcc->CR, EBB_STM32_RCC_CR_PLLRDY, EBB_STM32_RCC_CR_PLLRDY)) {
        return false;
    }

    if (cfg->overdrive) {
        /* RM0390 5.1.4: enable over-drive, then switch to it, each step
         * acknowledged by the PWR controller, before raising SYSCLK. */
        EBB_STM32_PWR->CR |= EBB_PWR_CR_ODEN;
        if (!wait_set(&EBB_STM32_PWR->CSR, EBB_PWR_CSR_ODRDY, EBB_PWR_CSR_ODRDY)) {
            return false;
        }
        EBB_STM32_PWR->CR |= EBB_PWR_CR_ODSWEN;
        if (!wait_set(&EBB_STM32_PWR->CSR, EBB_PWR_CSR_ODSWRDY, EBB_PWR_CSR_ODSWRDY)) {
            return false;
        }
    }

    /* Wait states before the clock goes up, never after. */
    EBB_STM32_FLASH->ACR = EBB_FLASH_ACR_LATENCY(cfg->flash_ws) | EBB_FLASH_ACR_PRFTEN |
                           EBB_FLASH_ACR_ICEN | EBB_FLASH_ACR_DCEN;
    if (!wait_set(&EBB_STM32_FLASH->ACR, EBB_FLASH_ACR_LATENCY_MASK,
                  EBB_FLASH_ACR_LATENCY(cfg->flash_ws))) {
        return false;
    }

    rcc->CFGR = EBB_STM32_RCC_CFGR_HPRE_DIV1 | EBB_STM32_RCC_CFGR_PPRE1_DIV4 | EBB_STM32_RCC_CFGR_PPRE2_DIV2 |
                EBB_STM32_RCC_CFGR_SW_PLL;
    return wait_set(&rcc->CFGR, EBB_STM32_RCC_CFGR_SWS_MASK, EBB_STM32_RCC_CFGR_SWS_PLL);
}
