/*
 * test_cyclemodel.c - unit tests for lab/scope/cyclemodel.{h,c}.
 * Encodings below were produced with arm-none-eabi-as (cortex-m4, fpv4-sp-d16)
 * and read back with arm-none-eabi-objdump; the disassembly is in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cyclemodel.h"

#define SRAM 0x20000000u
#define FLASH 0x08000000u

/* encodings */
#define NOP 0xbf00u          /* nop */
#define ADDS 0x1c48u         /* adds r0, r1, #1 */
#define LDR_R1_R2_4 0x6851u  /* ldr r1, [r2, #4] */
#define LDR_R0_PC 0x4802u    /* ldr r0, [pc, #8] */
#define LDR_R1_R2_R3 0x58d1u /* ldr r1, [r2, r3] */
#define STR_R1_SP 0x9101u    /* str r1, [sp, #4] */
#define LDMIA3 0xc80eu       /* ldmia r0!, {r1, r2, r3} */
#define PUSH3 0xb530u        /* push {r4, r5, lr} */
#define POP3PC 0xbd30u       /* pop {r4, r5, pc} */
#define BX_LR 0x4770u        /* bx lr */
#define IT_EQ 0xbf08u        /* it eq */

static cm_access acc_buf[64];

static cm_insn mk(uint32_t addr, uint16_t h1, uint16_t h2, uint32_t next)
{
    cm_insn in = { .addr = addr, .hw = { h1, h2 }, .next_pc = next, .acc = acc_buf, .n_acc = 0 };
    return in;
}

/* Step one instruction with `n` accesses of 4 bytes starting at `a` (loads
 * unless `store`); falls through when next == 0. */
static cm_exc_kind step(cm_model *m, uint32_t addr, uint16_t h1, uint16_t h2, uint32_t next,
                        unsigned n, uint32_t a, bool store)
{
    cm_insn in = mk(addr, h1, h2, next ? next : addr + cm_insn_size(h1));
    for (unsigned i = 0; i < n; i++)
        acc_buf[i] = (cm_access){ .addr = a + 4 * i, .size = 4, .is_store = store };
    in.n_acc = n;
    return cm_step(m, &in);
}

/* ---- decoder ---- */

typedef struct {
    uint32_t addr;
    uint16_t h1, h2;
    cm_class cls;
    unsigned size, nregs;
    bool ret, wpc, direct;
    uint32_t target;
} dcase;

