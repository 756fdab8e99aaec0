/*
 * The showdown application on an STM32 board: the EXTI interrupt handler,
 * wrapped by the PG0 probe as in the study, and the three tasks on one
 * thread-mode executor.
 *
 * The measurement lab builds this file with SHOWDOWN_LAB=1, which brings in
 * its harness (lab/showdown/): on the QEMU board a scripted finger presses
 * the button and a supervisor ends the run; its other builds add a
 * background load, the button task on a preemptive executor, or
 * self-timing on the NUCLEO.  Without it, the lab's hooks are empty.
 */
#include "ebb_board.h"
#include "ebb_stm32_exti.h" /* this main's own EXTI handler */
#include "showdown.h"
#if SHOWDOWN_LAB
#include "showdown_lab.h"
#else
#define SHOWDOWN_LAB_IRQ_ENTER() ((void)0)
#define SHOWDOWN_LAB_IRQ_EXIT() ((void)0)
#endif

/* hot: placed with the rest of the measured path (port/cortex-m/sections.ld). */
__attribute__((hot)) void EXTI15_10_IRQHandler(void)
{
    EBB_BOARD_PROBE_IRQ_HIGH();
    SHOWDOWN_LAB_IRQ_ENTER();
    EBB_TRACE_ISR_ENTER(ebb_cm_ipsr());
    ebb_stm32_exti_dispatch(EBB_STM32_EXTI_LINES_15_10);
    EBB_TRACE_ISR_EXIT(ebb_cm_ipsr());
    SHOWDOWN_LAB_IRQ_EXIT();
    EBB_BOARD_PROBE_IRQ_LOW();
}

static EBB_EXECUTOR_DEFINE(exec, NULL);

/* The study's application only writes to the console: no receive ring. */
EBB_BOARD_CONSOLE_NO_RX()

#if SHOWDOWN_LAB
#include "harness.c" /* the lab's harness, here so the measured code keeps its place */
#endif

/* The thread-mode loop on `exec`: poll; when nothing is ready, sleep in the
 * race-free WFI sequence (interrupts masked while deciding, so a wake between
 * the check and the WFI still ends the WFI).  ebb_executor_run() does the
 * same; this copy is laid out for the measured path: the loop starts at the
 * unmasking, so the interrupt that ended the WFI is taken right there and
 * returns straight into the poll, in the same flash line, with no ISB
 * (without it the interrupt is still taken within a few instructions, and a
 * wake the poll misses is seen by the check before the next WFI).  hot:
 * placed with the rest of the measured path (port/cortex-m/sections.ld).
 * The QEMU board, whose own idle spins, sleeps here too: idle time is not
 * measured, and spinning would make the scope model every idle cycle.
 *
 * It never returns, but speed builds do not let the compiler find that out
 * (noipa): main() then ends in a tail call to it, and main's frame (8 bytes)
 * is not under every task and interrupt on the one stack - the measured
 * peak.  The size profile inlines main() into the reset code (LTO), where a
 * call known never to return drops the code after it instead. */
#if defined(__OPTIMIZE_SIZE__)
__attribute__((noinline, hot))
#else
__attribute__((noipa, hot))
#endif
static int showdown_run(void)
{
    for (;;) {
        __asm volatile("cpsie i" ::: "memory");
        while (ebb_executor_poll(&exec)) {
        }
        __asm volatile("cpsid i" ::: "memory");
        if (!ebb_executor_has_work(&exec)) {
            EBB_EXECUTOR_IDLE_ENTER(&exec);
            __asm volatile("dsb\n\twfi" ::: "memory");
            EBB_EXECUTOR_IDLE_EXIT(&exec);
        }
    }
    return 0; /* never */
}

int main(void)
{
    ebb_board_init();
    /* The executor is usable as defined: no ebb_executor_init(). */
#if SHOWDOWN_LAB
    showdown_lab_start(&exec);
#else
    showdown_start(&exec, &exec);
#endif
    return showdown_run();
}
