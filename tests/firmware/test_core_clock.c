/*
 * test_core_clock - ebb's clock against QEMU's virtual clock.  Under
 * -icount shift=N every instruction takes 2^N ns of virtual time, so a loop
 * of a known number of instructions lasts a known time; ebb_now() must see
 * that time, within 1 %.  A board whose time driver is set up for the wrong
 * clock (EBB_BOARD_CORE_HZ, a timer's input clock or prescaler) fails here
 * with the ratio, whatever its reference timers say.  Interrupts stay on:
 * the time driver's own handlers run inside the loop and add their
 * instructions to both sides.
 */
#include "fwtest.h"

#define SPIN_NS 50000000u /* 50 ms of virtual time */

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_core_clock\n");
    uint32_t const pairs = SPIN_NS / (2u << FW_ICOUNT_SHIFT);
    ebb_ticks const t0 = ebb_now();
    fw_spin_pairs(pairs);
    ebb_ticks const t1 = ebb_now();
    uint64_t const expect_us = (uint64_t)pairs * (2u << FW_ICOUNT_SHIFT) / 1000u;
    uint64_t const got_us = (t1 - t0) * 1000000u / EBB_CONFIG_TICK_HZ;
    ebb_board_puts("spin of ");
    fw_put_u64(expect_us);
    ebb_board_puts(" us by instruction count; ebb_now() saw ");
    fw_put_u64(got_us);
    ebb_board_puts(" us\n");
    FW_CHECK(got_us * 100u >= expect_us * 99u);
    FW_CHECK(got_us * 100u <= expect_us * 101u);
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