static void test_decode_table(void **state)
{
    (void)state;
    static const dcase cases[] = {
        { 0x00, 0x1c48, 0, CM_C_ALU, 2, 0, 0, 0, 0, 0 },        /* adds r0, r1, #1 */
        { 0x04, 0x4348, 0, CM_C_MUL, 2, 0, 0, 0, 0, 0 },        /* muls r0, r1 */
        { 0x06, 0x4802, 0, CM_C_LOAD, 2, 0, 0, 0, 0, 0 },       /* ldr r0, [pc, #8] */
        { 0x0e, 0x8051, 0, CM_C_STORE, 2, 0, 0, 0, 0, 0 },      /* strh r1, [r2, #2] */
        { 0x12, 0x9901, 0, CM_C_LOAD, 2, 0, 0, 0, 0, 0 },       /* ldr r1, [sp, #4] */
        { 0x14, 0xb530, 0, CM_C_STM, 2, 3, 0, 0, 0, 0 },        /* push {r4, r5, lr} */
        { 0x16, 0xbd30, 0, CM_C_LDM, 2, 3, 1, 1, 0, 0 },        /* pop {r4, r5, pc} */
        { 0x18, 0xc80e, 0, CM_C_LDM, 2, 3, 0, 0, 0, 0 },        /* ldmia r0!, {r1-r3} */
        { 0x1a, 0xc006, 0, CM_C_STM, 2, 2, 0, 0, 0, 0 },        /* stmia r0!, {r1, r2} */
        { 0x1c, 0xd0f0, 0, CM_C_BRANCH, 2, 0, 0, 0, 1, 0x0 },   /* beq.n 0 */
        { 0x1e, 0xe7ef, 0, CM_C_BRANCH, 2, 0, 0, 0, 1, 0x0 },   /* b.n 0 */
        { 0x20, 0xb160, 0, CM_C_BRANCH, 2, 0, 0, 0, 1, 0x3c },  /* cbz r0, 3c */
        { 0x22, 0x4770, 0, CM_C_BRANCH, 2, 0, 1, 1, 0, 0 },     /* bx lr */
        { 0x24, 0x4798, 0, CM_C_CALL, 2, 0, 0, 1, 0, 0 },       /* blx r3 */
        { 0x26, 0x46f7, 0, CM_C_BRANCH, 2, 0, 0, 1, 0, 0 },     /* mov pc, lr */
        { 0x2c, 0xbf1d, 0, CM_C_IT, 2, 0, 0, 0, 0, 0 },         /* ittte ne */
        { 0x38, 0xbf30, 0, CM_C_ALU, 2, 0, 0, 0, 0, 0 },        /* wfi */
        { 0x3c, 0xf7ff, 0xffe0, CM_C_CALL, 4, 0, 0, 0, 1, 0x0 },    /* bl 0 */
        { 0x40, 0xf7ff, 0xbfde, CM_C_BRANCH, 4, 0, 0, 0, 1, 0x0 },  /* b.w 0 */
        { 0x44, 0xf43f, 0xafdc, CM_C_BRANCH, 4, 0, 0, 0, 1, 0x0 },  /* beq.w 0 */
        { 0x48, 0xf8d1, 0x0100, CM_C_LOAD, 4, 0, 0, 0, 0, 0 },      /* ldr.w r0, [r1, #256] */
        { 0x50, 0xf85d, 0xfb04, CM_C_LOAD, 4, 0, 1, 1, 0, 0 },      /* ldr.w pc, [sp], #4 */
        { 0x54, 0xf841, 0x0c04, CM_C_STORE, 4, 0, 0, 0, 0, 0 },     /* str.w r0, [r1, #-4] */
        { 0x58, 0xe9d2, 0x0100, CM_C_LOADD, 4, 0, 0, 0, 0, 0 },     /* ldrd r0, r1, [r2] */
        { 0x5c, 0xe9c2, 0x0102, CM_C_STORED, 4, 0, 0, 0, 0, 0 },    /* strd r0, r1, [r2, #8] */
        { 0x60, 0xe890, 0x01fe, CM_C_LDM, 4, 8, 0, 0, 0, 0 },       /* ldmia.w r0, {r1-r8} */
        { 0x64, 0xe8bd, 0x8ff0, CM_C_LDM, 4, 9, 1, 1, 0, 0 },       /* pop.w {r4-r11, pc} */
        { 0x68, 0xe92d, 0x4ff0, CM_C_STM, 4, 9, 0, 0, 0, 0 },       /* push.w {r4-r11, lr} */
        { 0x6c, 0xe8df, 0xf000, CM_C_TABLE, 4, 0, 0, 1, 0, 0 },     /* tbb [pc, r0] */
        { 0x70, 0xe8df, 0xf010, CM_C_TABLE, 4, 0, 0, 1, 0, 0 },     /* tbh [pc, r0, lsl #1] */
        { 0x74, 0xfb01, 0x3002, CM_C_MUL, 4, 0, 0, 0, 0, 0 },       /* mla r0, r1, r2, r3 */
        { 0x78, 0xfba2, 0x0103, CM_C_MUL, 4, 0, 0, 0, 0, 0 },       /* umull r0, r1, r2, r3 */
        { 0x7c, 0xfbb1, 0xf0f2, CM_C_DIV, 4, 0, 0, 0, 0, 0 },       /* udiv r0, r1, r2 */
        { 0x80, 0xfb91, 0xf0f2, CM_C_DIV, 4, 0, 0, 0, 0, 0 },       /* sdiv r0, r1, r2 */
        { 0x84, 0xf3bf, 0x8f4f, CM_C_BARRIER, 4, 0, 0, 0, 0, 0 },   /* dsb sy */
        { 0x8c, 0xf3bf, 0x8f6f, CM_C_BARRIER, 4, 0, 0, 0, 0, 0 },   /* isb sy */
        { 0x90, 0xf3ef, 0x8010, CM_C_ALU, 4, 0, 0, 0, 0, 0 },       /* mrs r0, PRIMASK */
        { 0x94, 0xf380, 0x8811, CM_C_ALU, 4, 0, 0, 0, 0, 0 },       /* msr BASEPRI, r0 */
        { 0x98, 0xe851, 0x0f00, CM_C_LOAD, 4, 0, 0, 0, 0, 0 },      /* ldrex r0, [r1] */
        { 0x9c, 0xe841, 0x0200, CM_C_STORE, 4, 0, 0, 0, 0, 0 },     /* strex r2, r0, [r1] */
        { 0xa0, 0xf890, 0xf000, CM_C_ALU, 4, 0, 0, 0, 0, 0 },       /* pld [r0] */
        { 0xa4, 0xed90, 0x0a01, CM_C_VLOAD, 4, 0, 0, 0, 0, 0 },     /* vldr s0, [r0, #4] */
        { 0xa8, 0xedc0, 0x0a00, CM_C_VSTORE, 4, 0, 0, 0, 0, 0 },    /* vstr s1, [r0] */
        { 0xb0, 0xed2d, 0x8a10, CM_C_VSTM, 4, 16, 0, 0, 0, 0 },     /* vpush {s16-s31} */
        { 0xb4, 0xecbd, 0x8a10, CM_C_VLDM, 4, 16, 0, 0, 0, 0 },     /* vpop {s16-s31} */
        { 0xb8, 0xee10, 0x0a10, CM_C_VALU, 4, 0, 0, 0, 0, 0 },      /* vmov r0, s0 */
        { 0xc0, 0xee30, 0x0a81, CM_C_VALU, 4, 0, 0, 0, 0, 0 },      /* vadd.f32 s0, s1, s2 */
        { 0xc4, 0xee20, 0x0a81, CM_C_VALU, 4, 0, 0, 0, 0, 0 },      /* vmul.f32 s0, s1, s2 */
        { 0xc8, 0xee00, 0x0a81, CM_C_VMAC, 4, 0, 0, 0, 0, 0 },      /* vmla.f32 s0, s1, s2 */
        { 0xcc, 0xeea0, 0x0a81, CM_C_VMAC, 4, 0, 0, 0, 0, 0 },      /* vfma.f32 s0, s1, s2 */
        { 0xd0, 0xee80, 0x0a81, CM_C_VDIV, 4, 0, 0, 0, 0, 0 },      /* vdiv.f32 s0, s1, s2 */
        { 0xd4, 0xeeb1, 0x0ae0, CM_C_VDIV, 4, 0, 0, 0, 0, 0 },      /* vsqrt.f32 s0, s1 */
        { 0xd8, 0xec51, 0x0b10, CM_C_VMOV2, 4, 0, 0, 0, 0, 0 },     /* vmov r0, r1, d0 */
        { 0xe0, 0xf85f, 0x0008, CM_C_LOAD, 4, 0, 0, 0, 0, 0 },      /* ldr.w r0, [pc, #-8] */
        { 0xe4, 0xeb01, 0x0002, CM_C_ALU, 4, 0, 0, 0, 0, 0 },       /* add.w r0, r1, r2 */
        { 0xe8, 0xf241, 0x2034, CM_C_ALU, 4, 0, 0, 0, 0, 0 },       /* movw r0, #0x1234 */
        { 0xec, 0xdf00, 0, CM_C_ALU, 2, 0, 0, 0, 0, 0 },            /* svc 0 */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const dcase *c = &cases[i];
        cm_decoded d;
        cm_decode(c->addr, c->h1, c->h2, &d);
        print_message("case %zu: %04x %04x -> %s\n", i, c->h1, c->h2, cm_class_name(d.cls));
        assert_int_equal(d.cls, c->cls);
        assert_int_equal(d.size, c->size);
        assert_int_equal(d.nregs, c->nregs);
        assert_int_equal(d.is_return, c->ret);
        assert_int_equal(d.writes_pc, c->wpc);
        assert_int_equal(d.direct, c->direct);
        if (c->direct)
            assert_int_equal(d.target, c->target);
    }
}

