#!/usr/bin/env python3
"""Run lab/bench/lock_bound.c on QEMU (-icount: instructions are exact), print
the longest stretch with interrupts masked per operation and N, and check
each operation against its ceiling for the board and build type in
lab/bench/lock_bound_budget.json:

  ops         per operation [a, b]: the figure at every N stays under
              a + b * log2(N) (b = 0: the same ceiling at every N);
  linear      per operation [a, c]: a + c * N, for an operation known to
              mask interrupts for O(N) (listed by the budget's
              "linear_ops"; printed as such on every run);
  whole_run   the longest masked stretch of the whole run.

An operation measured without a ceiling, or a ceiling whose operation was
not measured, fails the check too.

usage: check_lock_bound.py BUDGET_JSON BOARD BUILD_TYPE ELF QEMU "MACHINE [options]" [SHIFT]
       check_lock_bound.py --derive BUDGET_JSON ELF QEMU "MACHINE [options]" [SHIFT]
       check_lock_bound.py --self-test
(the budget is per board and per CMake build type: -O3 and -Os code differ;
SHIFT, the -icount shift, 0 by default: a board whose probe counts a clock
slower than the instructions runs at its own, and the firmware converts.
--derive prints the board's budget entry from a run, by the rule the
budget's comment states.)
"""
import json
import math
import subprocess
import sys


