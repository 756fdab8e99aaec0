/*
 * test_machine - the facts about QEMU 7.2's virt machine that ebb's RISC-V
 * port and board rely on (docs/riscv.md), checked under -icount shift=0:
 *   - reset: the hart starts at 0x80000000 in machine mode; mtimecmp
 *     resets to 0, so the timer interrupt is already pending
 *     (mip.MTIP) until the driver writes the compare;
 *   - mtime runs at 10 MHz: one tick per 100 instructions at 1 ns each;
 *   - WFI returns on a pending enabled interrupt even with mstatus.MIE = 0;
 *   - the UART's interrupt reaches the PLIC as source 10;
 *   - the Goldfish RTC counts host nanoseconds even under -icount.
 * Prints what it measured; exits 0 only if every fact holds.
 */
#include "ebb_mtimer_time.h"
#include "fwtest.h"

#define MTIMECMP_LO EBB_RV_REG32(EBB_VIRT_MTIMECMP)
#define MTIMECMP_HI EBB_RV_REG32(EBB_VIRT_MTIMECMP + 4u)
#define MTIME_LO EBB_RV_REG32(EBB_VIRT_MTIME)
#define MTIME_HI EBB_RV_REG32(EBB_VIRT_MTIME + 4u)
#define PLIC_CLAIM EBB_RV_REG32(EBB_VIRT_PLIC + 0x200004u)

extern char _start[];

static uint64_t mtime(void)
{
    uint32_t hi, lo;
    do {
        hi = MTIME_HI;
        lo = MTIME_LO;
    } while (MTIME_HI != hi);
    return ((uint64_t)hi << 32) | lo;
}

int main(void)
{
    /* Before ebb_board_init(): the reset state. */
    uint32_t mip0 = EBB_RV_CSR_READ(mip);
    uint32_t cmp0 = MTIMECMP_LO | MTIMECMP_HI;
    ebb_board_init();
    ebb_board_puts("test_machine\n");
    FW_CHECK((uintptr_t)_start == 0x80000000u);
    FW_CHECK(cmp0 == 0 && (mip0 & EBB_RV_MIE_MTIE) != 0);

    /* mtime rate: a 2-instruction loop run 100000 times (+ a few). */
    uint32_t i0 = EBB_RV_CSR_READ(minstret);
    uint64_t t0 = mtime();
    __asm volatile("li t0, 100000\n1: addi t0, t0, -1\n bnez t0, 1b" ::: "t0");
    uint64_t t1 = mtime();
    uint32_t i1 = EBB_RV_CSR_READ(minstret);
    fw_put_line("instructions: ", i1 - i0);
    fw_put_line("mtime ticks: ", (uint32_t)(t1 - t0));
    FW_CHECK((i1 - i0) / 100u == (uint32_t)(t1 - t0) || (i1 - i0) / 100u + 1u == (uint32_t)(t1 - t0));

    /* WFI with MIE clear wakes on the (enabled) timer interrupt; the
     * interrupt is then taken by the driver once MIE is set again. */
    uint32_t alarms = ebb_mtimer_alarms();
    ebb_irq_state s = ebb_port_lock();
    uint64_t target = mtime() + 5000u;
    MTIMECMP_LO = UINT32_MAX;
    MTIMECMP_HI = (uint32_t)(target >> 32);
    MTIMECMP_LO = (uint32_t)target;
    __asm volatile("wfi" ::: "memory");
    uint64_t woke = mtime();
    uint32_t mip = EBB_RV_CSR_READ(mip);
    ebb_port_unlock(s);
    FW_CHECK(woke >= target && woke - target < 10u);
    FW_CHECK((mip & EBB_RV_MIE_MTIE) != 0);
    FW_CHECK(ebb_mtimer_alarms() == alarms + 1u);

    /* The UART's "transmitter empty" interrupt, claimed by hand with the
     * console's source masked at the hart (MIE clear). */
    s = ebb_port_lock();
    volatile uint8_t *uart = (volatile uint8_t *)EBB_VIRT_UART;
    uart[1] = 0x03; /* IER: receive + THR empty */
    for (volatile int k = 0; k < 10; k++) {
    }
    uint32_t id = PLIC_CLAIM;
    uart[1] = 0x01;
    (void)uart[2];
    PLIC_CLAIM = id;
    ebb_port_unlock(s);
    fw_put_line("uart plic source: ", id);
    FW_CHECK(id == EBB_VIRT_UART_IRQ);

    /* Goldfish RTC: host nanoseconds, moving. */
    uint32_t r0 = EBB_RV_REG32(0x00101000u);
    for (volatile int k = 0; k < 100000; k++) {
    }
    uint32_t r1 = EBB_RV_REG32(0x00101000u);
    FW_CHECK(r1 != r0);

    ebb_board_puts("PASS\n");
    return 0;
}