static void test_decode_fields(void **state)
{
    (void)state;
    cm_decoded d;
    cm_decode(0x8, LDR_R1_R2_R3, 0, &d);
    assert_int_equal(d.rt, 1);
    assert_int_equal(d.rn, 2);
    assert_int_equal(d.rm, 3);
    cm_decode(0x6, LDR_R0_PC, 0, &d);
    assert_int_equal(d.rn, 15);
    cm_decode(0x4c, 0xf851, 0x0022, &d); /* ldr.w r0, [r1, r2, lsl #2] */
    assert_int_equal(d.rt, 0);
    assert_int_equal(d.rn, 1);
    assert_int_equal(d.rm, 2);
    cm_decode(0x28, IT_EQ, 0, &d);
    assert_int_equal(d.it_len, 1);
    cm_decode(0x2c, 0xbf1d, 0, &d); /* ittte ne */
    assert_int_equal(d.it_len, 4);
    cm_decode(0xac, 0xed90, 0x0b00, &d); /* vldr d0, [r0] */
    assert_int_equal(d.cls, CM_C_VLOAD);
    assert_true(d.dbl);
    cm_decode(0x1c, 0xd0f0, 0, &d);
    assert_true(d.conditional);
    assert_int_equal(cm_insn_size(0xf7ff), 4);
    assert_int_equal(cm_insn_size(0xe7ef), 2);
    assert_int_equal(cm_insn_size(0xe890), 4);
}

/* ---- zero-wait core timing (code in SRAM: ART adds nothing) ---- */

static void test_alu_load_store_ldm(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    uint32_t a = SRAM;
    step(&m, a, ADDS, 0, 0, 0, 0, false);                /* 1 */
    step(&m, a + 2, LDR_R1_R2_4, 0, 0, 1, SRAM + 0x100, false); /* 2 */
    step(&m, a + 4, STR_R1_SP, 0, 0, 1, SRAM + 0x200, true);    /* 1 */
    step(&m, a + 6, LDMIA3, 0, 0, 3, SRAM + 0x300, false);      /* 1+3 */
    step(&m, a + 8, PUSH3, 0, 0, 3, SRAM + 0x400, true);        /* 1+3 */
    step(&m, a + 10, 0xe9d2, 0x0100, 0, 2, SRAM + 0x500, false); /* ldrd: 3 */
    step(&m, a + 14, 0xfbb1, 0xf0f2, 0, 0, 0, false);          /* udiv: 7 */
    step(&m, a + 18, 0xf3bf, 0x8f6f, 0, 0, 0, false);          /* isb: 3 */
    step(&m, a + 22, 0xed90, 0x0b00, 0, 2, SRAM + 0x600, false); /* vldr d0: 3 */
    step(&m, a + 26, 0xed90, 0x0a01, 0, 1, SRAM + 0x600, false); /* vldr s0: 2 */
    assert_int_equal(m.st.insns, 10);
    assert_int_equal(m.st.cyc0, 1 + 2 + 1 + 4 + 4 + 3 + 7 + 3 + 3 + 2);
    assert_int_equal(m.st.cycart, m.st.cyc0);
    assert_int_equal(m.st.imiss + m.st.dmiss + m.st.stall, 0);
}

