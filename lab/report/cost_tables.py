#!/usr/bin/env python3
"""docs/costs.md's tables, measured: bytes of RAM per object
(lab/bench/sizeof.c compiled for the Cortex-M4 and read off with nm, as
lab/bench/sizeof.sh does), executed instructions per operation (lab/bench/ops.c on
QEMU under -icount, as bench.ops) and the same with N = 1..1000 tasks, timers
or waiters around (lab/bench/scale.c, as bench.scale).

usage: lab/report/cost_tables.py [--build DIR] [--qemu QEMU] [--write FILE | --check FILE]
  (no option)   print the section
  --write FILE  replace the section between its marker lines in FILE
  --check FILE  exit 1 if FILE's section differs from a fresh measurement
DIR is the netduinoplus2 build tree with the benchmark firmware
(default build/qemu-netduinoplus2; `make test` builds it); QEMU defaults to
qemu-system-arm on the PATH.
"""
import json
import os
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "lab", "bench"))
import check_ops  # noqa: E402
import check_scale  # noqa: E402

BEGIN = "<!-- cost tables: lab/report/cost_tables.py --write docs/costs.md -->"
END = "<!-- end of cost tables -->"
QEMU = ["qemu-system-arm"]

# The objects docs/costs.md lists: (row label, symbols of lab/bench/sizeof.c).
OBJECTS = [
    ("task header (`ebb_task`)", ["task_header"]),
    ("executor", ["executor"]),
    ("wait (`ebb_wait`, the state of one await)", ["wait"]),
    ("wait list", ["waitlist"]),
    ("timer / ticker", ["timer", "ticker"]),
    ("channel / SPSC channel header (+ storage)", ["channel_header", "spsc_header"]),
    ("signal / mutex", ["signal", "mutex"]),
]

# The operations docs/costs.md lists (lab/bench/ops.c names), with a gloss where
# the name alone does not say what is counted.
OPS = [
    ("waitlist_wake_all(1_waiter)", ""),
    ("executor_poll(resume+wait_again)", ""),
    ("wake(idle_task)", ""),
    ("wake(already_queued)", ""),
    ("executor_poll(spurious)", ""),
    ("executor_poll(nothing_ready)", ""),
    ("channel_try_send(32B)", ""),
    ("channel_try_recv(32B)", ""),
    ("spsc_try_reserve+commit", ""),
    ("spsc_try_peek+release", ""),
    ("signal_raise(no_waiter)", ""),
    ("now()", ""),
    ("mutex_lock_if_free+unlock", ""),
    ("sleep_start(arm_timer)", ""),
    ("sleep_cancel(disarm_timer)", ""),
    ("yield(to_next_task)", " (from one task's `EBB_YIELD` to the next task's statement)"),
]


def object_sizes():
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "s.o")
        subprocess.run(["arm-none-eabi-gcc", "-std=gnu11", "-mcpu=cortex-m4", "-mthumb",
                        "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-Wall", "-Wextra", "-Werror",
                        "-c", "-I" + os.path.join(TOP, "include"),
                        "-I" + os.path.join(TOP, "port", "cortex-m"),
                        os.path.join(TOP, "lab", "bench", "sizeof.c"), "-o", obj], check=True)
        nm = subprocess.run(["arm-none-eabi-nm", "-S", obj], check=True, capture_output=True,
                            text=True).stdout
    sizes = {}
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3].startswith("sizeof_"):
            sizes[parts[3][len("sizeof_"):]] = int(parts[1], 16)
    return sizes


def op_costs(build):
    ops = check_ops.run(QEMU[0], os.path.join(build, "lab", "bench", "ops.elf"))
    if ops is None:
        raise SystemExit("cost_tables: the ops firmware failed")
    return ops


def section(build):
    sizes = object_sizes()
    ops = op_costs(build)
    scale = check_scale.run(QEMU[0], os.path.join(build, "lab", "bench", "scale.elf"))
    locks = check_scale.run(QEMU[0], os.path.join(build, "lab", "bench", "scale_lock.elf"))
    with open(os.path.join(TOP, "lab", "bench", "scale_budget.json")) as f:
        ratio = json.load(f)["o1_ratio"]
    out = [BEGIN, "| object | bytes |", "|---|---|"]
    for label, names in OBJECTS:
        out.append("| %s | %s |" % (label, " / ".join(str(sizes[n]) for n in names)))
    out += ["", "| operation | instructions |", "|---|---|"]
    for name, gloss in OPS:
        if name not in ops:
            raise SystemExit("cost_tables: lab/bench/ops.c no longer measures %s" % name)
        out.append("| `%s`%s | %d |" % (name, gloss, ops[name]))
    out += ["",
            "With N tasks, timers or waiters around (`ctest --test-dir",
            "build/qemu-netduinoplus2 -R bench.scale -V`). Everything but the timer",
            "queue stays within %gx of its N = 1 cost (`lab/bench/scale_budget.json`); the"
            % ratio,
            "timer queue is a red-black tree, O(log N) (docs/design.md, \"Costs that do",
            "not grow with N\"). The last row is the longest stretch any of them keeps",
            "the port lock held:",
            ""]
    out += check_scale.markdown(scale, locks)
    out.append(END)
    return "\n".join(out) + "\n"


def splice(text, new):
    try:
        a = text.index(BEGIN)
        b = text.index(END, a) + len(END) + 1
    except ValueError:
        raise SystemExit("cost_tables: no marker lines %r ... %r" % (BEGIN, END))
    return text[:a] + new + text[b:]


def main(argv):
    build = os.path.join(TOP, "build", "qemu-netduinoplus2")
    if "--build" in argv:
        build = argv[argv.index("--build") + 1]
    if "--qemu" in argv:
        QEMU[0] = argv[argv.index("--qemu") + 1]
    new = section(build)
    for mode in ("--write", "--check"):
        if mode in argv:
            path = argv[argv.index(mode) + 1]
            with open(path) as f:
                text = f.read()
            updated = splice(text, new)
            if mode == "--write":
                if updated != text:
                    with open(path, "w") as f:
                        f.write(updated)
                print("cost_tables: %s %s" % (path, "updated" if updated != text else "unchanged"))
                return 0
            if updated != text:
                sys.stdout.writelines(line + "\n" for line in new.splitlines())
                print("cost_tables: %s quotes other figures than measured above; run "
                      "`python3 lab/report/cost_tables.py --write %s`" % (path, path), file=sys.stderr)
                return 1
            print("cost_tables: %s matches the measurement" % path)
            return 0
    sys.stdout.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
