/*
 * cyclemodel.h - Cortex-M4 cycle estimates from an executed instruction stream.
 *
 * Pure C11, no QEMU dependency. Feed one cm_insn per executed instruction, in
 * execution order, with the address of the instruction that executed next.
 * Two running totals are kept:
 *   cyc0   - zero-wait-state cycles (Cortex-M4 TRM timing table);
 *   cycart - cyc0 plus STM32F4 flash stalls behind the ART accelerator
 *            (5 wait states, 16-byte lines, 64-line I-cache, 8-line D-cache,
 *            next-line prefetch, single-ported flash).
 * See docs/measurement.md for every rule and assumption.
 */
#ifndef EBB_SCOPE_CYCLEMODEL_H
#define EBB_SCOPE_CYCLEMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- instruction decoding ------------------------------------------------ */

typedef enum cm_class {
    CM_C_ALU = 0,  /* data processing, hints, MSR/MRS/CPS, SVC, BKPT, ...: 1   */
    CM_C_MUL,      /* MUL/MLA/MLS/xMULL/xMLAL/DSP multiplies: 1 on the M4     */
    CM_C_DIV,      /* UDIV/SDIV: data dependent 2..12, fixed estimate         */
    CM_C_LOAD,     /* single LDR/LDRB/LDRH/LDRSx/LDREX (also LDR pc): 2       */
    CM_C_STORE,    /* single STR/STRB/STRH/STREX: 1                           */
    CM_C_LOADD,    /* LDRD: 3                                                 */
    CM_C_STORED,   /* STRD: 3                                                 */
    CM_C_LDM,      /* LDM/POP: 1+N                                            */
    CM_C_STM,      /* STM/PUSH: 1+N                                           */
    CM_C_BRANCH,   /* B, B<c>, CBZ/CBNZ, BX, MOV/ADD pc: 1, +2 when taken     */
    CM_C_CALL,     /* BL, BLX reg: 1+2                                        */
    CM_C_TABLE,    /* TBB/TBH: 2+2                                            */
    CM_C_IT,       /* IT: 1 (folding not modelled)                            */
    CM_C_BARRIER,  /* ISB/DSB/DMB: 3                                          */
    CM_C_VLOAD,    /* VLDR: 2 (.64: 3)                                        */
    CM_C_VSTORE,   /* VSTR: 2 (.64: 3)                                        */
    CM_C_VLDM,     /* VLDM/VPOP: 1+N words                                    */
    CM_C_VSTM,     /* VSTM/VPUSH: 1+N words                                   */
    CM_C_VMOV2,    /* VMOV of two core registers: 2                           */
    CM_C_VALU,     /* VADD/VSUB/VMUL/VMOV/VCMP/VCVT/VABS/VNEG/VMRS/VMSR: 1    */
    CM_C_VMAC,     /* VMLA/VMLS/VNMLA/VNMLS/VFMA/VFMS/VFNMA/VFNMS: 3          */
    CM_C_VDIV,     /* VDIV, VSQRT: 14                                         */
    CM_C_COUNT
} cm_class;

typedef struct cm_decoded {
    uint8_t cls;        /* cm_class */
    uint8_t size;       /* 2 or 4 bytes */
    uint8_t nregs;      /* LDM/STM: registers incl. pc/lr; VLDM/VSTM: words */
    bool writes_pc;     /* LDM/POP with pc, LDR pc, MOV/ADD pc */
    bool is_return;     /* return-type: BX Rm, POP/LDM with pc, LDR pc */
    bool direct;        /* target is known statically */
    bool conditional;   /* B<c>, CBZ/CBNZ */
    bool dbl;           /* VLDR/VSTR .64 */
    int8_t rt, rn, rm;  /* single loads/stores: registers (-1: none) */
    uint8_t it_len;     /* IT: number of instructions in the block (1..4) */
    uint32_t target;    /* direct branches/calls */
} cm_decoded;

/*
 * Decode the Thumb-2 instruction at `addr` whose first halfword is hw1 and
 * second (for 32-bit encodings, ignored otherwise) is hw2.
 */
void cm_decode(uint32_t addr, uint16_t hw1, uint16_t hw2, cm_decoded *out);
/* Size in bytes (2 or 4) implied by the first halfword. */
static inline unsigned cm_insn_size(uint16_t hw1)
{
    unsigned top = hw1 >> 11;
    return (top == 0x1d || top == 0x1e || top == 0x1f) ? 4u : 2u;
}
const char *cm_class_name(cm_class c);

/* ---- the model ----------------------------------------------------------- */

typedef struct cm_access {
    uint32_t addr;
    uint8_t size;      /* bytes */
    bool is_store;
} cm_access;

/* One executed instruction. */
typedef struct cm_insn {
    uint32_t addr;
    uint16_t hw[2];           /* hw[1] only used for 32-bit encodings */
    uint32_t next_pc;         /* address of the next executed instruction */
    const cm_access *acc;     /* data accesses it made, in order */
    unsigned n_acc;
} cm_insn;

typedef enum cm_exc_kind {
    CM_EXC_NONE = 0,
    CM_EXC_ENTRY,     /* exception taken after this instruction */
    CM_EXC_RETURN,    /* this instruction performed an exception return */
    CM_EXC_TAILCHAIN, /* exception return tail-chained into another handler */
} cm_exc_kind;

