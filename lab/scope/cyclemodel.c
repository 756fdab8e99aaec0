/*
 * cyclemodel.c - Cortex-M4 cycle estimates (zero-wait and flash+ART).
 * Rules are documented in docs/measurement.md; keep the two in step.
 */
#include "cyclemodel.h"

#include <string.h>

/* ---- decoder ---------------------------------------------------------------
 * Thumb-2 classification from the ARMv7-M ARM encoding tables (A5.2 16-bit,
 * A5.3 32-bit, A6 floating point). Only what matters for timing is extracted.
 */

static int popcount16(unsigned v)
{
    int n = 0;
    for (v &= 0xffffu; v; v &= v - 1)
        n++;
    return n;
}

static uint32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (1u << bits) - 1;
    return (v ^ m) - m;
}

static void dec_init(cm_decoded *d, unsigned size)
{
    memset(d, 0, sizeof(*d));
    d->cls = CM_C_ALU;
    d->size = (uint8_t)size;
    d->rt = d->rn = d->rm = -1;
}

static void single(cm_decoded *d, bool load, int rt, int rn, int rm)
{
    d->cls = load ? CM_C_LOAD : CM_C_STORE;
    d->rt = (int8_t)rt;
    d->rn = (int8_t)rn;
    d->rm = (int8_t)rm;
    if (load && rt == 15) {
        d->writes_pc = true;
        d->is_return = true;
    }
}

static void decode16(uint32_t addr, unsigned hw, cm_decoded *d)
{
    unsigned op6 = hw >> 10;
    uint32_t pc = addr + 4;

    if ((op6 & 0x30) == 0x00) /* shift, add, sub, mov, cmp */
        return;
    if (op6 == 0x10) { /* data processing */
        if (((hw >> 6) & 0xf) == 0xd)
            d->cls = CM_C_MUL;
        return;
    }
    if (op6 == 0x11) { /* special data / branch exchange */
        unsigned op = (hw >> 8) & 3;
        unsigned rd = ((hw >> 4) & 8) | (hw & 7);
        if (op == 3) {
            if (hw & 0x80) {
                d->cls = CM_C_CALL; /* BLX Rm */
            } else {
                d->cls = CM_C_BRANCH; /* BX Rm */
                d->is_return = true;
            }
            d->writes_pc = true;
        } else if (op != 1 && rd == 15) { /* ADD/MOV pc */
            d->cls = CM_C_BRANCH;
            d->writes_pc = true;
        }
        return;
    }
    if ((op6 & 0x3e) == 0x12) { /* LDR literal */
        single(d, true, (hw >> 8) & 7, 15, -1);
        return;
    }
    if ((op6 & 0x3c) == 0x14) { /* load/store register offset */
        unsigned opb = (hw >> 9) & 7;
        single(d, opb >= 3, hw & 7, (hw >> 3) & 7, (hw >> 6) & 7);
        return;
    }
    if ((op6 & 0x38) == 0x18 || (op6 & 0x3c) == 0x20) { /* imm word/byte, halfword */
        single(d, (hw >> 11) & 1, hw & 7, (hw >> 3) & 7, -1);
        return;
    }
    if ((op6 & 0x3c) == 0x24) { /* SP-relative */
        single(d, (hw >> 11) & 1, (hw >> 8) & 7, 13, -1);
        return;
    }
    if ((op6 & 0x3c) == 0x28) /* ADR, ADD SP */
        return;
    if ((op6 & 0x3c) == 0x2c) { /* miscellaneous */
        if ((hw & 0xf500) == 0xb100) { /* CBZ/CBNZ */
            d->cls = CM_C_BRANCH;
            d->direct = d->conditional = true;
            d->target = pc + ((((hw >> 9) & 1) << 6) | (((hw >> 3) & 0x1f) << 1));
        } else if ((hw & 0xfe00) == 0xb400) { /* PUSH */
            d->cls = CM_C_STM;
            d->nregs = (uint8_t)(popcount16(hw & 0xff) + ((hw >> 8) & 1));
        } else if ((hw & 0xfe00) == 0xbc00) { /* POP */
            d->cls = CM_C_LDM;
            d->nregs = (uint8_t)(popcount16(hw & 0xff) + ((hw >> 8) & 1));
            if (hw & 0x100)
                d->writes_pc = d->is_return = true;
        } else if ((hw & 0xff00) == 0xbf00 && (hw & 0xf)) { /* IT */
            unsigned mask = hw & 0xf, n = 4;
            while (!(mask & 1)) {
                mask >>= 1;
                n--;
            }
            d->cls = CM_C_IT;
            d->it_len = (uint8_t)n;
        }
        return; /* hints, CPS, extend, REV, BKPT: 1 */
    }
    if ((op6 & 0x3c) == 0x30) { /* STM / LDM */
        d->cls = (hw & 0x800) ? CM_C_LDM : CM_C_STM;
        d->nregs = (uint8_t)popcount16(hw & 0xff);
        return;
    }
    if ((op6 & 0x3c) == 0x34) { /* B<c>, UDF, SVC */
        unsigned cond = (hw >> 8) & 0xf;
        if (cond < 0xe) {
            d->cls = CM_C_BRANCH;
            d->direct = d->conditional = true;
            d->target = pc + sext((hw & 0xffu) << 1, 9);
        }
        return;
    }
    if ((op6 & 0x3e) == 0x38) { /* B */
        d->cls = CM_C_BRANCH;
        d->direct = true;
        d->target = pc + sext((hw & 0x7ffu) << 1, 12);
    }
}

