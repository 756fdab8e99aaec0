#!/usr/bin/env python3
"""Figures quoted in the prose of the docs, measured: each entry of FIGURES
below ties one number in a doc to the command that measures it, by the
words around it.  docs/costs.md's tables have their own generator
(lab/report/cost_tables.py); this is for the single figures elsewhere.

Sources:
  ops       executed instructions per operation: lab/bench/ops.c on QEMU under
            -icount (lab/bench/check_ops.py, ctest bench.ops)
  sizes     bytes per object: lab/bench/sizeof.c compiled for the Cortex-M4 and
            read off with nm (as lab/report/cost_tables.py does)
  text      .text bytes of objects of the build tree (arm-none-eabi-size); the
            key names one object, or "A - B" the difference of two, or
            "OBJ: f + g" the sum of those functions' sizes in OBJ (nm -S)
  stack     bytes of stack of the deepest call chain inside one object of the
            build tree: "OBJ: root" sums the -fstack-usage frames (the .su
            file beside OBJ) along the deepest chain of direct calls from
            root (objdump -dr's call relocations; a tail call counts as a
            call); "OBJ: root - f" the deepest chain that avoids f.  A call
            out of OBJ or a frame not "static" is refused; indirect calls
            (a sink's) are not followed
  trace     executed instructions per trace event or log call:
            lab/bench/trace_cost.c on QEMU under -icount (ctest bench.trace_cost)
  dma       executed instructions per PL081 DMA operation: lab/bench/dma_ops.c
            on QEMU's mps2-an505 under -icount (check_ops.py --machine
            mps2-an505, ctest bench.dma_ops of the mps2-an505 build)
  pl022     executed instructions per PL022 SPI operation: lab/bench/pl022_ops.c,
            likewise (ctest bench.pl022_ops)
  budget    a ceiling of lab/bench/scale_budget.json (configured, not measured,
            but quoted in prose): "log.timer_arm.0" a path into it (list
            index as a number), "log.timer_arm@N" that a + b log2(N)
            ceiling at N, rounded up
  showdown  a path into the showdown's report.json (lab/report/showdown.sh
            writes build/showdown/report.json; keys as lab/bench/budget.json's)

usage: lab/report/doc_figures.py [--build DIR] [--dma-build DIR] [--qemu QEMU]
                              [--showdown REPORT] [--only SRC,...]
                              [--anchors | --write | --check]
  (no mode)   print each figure: quoted and measured
  --anchors   only check that every entry's words are found once in its doc
              (no measurement: the host suite runs this)
  --write     put the measured figures into the docs
  --check     exit 1 if a doc quotes another figure than measured
--only limits the run to those sources (ctest bench.doc_figures: ops,sizes,text,
stack,budget,trace; ctest bench.doc_figures_dma of the mps2-an505 build: dma,pl022;
lab/report/showdown.sh --budget: showdown).  --build is the netduinoplus2 build
tree with lab/bench/ops.elf and trace_cost.elf (default build/qemu-netduinoplus2),
--dma-build the mps2-an505 one with lab/bench/dma_ops.elf and
pl022_ops.elf (default build/mps2-an505).
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "lab", "bench"))
sys.path.insert(0, os.path.join(TOP, "lab", "report"))

# (doc, words around the figure with {} where it stands, source, key).
# Whitespace in the words matches any run of whitespace (line breaks too).
# Words None: the doc's table row "| `key` (gloss) | figure |".
TIME_O = "CMakeFiles/ebb.dir/src/time.c.obj"
FMT_O = "CMakeFiles/ebb.dir/src/fmt.c.obj"
PRIMITIVE_OPS = ["sem_give(1_waiter)+take(handed)", "sem_give(1_waiter)", "sem_take(handed)",
                 "sem_give(no_waiter)", "sem_take(available)", "sem_try_take", "pool_try_alloc+free",
                 "pool_try_alloc", "pool_free(no_waiter)", "pool_alloc(available)"]
FMT_OPS = ["fmt(14_bytes+%u+%lu)", "fmt(%lu,10_digits)", "fmt(%llu,20_digits)", "fmt(%08lx)"]
TRACE_FIGURES = [
    ("docs/tracing.md", "and writes 12 bytes: {} instructions on the Cortex-M4", "trace_event"),
    ("docs/logging.md", "a, b)` | {} | 36 in the stream |", "log_info(2_args)"),
    ("docs/logging.md", "`EBB_LOG_INFO(\"Button pressed\")` | {} | 12 in the stream |", "log_info(no_args)"),
    ("docs/logging.md", "(newlib-nano) | {} | 17 of text", "snprintf(2_args)"),
    ("docs/logging.md", "| one trace event (for comparison) | {} | 12 in the stream |", "trace_event"),
]
DMA_FIGURES = [
    ("docs/dma-i2c.md", "all of `ebb::hal`): the set-up of a start {}, the completion", "dma_start(callback,setup)"),
    ("docs/dma-i2c.md", "interrupt's handler work {}, an abort", "dma_complete(isr,callback)"),
    ("docs/dma-i2c.md", "an abort that stops a transfer {}, a whole", "dma_abort(stopped)"),
    ("docs/dma-i2c.md", "from its poll to its result {}.", "dma_copy(64B,awaited)"),
]
SPI_OPS = ["spi_transfer(set_up,8B)", "spi_isr(next_byte)", "spi_isr(last_byte+complete)", "spi_transfer(ready)",
           "spi_transfer(dma_set_up,8B)", "spi_transfer(dma_cancel)", "spi_dma_isr(tx_complete)",
           "spi_dma_isr(rx_complete+wake)", "spi_transfer(dma_ready)"]
I2C_OPS = ["i2c_transfer(set_up,4B)", "i2c_transfer(cancel)", "i2c_isr(start)", "i2c_isr(address)",
           "i2c_isr(last_tx_byte)", "i2c_isr(repeated_start)", "i2c_isr(read_address)", "i2c_isr(rx_byte)",
           "i2c_isr(rx_btf_nack)", "i2c_isr(rx_btf_stop)", "i2c_isr(last_rx_byte+wake)", "i2c_transfer(ready)"]
PL022_OPS = ["pl022_transfer(set_up,32B)", "pl022_isr(8_echoes,8_bytes)", "pl022_isr(last_8+complete)",
             "pl022_transfer(ready)", "pl022_transfer(dma_set_up,32B)", "pl081_isr(tx_complete)",
             "pl081_isr(rx_complete+wake)", "pl022_transfer(dma_ready)", "pl022_transfer(dma_cancel)"]
FIGURES = [("docs/primitives.md", None, "ops", name) for name in PRIMITIVE_OPS] + [
    ("docs/drivers.md", None, "ops", name) for name in SPI_OPS] + [
    ("docs/dma-i2c.md", None, "ops", name) for name in I2C_OPS] + [
    ("docs/drivers.md", None, "pl022", name) for name in PL022_OPS] + [
    ("docs/api.md", None, "ops", name) for name in FMT_OPS] + [
    (doc, words, "trace", key) for doc, words, key in TRACE_FIGURES] + [
    (doc, words, "dma", key) for doc, words, key in DMA_FIGURES] + [
    ("docs/design.md", "pender call per yield: {} instructions from the yield to the next task's first statement",
     "ops", "yield(to_next_task)"),
    ("docs/primitives.md", "(`lab/bench/ops`: `wake(idle_task)` {} instructions)", "ops", "wake(idle_task)"),
    ("docs/design.md", "embeds an `ebb_task` header ({} bytes on", "sizes", "task_header"),
    ("docs/design.md", "per node keeps the task header at {} bytes", "sizes", "task_header"),
    ("docs/design.md", "An `ebb_wait` ({} bytes: two links, the task and its list)", "sizes", "wait"),
    ("docs/design.md", "`ebb_timer` is {} bytes on a\n32-bit MCU", "sizes", "timer"),
    ("README.md", "task costs {} bytes of header plus its ticker", "sizes", "task_header"),
    ("docs/design.md", "is linked into the object's `ebb_waitlist`\n({} bytes, all-zero = empty)", "sizes", "waitlist"),
    ("docs/primitives.md", "than the {} bytes a semaphore's wait list costs", "sizes", "waitlist"),
    ("docs/boards.md", "a wait list per line, {} bytes of RAM", "sizes", "waitlist"),
    ("docs/primitives.md", "plus the {}-byte pool object (32-bit MCU)", "sizes", "pool"),
    ("docs/showdown.md", "task headers, waits ({} B: the list node", "sizes", "wait"),
    ("docs/api.md", "the\n  executor keeps no copy of its index: {} bytes, its run queue and pender", "sizes", "executor"),
    ("docs/getting-started.md", "Cost per task: {} bytes of RAM and an", "sizes", "task_name"),
    ("docs/getting-started.md", "bytes of RAM and an {}-byte entry in flash", "sizes", "task_entry"),
    ("docs/design.md", "Its flash is the time module's `.text` ({} bytes at -O3", "text", TIME_O),
    ("docs/api.md", "The code (`src/fmt.c`) is {} bytes at -O3", "text", FMT_O),
    ("docs/api.md", "number ({} bytes of code for both", "text", FMT_O + ": ebb_fmt_hex32 + ebb_fmt_dec32 + digits32"),
    ("docs/api.md", "Stack: up to {} bytes on the\nCortex-M4 at -O3", "stack", FMT_O + ": ebb_fmt"),
    ("docs/api.md", "fast path (no `conv`) takes {} of them", "stack", FMT_O + ": ebb_fmt - conv"),
    ("docs/design.md", "holds arming under {} +", "budget", "log.timer_arm.0"),
    ("docs/design.md", "{} log2(N) instructions, cancelling", "budget", "log.timer_arm.1"),
    ("docs/design.md", "cancelling under\n  {} +", "budget", "log.timer_cancel.0"),
    ("docs/design.md", "{} log2(N) and an expiry", "budget", "log.timer_cancel.1"),
    ("docs/design.md", "an expiry under {} +", "budget", "log.timer_fire.0"),
    ("docs/design.md", "{} log2(N) (each tree level", "budget", "log.timer_fire.1"),
    ("docs/design.md", "(6,553 of 20 bytes) arming stays under {} instructions", "budget", "log.timer_arm@6553"),
    ("docs/design.md", "a 32-bit address space could hold, under {}.", "budget", "log.timer_arm@268435456"),
    ("docs/design.md", "EXTI15_10_IRQHandler            (interrupt context: {} instructions",
     "showdown", "interrupt_time.insn.max"),
    ("docs/interrupts.md", "on the F446 the showdown's handler takes {} instructions from its first statement",
     "showdown", "interrupt_time.insn.max"),
]

NUMBER = r"([0-9][0-9,]*(?:\.[0-9]+)?)"


def pattern(words, key):
    if words is None:
        return re.compile(r"(^\| `" + re.escape(key) + r"`[^|\n]*\| )" + NUMBER + r"( \|$)", re.M)
    before, _, after = words.partition("{}")

    def loose(s):
        return r"\s+".join(re.escape(w) for w in s.split())
    # Keep a space next to the figure if the words have one there.
    sep_b = r"\s+" if before[-1:].isspace() else ""
    sep_a = r"\s+" if after[:1].isspace() else ""
    return re.compile("(" + loose(before) + sep_b + ")" + NUMBER + "(" + sep_a + loose(after) + ")")


def fmt(value):
    if isinstance(value, float):
        return ("%.1f" % value).rstrip("0").rstrip(".")
    return format(value, ",")


def find(text, doc, words, key):
    hits = list(pattern(words, key).finditer(text))
    if len(hits) != 1:
        raise SystemExit("doc_figures: %s: the words %r are found %d times, want once "
                         "(edit FIGURES in lab/report/doc_figures.py with the doc)" %
                         (doc, words or "| `%s` ... |" % key, len(hits)))
    return hits[0]


def stack_depth(build, key):
    """The "stack" source: see the docstring."""
    import subprocess
    obj, _, chain = key.partition(": ")
    root, _, avoid = chain.partition(" - ")
    root, avoid = root.strip(), avoid.strip()
    path = os.path.join(build, obj)
    frames = {}
    with open(os.path.splitext(path)[0] + ".su") as f:
        for line in f:
            where, size, kind = line.rstrip("\n").split("\t")
            name = where.rsplit(":", 1)[-1]
            if kind != "static":
                raise SystemExit("doc_figures: %s: %s's frame is %s" % (obj, name, kind))
            frames[name] = int(size)
    out = subprocess.run(["arm-none-eabi-objdump", "-dr", path], check=True, capture_output=True,
                         text=True).stdout
    calls, fn, pending = {}, None, False
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            fn = m.group(1)
            calls.setdefault(fn, set())
            continue
        m = re.search(r"R_ARM_THM_(?:CALL|JUMP24|JUMP19)\s+(\S+)", line)
        if m and fn:
            calls[fn].add(m.group(1))
            pending = False
            continue
        if pending:
            raise SystemExit("doc_figures: %s: a call in %s without a relocation" % (obj, fn))
        pending = bool(re.search(r"\tbl\s", line))

    def deepest(f, seen):
        if f not in frames:
            raise SystemExit("doc_figures: %s: %s calls %s, not in the object" % (obj, seen[-1], f))
        if f in seen:
            raise SystemExit("doc_figures: %s: recursion through %s" % (obj, f))
        below = [deepest(g, seen + [f]) for g in calls.get(f, ()) if g != avoid]
        return frames[f] + max(below, default=0)
    return deepest(root, [])


def measure(sources, build, dma_build, qemu, report):
    values = {}
    firmware = {"ops": (build, "ops.elf", "netduinoplus2"), "trace": (build, "trace_cost.elf", "netduinoplus2"),
                "dma": (dma_build, "dma_ops.elf", "mps2-an505"),
                "pl022": (dma_build, "pl022_ops.elf", "mps2-an505")}
    for src, (tree, elf, machine) in firmware.items():
        if src in sources:
            import check_ops
            ops = check_ops.run(qemu, os.path.join(tree, "lab", "bench", elf), machine)
            if ops is None:
                raise SystemExit("doc_figures: the %s firmware failed" % elf)
            values[src] = ops
    if "sizes" in sources:
        import cost_tables
        values["sizes"] = cost_tables.object_sizes()
    if "text" in sources:
        import subprocess

        def text(obj):
            out = subprocess.run(["arm-none-eabi-size", os.path.join(build, obj)], check=True,
                                 capture_output=True, text=True).stdout
            return int(out.splitlines()[1].split()[0])
        def symbols(obj, names):
            out = subprocess.run(["arm-none-eabi-nm", "-S", os.path.join(build, obj)], check=True,
                                 capture_output=True, text=True).stdout
            size = {p[3]: int(p[1], 16) for p in (line.split() for line in out.splitlines()) if len(p) == 4}
            missing = [n for n in names if n not in size]
            if missing:
                raise SystemExit("doc_figures: %s has no %s" % (obj, ", ".join(missing)))
            return sum(size[n] for n in names)
        values["text"] = {}
        for _, _, s, k in FIGURES:
            if s == "text":
                obj, colon, syms = k.partition(": ")
                if colon:
                    values["text"][k] = symbols(obj, [n.strip() for n in syms.split("+")])
                    continue
                a, _, b = k.partition(" - ")
                values["text"][k] = text(a) - text(b) if b else text(a)
    if "budget" in sources:
        import json
        import math
        with open(os.path.join(TOP, "lab", "bench", "scale_budget.json")) as f:
            budget = json.load(f)
        values["budget"] = {}
        for _, _, s, k in FIGURES:
            if s == "budget":
                path, at, n = k.partition("@")
                v = budget
                for part in path.split("."):
                    v = v[int(part)] if isinstance(v, list) else v[part]
                values["budget"][k] = math.ceil(v[0] + v[1] * math.log2(int(n))) if at else v
    if "stack" in sources:
        values["stack"] = {k: stack_depth(build, k) for _, _, s, k in FIGURES if s == "stack"}
    if "showdown" in sources:
        import json
        import check_budget
        if report is None:
            raise SystemExit("doc_figures: showdown figures need --showdown build/showdown/report.json")
        with open(report) as f:
            r = json.load(f)
        values["showdown"] = {k: check_budget.lookup(r, k) for _, _, s, k in FIGURES if s == "showdown"}
    return values


def main(argv):
    build = os.path.join(TOP, "build", "qemu-netduinoplus2")
    dma_build = os.path.join(TOP, "build", "mps2-an505")
    qemu, report = "qemu-system-arm", None
    sources = {"ops", "sizes", "text", "stack", "budget", "trace", "dma", "pl022", "showdown"}
    if "--build" in argv:
        build = argv[argv.index("--build") + 1]
    if "--dma-build" in argv:
        dma_build = argv[argv.index("--dma-build") + 1]
    if "--qemu" in argv:
        qemu = argv[argv.index("--qemu") + 1]
    if "--showdown" in argv:
        report = argv[argv.index("--showdown") + 1]
    if "--only" in argv:
        sources = set(argv[argv.index("--only") + 1].split(","))
    texts = {}
    for doc, words, _, key in FIGURES:
        if doc not in texts:
            with open(os.path.join(TOP, doc)) as f:
                texts[doc] = f.read()
        find(texts[doc], doc, words, key)
    if "--anchors" in argv:
        print("doc_figures: %d figures, each found once in its doc" % len(FIGURES))
        return 0
    values = measure(sources, build, dma_build, qemu, report)
    wrong = 0
    updated = dict(texts)
    for doc, words, src, key in FIGURES:
        if src not in sources:
            continue
        if key not in values[src]:
            raise SystemExit("doc_figures: %s measures no %s" % (src, key))
        value = values[src][key]
        m = find(updated[doc], doc, words, key)
        quoted = m.group(2)
        ok = quoted == fmt(value)
        wrong += not ok
        print("%-4s %-20s %-28s quoted %-6s measured %s" % ("ok" if ok else "DIFF", doc, src + " " + key,
                                                          quoted, fmt(value)))
        if not ok:
            updated[doc] = updated[doc][:m.start(2)] + fmt(value) + updated[doc][m.end(2):]
    if "--write" in argv:
        for doc, text in updated.items():
            if text != texts[doc]:
                with open(os.path.join(TOP, doc), "w") as f:
                    f.write(text)
                print("doc_figures: %s updated" % doc)
        return 0
    if "--check" in argv and wrong:
        print("doc_figures: %d figures differ from the measurement; run `python3 lab/report/doc_figures.py "
              "--write` (with the same --only/--showdown)" % wrong, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
