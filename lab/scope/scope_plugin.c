/*
 * scope_plugin.c - ebb's "virtual oscilloscope": a QEMU 7.2 TCG plugin (API v1).
 *
 *   qemu-system-arm -M netduinoplus2 ... -icount shift=0,align=off,sleep=off \
 *     -plugin libebbscope.so,out=edges.txt,elf=fw.elf[,vectors=N][,ws=5]
 *             [,prefetch=1][,icache=64][,dcache=8][,div=7]
 *
 * It counts every executed instruction, feeds the Cortex-M4 cycle model
 * (cyclemodel.h: zero-wait and flash+ART totals) and timestamps probe-pin
 * edges: stores into the Cortex-M bit-band alias of a GPIO port's BSRR
 * register. Output format: see print_header() and docs/measurement.md.
 *
 * Per-instruction state is keyed by guest ADDRESS (an interned table), never
 * by translation object: under -icount QEMU re-executes an I/O access that is
 * not last in its block in a fresh memory-only block, whose memory callback
 * comes from a different translation of the same address.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclemodel.h"
#include "probe.h"
#include "qemu_plugin_api.h"

EBB_QEMU_PLUGIN_EXPORT int qemu_plugin_version = EBB_QEMU_PLUGIN_VERSION;

/* ---- per-address instruction info ---------------------------------------- */

typedef struct insn_info {
    uint32_t addr;
    uint16_t hw[2];
    struct insn_info *next;
} insn_info;

#define HASH_BITS 16
static insn_info *table[1u << HASH_BITS];

static insn_info *intern(uint32_t addr, uint16_t hw0, uint16_t hw1)
{
    unsigned h = ((addr >> 1) * 2654435761u) >> (32 - HASH_BITS);
    for (insn_info *p = table[h]; p; p = p->next) {
        if (p->addr == addr) {
            p->hw[0] = hw0; /* code at this address may have changed */
            p->hw[1] = hw1;
            return p;
        }
    }
    insn_info *p = calloc(1, sizeof(*p));
    if (!p)
        abort();
    p->addr = addr;
    p->hw[0] = hw0;
    p->hw[1] = hw1;
    p->next = table[h];
    table[h] = p;
    return p;
}

/* ---- state ------------------------------------------------------------------ */

#define MAX_ACC 64
#define MAX_PROBES 8

static struct {
    bool valid;
    const insn_info *info;
    cm_access acc[MAX_ACC];
    unsigned n_acc;
    scope_probe probes[MAX_PROBES];
    unsigned n_probes;
} pend;

static cm_model model;
static FILE *out;
static char *out_path;
static uint64_t acc_overflow, reexec_dropped, stray_mem, edges;
static bool finished;

static void print_header(void)
{
    fprintf(out, "# ebbscope 1: edge <insn> <cyc0> <cycart> <imiss> <dmiss> <port> <pin> <level> <pc>\n"
                 "# insn: executed instructions up to and including the probe store;"
                 " cyc0: zero-wait cycles; cycart: flash+ART cycles (STM32F446 @180 MHz, 5 WS);"
                 " imiss/dmiss: ART I/D demand misses so far\n");
}

static void emit_edges(uint64_t c0, uint64_t cart)
{
    for (unsigned i = 0; i < pend.n_probes; i++) {
        const scope_probe *p = &pend.probes[i];
        fprintf(out, "edge %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %c %u %u %08" PRIx32 "\n",
                model.st.insns, c0, cart, model.st.imiss, model.st.dmiss, p->port, p->pin, p->level,
                pend.info->addr);
        edges++;
    }
    if (pend.n_probes)
        fflush(out);
}

/* Account the pending instruction now that the next PC is known. */
static void retire(uint32_t next_pc)
{
    if (!pend.valid)
        return;
    const insn_info *ii = pend.info;
    cm_insn in = {
        .addr = ii->addr,
        .hw = { ii->hw[0], ii->hw[1] },
        .next_pc = next_pc,
        .acc = pend.acc,
        .n_acc = pend.n_acc,
    };
    cm_exc_kind k = cm_step(&model, &in);
    uint64_t c0 = model.st.cyc0, cart = model.st.cycart;
    if (k == CM_EXC_ENTRY) { /* timestamp the store, not the exception after it */
        c0 -= model.cfg.exc_entry;
        cart -= model.cfg.exc_entry;
    }
    emit_edges(c0, cart);
    pend.valid = false;
}

