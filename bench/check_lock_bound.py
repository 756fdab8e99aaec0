#!/usr/bin/env python3
"""Run bench/lock_bound.c on QEMU (-icount shift 0: instructions are exact),
print the longest stretch with interrupts masked per operation and N, and
check it against the board's ceilings in bench/lock_bound_budget.json:

  fire        a burst of N timers due together (any arming order): the
              longest masked stretch stays under a + b * log2(N) - one
              expiry per critical section with interrupts let in between,
              so the burst's length does not count, only the red-black
              tree's erase of one timer among N (O(log N));
  arm         arming N timers: under a + b * log2(N) (each arm is one
              critical section, an O(log N) insert);
  whole_run   the longest masked stretch of the whole run.

usage: check_lock_bound.py BUDGET_JSON BOARD BUILD_TYPE ELF QEMU "MACHINE [options]" [SHIFT]
(the budget is per board and per CMake build type: -O3 and -Os code differ;
SHIFT, the -icount shift, 0 by default: a board whose probe counts a clock
slower than the instructions runs at its own, and the firmware converts)
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
    if p.returncode != 0 or "lock_bound: ok" not in p.stdout or not figures:
        print(" ".join(cmd))
        print(p.stdout + p.stderr)
        raise SystemExit("lock_bound: the benchmark firmware %s failed (exit %d)" % (elf, p.returncode))
    return figures, bursts, trap


def main(argv):
    budget_path, board, build_type, elf, qemu, machine = argv[1:7]
    shift = int(argv[7]) if len(argv) > 7 else 0
    with open(budget_path) as f:
        budget = json.load(f).get(board, {}).get(build_type)
    if budget is None:
        raise SystemExit("lock_bound: no budget for %s, %s in %s" % (board, build_type, budget_path))
    figures, bursts, trap = run(qemu, machine, elf, shift)
    whole = figures.pop("whole_run")[0]
    sizes = sorted(next(iter(figures.values())).keys())

    print("%s (%s): longest stretch with interrupts masked, executed instructions (QEMU -icount)"
          % (board, build_type))
    if trap:
        print("  (each trap: %d instructions before the entry's first statement, %d after its last, "
              "mret included)" % (trap["head"], trap["tail"]))
    print("  %-22s" % "operation" + "".join("%10s" % ("N=%d" % n) for n in sizes))
    for name in figures:
        print("  %-22s" % name + "".join("%10d" % figures[name][n] for n in sizes))
    for name in bursts:
        print("  %-22s" % ("burst(%s), total" % name) + "".join("%10d" % bursts[name][n] for n in sizes))
    print("  longest masked stretch of the whole run: %d instructions" % whole)

    failures = []
    for name in figures:
        kind = name.split("(")[0]
        if kind not in ("fire", "arm"):
            failures.append("%s: measured but has no budget" % name)
            continue
        a, b = budget[kind]
        for n in sizes:
            v = figures[name][n]
            cap = a + b * math.log2(n)
            what = "%d + %d*log2(N) = %.0f" % (a, b, cap)
            if v > cap:
                failures.append("%s at N=%d: masked for %d > %s" % (name, n, v, what))
    if whole > budget["whole_run"]:
        failures.append("longest masked stretch of the run %d > ceiling %d" % (whole, budget["whole_run"]))
    if failures:
        print("lock_bound budget exceeded:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("lock_bound: %d operations x %d sizes within budget (bench/lock_bound_budget.json, %s, %s)"
          % (len(figures), len(sizes), board, build_type))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