static void test_branches(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* beq.n at +0x1c to +0: not taken (1), then taken (3) */
    step(&m, SRAM + 0x1c, 0xd0f0, 0, 0, 0, 0, false);
    assert_int_equal(m.st.cyc0, 1);
    step(&m, SRAM + 0x1c, 0xd0f0, 0, SRAM, 0, 0, false);
    assert_int_equal(m.st.cyc0, 1 + 3);
    /* bl (3), bx lr (3), pop {r4,r5,pc} (1+3+2), tbb (4) */
    step(&m, SRAM + 0x3c, 0xf7ff, 0xffe0, SRAM, 0, 0, false);
    assert_int_equal(m.st.cyc0, 4 + 3);
    step(&m, SRAM + 0x22, BX_LR, 0, SRAM + 0x40, 0, 0, false);
    assert_int_equal(m.st.cyc0, 7 + 3);
    step(&m, SRAM + 0x16, POP3PC, 0, SRAM + 0x80, 3, SRAM + 0x1000, false);
    assert_int_equal(m.st.cyc0, 10 + 6);
    step(&m, SRAM + 0x6c, 0xe8df, 0xf000, SRAM + 0x74, 1, SRAM + 0x70, false);
    assert_int_equal(m.st.cyc0, 16 + 4);
    /* cbz not taken (1) / taken (3) */
    step(&m, SRAM + 0x20, 0xb160, 0, 0, 0, 0, false);
    step(&m, SRAM + 0x20, 0xb160, 0, SRAM + 0x3c, 0, 0, false);
    assert_int_equal(m.st.cyc0, 20 + 1 + 3);
    assert_int_equal(m.st.exc_entry, 0);
}

static void test_pipelined_loads(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    step(&m, SRAM, LDR_R1_R2_4, 0, 0, 1, SRAM + 0x100, false);      /* 2 */
    step(&m, SRAM + 2, LDR_R0_PC, 0, 0, 1, SRAM + 0x10, false);     /* independent: 1 */
    step(&m, SRAM + 4, LDR_R1_R2_R3, 0, 0, 1, SRAM + 0x200, false); /* independent: 1 */
    assert_int_equal(m.st.cyc0, 4);
    assert_int_equal(m.st.pipelined_loads, 2);
    /* ldr.w r0, [r1, #256] depends on r1 loaded just before: 2 */
    step(&m, SRAM + 6, 0xf8d1, 0x0100, 0, 1, SRAM + 0x300, false);
    assert_int_equal(m.st.cyc0, 6);
    /* an ALU instruction breaks the chain */
    step(&m, SRAM + 10, ADDS, 0, 0, 0, 0, false);
    step(&m, SRAM + 12, LDR_R0_PC, 0, 0, 1, SRAM + 0x10, false);
    assert_int_equal(m.st.cyc0, 6 + 1 + 2);
    assert_int_equal(m.st.pipelined_loads, 2);
}

static void test_it_skipped_load(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    step(&m, SRAM, IT_EQ, 0, 0, 0, 0, false);           /* 1 */
    step(&m, SRAM + 2, LDR_R1_R2_4, 0, 0, 0, 0, false); /* skipped: 1 */
    assert_int_equal(m.st.cyc0, 2);
    assert_int_equal(m.st.it_skipped, 1);
    step(&m, SRAM, IT_EQ, 0, 0, 0, 0, false);                      /* 1 */
    step(&m, SRAM + 2, LDR_R1_R2_4, 0, 0, 1, SRAM + 0x40, false);  /* executed: 2 */
    assert_int_equal(m.st.cyc0, 5);
    /* outside an IT block a load without a reported access is still 2 */
    step(&m, SRAM + 4, ADDS, 0, 0, 0, 0, false);
    step(&m, SRAM + 6, LDR_R1_R2_4, 0, 0, 0, 0, false);
    assert_int_equal(m.st.cyc0, 8);
    assert_int_equal(m.st.it_skipped, 1);
}

/* ---- exceptions ---- */

#define H1 (SRAM + 0x100)
#define H2 (SRAM + 0x200)
#define SUB (SRAM + 0x300)

