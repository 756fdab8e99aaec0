/*
 * test_null - a load through a NULL pointer faults with a report where the
 * board guards address 0 (EBB_FW_NULL_FAULT: the ARMv7-M boards, whose MPU
 * covers the first bytes of the map - all of the guard where the vector
 * table is elsewhere, the table's own words where it is at 0), instead of
 * reading whatever is mapped there.
 */
#include "fwtest.h"

struct sensor {
    uint32_t id;
    uint32_t reading;
};

int main(void)
{
    ebb_board_init();
    ebb_board_puts("test_null\n");
    struct sensor *volatile s = NULL;
    uint32_t v = s->reading; /* offset 4 from NULL */
    fw_put_u64(v);
    ebb_board_puts(": read through NULL, no fault\n");
    return 0;
}
