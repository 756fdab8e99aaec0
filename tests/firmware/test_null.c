/*
 * test_null - a load through a NULL pointer faults with a report where the
 * board guards address 0 (EBB_FW_NULL_FAULT: the STM32 boards, whose vector
 * table is not at 0), instead of reading whatever is mapped there.
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
