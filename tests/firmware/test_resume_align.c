/*
 * test_resume_align - a poll function placed at an address that is 2 mod 4
 * (a halfword-aligned function, as -Os lays them out) resumes at its
 * labels: the port's coroutine label addresses hold whatever the
 * function's alignment (port/cortex-m/ebb_port_impl.h).  The function
 * follows a 2-byte pad in a section of its own; the test checks that the
 * placement came out so, then awaits through three resume points.
 */
#include "fwtest.h"

#if defined(__thumb2__) && !defined(__clang__)
#define FW_MISALIGN 1
/* Four bytes from a word boundary, a function of one halfword, then the
 * poll function in a section of its own that is only halfword-aligned, as
 * -Os makes them: the linker puts it at 2 mod 4, after the assembler fixed
 * its code. */
void fw_resume_pad(void);
__asm__(".section .text.fw_resume_a0,\"ax\",%progbits\n"
        ".p2align 2\n"
        "nop\n"
        "nop\n" /* four bytes from a word boundary */
        ".section .text.fw_resume_a1,\"ax\",%progbits\n"
        ".p2align 1\n"
        ".global fw_resume_pad\n"
        ".type fw_resume_pad, %function\n"
        ".thumb_func\n"
        "fw_resume_pad:\n"
        "bx lr\n" /* two bytes, halfword-aligned: what follows is at 2 mod 4 */
        ".size fw_resume_pad, 2\n"
        ".previous\n");
#define FW_PLACE __attribute__((section(".text.fw_resume_b"), noinline, optimize("Os")))
#else
#define FW_MISALIGN 0
#define FW_PLACE
#endif

struct stepper {
    ebb_task task;
    ebb_timer timer;
    unsigned steps;
};

FW_PLACE static ebb_poll_t stepper_poll(ebb_task *self, ebb_cx *cx)
{
    struct stepper *s = EBB_CONTAINER_OF(self, struct stepper, task);
    EBB_BEGIN(cx, &self->co);
    s->steps = 1;
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_US(100)));
    s->steps = 2;
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_US(100)));
    s->steps = 3;
    EBB_AWAIT(ebb_sleep_for(&s->timer, EBB_US(100)));
    s->steps = 4;
    EBB_END();
}

static EBB_TASK_DEFINE(stepper, struct stepper, stepper_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_resume_align\n");
#if FW_MISALIGN
    void (*volatile pad)(void) = fw_resume_pad; /* kept: the linker places it first */
    (void)pad;
    FW_CHECK(((uintptr_t)&stepper_poll & 3u) == 3u); /* Thumb bit + 2: the case under test */
#endif
    ebb_executor_init(&exec, NULL);
    FW_CHECK(ebb_task_spawn(&exec, &stepper.task) == EBB_OK);
    ebb_ticks const until = ebb_now() + EBB_MS(50);
    for (;;) {
        (void)ebb_executor_poll(&exec);
        /* Checked before idling: once the task has ended nothing is armed,
         * and an idle then waits for an interrupt that never comes. */
        if (ebb_task_state(&stepper.task) != EBB_TASK_RUNNING || ebb_now() >= until) {
            break;
        }
        ebb_port_idle(&exec);
    }
    FW_CHECK(stepper.steps == 4u);
    ebb_board_puts("PASS\n");
    return 0;
}