static void vcpu_insn_exec(unsigned int vcpu, void *udata)
{
    (void)vcpu;
    const insn_info *ii = udata;
    if (pend.valid && cm_reexec_artifact(pend.info->addr, pend.info->hw[0], pend.info->hw[1],
                                         pend.n_acc, ii->addr)) {
        reexec_dropped++;
        pend.valid = false; /* the first report never completed */
    }
    retire(ii->addr);
    pend.valid = true;
    pend.info = ii;
    pend.n_acc = 0;
    pend.n_probes = 0;
}

static void vcpu_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
    (void)vcpu;
    const insn_info *ii = udata;
    if (!pend.valid || pend.info->addr != ii->addr) {
        stray_mem++; /* should not happen: see docs/measurement.md */
        return;
    }
    bool st = qemu_plugin_mem_is_store(info);
    if (pend.n_acc < MAX_ACC) {
        pend.acc[pend.n_acc++] = (cm_access){
            .addr = (uint32_t)vaddr,
            .size = (uint8_t)(1u << qemu_plugin_mem_size_shift(info)),
            .is_store = st,
        };
    } else {
        acc_overflow++;
    }
    scope_probe p;
    if (st && pend.n_probes < MAX_PROBES && scope_decode_probe((uint32_t)vaddr, &p))
        pend.probes[pend.n_probes++] = p;
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        const uint8_t *b = qemu_plugin_insn_data(insn);
        size_t sz = qemu_plugin_insn_size(insn);
        uint16_t h0 = 0, h1 = 0;
        if (sz >= 2)
            h0 = (uint16_t)(b[0] | (b[1] << 8));
        if (sz >= 4)
            h1 = (uint16_t)(b[2] | (b[3] << 8));
        insn_info *ii = intern((uint32_t)qemu_plugin_insn_vaddr(insn), h0, h1);
        qemu_plugin_register_vcpu_insn_exec_cb(insn, vcpu_insn_exec, QEMU_PLUGIN_CB_NO_REGS, ii);
        qemu_plugin_register_vcpu_mem_cb(insn, vcpu_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
                                         ii);
    }
}

static void finish(void)
{
    if (finished || !out)
        return;
    finished = true;
    if (pend.valid) {
        const insn_info *ii = pend.info;
        retire(ii->addr + cm_insn_size(ii->hw[0]));
    }
    const cm_stats *s = &model.st;
    fprintf(out,
            "end insn=%" PRIu64 " cyc0=%" PRIu64 " cycart=%" PRIu64 " imiss=%" PRIu64
            " ihit=%" PRIu64 " pf_hit=%" PRIu64 " pf_late=%" PRIu64 " dmiss=%" PRIu64
            " dhit=%" PRIu64 " stall=%" PRIu64 " port_wait=%" PRIu64 " exc_entry=%" PRIu64
            " exc_return=%" PRIu64 " tail_chain=%" PRIu64 " it_skipped=%" PRIu64
            " edges=%" PRIu64 " reexec_dropped=%" PRIu64 " stray_mem=%" PRIu64
            " acc_overflow=%" PRIu64 "\n",
            s->insns, s->cyc0, s->cycart, s->imiss, s->ihit, s->prefetch_hit, s->prefetch_late,
            s->dmiss, s->dhit, s->stall, s->port_wait, s->exc_entry, s->exc_return, s->tail_chain,
            s->it_skipped, edges, reexec_dropped, stray_mem, acc_overflow);
    fclose(out);
    out = NULL;
}

static void plugin_exit(qemu_plugin_id_t id, void *udata)
{
    (void)id;
    (void)udata;
    finish();
}