static void decode_vfp(unsigned h1, unsigned h2, cm_decoded *d)
{
    if ((h2 & 0x0e00) != 0x0a00) /* not coprocessor 10/11 */
        return;
    if ((h1 & 0xffe0) == 0xec40) { /* 64-bit transfers */
        d->cls = CM_C_VMOV2;
        return;
    }
    if ((h1 & 0xfe00) == 0xec00) { /* ext reg load/store */
        bool load = h1 & 0x10;
        if ((h1 & 0xff20) == 0xed00) { /* VLDR/VSTR: P=1 W=0 */
            d->cls = load ? CM_C_VLOAD : CM_C_VSTORE;
            d->dbl = (h2 & 0x100) != 0;
        } else {
            d->cls = load ? CM_C_VLDM : CM_C_VSTM;
            d->nregs = (uint8_t)(h2 & 0xff); /* words transferred */
        }
        return;
    }
    if ((h1 & 0xff00) == 0xee00) {
        if (h2 & 0x10) { /* VMOV core<->single, VMRS/VMSR */
            d->cls = CM_C_VALU;
            return;
        }
        unsigned opc1 = (((h1 >> 7) & 1) << 2) | ((h1 >> 4) & 3);
        switch (opc1) {
        case 0: case 1: case 5: case 6:
            d->cls = CM_C_VMAC;
            break;
        case 4:
            d->cls = CM_C_VDIV;
            break;
        case 7:
            /* VSQRT: opc2 = 0001, opc3 = x1 (bit 6 of h2 set) */
            d->cls = ((h1 & 0xf) == 1 && (h2 & 0xc0) == 0xc0) ? CM_C_VDIV : CM_C_VALU;
            break;
        default:
            d->cls = CM_C_VALU;
        }
    }
}