static void test_exception_entry_return(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    cm_add_handler(&m, H1 | 1);
    cm_add_handler(&m, H2 | 1);
    assert_true(cm_is_handler(&m, H1));
    assert_false(cm_is_handler(&m, H1 + 2));
    /* nop, then the IRQ: 1 + 12 */
    assert_int_equal(step(&m, SRAM, NOP, 0, H1, 0, 0, false), CM_EXC_ENTRY);
    assert_int_equal(m.st.cyc0, 13);
    assert_int_equal(m.depth, 1);
    /* handler calls a function (bl, 3) which returns (bx lr, 3): not an exception return */
    assert_int_equal(step(&m, H1, 0xf000, 0xf8fe, SUB, 0, 0, false), CM_EXC_NONE); /* bl H1+0x200 */
    assert_int_equal(step(&m, SUB, BX_LR, 0, H1 + 4, 0, 0, false), CM_EXC_NONE);
    assert_int_equal(m.st.cyc0, 13 + 6);
    /* bx lr back to the interrupted code: 1 + 10 */
    assert_int_equal(step(&m, H1 + 4, BX_LR, 0, SRAM + 2, 0, 0, false), CM_EXC_RETURN);
    assert_int_equal(m.st.cyc0, 19 + 11);
    assert_int_equal(m.depth, 0);
    /* entry, then tail-chain into H2 (1 + 6), then return (1 + 10) */
    assert_int_equal(step(&m, SRAM + 2, NOP, 0, H1, 0, 0, false), CM_EXC_ENTRY);
    assert_int_equal(step(&m, H1, BX_LR, 0, H2, 0, 0, false), CM_EXC_TAILCHAIN);
    assert_int_equal(step(&m, H2, POP3PC, 0, SRAM + 4, 3, SRAM + 0x1000, false), CM_EXC_RETURN);
    assert_int_equal(m.st.cyc0, 30 + 13 + 7 + (1 + 3 + 10));
    assert_int_equal(m.st.exc_entry, 2);
    assert_int_equal(m.st.exc_return, 2);
    assert_int_equal(m.st.tail_chain, 1);
    /* a direct branch to a handler address is just a branch (b.n, 3) */
    cm_decoded d;
    cm_decode(H2 - 4, 0xe000, 0, &d); /* b.n .+4 */
    assert_int_equal(d.target, H2);
    assert_int_equal(step(&m, H2 - 4, 0xe000, 0, H2, 0, 0, false), CM_EXC_NONE);
    assert_int_equal(m.st.exc_entry, 2);
}

static void test_tailchain_into_adjacent_handler(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* H2 is laid out directly behind H1's bx lr: the tail-chain "falls through" */
    cm_add_handler(&m, H1);
    cm_add_handler(&m, H1 + 2);
    assert_int_equal(step(&m, SRAM, NOP, 0, H1, 0, 0, false), CM_EXC_ENTRY);
    assert_int_equal(step(&m, H1, BX_LR, 0, H1 + 2, 0, 0, false), CM_EXC_TAILCHAIN);
    assert_int_equal(step(&m, H1 + 2, BX_LR, 0, SRAM + 2, 0, 0, false), CM_EXC_RETURN);
    assert_int_equal(m.st.cyc0, 13 + 7 + 11);
    assert_int_equal(m.depth, 0);
    /* a plain instruction falling into a handler's first address is not an exception */
    assert_int_equal(step(&m, H1 - 2, NOP, 0, H1, 0, 0, false), CM_EXC_NONE);
    /* nor is an IT-skipped bx lr */
    step(&m, H1 - 4, IT_EQ, 0, 0, 0, 0, false);
    assert_int_equal(step(&m, H1 - 2, BX_LR, 0, H1, 0, 0, false), CM_EXC_NONE);
    assert_int_equal(m.st.exc_entry, 1);
}

static void test_exception_after_call_and_in_it_block(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    cm_add_handler(&m, H1);
    /* bl SUB from thread mode, then the IRQ right after it: the thread's
     * call must not be taken for a call made inside the handler */
    assert_int_equal(step(&m, H1 - 0x100, 0xf000, 0xf8fe, H1, 0, 0, false), CM_EXC_ENTRY);
    assert_int_equal(m.st.cyc0, 3 + 12);
    /* in the handler: return-type instruction going to the thread's call return
     * address (H1 - 0xfc) is the exception return only if that was stacked;
     * here the stacked address is the bl's target SUB (H1 + 0x100) */
    assert_int_equal(step(&m, H1, BX_LR, 0, H1 + 0x100, 0, 0, false), CM_EXC_RETURN);
    assert_int_equal(m.depth, 0);
    assert_int_equal(m.ncalls, 1); /* the thread's call survives the handler */
    /* the thread function returns to after its bl: a plain return */
    assert_int_equal(step(&m, H1 + 0x100, BX_LR, 0, H1 - 0xfc, 0, 0, false), CM_EXC_NONE);
    assert_int_equal(m.ncalls, 0);

    /* IRQ between IT and its skipped load: the skip is still recognised */
    uint64_t c = m.st.cyc0;
    assert_int_equal(step(&m, SRAM, IT_EQ, 0, H1, 0, 0, false), CM_EXC_ENTRY);
    assert_int_equal(step(&m, H1, LDR_R1_R2_4, 0, 0, 1, SRAM + 0x40, false), CM_EXC_NONE);
    assert_int_equal(step(&m, H1 + 2, BX_LR, 0, SRAM + 2, 0, 0, false), CM_EXC_RETURN);
    assert_int_equal(step(&m, SRAM + 2, LDR_R1_R2_4, 0, 0, 0, 0, false), CM_EXC_NONE);
    assert_int_equal(m.st.it_skipped, 1);
    assert_int_equal(m.st.cyc0 - c, 13 + 2 + 11 + 1);
    /* a skipped TBB costs 1 like any skipped memory instruction */
    c = m.st.cyc0;
    step(&m, SRAM + 4, IT_EQ, 0, 0, 0, 0, false);
    step(&m, SRAM + 6, 0xe8df, 0xf000, 0, 0, 0, false);
    assert_int_equal(m.st.cyc0 - c, 2);
}

