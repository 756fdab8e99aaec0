/*
 * qemu_plugin_api.h - ebb's own minimal declarations of the QEMU TCG plugin API
 * (plugin API version 1, as shipped by QEMU 7.2).
 *
 * This file is NOT QEMU's qemu-plugin.h (which is GPL-2.0-or-later and is not
 * packaged by Debian). It was written for ebb from QEMU's documented plugin API
 * ("QEMU TCG Plugins" in QEMU's developer documentation): only the handful of
 * entry points and types that lab/scope/scope_plugin.c uses are declared.
 * The functions are provided by the qemu-system-* executable at dlopen() time.
 *
 * Version-1 facts relied on (checked against QEMU 7.2):
 *  - the plugin exports `int qemu_plugin_version` and `qemu_plugin_install`;
 *  - plugin arguments arrive as "key=value" strings in argv;
 *  - qemu_plugin_insn_data() returns a pointer to the instruction bytes
 *    (this changed in QEMU 9; do not use this header with newer QEMUs);
 *  - instruction-exec callbacks run before the instruction executes, memory
 *    callbacks run after the access completed.
 */
#ifndef EBB_SCOPE_QEMU_PLUGIN_API_H
#define EBB_SCOPE_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EBB_QEMU_PLUGIN_VERSION 1
#define EBB_QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;

/* Opaque handles owned by QEMU. */
struct qemu_plugin_tb;
struct qemu_plugin_insn;

/*
 * System information passed to qemu_plugin_install. The scope plugin only
 * reads target_name (the first member), so nothing else is declared.
 */
typedef struct qemu_info_t {
    const char *target_name;
} qemu_info_t;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS = 0,
    QEMU_PLUGIN_CB_R_REGS = 1,
    QEMU_PLUGIN_CB_RW_REGS = 2,
};

enum qemu_plugin_mem_rw {
    QEMU_PLUGIN_MEM_R = 1,
    QEMU_PLUGIN_MEM_W = 2,
    QEMU_PLUGIN_MEM_RW = 3,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw,
                                      void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);

size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);

unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);

void qemu_plugin_outs(const char *string);

#endif