/* ---- ELF: vector table handler addresses ------------------------------------
 * Minimal ELF32 little-endian reader: find the PT_LOAD segment whose physical
 * (load) address range holds 0x08000000 and read the vector table from the
 * file. Entries 2.. (NMI onwards) are exception handlers; entry 1 (reset) is
 * left out because reset is never returned from. Without vectors=N, reading
 * stops at the first entry that is neither 0 (reserved) nor an odd (Thumb)
 * address inside a loaded segment, at most 256 entries.
 */
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static int load_vectors(const char *path, unsigned nvec)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint8_t *buf = NULL;
    long len = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 52 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)len);
        if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    if (!buf)
        return -1;
    int rc = -1;
    if (memcmp(buf, "\177ELF", 4) != 0 || buf[4] != 1 || buf[5] != 1)
        goto done;
    uint32_t phoff = rd32(buf + 28);
    unsigned phentsize = rd16(buf + 42), phnum = rd16(buf + 44);
    if (phoff + (uint64_t)phnum * phentsize > (uint64_t)len || phentsize < 32)
        goto done;
    const uint8_t *vt = NULL;
    uint32_t vt_avail = 0;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = buf + phoff + i * phentsize;
        uint32_t type = rd32(ph), off = rd32(ph + 4), paddr = rd32(ph + 12), filesz = rd32(ph + 16);
        if (type != 1 || (uint64_t)off + filesz > (uint64_t)len)
            continue;
        if (0x08000000u >= paddr && 0x08000000u - paddr < filesz) {
            vt = buf + off + (0x08000000u - paddr);
            vt_avail = (filesz - (0x08000000u - paddr)) / 4;
        }
    }
    if (!vt)
        goto done;
    unsigned limit = nvec ? nvec : 256;
    if (limit > vt_avail)
        limit = vt_avail;
    for (unsigned i = 2; i < limit; i++) {
        uint32_t v = rd32(vt + 4 * i);
        if (!nvec) {
            bool in_seg = false;
            for (unsigned j = 0; j < phnum; j++) {
                const uint8_t *ph = buf + phoff + j * phentsize;
                uint32_t va = rd32(ph + 8), pa = rd32(ph + 12), msz = rd32(ph + 20);
                uint32_t a = v & ~1u;
                if (rd32(ph) == 1 && ((a >= va && a - va < msz) || (a >= pa && a - pa < msz)))
                    in_seg = true;
            }
            if (v != 0 && (!(v & 1) || !in_seg))
                break;
        }
        cm_add_handler(&model, v);
    }
    rc = 0;
done:
    free(buf);
    return rc;
}

/* ---- install ------------------------------------------------------------------ */

EBB_QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                               int argc, char **argv)
{
    const char *elf = NULL;
    unsigned nvec = 0;
    (void)info;
    cm_config cfg;
    cm_default_config(&cfg);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = strchr(a, '=');
        unsigned long v = eq ? strtoul(eq + 1, NULL, 0) : 0;
        if (strncmp(a, "ws=", 3) == 0) {
            cfg.wait_states = (unsigned)v;
        } else if (strncmp(a, "prefetch=", 9) == 0) {
            cfg.prefetch = v != 0;
        } else if (strncmp(a, "icache=", 7) == 0) {
            cfg.icache_lines = (unsigned)v;
        } else if (strncmp(a, "dcache=", 7) == 0) {
            cfg.dcache_lines = (unsigned)v;
        } else if (strncmp(a, "div=", 4) == 0) {
            cfg.div_cycles = (unsigned)v;
        }
    }
    cm_init(&model, &cfg);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "ws=", 3) == 0 || strncmp(a, "prefetch=", 9) == 0 ||
            strncmp(a, "icache=", 7) == 0 || strncmp(a, "dcache=", 7) == 0 ||
            strncmp(a, "div=", 4) == 0) {
            continue; /* model options, applied above */
        } else if (strncmp(a, "out=", 4) == 0) {
            free(out_path);
            out_path = strdup(a + 4);
        } else if (strncmp(a, "elf=", 4) == 0) {
            elf = a + 4;
        } else if (strncmp(a, "vectors=", 8) == 0) {
            nvec = (unsigned)strtoul(a + 8, NULL, 0);
        } else {
            fprintf(stderr, "ebbscope: unknown argument '%s' (out=, elf=, vectors=, ws=,"
                            " prefetch=, icache=, dcache=, div=)\n", a);
            return -1;
        }
    }
    if (!out_path) {
        fprintf(stderr, "ebbscope: out=FILE is required\n");
        return -1;
    }
    out = fopen(out_path, "w");
    if (!out) {
        fprintf(stderr, "ebbscope: cannot open %s: %s\n", out_path, strerror(errno));
        return -1;
    }
    if (elf && load_vectors(elf, nvec) != 0) {
        fprintf(stderr, "ebbscope: cannot read a vector table at 0x08000000 from %s\n", elf);
        return -1;
    }
    if (!elf)
        fprintf(stderr, "ebbscope: no elf=: exception entry/return will not be modelled\n");
    print_header();
    fprintf(out, "# model ws=%u prefetch=%u icache=%u dcache=%u div=%u handlers=%u\n",
            model.cfg.wait_states, model.cfg.prefetch, model.cfg.icache_lines,
            model.cfg.dcache_lines, model.cfg.div_cycles, model.n_handlers);
    qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
    qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
    return 0;
}