static void test_exception_after_cond_branch(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    cm_add_handler(&m, H1);
    /* beq.n taken or not is unknown when the IRQ comes right after it */
    assert_int_equal(step(&m, SRAM + 0x1c, 0xd0f0, 0, H1, 0, 0, false), CM_EXC_ENTRY);
    assert_int_equal(m.st.cyc0, 1 + 12);
    /* the return reveals it was taken: +2 refill charged then */
    assert_int_equal(step(&m, H1, BX_LR, 0, SRAM, 0, 0, false), CM_EXC_RETURN);
    assert_int_equal(m.st.cyc0, 13 + 11 + 2);
    /* explicit events from the caller */
    cm_insn in = mk(SRAM + 2, NOP, 0, SRAM + 4);
    assert_int_equal(cm_step_exc(&m, &in, CM_EXC_ENTRY), CM_EXC_ENTRY);
    assert_int_equal(m.st.cyc0, 26 + 13);
}

/* ---- flash + ART ---- */

static void test_art_miss_then_hit(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* first instruction: demand miss, 5 wait states */
    step(&m, FLASH, NOP, 0, 0, 0, 0, false);
    assert_int_equal(m.st.imiss, 1);
    assert_int_equal(m.st.cyc0, 1);
    assert_int_equal(m.st.cycart, 6);
    /* the rest of the line is free */
    for (unsigned i = 1; i < 8; i++)
        step(&m, FLASH + 2 * i, NOP, 0, 0, 0, 0, false);
    assert_int_equal(m.st.cycart, 13);
    /* branch back into line 0 from line 1 (prefetched, in time) */
    step(&m, FLASH + 16, 0xe7fe, 0, FLASH, 0, 0, false); /* 3 */
    assert_int_equal(m.st.prefetch_hit, 1);
    assert_int_equal(m.st.prefetch_late, 0);
    assert_int_equal(m.st.cycart, 16);
    step(&m, FLASH, NOP, 0, 0, 0, 0, false); /* line 0 is cached */
    assert_int_equal(m.st.ihit, 1);
    assert_int_equal(m.st.imiss, 1);
    assert_int_equal(m.st.cycart, 17);
    assert_int_equal(m.st.cycart - m.st.cyc0, m.st.stall);
}

static void test_art_prefetch_hides_sequential(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* 8 x 16-bit per line = 8 cycles >= 6: after the first line, no stalls */
    for (unsigned i = 0; i < 8 * 4; i++)
        step(&m, FLASH + 2 * i, NOP, 0, 0, 0, 0, false);
    assert_int_equal(m.st.imiss, 1);
    assert_int_equal(m.st.prefetch_hit, 3);
    assert_int_equal(m.st.prefetch_late, 0);
    assert_int_equal(m.st.stall, 5);
    assert_int_equal(m.st.cycart, 32 + 5);
}

static void test_art_prefetch_late(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* 4 x 32-bit per line = 4 cycles < 6: each new line waits 2 */
    for (unsigned i = 0; i < 4 * 3; i++)
        step(&m, FLASH + 4 * i, 0xeb01, 0x0002, 0, 0, 0, false); /* add.w */
    assert_int_equal(m.st.imiss, 1);
    assert_int_equal(m.st.prefetch_hit, 2);
    assert_int_equal(m.st.prefetch_late, 2);
    assert_int_equal(m.st.stall, 5 + 2 + 2);
    assert_int_equal(m.st.cycart, 12 + 9);
}