static void decode32(uint32_t addr, unsigned h1, unsigned h2, cm_decoded *d)
{
    unsigned op1 = (h1 >> 11) & 3;
    unsigned op2 = (h1 >> 4) & 0x7f;
    uint32_t pc = addr + 4;

    if (op1 == 1) {
        if ((op2 & 0x64) == 0x00) { /* load/store multiple */
            unsigned mode = (h1 >> 7) & 3;
            if (mode == 1 || mode == 2) {
                d->cls = (h1 & 0x10) ? CM_C_LDM : CM_C_STM;
                d->nregs = (uint8_t)popcount16(h2);
                if ((h1 & 0x10) && (h2 & 0x8000))
                    d->writes_pc = d->is_return = true;
            }
            return;
        }
        if ((op2 & 0x64) == 0x04) { /* dual, exclusive, table branch */
            unsigned a = (h1 >> 7) & 3, b = (h1 >> 4) & 3;
            int rn = (int)(h1 & 0xf), rt = (int)(h2 >> 12);
            if ((h1 & 0xfff0) == 0xe8d0 && (h2 & 0xffe0) == 0xf000) {
                d->cls = CM_C_TABLE;
                d->writes_pc = true;
            } else if (a == 0 && b == 0) {
                single(d, false, rt, rn, -1); /* STREX */
            } else if (a == 0 && b == 1) {
                single(d, true, rt, rn, -1); /* LDREX */
            } else if (a == 1 && b == 0) {
                single(d, false, rt, rn, -1); /* STREXB/H/D */
            } else if (a == 1 && b == 1) {
                single(d, true, rt, rn, -1); /* LDREXB/H/D */
            } else {
                d->cls = (b & 1) ? CM_C_LOADD : CM_C_STORED;
                d->rn = (int8_t)rn;
            }
            return;
        }
        if ((op2 & 0x60) == 0x20) /* data processing shifted register */
            return;
        decode_vfp(h1, h2, d); /* coprocessor */
        return;
    }
    if (op1 == 2) {
        if (!(h2 & 0x8000)) /* data processing immediate */
            return;
        unsigned bop = (h2 >> 12) & 7;
        if ((bop & 5) == 0) { /* 0x0 */
            if ((op2 & 0x38) != 0x38) { /* B<c> T3 */
                uint32_t s = (h1 >> 10) & 1, j1 = (h2 >> 13) & 1, j2 = (h2 >> 11) & 1;
                uint32_t off = (s << 20) | (j2 << 19) | (j1 << 18) | ((h1 & 0x3fu) << 12) |
                               ((h2 & 0x7ffu) << 1);
                d->cls = CM_C_BRANCH;
                d->direct = d->conditional = true;
                d->target = pc + sext(off, 21);
            } else if ((op2 & 0x7f) == 0x3b) { /* misc control */
                unsigned o = (h2 >> 4) & 0xf;
                if (o == 4 || o == 5 || o == 6)
                    d->cls = CM_C_BARRIER;
            }
            return; /* MSR, MRS, hints, UDF: 1 */
        }
        /* B T4 / BL */
        uint32_t s = (h1 >> 10) & 1, j1 = (h2 >> 13) & 1, j2 = (h2 >> 11) & 1;
        uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
        uint32_t off = (s << 24) | (i1 << 23) | (i2 << 22) | ((h1 & 0x3ffu) << 12) |
                       ((h2 & 0x7ffu) << 1);
        d->direct = true;
        d->target = pc + sext(off, 25);
        d->cls = (bop & 4) ? CM_C_CALL : CM_C_BRANCH;
        return;
    }
    /* op1 == 3 */
    if ((op2 & 0x71) == 0x00 || (op2 & 0x67) == 0x01 || (op2 & 0x67) == 0x03 ||
        (op2 & 0x67) == 0x05) {
        /* store single / load byte / halfword / word */
        bool load = op2 & 1;
        int rn = (int)(h1 & 0xf), rt = (int)(h2 >> 12), rm = -1;
        if (rn != 15 && !(h1 & 0x80) && (h2 & 0x0fc0) == 0)
            rm = (int)(h2 & 0xf);
        if (load && rt == 15 && (op2 & 0x67) != 0x05)
            return; /* PLD/PLI (hints, no access): 1 */
        single(d, load, rt, rn, rm);
        return;
    }
    if ((op2 & 0x78) == 0x30) { /* multiply, MAC, abs difference */
        d->cls = CM_C_MUL;
        return;
    }
    if ((op2 & 0x78) == 0x38) { /* long multiply, divide */
        unsigned o1 = op2 & 7, o2 = (h2 >> 4) & 0xf;
        d->cls = ((o1 == 1 || o1 == 3) && o2 == 0xf) ? CM_C_DIV : CM_C_MUL;
        return;
    }
    /* data processing register, coprocessor (T=1): 1 */
}

void cm_decode(uint32_t addr, uint16_t hw1, uint16_t hw2, cm_decoded *out)
{
    unsigned size = cm_insn_size(hw1);
    dec_init(out, size);
    if (size == 2)
        decode16(addr, hw1, out);
    else
        decode32(addr, hw1, hw2, out);
}

