#!/usr/bin/env python3
"""Check a showdown report against the committed budgets (lab/bench/budget.json).

Budgets are ceilings on deterministic figures only (bytes, executed
instructions, modelled cycles): never wall-clock time.  A figure above its
ceiling fails `make test`.  Raising a ceiling is a deliberate commit that says
why; lowering one after an improvement locks the gain in.

Budget keys are paths into report.json ("latency.insn.max", "text"), each
mapped to its ceiling.
"""
import json
import sys


def lookup(report, path):
    node = report
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(path)
        node = node[part]
    return node


def check(report, budget):
    failures, lines = [], []
    for path, ceiling in sorted(budget["ceilings"].items()):
        try:
            value = lookup(report, path)
        except KeyError:
            failures.append("%s: missing from the report" % path)
            continue
        ok = value is not None and value <= ceiling
        lines.append("%-4s %-34s %10s <= %s" % ("ok" if ok else "OVER", path, value, ceiling))
        if not ok:
            failures.append("%s = %s exceeds its budget %s" % (path, value, ceiling))
    return failures, lines


def main(argv):
    if len(argv) != 3:
        print("usage: check_budget.py REPORT.json BUDGET.json", file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        report = json.load(f)
    with open(argv[2]) as f:
        budget = json.load(f)
    failures, lines = check(report, budget)
    print("\n".join(lines))
    if failures:
        print("\nbudget exceeded:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("%d budgets checked, all within their ceilings" % len(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
