/*
 * probe_pl081 - what QEMU's PL081 does, measured with raw register
 * accesses and no driver; test_pl081 relies on these facts and
 * ebb_pl081.h states them:
 *   1. the secure alias of DMA0 answers with the PPC at its reset state
 *      (the peripheral ID reads 0x81 0x10 0x04 0x0a);
 *   2. a memory-to-memory transfer has finished when the store that
 *      enables its channel completes (TransferSize 0, channel disabled,
 *      raw terminal-count status set, the bytes copied);
 *   3. the masked terminal-count status follows the channel's ITC bit;
 *   4. a transfer from an address nothing answers completes with no
 *      error status, the destination written with zeros;
 *   5. the interrupt lines follow the status only at a store to a
 *      controller register (0x000-0x0FF): after the enabling store to a
 *      channel register the terminal-count line stays low until, say,
 *      IntTCClear is written (with 0: it clears nothing);
 *   6. a memory-to-peripheral transfer (flow 1) waits for its request
 *      line, and no peripheral of the AN505 raises one: nothing moves.
 */
#include "fwtest.h"
#include "ebb_cortex_m.h"
#include "ebb_pl081_regs.h"

static uint8_t src[64], dst[64];

int main(void)
{
    ebb_board_init();
    ebb_pl081_regs *r = (ebb_pl081_regs *)EBB_BOARD_DMA0_BASE;
    volatile uint32_t *id = (volatile uint32_t *)(EBB_BOARD_DMA0_BASE + 0xFE0u);
    FW_CHECK(id[0] == 0x81u && id[1] == 0x10u && id[2] == 0x04u && id[3] == 0x0au);

    for (unsigned i = 0; i < sizeof src; i++) {
        src[i] = (uint8_t)(i * 7u + 1u);
        dst[i] = 0xEE;
    }
    r->CONFIG = EBB_PL081_CONFIG_E;
    r->CH[0].SRC = (uint32_t)(uintptr_t)src;
    r->CH[0].DST = (uint32_t)(uintptr_t)dst;
    r->CH[0].LLI = 0;
    r->CH[0].CTRL = 16u | (2u << EBB_PL081_CTRL_SWIDTH_SHIFT) | (2u << EBB_PL081_CTRL_DWIDTH_SHIFT) |
                    EBB_PL081_CTRL_SI | EBB_PL081_CTRL_DI | EBB_PL081_CTRL_I;
    r->CH[0].CONFIG = EBB_PL081_CCFG_E; /* ITC masked */
    uint32_t const ctrl = r->CH[0].CTRL, cfg = r->CH[0].CONFIG;
    uint32_t const raw = r->RAW_TC_STATUS, tc = r->INT_TC_STATUS;
    fw_put_line("size after enable: ", ctrl & EBB_PL081_CTRL_SIZE_MASK);
    fw_put_line("enabled after: ", cfg & EBB_PL081_CCFG_E);
    fw_put_line("raw tc: ", raw);
    fw_put_line("masked tc (ITC 0): ", tc);
    FW_CHECK((ctrl & EBB_PL081_CTRL_SIZE_MASK) == 0 && (cfg & EBB_PL081_CCFG_E) == 0);
    FW_CHECK(raw == 1u && tc == 0);
    for (unsigned i = 0; i < sizeof src; i++) {
        FW_CHECK(dst[i] == src[i]);
    }
    r->INT_TC_CLEAR = 1u;
    FW_CHECK(r->RAW_TC_STATUS == 0);

    /* 3: with ITC the masked status shows it. */
    r->CH[0].SRC = (uint32_t)(uintptr_t)src;
    r->CH[0].DST = (uint32_t)(uintptr_t)dst;
    r->CH[0].CTRL = 4u | EBB_PL081_CTRL_SI | EBB_PL081_CTRL_DI | EBB_PL081_CTRL_I;
    r->CH[0].CONFIG = EBB_PL081_CCFG_E | EBB_PL081_CCFG_ITC | EBB_PL081_CCFG_IE;
    fw_put_line("masked tc (ITC 1): ", r->INT_TC_STATUS);
    FW_CHECK(r->INT_TC_STATUS == 1u);
    r->INT_TC_CLEAR = 1u;

    /* 4: a source nothing answers. */
    for (unsigned i = 0; i < sizeof dst; i++) {
        dst[i] = 0xEE;
    }
    r->CH[0].SRC = EBB_FW_PL081_BAD_ADDRESS;
    r->CH[0].DST = (uint32_t)(uintptr_t)dst;
    r->CH[0].CTRL = 4u | (2u << EBB_PL081_CTRL_SWIDTH_SHIFT) | (2u << EBB_PL081_CTRL_DWIDTH_SHIFT) |
                    EBB_PL081_CTRL_SI | EBB_PL081_CTRL_DI | EBB_PL081_CTRL_I;
    r->CH[0].CONFIG = EBB_PL081_CCFG_E | EBB_PL081_CCFG_ITC | EBB_PL081_CCFG_IE;
    fw_put_line("bad source: raw err ", r->RAW_ERR_STATUS);
    fw_put_line("bad source: raw tc ", r->RAW_TC_STATUS);
    fw_put_line("bad source: dst[0] ", dst[0]);
    FW_CHECK(r->RAW_ERR_STATUS == 0 && r->RAW_TC_STATUS == 1u && dst[0] == 0);
    r->INT_TC_CLEAR = 1u;

    /* 5: the DMA line, masked at the NVIC, latches as pending only after
     * a store to a controller register. */
    unsigned const irq = EBB_BOARD_DMA0_IRQ;
    EBB_CM_NVIC_ICPR(irq >> 5) = 1u << (irq & 31u);
    r->CH[0].SRC = (uint32_t)(uintptr_t)src;
    r->CH[0].DST = (uint32_t)(uintptr_t)dst;
    r->CH[0].CTRL = 4u | EBB_PL081_CTRL_SI | EBB_PL081_CTRL_DI | EBB_PL081_CTRL_I;
    r->CH[0].CONFIG = EBB_PL081_CCFG_E | EBB_PL081_CCFG_ITC | EBB_PL081_CCFG_IE;
    uint32_t const before = (EBB_CM_NVIC_ISPR(irq >> 5) >> (irq & 31u)) & 1u;
    r->INT_TC_CLEAR = 0;
    uint32_t const after = (EBB_CM_NVIC_ISPR(irq >> 5) >> (irq & 31u)) & 1u;
    fw_put_line("line pending after the enabling store: ", before);
    fw_put_line("line pending after IntTCClear = 0: ", after);
    FW_CHECK(before == 0 && after == 1u);
    r->INT_TC_CLEAR = 1u;
    EBB_CM_NVIC_ICPR(irq >> 5) = 1u << (irq & 31u);

    /* 6: memory to peripheral 0, DMAC flow control. */
    dst[0] = 0xEE;
    r->CH[0].SRC = (uint32_t)(uintptr_t)src;
    r->CH[0].DST = (uint32_t)(uintptr_t)dst;
    r->CH[0].CTRL = 4u | EBB_PL081_CTRL_SI | EBB_PL081_CTRL_I;
    r->CH[0].CONFIG = EBB_PL081_CCFG_E | (EBB_PL081_FLOW_M2P << EBB_PL081_CCFG_FLOW_SHIFT);
    r->INT_TC_CLEAR = 0;
    fw_put_line("memory to peripheral: items left ", r->CH[0].CTRL & EBB_PL081_CTRL_SIZE_MASK);
    FW_CHECK((r->CH[0].CTRL & EBB_PL081_CTRL_SIZE_MASK) == 4u && (r->CH[0].CONFIG & EBB_PL081_CCFG_E) != 0);
    FW_CHECK(dst[0] == 0xEE && r->RAW_TC_STATUS == 0);
    r->CH[0].CONFIG = 0;
    ebb_board_puts("PASS\n");
    ebb_board_exit(0);
}