def run(qemu, machine, elf, shift):
    cmd = [qemu, "-M"] + machine.split() + ["-nographic", "-monitor", "none", "-serial", "stdio",
           "-semihosting-config", "enable=on,target=native",
           "-icount", "shift=%d,align=off,sleep=off" % shift, "-kernel", elf]
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    figures, bursts, trap = {}, {}, {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        kind, name, n, v = parts[0], parts[1], int(parts[2]), int(parts[3])
        if kind == "mask":
            figures.setdefault(name, {})[n] = v
        elif kind == "burst":
            bursts.setdefault(name, {})[n] = v
        elif kind == "trap":
            trap[name] = v
    if p.returncode != 0 or "lock_bound: ok" not in p.stdout or "whole_run" not in figures:
        print(" ".join(cmd))
        print(p.stdout + p.stderr)
        raise SystemExit("lock_bound: the benchmark firmware %s failed (exit %d)" % (elf, p.returncode))
    return figures, bursts, trap


def ceiling(entry, linear, n):
    a, b = entry
    return a + b * n if linear else a + b * math.log2(n)


def check(budget, figures, whole, linear_ops):
    """The list of failures of `figures` ({op: {N: v}}) and `whole` against
    `budget` ({"ops": {op: [a, b]}, "linear": {op: [a, c]}, "whole_run": x})."""
    failures = []
    ops, lin = budget.get("ops", {}), budget.get("linear", {})
    for name in figures:
        linear = name in linear_ops
        entry = (lin if linear else ops).get(name)
        if entry is None:
            failures.append("%s: measured but has no ceiling%s" % (name, " (linear)" if linear else ""))
            continue
        for n, v in sorted(figures[name].items()):
            cap = ceiling(entry, linear, n)
            if v > cap:
                what = ("%d + %d*N" if linear else "%d + %d*log2(N)") % tuple(entry)
                failures.append("%s at N=%d: masked for %d > %s = %.0f" % (name, n, v, what, cap))
    for name in list(ops) + list(lin):
        if name not in figures:
            failures.append("%s: has a ceiling but was not measured" % name)
    if whole > budget["whole_run"]:
        failures.append("longest masked stretch of the run %d > ceiling %d" % (whole, budget["whole_run"]))
    return failures


def derive(figures, whole, linear_ops):
    """The budget entry the rule gives: a = the N = 1 figure (the smallest
    N measured) + 10; b = the smallest integer slope over a that covers
    every N, + 3 (0 when a covers every N); whole_run 20 above."""
    ops, lin = {}, {}
    for name in sorted(figures):
        f = figures[name]
        linear = name in linear_ops
        a = f[min(f)] + 10
        slope = 0
        for n, v in f.items():
            x = n if linear else math.log2(n)
            if v > a and x > 0:
                slope = max(slope, math.ceil((v - a) / x))
        b = slope + 3 if slope > 0 else 0
        (lin if linear else ops)[name] = [a, b]
    out = {"ops": ops, "whole_run": whole + 20}
    if lin:
        out["linear"] = lin
    return out


def self_test():
    """The check can fail: growth past the ceiling, a missing ceiling, an
    unmeasured op and a whole run over its ceiling are each caught."""
    flat = {1: 40, 10: 41, 100: 40, 1000: 42}
    logn = {1: 100, 10: 160, 100: 230, 1000: 300}
    budget = derive({"flat": flat, "logn": logn, "lin": {1: 20, 10: 30, 100: 120, 1000: 1020}},
                    500, {"lin"})
    assert budget["ops"]["flat"] == [50, 0], budget
    assert budget["ops"]["logn"][1] > 0, budget
    good = {"flat": flat, "logn": logn, "lin": {1: 20, 10: 30, 100: 120, 1000: 1020}}
    assert check(budget, good, 500, {"lin"}) == [], check(budget, good, 500, {"lin"})
    cases = [
        ("an O(1) op that grows", dict(good, flat={1: 40, 10: 55, 100: 70, 1000: 85})),
        ("an O(log N) op that grows linearly", dict(good, logn={1: 100, 10: 190, 100: 1000, 1000: 9000})),
        ("an O(N) op that grows faster", dict(good, lin={1: 20, 10: 30, 100: 120, 1000: 5000})),
        ("an op without a ceiling", dict(good, new={1: 5})),
        ("an op not measured", {"flat": flat, "logn": logn}),
    ]
    for what, figs in cases:
        if not check(budget, figs, 500, {"lin"}):
            raise SystemExit("check_lock_bound --self-test: %s passed the check" % what)
    if not check(budget, good, 521, {"lin"}):
        raise SystemExit("check_lock_bound --self-test: a whole run over its ceiling passed")
    print("check_lock_bound: self-test ok (%d failing cases caught)" % (len(cases) + 1))
    return 0


def report(board, build_type, figures, bursts, trap, whole, linear_ops):
    sizes = sorted({n for f in figures.values() for n in f})
    print("%s (%s): longest stretch with interrupts masked, executed instructions (QEMU -icount)"
          % (board, build_type))
    if trap:
        print("  (each trap: %d instructions before the entry's first statement, %d after its last, "
              "mret included)" % (trap["head"], trap["tail"]))
    print("  %-28s" % "operation" + "".join("%10s" % ("N=%d" % n) for n in sizes))
    for name in figures:
        print("  %-28s" % name + "".join("%10s" % figures[name].get(n, "-") for n in sizes)
              + ("   O(N) masked" if name in linear_ops else ""))
    for name in bursts:
        print("  %-28s" % ("burst(%s), total" % name) + "".join("%10d" % bursts[name][n] for n in sizes))
    print("  longest masked stretch of the whole run: %d instructions" % whole)


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if argv[1] == "--derive":
        budget_path, elf, qemu, machine = argv[2:6]
        shift = int(argv[6]) if len(argv) > 6 else 0
        with open(budget_path) as f:
            linear_ops = set(json.load(f).get("linear_ops", []))
        figures, _, _ = run(qemu, machine, elf, shift)
        whole = figures.pop("whole_run")[0]
        print(json.dumps(derive(figures, whole, linear_ops), indent=2))
        return 0
    budget_path, board, build_type, elf, qemu, machine = argv[1:7]
    shift = int(argv[7]) if len(argv) > 7 else 0
    with open(budget_path) as f:
        doc = json.load(f)
    budget = doc.get(board, {}).get(build_type)
    if budget is None:
        raise SystemExit("lock_bound: no budget for %s, %s in %s" % (board, build_type, budget_path))
    linear_ops = set(doc.get("linear_ops", []))
    figures, bursts, trap = run(qemu, machine, elf, shift)
    whole = figures.pop("whole_run")[0]
    report(board, build_type, figures, bursts, trap, whole, linear_ops)
    for name in sorted(linear_ops & set(figures)):
        print("  note: %s masks interrupts for O(N) (%s)" % (name, doc["linear_ops_why"]))
    failures = check(budget, figures, whole, linear_ops)
    if failures:
        print("lock_bound budget exceeded:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("lock_bound: %d operations within budget (lab/bench/lock_bound_budget.json, %s, %s)"
          % (len(figures), board, build_type))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
