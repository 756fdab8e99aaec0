#!/usr/bin/env python3
"""Run lab/bench/scale.c on QEMU (-icount: instructions are exact) as built twice -
the operation costs (scale.elf) and the longest lock-held stretches
(scale_lock.elf) - print both per N, and check them against
lab/bench/scale_budget.json:

  o1          operations that are O(1) by design: at every N their cost stays
              within `o1_ratio` (1.2) of the N = 1 cost, which itself stays
              under `n1_ceilings`, and their longest lock-held stretch under
              `lock_o1`;
  log         operations that are O(log N) by design (the timer queue): cost
              and lock stretch at every N stay under a + b * log2(N), with
              (a, b) stated per operation;
  lock_whole_run  the longest lock-held stretch of the whole run (1000 tasks
              set up and torn down included) stays under its ceiling.

usage: check_scale.py QEMU SCALE_ELF SCALE_LOCK_ELF BUDGET_JSON [--markdown]
  --markdown  also print docs/costs.md's cost table (N columns) from this run
              (lab/report/cost_tables.py --write docs/costs.md writes it there).
"""
import json
import math
import sys

import qemu_bench


def run(qemu, elf):
    p = qemu_bench.run(qemu, elf, timeout=120)
    figures = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] in ("op", "lock"):
            figures.setdefault(parts[1], {})[int(parts[2])] = int(parts[3])
    if p.returncode != 0 or "scale: ok" not in p.stdout or not figures:
        print(p.stdout + p.stderr)
        raise SystemExit("scale: the benchmark firmware %s failed (exit %d)" % (elf, p.returncode))
    return figures


def markdown(ops, locks):
    """docs/costs.md's cost table (N columns) from run()'s figures, as lines
    (lab/report/cost_tables.py writes it into docs/costs.md)."""
    sizes = sorted(next(iter(ops.values())).keys())
    lines = ["| operation (N = tasks, timers or waiters around) | " +
             " | ".join("N=%d" % n for n in sizes) + " |",
             "|---|" + "---:|" * len(sizes)]
    for name in ops:
        lines.append("| `%s` | " % name + " | ".join(str(ops[name][n]) for n in sizes) + " |")
    lines.append("| longest lock-held stretch in any of them | " +
                 " | ".join(str(max(locks[k][n] for k in ops)) for n in sizes) + " |")
    return lines


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    qemu, elf, lock_elf, budget_path = args[:4]
    with open(budget_path) as f:
        budget = json.load(f)
    ops = run(qemu, elf)
    locks = run(qemu, lock_elf)
    sizes = sorted(next(iter(ops.values())).keys())

    print("ebb operations with N tasks/timers/waiters around, Cortex-M4, executed instructions "
          "(QEMU -icount); [lock] = longest stretch with the port lock held during it")
    print("  %-34s" % "operation" + "".join("%14s" % ("N=%d" % n) for n in sizes))
    for name in ops:
        print("  %-34s" % name + "".join("%7d [%4d]" % (ops[name][n], locks.get(name, {}).get(n, -1))
                                          for n in sizes))
    whole = locks["whole_run"][0]
    print("  longest lock-held stretch of the whole run: %d instructions" % whole)

    failures = []
    ratio = budget["o1_ratio"]
    seen = set()
    for name, ceiling in budget["n1_ceilings"].items():
        seen.add(name)
        if name not in ops:
            failures.append("%s: not measured" % name)
            continue
        base = ops[name][1]
        if base > ceiling:
            failures.append("%s at N=1: %d > ceiling %d" % (name, base, ceiling))
        for n in sizes:
            v = ops[name][n]
            if v > ratio * base:
                failures.append("%s at N=%d: %d > %.1f x its N=1 cost %d (O(1) by design)"
                                % (name, n, v, ratio, base))
            if locks[name][n] > budget["lock_o1"]:
                failures.append("%s at N=%d: lock held for %d > %d (O(1) by design)"
                                % (name, n, locks[name][n], budget["lock_o1"]))
    for name, (a, b) in budget["log"].items():
        seen.add(name)
        if name not in ops:
            failures.append("%s: not measured" % name)
            continue
        for n in sizes:
            cap = a + b * math.log2(n)
            for kind, fig in (("cost", ops), ("lock", locks)):
                if fig[name][n] > cap:
                    failures.append("%s %s at N=%d: %d > %d + %d*log2(N) = %.0f"
                                    % (name, kind, n, fig[name][n], a, b, cap))
    for name in ops:
        if name not in seen:
            failures.append("%s: measured but has no budget (add it to o1 or log)" % name)
    if whole > budget["lock_whole_run"]:
        failures.append("longest lock-held stretch %d > ceiling %d" % (whole, budget["lock_whole_run"]))

    if "--markdown" in argv:
        print()
        print("\n".join(markdown(ops, locks)))

    if failures:
        print("scale budget exceeded:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("scale: %d operations x %d sizes within budget (lab/bench/scale_budget.json)" % (len(ops), len(sizes)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
