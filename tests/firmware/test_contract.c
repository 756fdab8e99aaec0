/*
 * test_contract - a failed contract of ebb's core is reported and ends the
 * run with the panic status, on any board: ebb_ticker_start() with a zero
 * period (contract time:2) must print "PANIC time:2" and exit with 100
 * (ctest expects both; a "pass" of this firmware would be the failure).
 */
#include "fwtest.h"

static ebb_ticker ticker;

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_contract\n");
    ebb_ticker_start(&ticker, 0);
    ebb_board_puts("no contract violation reported\n");
    ebb_board_exit(0);
}
