/*
 * ebb_pl081_regs.h - registers of the ARM PrimeCell PL081 DMA controller
 * (two channels; the PL080 has eight at the same offsets), from the PL080
 * TRM (DDI0196) and PL081 TRM (DDI0218): controller registers at 0x000,
 * channel n at 0x100 + 0x20 * n.
 */
#ifndef EBB_PL081_REGS_H
#define EBB_PL081_REGS_H

#include <stddef.h>
#include <stdint.h>

#define EBB_PL081_RW volatile uint32_t

/** One channel's registers. */
typedef struct {
    EBB_PL081_RW SRC;    /* 0x00 DMACCnSrcAddr */
    EBB_PL081_RW DST;    /* 0x04 DMACCnDestAddr */
    EBB_PL081_RW LLI;    /* 0x08 DMACCnLLI: next linked item, 0 = last */
    EBB_PL081_RW CTRL;   /* 0x0C DMACCnControl */
    EBB_PL081_RW CONFIG; /* 0x10 DMACCnConfiguration */
    uint32_t reserved[3];
} ebb_pl081_chan_regs;

/** The controller's registers. */
typedef struct {
    EBB_PL081_RW INT_STATUS;      /* 0x00 DMACIntStatus (RO) */
    EBB_PL081_RW INT_TC_STATUS;   /* 0x04 DMACIntTCStatus (RO, masked) */
    EBB_PL081_RW INT_TC_CLEAR;    /* 0x08 DMACIntTCClear (WO, 1 clears) */
    EBB_PL081_RW INT_ERR_STATUS;  /* 0x0C DMACIntErrorStatus (RO, masked) */
    EBB_PL081_RW INT_ERR_CLEAR;   /* 0x10 DMACIntErrClr (WO, 1 clears) */
    EBB_PL081_RW RAW_TC_STATUS;   /* 0x14 DMACRawIntTCStatus */
    EBB_PL081_RW RAW_ERR_STATUS;  /* 0x18 DMACRawIntErrorStatus */
    EBB_PL081_RW ENABLED;         /* 0x1C DMACEnbldChns */
    EBB_PL081_RW SOFT_BREQ;       /* 0x20 DMACSoftBReq */
    EBB_PL081_RW SOFT_SREQ;       /* 0x24 DMACSoftSReq */
    EBB_PL081_RW SOFT_LBREQ;      /* 0x28 DMACSoftLBReq */
    EBB_PL081_RW SOFT_LSREQ;      /* 0x2C DMACSoftLSReq */
    EBB_PL081_RW CONFIG;          /* 0x30 DMACConfiguration */
    EBB_PL081_RW SYNC;            /* 0x34 DMACSync */
    uint32_t reserved0[50];       /* 0x38 .. 0xFC */
    ebb_pl081_chan_regs CH[2];    /* 0x100, 0x120 */
} ebb_pl081_regs;

_Static_assert(offsetof(ebb_pl081_regs, CONFIG) == 0x30, "PL081 DMACConfiguration");
_Static_assert(offsetof(ebb_pl081_regs, CH) == 0x100, "PL081 channel 0");
_Static_assert(sizeof(ebb_pl081_chan_regs) == 0x20, "PL081 channel stride");

/* DMACConfiguration */
#define EBB_PL081_CONFIG_E (1u << 0)  /* controller enabled */
#define EBB_PL081_CONFIG_M1 (1u << 1) /* AHB master 1 big-endian */
#define EBB_PL081_CONFIG_M2 (1u << 2) /* AHB master 2 big-endian */

/* DMACCnControl */
#define EBB_PL081_CTRL_SIZE_MASK 0xFFFu  /* TransferSize: items, counts down */
#define EBB_PL081_CTRL_SBSIZE_SHIFT 12u  /* source burst (0: 1 item) */
#define EBB_PL081_CTRL_DBSIZE_SHIFT 15u  /* destination burst */
#define EBB_PL081_CTRL_SWIDTH_SHIFT 18u  /* source width: 0 byte, 1 half, 2 word */
#define EBB_PL081_CTRL_DWIDTH_SHIFT 21u  /* destination width */
#define EBB_PL081_CTRL_S (1u << 24)      /* source on AHB master 2 */
#define EBB_PL081_CTRL_D (1u << 25)      /* destination on AHB master 2 */
#define EBB_PL081_CTRL_SI (1u << 26)     /* source increments */
#define EBB_PL081_CTRL_DI (1u << 27)     /* destination increments */
#define EBB_PL081_CTRL_PROT_PRIV (1u << 28) /* privileged access */
#define EBB_PL081_CTRL_I (1u << 31)      /* terminal count interrupt enable */

/* DMACCnConfiguration */
#define EBB_PL081_CCFG_E (1u << 0)            /* channel enabled */
#define EBB_PL081_CCFG_SRCPERIPH_SHIFT 1u     /* source request line */
#define EBB_PL081_CCFG_DSTPERIPH_SHIFT 6u     /* destination request line */
#define EBB_PL081_CCFG_FLOW_SHIFT 11u         /* flow control and type */
#define EBB_PL081_FLOW_M2M 0u                 /* memory to memory, DMAC */
#define EBB_PL081_FLOW_M2P 1u                 /* memory to peripheral, DMAC */
#define EBB_PL081_FLOW_P2M 2u                 /* peripheral to memory, DMAC */
#define EBB_PL081_FLOW_P2P 3u                 /* peripheral to peripheral */
#define EBB_PL081_CCFG_IE (1u << 14)          /* error interrupt unmasked */
#define EBB_PL081_CCFG_ITC (1u << 15)         /* terminal count interrupt unmasked */
#define EBB_PL081_CCFG_L (1u << 16)           /* locked transfers */
#define EBB_PL081_CCFG_A (1u << 17)           /* active: data in the FIFO (RO) */
#define EBB_PL081_CCFG_H (1u << 18)           /* halt: ignore further requests */

/* Every register access of the driver goes through EBB_PL081_ACCESS(r)
 * (the block itself on the chip: no code), and the address registers'
 * stores through EBB_PL081_ADDR_WRITE.  Host tests of the driver define
 * them first, so that a simulated controller gets control before each
 * access and keeps the host's full addresses (tests/drivers/sim_pl081.c). */
#ifndef EBB_PL081_ACCESS
#define EBB_PL081_ACCESS(r) (r)
#endif
#ifndef EBB_PL081_ADDR_WRITE
#define EBB_PL081_ADDR_WRITE(reg, a) ((reg) = (uint32_t)(a))
#endif

#endif /* EBB_PL081_REGS_H */
