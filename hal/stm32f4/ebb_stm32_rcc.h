/*
 * ebb_stm32_rcc.h - STM32F4 clock tree setup: HSE -> PLL -> SYSCLK.
 */
#ifndef EBB_STM32_RCC_H
#define EBB_STM32_RCC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint32_t hse_hz;   /* external clock frequency */
    bool hse_bypass;   /* true: an external clock signal (ST-LINK MCO), no crystal */
    uint8_t pll_m;     /* VCO input = hse / m (1-2 MHz) */
    uint16_t pll_n;    /* VCO = input * n (100-432 MHz) */
    uint8_t pll_p;     /* SYSCLK = VCO / p (2, 4, 6, 8) */
    uint8_t pll_q;     /* 48 MHz domain = VCO / q */
    uint8_t flash_ws;  /* flash wait states for SYSCLK at 2.7-3.6 V */
    bool overdrive;    /* F446/F42x: needed above 168 MHz */
} ebb_stm32_clock_config;

/** The study's clock: HSE 8 MHz bypass, M=4 N=180 P=2 -> 180 MHz, 5 WS,
 *  over-drive (STM32F446).  AHB 180, APB1 45 (/4), APB2 90 (/2). */
extern const ebb_stm32_clock_config ebb_stm32_clock_f446_180mhz;
/** Its initializer: a board that keeps its own copy lets the compiler fold
 *  ebb_stm32_clock_sysclk() of it to a constant. */
#define EBB_STM32_CLOCK_F446_180MHZ {8000000u, true, 4, 180, 2, 8, 5, true}

/** STM32F405/407: HSE 8 MHz, M=4 N=168 P=2 Q=7 -> 168 MHz, 5 WS.
 *  AHB 168, APB1 42 (/4), APB2 84 (/2). */
extern const ebb_stm32_clock_config ebb_stm32_clock_f405_168mhz;
/** Its initializer (see EBB_STM32_CLOCK_F446_180MHZ). */
#define EBB_STM32_CLOCK_F405_168MHZ {8000000u, false, 4, 168, 2, 7, 5, false}

/**
 * Switch SYSCLK to the PLL as configured (AHB /1, APB1 /4, APB2 /2), with
 * the flash caches and prefetch on.  Every wait for a ready bit is bounded;
 * returns false (leaving the chip on the 16 MHz HSI) if one times out.
 * Context: main, once, before the peripherals are clocked from it.
 * Cost: up to a few ms (PLL lock).
 */
bool ebb_stm32_clock_init(const ebb_stm32_clock_config *cfg);

/** SYSCLK = HCLK in Hz for `cfg` (what ebb_stm32_clock_init sets).
 *  Context: any.  Cost: a division. */
static inline uint32_t ebb_stm32_clock_sysclk(const ebb_stm32_clock_config *cfg)
{
    /* 32-bit on purpose: the VCO input (hse / m) is 1-2 MHz and the VCO at
     * most 432 MHz, and a 64-bit division would pull in 700 bytes of libgcc. */
    return cfg->hse_hz / cfg->pll_m * cfg->pll_n / cfg->pll_p;
}

#ifdef __cplusplus
}
#endif

#endif /* EBB_STM32_RCC_H */
