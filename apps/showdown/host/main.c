/*
 * The showdown application on the host port: a deterministic "finger"
 * presses the simulated button 100 times at pseudo-random moments while
 * virtual time runs; the console lines go to stdout.  Exit status 0 only if
 * all 200 edges were counted and every line was written in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb_board_host.h"
#include "ebb_host.h"
#include "showdown.h"

#define PRESSES 100

static unsigned lines_written;
static uint32_t expect_next = 1;
static int bad_lines;

/* The simulated EXTI interrupt: the button's level changed. */
static void exti_isr(void *arg)
{
    ebb_board_button_set(arg != NULL);
}

/* Each console write, when its last byte is out: check it. */
static void console_line(const void *buf, size_t len)
{
    char line[SHOWDOWN_MSG_SIZE + 1], expect[SHOWDOWN_MSG_SIZE + 1];
    if (len > SHOWDOWN_MSG_SIZE) {
        bad_lines++;
        return;
    }
    memcpy(line, buf, len);
    line[len] = '\0';
    snprintf(expect, sizeof expect, "Button is %d (%u)\n", (int)(expect_next % 2), (unsigned)expect_next);
    bad_lines += strcmp(line, expect) != 0;
    expect_next++;
    lines_written++;
}

static uint32_t rng = 0x2545F491u;

int main(void)
{
    static EBB_EXECUTOR_DEFINE(ex, NULL);
    ebb_host_reset(0);
    ebb_executor_init(&ex, NULL);
    ebb_board_host_init(&ex);
    ebb_board_host_console_observer(console_line);
    showdown_start(&ex, &ex);

    printf("ebb showdown on the host port (virtual time, simulated button)\n");
    ebb_ticks t = EBB_MS(50);
    for (int i = 0; i < PRESSES; i++) {
        /* Press, hold 1-120 ms, release, pause 1-300 ms: some edges land
         * while the writer is still busy with earlier lines. */
        ebb_host_run_until(&ex, t);
        ebb_host_irq(exti_isr, (void *)(intptr_t)1);
        t += EBB_MS(1 + showdown_rand(&rng) % 120);
        ebb_host_run_until(&ex, t);
        ebb_host_irq(exti_isr, (void *)(intptr_t)0);
        t += EBB_MS(1 + showdown_rand(&rng) % 300);
    }
    ebb_host_run_until(&ex, t + EBB_MS(100));

    printf("--\n%u lines, button count %u, %u LED flashes, %.3f s of virtual time\n",
           lines_written, (unsigned)showdown_count(), ebb_board_host_led_ons(), (double)ebb_now() / EBB_CONFIG_TICK_HZ);
    printf("application RAM in ebb objects: %zu bytes on this host "
           "(see the firmware build for the MCU figure)\n", showdown_ram_bytes());
    if (lines_written != 2 * PRESSES || showdown_count() != 2 * PRESSES || bad_lines != 0 ||
        showdown_pending() != 0) {
        fprintf(stderr, "showdown: FAILED (%d bad lines)\n", bad_lines);
        return 1;
    }
    return 0;
}
