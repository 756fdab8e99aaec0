/*
 * board.c - NUCLEO-F446ZE, configured as in the showdown study: 180 MHz from
 * the ST-LINK's 8 MHz MCO (HSE bypass), USART3 console on the ST-LINK VCP,
 * LD1 on PB0, B1 on PC13 (EXTI13), probe pins PG0/PG1, TIM2 as ebb's clock
 * (or SysTick with EBB_NUCLEO_TIME=systick).  The DWT cycle counter is
 * left to the programs that read it (ebb_cm_cyccnt_start()): an image that
 * never does carries no code for it.
 */
#include "ebb_board.h"

#include "ebb_stm32_exti.h"
#include "ebb_stm32_rcc.h"
#include "ebb_stm32_usart.h"
#include "regs/rcc.h"
#if EBB_NUCLEO_TIME_SYSTICK
#include "ebb_systick_time.h"
#else
#include "ebb_stm32_tim_time.h"
#endif

static ebb_stm32_usart console;
ebb_uart *const ebb_board_console = &console.uart;

/* The study's clock, its values visible here: the core clock below folds
 * to a constant. */
static const ebb_stm32_clock_config clock = EBB_STM32_CLOCK_F446_180MHZ;
/* Read back from the clock switch status rather than kept in RAM: the core
 * runs from the PLL (180 MHz) once ebb_stm32_clock_init() succeeded, from
 * HSI (16 MHz) otherwise. */
uint32_t ebb_board_core_hz(void)
{
    return (EBB_STM32_RCC->CFGR & EBB_STM32_RCC_CFGR_SWS_MASK) == EBB_STM32_RCC_CFGR_SWS_PLL
               ? ebb_stm32_clock_sysclk(&clock)
               : 16000000u;
}

bool ebb_board_semihosting(void)
{
    return EBB_BOARD_SEMIHOSTING && ebb_cm_debugger_attached();
}

bool ebb_board_button_pressed(void)
{
    return ebb_stm32_gpio_read(EBB_BOARD_BUTTON_PORT, EBB_BOARD_BUTTON_PIN);
}

__attribute__((cold)) void ebb_board_exit(int code)
{
    if (ebb_board_semihosting()) {
        ebb_semihost_exit(code);
    }
    /* No initialised array: its zero fill would link memset. */
    char num[12];
    *ebb_fmt_dec32(num, code) = '\0';
    ebb_board_puts("EXIT ");
    ebb_board_puts(num);
    ebb_board_puts("\n");
    __asm volatile("cpsid i" ::: "memory");
    for (;;) {
        __asm volatile("wfi");
    }
}

void USART3_IRQHandler(void)
{
    ebb_stm32_usart_isr(&console);
}

__attribute__((cold)) void ebb_board_init(void)
{
    /* On failure the core stays on HSI 16 MHz (ebb_board_core_hz() says
     * so); the console baud below would be wrong, so there is nobody to
     * tell - the LED stays off and time runs slow. */
    (void)ebb_stm32_clock_init(&clock);
    uint32_t core_hz = ebb_board_core_hz();

    /* Every pin in one table (one call instead of one per pin). */
    static const ebb_stm32_gpio_pin pins[] = {
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_D, 8, 7, EBB_STM32_GPIO_PULL_NONE), /* USART3 TX */
        EBB_STM32_GPIO_ALTERNATE(EBB_STM32_GPIO_D, 9, 7, EBB_STM32_GPIO_PULL_UP),   /* USART3 RX */
        EBB_STM32_GPIO_OUTPUT(EBB_BOARD_LED_PORT, EBB_BOARD_LED_PIN, 0),
        EBB_STM32_GPIO_OUTPUT(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_IRQ_PIN, 0),
        EBB_STM32_GPIO_OUTPUT(EBB_BOARD_PROBE_PORT, EBB_BOARD_PROBE_THREAD_PIN, 0),
        EBB_STM32_GPIO_INPUT(EBB_BOARD_BUTTON_PORT, EBB_BOARD_BUTTON_PIN, EBB_STM32_GPIO_PULL_NONE),
    };
    ebb_stm32_gpio_configure(pins, sizeof pins / sizeof pins[0]);
    ebb_stm32_usart_init(&console, EBB_STM32_USART3_BASE, EBB_BOARD_CONSOLE_IRQ, core_hz / 4u,
                         115200u, EBB_BOARD_PRIO_CONSOLE);
    ebb_board_console_rx_init();

    ebb_stm32_exti_init_line(EBB_BOARD_BUTTON_LINE, EBB_BOARD_BUTTON_PORT, EBB_BOARD_PRIO_EXTI);

#if EBB_NUCLEO_TIME_SYSTICK
    ebb_systick_time_init(core_hz);
#else
    ebb_stm32_tim_time_init(core_hz == EBB_BOARD_CORE_HZ ? EBB_BOARD_APB1_TIM_HZ : core_hz);
#endif
}

#if EBB_CONFIG_TRACE || EBB_CONFIG_TASK_STATS
/* Trace timestamps and statistics (ebb/stats.h) in core cycles: the DWT
 * cycle counter, started on first use (a board with a debugger attached
 * may have started it already). */
uint32_t ebb_profile_clock(void)
{
    if ((EBB_CM_DWT_CTRL & 1u) == 0) {
        ebb_cm_cyccnt_start();
    }
    return ebb_cm_cyccnt();
}
uint32_t ebb_profile_clock_hz(void) { return EBB_BOARD_CORE_HZ; }
#endif