static void test_art_lru_eviction(void **state)
{
    (void)state;
    cm_config cfg;
    cm_default_config(&cfg);
    cfg.prefetch = false;
    cm_model m;
    cm_init(&m, &cfg);
    /* 65 distinct lines (every other line), jumping between them */
    for (unsigned k = 0; k < 65; k++)
        step(&m, FLASH + 32 * k, NOP, 0, FLASH + 32 * (k + 1), 0, 0, false);
    assert_int_equal(m.st.imiss, 65);
    /* line 2 (k=1) is still cached; line 0 (k=0) was the LRU and is gone */
    step(&m, FLASH + 32, NOP, 0, FLASH, 0, 0, false);
    assert_int_equal(m.st.ihit, 1);
    assert_int_equal(m.st.imiss, 65);
    step(&m, FLASH, NOP, 0, FLASH + 64, 0, 0, false);
    assert_int_equal(m.st.imiss, 66);
    /* refilling line 0 evicted line 4 (k=2, now the LRU), not line 2 */
    step(&m, FLASH + 64, NOP, 0, FLASH + 32, 0, 0, false);
    assert_int_equal(m.st.imiss, 67);
    step(&m, FLASH + 32, NOP, 0, 0, 0, 0, false);
    assert_int_equal(m.st.ihit, 2);
}

static void test_art_literal_pool(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* code in SRAM, literal in flash: D-cache miss (5) then hit */
    step(&m, SRAM, LDR_R0_PC, 0, 0, 1, FLASH + 0x100, false);
    assert_int_equal(m.st.dmiss, 1);
    assert_int_equal(m.st.cycart, 2 + 5);
    step(&m, SRAM + 2, ADDS, 0, 0, 0, 0, false);
    step(&m, SRAM + 4, LDR_R0_PC, 0, 0, 1, FLASH + 0x10c, false); /* same line */
    assert_int_equal(m.st.dhit, 1);
    assert_int_equal(m.st.cycart, 7 + 1 + 2);
    /* the alias at 0 is the same array */
    step(&m, SRAM + 6, ADDS, 0, 0, 0, 0, false);
    step(&m, SRAM + 8, LDR_R0_PC, 0, 0, 1, 0x104, false);
    assert_int_equal(m.st.dhit, 2);
    /* 8 more lines evict it (8-line LRU) */
    for (unsigned i = 1; i <= 8; i++) {
        step(&m, SRAM + 10, ADDS, 0, 0, 0, 0, false);
        step(&m, SRAM + 12, LDR_R0_PC, 0, 0, 1, FLASH + 0x100 + 16 * i, false);
    }
    assert_int_equal(m.st.dmiss, 9);
    step(&m, SRAM + 14, ADDS, 0, 0, 0, 0, false);
    step(&m, SRAM + 16, LDR_R0_PC, 0, 0, 1, FLASH + 0x100, false);
    assert_int_equal(m.st.dmiss, 10);
    /* one instruction reading 4 words of one flash line: one miss */
    step(&m, SRAM + 18, LDMIA3, 0, 0, 3, FLASH + 0x800, false);
    assert_int_equal(m.st.dmiss, 11);
    assert_int_equal(m.st.dhit, 2);
    /* SRAM data is free */
    step(&m, SRAM + 18, ADDS, 0, 0, 0, 0, false);
    uint64_t before = m.st.stall;
    step(&m, SRAM + 20, LDR_R0_PC, 0, 0, 1, SRAM + 0x1000, false);
    assert_int_equal(m.st.stall, before);
    assert_int_equal(m.st.imiss, 0);
}

static void test_sram_code_free(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    for (unsigned i = 0; i < 100; i++)
        step(&m, SRAM + 2 * i, NOP, 0, 0, 0, 0, false);
    step(&m, SRAM + 200, 0xe7fe, 0, SRAM, 0, 0, false);
    assert_int_equal(m.st.cyc0, 103);
    assert_int_equal(m.st.cycart, 103);
    assert_int_equal(m.st.imiss + m.st.ihit + m.st.prefetch_hit, 0);
}

static void test_art_single_port_wait(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    /* line 0: miss, data at 6 (stall 5); prefetch of line 1 occupies 6..12 */
    step(&m, FLASH, 0xe7fe, 0, FLASH + 0x80, 0, 0, false); /* branch: 3, now 8 */
    assert_int_equal(m.st.cycart, 8);
    /* demand miss of line 8 at 8 must wait for the prefetch: start 12, data 18 */
    step(&m, FLASH + 0x80, NOP, 0, 0, 0, 0, false);
    assert_int_equal(m.st.imiss, 2);
    assert_int_equal(m.st.port_wait, 4);
    assert_int_equal(m.st.cycart, 18);
    assert_int_equal(m.st.stall, 5 + 9);
    /* a flash data read right after also waits for the prefetch of line 9 */
    step(&m, FLASH + 0x82, LDR_R0_PC, 0, 0, 1, FLASH + 0x400, false);
    /* requested at 19 (address phase), prefetch 9 (started 18) busy to 24;
     * read 24..30; needed at 20: stall 10, of which 5 waiting for the port */
    assert_int_equal(m.st.port_wait, 4 + 5);
    assert_int_equal(m.st.cycart, 18 + 10 + 2);
}