typedef struct cm_config {
    unsigned div_cycles;        /* UDIV/SDIV estimate (TRM: 2..12) */
    unsigned barrier_cycles;    /* ISB/DSB/DMB */
    unsigned exc_entry, exc_return, tail_chain;
    bool infer_exceptions;      /* infer from PC discontinuities + handlers */
    /* flash + ART */
    unsigned wait_states;       /* flash line read takes wait_states+1 cycles */
    unsigned icache_lines;      /* <= CM_MAX_ICACHE, 0 disables */
    unsigned dcache_lines;      /* <= CM_MAX_DCACHE, 0 disables */
    bool prefetch;
} cm_config;

#define CM_MAX_ICACHE 64
#define CM_MAX_DCACHE 8
#define CM_MAX_HANDLERS 256
#define CM_MAX_NEST 16
#define CM_MAX_CALLS 256
#define CM_NO_LINE UINT32_MAX
#define CM_UNKNOWN_PC UINT32_MAX

typedef struct cm_stats {
    uint64_t insns;
    uint64_t cyc0;            /* zero-wait cycles */
    uint64_t cycart;          /* flash+ART cycles == the model's "now" */
    uint64_t imiss;           /* demand line fetches from flash */
    uint64_t ihit;            /* line entries satisfied by the I-cache */
    uint64_t prefetch_hit;    /* line entries satisfied by the prefetch buffer */
    uint64_t prefetch_late;   /* ... of which had to wait for the prefetch */
    uint64_t dmiss, dhit;     /* flash data reads (literal pools, .rodata) */
    uint64_t stall;           /* cycles added by flash (cycart - cyc0) */
    uint64_t port_wait;       /* part of stall spent waiting for a busy flash */
    uint64_t exc_entry, exc_return, tail_chain;
    uint64_t it_skipped;      /* loads/stores skipped in IT blocks */
    uint64_t pipelined_loads; /* loads counted as 1 */
} cm_stats;

typedef struct cm_frame {
    uint32_t ret;             /* return address or CM_UNKNOWN_PC */
    uint32_t fallthrough;     /* addr+size of the interrupted instruction */
    bool refill_if_not_ft;    /* add the +2 refill when ret resolves != ft */
    unsigned call_base;       /* shadow call stack depth at entry */
    uint8_t it_left;          /* IT-block instructions left when interrupted */
} cm_frame;

typedef struct cm_model {
    cm_config cfg;
    cm_stats st;
    /* handler entry addresses (sorted, unique) */
    uint32_t handlers[CM_MAX_HANDLERS];
    unsigned n_handlers;
    /* exception frames and shadow call stack */
    cm_frame frames[CM_MAX_NEST];
    unsigned depth;
    uint32_t calls[CM_MAX_CALLS];
    unsigned ncalls;
    /* pipeline state */
    int8_t prev_load_rt;      /* -1 if the previous insn was not a single load */
    unsigned it_left;         /* instructions left in the current IT block */
    /* ART state */
    uint32_t cur_line;        /* line currently being executed from */
    uint32_t iline[CM_MAX_ICACHE];
    uint64_t iuse[CM_MAX_ICACHE];
    uint32_t dline[CM_MAX_DCACHE];
    uint64_t duse[CM_MAX_DCACHE];
    uint64_t use_clock;
    uint32_t pf_line;         /* line in (or coming into) the prefetch buffer */
    uint64_t pf_ready;        /* cycle at which it is available */
    uint64_t flash_free;      /* cycle at which the flash port is free */
} cm_model;

/* Defaults: STM32F446 at 180 MHz, DIV 7, barriers 3, entry 12/return 10/tail 6. */
void cm_default_config(cm_config *cfg);
void cm_init(cm_model *m, const cm_config *cfg); /* cfg NULL: defaults */
/* Add exception handler entry addresses (thumb bit is cleared; 0 ignored). */
void cm_add_handler(cm_model *m, uint32_t addr);
bool cm_is_handler(const cm_model *m, uint32_t addr);

/*
 * Account one executed instruction. With cfg.infer_exceptions the model
 * decides from next_pc whether an exception entry/return/tail-chain happened
 * and returns what it inferred; cm_step_exc() takes the caller's word instead.
 */
cm_exc_kind cm_step(cm_model *m, const cm_insn *in);
cm_exc_kind cm_step_exc(cm_model *m, const cm_insn *in, cm_exc_kind exc);

/*
 * Guard for instrumentation that may report an instruction's start twice
 * (e.g. an access restarted by the emulator): true when a report of new_addr
 * directly follows a report of the load/store at `addr` (halfwords hw0/hw1)
 * that made no data access and new_addr == addr. A load/store that does not
 * write the PC cannot be its own successor, so the first report never
 * completed and must be dropped, not counted.
 */
bool cm_reexec_artifact(uint32_t addr, uint16_t hw0, uint16_t hw1, unsigned n_acc,
                        uint32_t new_addr);

/* Address classification used by the ART model. */
static inline bool cm_is_flash(uint32_t a)
{
    return (a >= 0x08000000u && a <= 0x080FFFFFu) || a <= 0x000FFFFFu;
}

#endif
