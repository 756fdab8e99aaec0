/*
 * The showdown application on the host port: a deterministic "finger"
 * presses the simulated button 100 times at pseudo-random moments while
 * virtual time runs; the console lines go to stdout.  Exit status 0 only if
 * all 200 edges were counted and every line was written in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebb_host.h"
#include "showdown.h"

#define PRESSES 100

static ebb_waitlist button_waiters;
static enum showdown_edge wanted_edge;
static int button_level;
static unsigned lines_written;
static uint32_t expect_next = 1;
static int bad_lines;
static int led_changes;

ebb_poll_t showdown_button_edge(ebb_wait *w, enum showdown_edge edge)
{
    if (!ebb_cancelling() && w->task == NULL) {
        wanted_edge = edge; /* what EXTI's RTSR/FTSR would select */
    }
    return EBB_POLL(ebb_wait_on)(w, &button_waiters);
}

/* The simulated EXTI interrupt: the level changed; wake on the armed edge. */
static void exti_isr(void *arg)
{
    int level = (int)(intptr_t)arg;
    enum showdown_edge edge = level ? SHOWDOWN_RISING : SHOWDOWN_FALLING;
    button_level = level;
    if (edge == wanted_edge) {
        ebb_waitlist_wake_all(&button_waiters);
    }
}

void showdown_led(bool on) { led_changes += on ? 1 : 0; }

void showdown_probe_thread(bool high) { (void)high; }

ebb_poll_t showdown_console_write(showdown_uart_write *op, const void *buf, size_t len)
{
    /* 10 bits per byte at 115200 baud = 86.8 us per byte. */
    ebb_poll_t r = EBB_POLL(ebb_sleep_for)(&op->timer, EBB_US(87 * len));
    if (ebb_poll_is_ready(r)) {
        char line[SHOWDOWN_MSG_SIZE + 1], expect[SHOWDOWN_MSG_SIZE + 1];
        memcpy(line, buf, len);
        line[len] = '\0';
        fputs(line, stdout);
        snprintf(expect, sizeof expect, "Button is %d (%u)\n", (int)(expect_next % 2), (unsigned)expect_next);
        bad_lines += strcmp(line, expect) != 0;
        expect_next++;
        lines_written++;
    }
    return r;
}

static uint32_t rng = 0x2545F491u;

int main(void)
{
    static EBB_EXECUTOR_DEFINE(ex, NULL);
    ebb_host_reset(0);
    ebb_executor_init(&ex, NULL);
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

    printf("--\n%u lines, button count %u, %d LED flashes, %.3f s of virtual time\n",
           lines_written, (unsigned)showdown_count(), led_changes, (double)ebb_now() / EBB_CONFIG_TICK_HZ);
    printf("application RAM in ebb objects: %zu bytes on this host "
           "(see the firmware build for the MCU figure)\n", showdown_ram_bytes());
    if (lines_written != 2 * PRESSES || showdown_count() != 2 * PRESSES || bad_lines != 0 ||
        showdown_pending() != 0) {
        fprintf(stderr, "showdown: FAILED (%d bad lines)\n", bad_lines);
        return 1;
    }
    return 0;
}
