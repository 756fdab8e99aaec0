/*
 * split_plugin.c - where the showdown's measured instructions go.
 *
 * A QEMU TCG plugin loaded next to the scope (lab/scope) in the same run:
 *
 *   qemu-system-arm ... -plugin libebbscope.so,... \
 *                       -plugin libshowdown_split.so,out=split.txt
 *
 * It follows the probe pins as the scope does (lab/scope/probe.h: a store
 * into the bit-band alias of a GPIO BSRR) and counts executed instructions
 * per address in the study's two task-side windows:
 *   latency - after the store that raises PG0, up to and including the one
 *             that raises PG1 (interrupt start to task resumed);
 *   thread  - after the store that raises PG1, up to and including the one
 *             that lowers it (the task's work for one edge).
 * Output: "<window> <address> <count>" lines, then "edges <n>".
 * lab/report/showdown_report.py maps addresses to source files (addr2line,
 * inlined code attributed to the function it came from) and splits each
 * window into ebb's share and the application's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"
#include "qemu_plugin_api.h"

EBB_QEMU_PLUGIN_EXPORT int qemu_plugin_version = EBB_QEMU_PLUGIN_VERSION;

enum { W_NONE, W_LATENCY, W_THREAD, W_COUNT };
static const char *const wname[W_COUNT] = {"none", "latency", "thread"};

#define HASH_BITS 14
typedef struct slot {
    uint32_t addr;
    uint64_t n[W_COUNT];
    struct slot *next;
} slot;
static slot *table[1u << HASH_BITS];

static int window = W_NONE;
static slot *last;          /* the instruction reported last */
static int last_window;
static unsigned last_acc;   /* data accesses it made */
static uint64_t g1_falls;
static char *out_path;

static slot *intern(uint32_t addr)
{
    unsigned h = ((addr >> 1) * 2654435761u) >> (32 - HASH_BITS);
    for (slot *p = table[h]; p; p = p->next) {
        if (p->addr == addr) {
            return p;
        }
    }
    slot *p = calloc(1, sizeof *p);
    if (!p) {
        abort();
    }
    p->addr = addr;
    p->next = table[h];
    table[h] = p;
    return p;
}

static void insn_exec(unsigned int vcpu, void *udata)
{
    (void)vcpu;
    slot *s = udata;
    /* Under -icount QEMU may report an I/O load/store twice, the first
     * report without its access: count it once (as the scope does). */
    if (last == s && last_acc == 0) {
        last->n[last_window]--;
    }
    s->n[window]++;
    last = s;
    last_window = window;
    last_acc = 0;
}

static void mem_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
    (void)vcpu;
    (void)udata;
    last_acc++;
    scope_probe p;
    if (!qemu_plugin_mem_is_store(info) || !scope_decode_probe((uint32_t)vaddr, &p) ||
        p.port != 'G') {
        return;
    }
    if (p.pin == 0 && p.level == 1) {
        window = W_LATENCY;
    } else if (p.pin == 1 && p.level == 1) {
        window = W_THREAD;
    } else if (p.pin == 1 && p.level == 0) {
        window = W_NONE;
        g1_falls++;
    }
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        slot *s = intern((uint32_t)qemu_plugin_insn_vaddr(insn));
        qemu_plugin_register_vcpu_insn_exec_cb(insn, insn_exec, QEMU_PLUGIN_CB_NO_REGS, s);
        qemu_plugin_register_vcpu_mem_cb(insn, mem_access, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
                                         s);
    }
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
    (void)id;
    (void)udata;
    FILE *f = fopen(out_path, "w");
    if (!f) {
        return;
    }
    for (unsigned h = 0; h < (1u << HASH_BITS); h++) {
        for (slot *p = table[h]; p; p = p->next) {
            for (int w = W_LATENCY; w < W_COUNT; w++) {
                if (p->n[w] != 0) {
                    fprintf(f, "%s %08" PRIx32 " %" PRIu64 "\n", wname[w], p->addr, p->n[w]);
                }
            }
        }
    }
    fprintf(f, "edges %" PRIu64 "\n", g1_falls);
    fclose(f);
}

EBB_QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                               int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            out_path = strdup(argv[i] + 4);
        } else {
            fprintf(stderr, "showdown_split: unknown argument '%s' (out=FILE)\n", argv[i]);
            return -1;
        }
    }
    if (!out_path) {
        fprintf(stderr, "showdown_split: out=FILE is required\n");
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