const char *cm_class_name(cm_class c)
{
    static const char *const n[CM_C_COUNT] = {
        "alu", "mul", "div", "load", "store", "ldrd", "strd", "ldm", "stm", "branch",
        "call", "table", "it", "barrier", "vldr", "vstr", "vldm", "vstm", "vmov2",
        "valu", "vmac", "vdiv",
    };
    return (unsigned)c < CM_C_COUNT ? n[c] : "?";
}

/* ---- configuration and handlers ----------------------------------------- */

void cm_default_config(cm_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->div_cycles = 7;
    cfg->barrier_cycles = 3;
    cfg->exc_entry = 12;
    cfg->exc_return = 10;
    cfg->tail_chain = 6;
    cfg->infer_exceptions = true;
    cfg->wait_states = 5;
    cfg->icache_lines = CM_MAX_ICACHE;
    cfg->dcache_lines = CM_MAX_DCACHE;
    cfg->prefetch = true;
}

void cm_init(cm_model *m, const cm_config *cfg)
{
    memset(m, 0, sizeof(*m));
    if (cfg)
        m->cfg = *cfg;
    else
        cm_default_config(&m->cfg);
    if (m->cfg.icache_lines > CM_MAX_ICACHE)
        m->cfg.icache_lines = CM_MAX_ICACHE;
    if (m->cfg.dcache_lines > CM_MAX_DCACHE)
        m->cfg.dcache_lines = CM_MAX_DCACHE;
    m->prev_load_rt = -1;
    m->cur_line = CM_NO_LINE;
    m->pf_line = CM_NO_LINE;
    for (unsigned i = 0; i < CM_MAX_ICACHE; i++)
        m->iline[i] = CM_NO_LINE;
    for (unsigned i = 0; i < CM_MAX_DCACHE; i++)
        m->dline[i] = CM_NO_LINE;
}

void cm_add_handler(cm_model *m, uint32_t addr)
{
    addr &= ~1u;
    if (!addr || m->n_handlers >= CM_MAX_HANDLERS || cm_is_handler(m, addr))
        return;
    unsigned i = m->n_handlers++;
    while (i > 0 && m->handlers[i - 1] > addr) {
        m->handlers[i] = m->handlers[i - 1];
        i--;
    }
    m->handlers[i] = addr;
}

