#!/usr/bin/env python3
"""Run lab/bench/ops.c on QEMU (-icount: instructions are exact), print the cost
of each core operation, and check it against lab/bench/ops_budget.json.

usage: check_ops.py [--machine M] QEMU OPS_ELF BUDGET_JSON
(--machine: another QEMU machine than netduinoplus2, for a board's own
benchmark such as lab/bench/dma_ops.c on mps2-an505)
"""
import json
import os
import sys

import qemu_bench

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "report"))
import check_budget  # noqa: E402


def run(qemu, elf, machine="netduinoplus2"):
    """{operation: instructions} from one run of the ops firmware (None
    after printing why, if it failed).  lab/report/cost_tables.py uses it too."""
    p = qemu_bench.run(qemu, elf, timeout=60, machine=machine)
    ops = {}
    for line in p.stdout.splitlines():
        if line.startswith("op "):
            name, _, value = line[3:].rpartition(" ")
            ops[name] = int(value)
    if p.returncode != 0 or not ops:
        print(p.stdout + p.stderr)
        print("ops: the benchmark firmware %s failed (exit %d)" % (elf, p.returncode), file=sys.stderr)
        return None
    return ops


def main(argv):
    machine = "netduinoplus2"
    if len(argv) > 2 and argv[1] == "--machine":
        machine = argv[2]
        argv = argv[:1] + argv[3:]
    qemu, elf, budget_path = argv[1:4]
    ops = run(qemu, elf, machine)
    if ops is None:
        return 1
    print("ebb operations on %s, executed instructions (QEMU -icount):" % machine)
    for k, v in ops.items():
        print("  %-36s %5d" % (k, v))
    with open(budget_path) as f:
        budget = json.load(f)
    failures, lines = check_budget.check({"ops": ops}, budget)
    # Every measured operation has a ceiling: a new one cannot go unchecked.
    failures += ["ops.%s: measured but no ceiling in %s" % (k, budget_path)
                 for k in ops if "ops." + k not in budget["ceilings"]]
    print("\n".join(lines))
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