static void test_exception_in_flash(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    cm_add_handler(&m, FLASH + 0x200);
    step(&m, FLASH, NOP, 0, 0, 0, 0, false);                     /* 1 + 5 */
    step(&m, FLASH + 2, NOP, 0, FLASH + 0x200, 0, 0, false);     /* 1 + 12 entry */
    assert_int_equal(m.st.exc_entry, 1);
    assert_int_equal(m.st.cycart, 6 + 13);
    /* handler line: demand miss (the prefetch of line 1 finished at 12) */
    step(&m, FLASH + 0x200, BX_LR, 0, FLASH + 4, 0, 0, false);   /* 1 + 10, +5 */
    assert_int_equal(m.st.exc_return, 1);
    assert_int_equal(m.st.cycart, 19 + 5 + 11);
    /* back in line 0: cached */
    step(&m, FLASH + 4, NOP, 0, 0, 0, 0, false);
    assert_int_equal(m.st.ihit, 1);
    assert_int_equal(m.st.cyc0, 1 + 13 + 11 + 1);
}

static void test_art_zero_wait_degenerates(void **state)
{
    (void)state;
    cm_config cfg;
    cm_default_config(&cfg);
    cfg.wait_states = 0;
    cfg.prefetch = false;
    cm_model m;
    cm_init(&m, &cfg);
    /* flash code with literal loads, branches and line changes: no stalls */
    for (unsigned k = 0; k < 40; k++) {
        uint32_t a = FLASH + 0x40 * (k % 7);
        step(&m, a, LDR_R0_PC, 0, 0, 1, FLASH + 0x1000 + 16 * k, false);
        step(&m, a + 2, ADDS, 0, 0, 0, 0, false);
        step(&m, a + 4, 0xe7fe, 0, FLASH + 0x40 * ((k + 1) % 7), 0, 0, false);
    }
    assert_true(m.st.imiss > 0);
    assert_true(m.st.dmiss > 0);
    assert_int_equal(m.st.stall, 0);
    assert_int_equal(m.st.cycart, m.st.cyc0);
}

static void test_art_handler_in_prefetched_line(void **state)
{
    (void)state;
    cm_model m;
    cm_init(&m, NULL);
    cm_add_handler(&m, FLASH + 0x10);
    step(&m, FLASH, NOP, 0, 0, 0, 0, false);              /* miss: 1 + 5; prefetch line 1 */
    step(&m, FLASH + 2, NOP, 0, FLASH + 0x10, 0, 0, false); /* 1 + entry 12 */
    step(&m, FLASH + 0x10, NOP, 0, 0, 0, 0, false);       /* line 1 from the prefetch buffer */
    assert_int_equal(m.st.exc_entry, 1);
    assert_int_equal(m.st.prefetch_hit, 1);
    assert_int_equal(m.st.imiss, 1);
    assert_int_equal(m.st.cycart, 6 + 13 + 1);
}

static void test_reexec_guard(void **state)
{
    (void)state;
    /* a store reported twice at the same address, first without an access */
    assert_true(cm_reexec_artifact(SRAM, STR_R1_SP, 0, 0, SRAM));
    assert_true(cm_reexec_artifact(SRAM, 0xf841, 0x0c04, 0, SRAM)); /* str.w */
    /* ... but not when it did access memory, or for a different address */
    assert_false(cm_reexec_artifact(SRAM, STR_R1_SP, 0, 1, SRAM));
    assert_false(cm_reexec_artifact(SRAM, STR_R1_SP, 0, 0, SRAM + 2));
    /* b . legitimately repeats; ldr pc / pop {pc} may too */
    assert_false(cm_reexec_artifact(SRAM, 0xe7fe, 0, 0, SRAM));
    assert_false(cm_reexec_artifact(SRAM, POP3PC, 0, 0, SRAM));
    assert_false(cm_reexec_artifact(SRAM, NOP, 0, 0, SRAM));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decode_table),
        cmocka_unit_test(test_decode_fields),
        cmocka_unit_test(test_alu_load_store_ldm),
        cmocka_unit_test(test_branches),
        cmocka_unit_test(test_pipelined_loads),
        cmocka_unit_test(test_it_skipped_load),
        cmocka_unit_test(test_exception_entry_return),
        cmocka_unit_test(test_tailchain_into_adjacent_handler),
        cmocka_unit_test(test_exception_after_call_and_in_it_block),
        cmocka_unit_test(test_exception_after_cond_branch),
        cmocka_unit_test(test_art_miss_then_hit),
        cmocka_unit_test(test_art_prefetch_hides_sequential),
        cmocka_unit_test(test_art_prefetch_late),
        cmocka_unit_test(test_art_lru_eviction),
        cmocka_unit_test(test_art_literal_pool),
        cmocka_unit_test(test_sram_code_free),
        cmocka_unit_test(test_art_single_port_wait),
        cmocka_unit_test(test_exception_in_flash),
        cmocka_unit_test(test_art_zero_wait_degenerates),
        cmocka_unit_test(test_art_handler_in_prefetched_line),
        cmocka_unit_test(test_reexec_guard),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