bool cm_is_handler(const cm_model *m, uint32_t addr)
{
    unsigned lo = 0, hi = m->n_handlers;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (m->handlers[mid] == addr)
            return true;
        if (m->handlers[mid] < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* ---- flash + ART ------------------------------------------------------------
 * Time: m->st.cycart is "now", the cycle at which the current instruction
 * starts issuing. A flash line read started at cycle s delivers at
 * s + wait_states + 1 and keeps the (single, non-abortable) port busy until
 * then. An instruction-line read is requested at now and needed at now + 1;
 * a data read is requested in the load's address phase (now + 1) and needed
 * in its data phase (now + 2). In both cases a read that starts at once
 * stalls the core by exactly wait_states; a busy port adds its remaining time.
 */

static uint32_t flash_line(uint32_t a)
{
    return (a & 0x000fffffu) >> 4; /* the 0x0 alias and 0x08000000 are one array */
}

static int cache_find(const uint32_t *lines, unsigned n, uint32_t line)
{
    for (unsigned i = 0; i < n; i++)
        if (lines[i] == line)
            return (int)i;
    return -1;
}

/* Insert or touch `line` in an LRU cache. */
static void cache_fill(cm_model *m, uint32_t *lines, uint64_t *use, unsigned n, uint32_t line)
{
    int i = cache_find(lines, n, line);
    if (i < 0) {
        unsigned v = 0;
        for (unsigned k = 0; k < n; k++) {
            if (lines[k] == CM_NO_LINE) {
                v = k;
                break;
            }
            if (use[k] < use[v])
                v = k;
        }
        i = (int)v;
        lines[i] = line;
    }
    use[i] = ++m->use_clock;
}

static uint64_t u64max(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* Start a flash read at or after `now`; returns the cycle the data arrive. */
static uint64_t flash_read(cm_model *m, uint64_t now, bool demand)
{
    uint64_t start = u64max(now, m->flash_free);
    if (demand)
        m->st.port_wait += start - now;
    m->flash_free = start + m->cfg.wait_states + 1;
    return m->flash_free;
}

static void stall(cm_model *m, uint64_t ready, unsigned phase)
{
    uint64_t need = m->st.cycart + phase;
    if (ready > need) {
        m->st.stall += ready - need;
        m->st.cycart += ready - need;
    }
}

static bool icached(cm_model *m, uint32_t line)
{
    return m->cfg.icache_lines && cache_find(m->iline, m->cfg.icache_lines, line) >= 0;
}

static void enter_line(cm_model *m, uint32_t line)
{
    unsigned n = m->cfg.icache_lines;
    if (icached(m, line)) {
        m->st.ihit++;
        cache_fill(m, m->iline, m->iuse, n, line);
    } else if (line == m->pf_line) {
        m->st.prefetch_hit++;
        if (m->pf_ready > m->st.cycart + 1)
            m->st.prefetch_late++;
        stall(m, m->pf_ready, 1);
        if (n)
            cache_fill(m, m->iline, m->iuse, n, line);
    } else {
        m->st.imiss++;
        stall(m, flash_read(m, m->st.cycart, true), 1);
        if (n)
            cache_fill(m, m->iline, m->iuse, n, line);
    }
    m->pf_line = CM_NO_LINE;
    m->cur_line = line;
    /* next-line prefetch, unless that line is cached */
    uint32_t next = line + 1;
    if (m->cfg.prefetch && !icached(m, next)) {
        m->pf_line = next;
        m->pf_ready = flash_read(m, m->st.cycart, false);
    }
}

static void art_fetch(cm_model *m, uint32_t addr, unsigned size)
{
    if (!cm_is_flash(addr)) {
        m->cur_line = CM_NO_LINE; /* SRAM etc.: no cost; re-entering flash counts */
        return;
    }
    uint32_t line = flash_line(addr);
    if (line != m->cur_line)
        enter_line(m, line);
    if (size == 4 && cm_is_flash(addr + 2) && flash_line(addr + 2) != line)
        enter_line(m, flash_line(addr + 2));
}

static void art_data(cm_model *m, const cm_access *acc, unsigned n)
{
    uint32_t last = CM_NO_LINE;
    for (unsigned i = 0; i < n; i++) {
        if (acc[i].is_store || !cm_is_flash(acc[i].addr))
            continue;
        uint32_t line = flash_line(acc[i].addr);
        if (line == last)
            continue; /* same line within one instruction: one read */
        last = line;
        if (m->cfg.dcache_lines && cache_find(m->dline, m->cfg.dcache_lines, line) >= 0) {
            m->st.dhit++;
            cache_fill(m, m->dline, m->duse, m->cfg.dcache_lines, line);
            continue;
        }
        m->st.dmiss++;
        stall(m, flash_read(m, m->st.cycart + 1, true), 2);
        if (m->cfg.dcache_lines)
            cache_fill(m, m->dline, m->duse, m->cfg.dcache_lines, line);
    }
}

/* ---- core timing ------------------------------------------------------------ */

static bool any_load(const cm_insn *in)
{
    for (unsigned i = 0; i < in->n_acc; i++)
        if (!in->acc[i].is_store)
            return true;
    return false;
}

static bool is_memory_class(unsigned c)
{
    return c == CM_C_LOAD || c == CM_C_STORE || c == CM_C_LOADD || c == CM_C_STORED ||
           c == CM_C_LDM || c == CM_C_STM || c == CM_C_VLOAD || c == CM_C_VSTORE ||
           c == CM_C_VLDM || c == CM_C_VSTM || c == CM_C_TABLE;
}

bool cm_reexec_artifact(uint32_t addr, uint16_t hw0, uint16_t hw1, unsigned n_acc,
                        uint32_t new_addr)
{
    if (new_addr != addr || n_acc != 0)
        return false;
    cm_decoded d;
    cm_decode(addr, hw0, hw1, &d);
    return is_memory_class(d.cls) && d.cls != CM_C_TABLE && !d.writes_pc;
}

/* Base cost, without the +2 refill of a taken branch. */
static unsigned base_cost(cm_model *m, const cm_decoded *d, bool in_it, const cm_insn *in)
{
    if (in_it && is_memory_class(d->cls) && in->n_acc == 0) {
        m->st.it_skipped++;
        return 1;
    }
    switch (d->cls) {
    case CM_C_DIV:
        return m->cfg.div_cycles;
    case CM_C_LOAD:
        if (m->prev_load_rt >= 0 && d->rn != m->prev_load_rt && d->rm != m->prev_load_rt) {
            m->st.pipelined_loads++;
            return 1;
        }
        return 2;
    case CM_C_LOADD:
    case CM_C_STORED:
        return 3;
    case CM_C_LDM:
    case CM_C_STM:
    case CM_C_VLDM:
    case CM_C_VSTM:
        return 1u + d->nregs;
    case CM_C_TABLE:
        return 2;
    case CM_C_BARRIER:
        return m->cfg.barrier_cycles;
    case CM_C_VLOAD:
    case CM_C_VSTORE:
        return d->dbl ? 3 : 2;
    case CM_C_VMOV2:
        return 2;
    case CM_C_VMAC:
        return 3;
    case CM_C_VDIV:
        return 14;
    default:
        return 1;
    }
}

static void add_cycles(cm_model *m, uint64_t c)
{
    m->st.cyc0 += c;
    m->st.cycart += c;
}

static void push_call(cm_model *m, uint32_t ret)
{
    if (m->ncalls == CM_MAX_CALLS) { /* drop the oldest */
        memmove(m->calls, m->calls + 1, (CM_MAX_CALLS - 1) * sizeof(m->calls[0]));
        m->ncalls--;
        for (unsigned i = 0; i < m->depth; i++)
            if (m->frames[i].call_base)
                m->frames[i].call_base--;
    }
    m->calls[m->ncalls++] = ret;
}

static unsigned call_base(const cm_model *m)
{
    return m->depth ? m->frames[m->depth - 1].call_base : 0;
}

/* A return-type instruction went to `to`: pop a matching shadow call entry. */
static bool pop_call(cm_model *m, uint32_t to)
{
    unsigned base = call_base(m);
    for (unsigned i = m->ncalls; i > base; i--) {
        if (m->calls[i - 1] == to) {
            m->ncalls = i - 1;
            return true;
        }
    }
    return false;
}

static cm_exc_kind infer(cm_model *m, const cm_decoded *d, const cm_insn *in, bool in_it)
{
    uint32_t ft = in->addr + d->size, to = in->next_pc;
    /*
     * Falling through is not an exception, except after an executed
     * PC-writing instruction (BX, POP {pc}, ...): those never continue at
     * addr + size, so a handler laid out right behind one (e.g. a handler
     * that directly follows another handler's bx lr) was entered as an
     * exception (tail-chain in handler mode).
     */
    if (to == ft && !(d->writes_pc && !in_it && cm_is_handler(m, to)))
        return CM_EXC_NONE;
    if (d->is_return && m->depth > 0) {
        if (pop_call(m, to))
            return CM_EXC_NONE; /* function return inside a handler */
        cm_frame *f = &m->frames[m->depth - 1];
        if (f->ret == to || (f->ret == CM_UNKNOWN_PC && !cm_is_handler(m, to)))
            return CM_EXC_RETURN;
        if (cm_is_handler(m, to))
            return CM_EXC_TAILCHAIN;
        return CM_EXC_NONE;
    }
    if (!cm_is_handler(m, to))
        return CM_EXC_NONE;
    if (d->direct && d->target == to)
        return CM_EXC_NONE; /* a branch to the handler's address */
    if (d->cls == CM_C_CALL && !d->direct)
        return CM_EXC_NONE; /* BLX Rm to a handler: treated as a call */
    return CM_EXC_ENTRY;
}

static cm_exc_kind step(cm_model *m, const cm_insn *in, bool given, cm_exc_kind exc);

cm_exc_kind cm_step(cm_model *m, const cm_insn *in)
{
    return step(m, in, false, CM_EXC_NONE);
}

cm_exc_kind cm_step_exc(cm_model *m, const cm_insn *in, cm_exc_kind exc)
{
    return step(m, in, true, exc);
}

static cm_exc_kind step(cm_model *m, const cm_insn *in, bool given, cm_exc_kind exc)
{
    cm_decoded d;
    cm_decode(in->addr, in->hw[0], in->hw[1], &d);
    uint32_t ft = in->addr + d.size;

    bool in_it = m->it_left > 0;
    if (in_it)
        m->it_left--;

    if (!given)
        exc = m->cfg.infer_exceptions ? infer(m, &d, in, in_it) : CM_EXC_NONE;

    m->st.insns++;
    art_fetch(m, in->addr, d.size);
    art_data(m, in->acc, in->n_acc);

    bool skipped = in_it && is_memory_class(d.cls) && in->n_acc == 0;
    unsigned cost = base_cost(m, &d, in_it, in);
    bool discont = in->next_pc != ft;

    switch (exc) {
    case CM_EXC_ENTRY: {
        /* a call taken just before the exception belongs to the interrupted level */
        if (d.cls == CM_C_CALL)
            push_call(m, ft);
        cm_frame f = {
            .fallthrough = ft,
            .call_base = m->ncalls,
            .it_left = (uint8_t)(d.cls == CM_C_IT ? d.it_len : m->it_left),
        };
        if (d.cls == CM_C_TABLE && !skipped) {
            cost += 2;
            f.ret = CM_UNKNOWN_PC;
        } else if (d.direct && !d.conditional) {
            f.ret = d.target;
            if (d.target != ft)
                cost += 2;
        } else if (d.writes_pc || d.conditional) {
            f.ret = CM_UNKNOWN_PC; /* resolved at the return */
            f.refill_if_not_ft = true;
        } else {
            f.ret = ft;
        }
        add_cycles(m, cost + m->cfg.exc_entry);
        if (m->depth < CM_MAX_NEST)
            m->frames[m->depth++] = f;
        m->st.exc_entry++;
        m->it_left = 0;
        /* the handler starts a new fetch stream; the prefetch buffer keeps
         * its line (a handler in that line hits it) */
        m->cur_line = CM_NO_LINE;
        break;
    }
    case CM_EXC_RETURN: {
        add_cycles(m, cost + m->cfg.exc_return);
        if (m->depth > 0) {
            cm_frame *f = &m->frames[--m->depth];
            if (f->refill_if_not_ft && in->next_pc != f->fallthrough)
                add_cycles(m, 2); /* the interrupted branch was taken after all */
            if (m->ncalls > f->call_base)
                m->ncalls = f->call_base;
            m->it_left = f->it_left; /* an IT block interrupted half-way resumes */
        } else {
            m->it_left = 0;
        }
        m->st.exc_return++;
        m->cur_line = CM_NO_LINE;
        break;
    }
    case CM_EXC_TAILCHAIN:
        add_cycles(m, cost + m->cfg.tail_chain);
        if (m->depth > 0 && m->ncalls > m->frames[m->depth - 1].call_base)
            m->ncalls = m->frames[m->depth - 1].call_base;
        m->st.tail_chain++;
        m->it_left = 0;
        m->cur_line = CM_NO_LINE;
        break;
    default:
        if (d.cls == CM_C_TABLE && !skipped)
            cost += 2;
        else if (discont)
            cost += 2;
        if (discont && d.cls == CM_C_CALL)
            push_call(m, ft);
        else if (discont && d.is_return && !m->depth)
            pop_call(m, in->next_pc);
        add_cycles(m, cost);
        break;
    }

    if (d.cls == CM_C_IT && exc == CM_EXC_NONE)
        m->it_left = d.it_len;
    if (d.cls == CM_C_LOAD && any_load(in) && !discont && exc == CM_EXC_NONE)
        m->prev_load_rt = d.rt;
    else
        m->prev_load_rt = -1;
    return exc;
}
