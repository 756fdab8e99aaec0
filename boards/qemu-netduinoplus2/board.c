/*
 * board.c - QEMU netduinoplus2: USART1 console, SysTick time, and a virtual
 * button on "PC13" driven by a scripted finger or by console keys.
 *
 * QEMU models no RCC, GPIO or EXTI inputs, so clock setup is skipped, GPIO
 * writes are stores into the void (kept: the scope plugin sees bit-band
 * stores), and the button is simulated (see ebb_stm32_exti_virtual_edge).
 */
#include "ebb_board.h"

#include "ebb_board_keys.h" /* Ctrl-B: the key player */
#include "ebb_stm32_exti.h"
#include "ebb_stm32_usart.h"
#include "ebb_board_virtual.h"
#include "ebb_systick_time.h"

static ebb_stm32_usart console;
ebb_uart *const ebb_board_console = &console.uart;

/* QEMU ignores BRR; any plausible APB2 clock will do. */
#define CONSOLE_PCLK_HZ 84000000u

static volatile bool button_level;
static volatile uint32_t button_missed;
static volatile bool keys_mode;

uint32_t ebb_board_core_hz(void)
{
    return EBB_BOARD_CORE_HZ;
}

bool ebb_board_semihosting(void)
{
    return true; /* the test and run command lines enable it */
}

bool ebb_board_button_pressed(void)
{
    return button_level;
}

void ebb_board_exit(int code)
{
    ebb_semihost_exit(code);
}

void ebb_board_button_set(bool pressed)
{
    ebb_irq_state s = ebb_port_lock();
    if (button_level != pressed) {
        button_level = pressed;
        if (pressed) {
            EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_BUTTON_PORT, EBB_BOARD_BUTTON_PIN);
        } else {
            EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_BUTTON_PORT, EBB_BOARD_BUTTON_PIN);
        }
        if (!ebb_stm32_exti_virtual_edge(EBB_BOARD_BUTTON_LINE,
                                   pressed ? EBB_STM32_EXTI_RISING : EBB_STM32_EXTI_FALLING)) {
            button_missed++; /* no wait selected it: lost, and counted */
        }
    }
    ebb_port_unlock(s);
}

uint32_t ebb_board_button_missed(void) { return button_missed + ebb_stm32_exti_missed(); }

bool ebb_board_virtual_armed(bool pressed)
{
    uint32_t selected = pressed ? EBB_STM32_EXTI->RTSR : EBB_STM32_EXTI->FTSR;
    return (selected & EBB_STM32_EXTI->IMR & (1u << EBB_BOARD_BUTTON_LINE)) != 0;
}

/* ---- the finger's executor (the finger: boards/virtual/finger.c) ---- */

static EBB_CM_IRQ_EXECUTOR_DEFINE(finger_exec, EBB_BOARD_FINGER_IRQ, EBB_BOARD_PRIO_FINGER);

EBB_CM_IRQ_EXECUTOR_HANDLER(SPI4_IRQHandler, finger_exec)

static void finger_hold(bool held)
{
    if (held) {
        ebb_cm_irq_disable(EBB_BOARD_FINGER_IRQ);
    } else {
        ebb_cm_irq_enable(EBB_BOARD_FINGER_IRQ);
    }
}

/* ---- console keys: the button without losing the console ---- */

/* Ctrl-B on the console is the button: each one is a press or a release,
 * taken out of the console stream, so a console app and the button work at
 * once.  (ebb_board_keys_toggle_button(true) makes every byte a button key,
 * as before.)  Keys are queued and played one edge at a time by a task on
 * the finger's executor: an edge waits until the application has armed the
 * line for it, so a burst typed faster than the application re-arms is
 * delivered in full instead of coalescing.  An edge nobody arms for within
 * a second still changes the level (ebb_board_key_player.h). */

/* The key player's two hooks (ebb_board_key_player.h): the edge a key
 * stands for, if the EXTI line is armed for it; else, after its wait, the
 * level anyway. */
bool ebb_board_key_edge_if_armed(void)
{
    ebb_irq_state s = ebb_port_lock();
    bool pressed = !button_level;
    bool armed = ebb_stm32_exti_virtual_edge(EBB_BOARD_BUTTON_LINE,
                                       pressed ? EBB_STM32_EXTI_RISING : EBB_STM32_EXTI_FALLING);
    if (armed) {
        button_level = pressed;
        if (pressed) {
            EBB_STM32_GPIO_PROBE_HIGH(EBB_BOARD_BUTTON_PORT, EBB_BOARD_BUTTON_PIN);
        } else {
            EBB_STM32_GPIO_PROBE_LOW(EBB_BOARD_BUTTON_PORT, EBB_BOARD_BUTTON_PIN);
        }
    }
    ebb_port_unlock(s);
    return armed;
}

void ebb_board_key_edge_forced(void)
{
    ebb_board_button_set(!button_level);
}

void ebb_board_keys_toggle_button(bool enable)
{
    keys_mode = enable;
}


void USART1_IRQHandler(void)
{
    uint16_t const from = ebb_board_keys_mark(&console.uart);
    ebb_stm32_usart_isr(&console);
    ebb_board_take_keys(&console.uart, from, keys_mode);
}

void ebb_board_init(void)
{
    ebb_stm32_usart_init(&console, EBB_STM32_USART1_BASE, EBB_BOARD_CONSOLE_IRQ, CONSOLE_PCLK_HZ,
                         115200u, EBB_BOARD_PRIO_CONSOLE);
    ebb_board_console_rx_init();
    ebb_board_led(false);
    EBB_BOARD_PROBE_IRQ_LOW();
    EBB_BOARD_PROBE_THREAD_LOW();
    ebb_stm32_exti_init_line(EBB_BOARD_BUTTON_LINE, EBB_BOARD_BUTTON_PORT, EBB_BOARD_PRIO_EXTI);
    ebb_cm_irq_executor_init(&finger_exec, EBB_BOARD_FINGER_IRQ, EBB_BOARD_PRIO_FINGER);
    ebb_board_finger_attach(&finger_exec.ex, finger_hold);
    (void)ebb_board_key_player_start(&finger_exec.ex);
    ebb_systick_time_init(EBB_BOARD_CORE_HZ);
}

#if EBB_CONFIG_TRACE || EBB_CONFIG_TASK_STATS
/* The profiling clock is QEMU's TIM2 (EBB_CONFIG_PROFILE_COUNTER,
 * board.cmake), which counts virtual nanoseconds from reset with no set-up
 * (the firmware suite's reference clock, tests/firmware/ref_stm32_tim2.c):
 * finer than ebb's microsecond clock, and readable before the time driver
 * starts. */
uint32_t ebb_profile_clock_hz(void) { return 1000000000u; }
#endif
