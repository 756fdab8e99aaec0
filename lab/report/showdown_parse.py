"""The showdown report's inputs: the scope's edge logs (lab/scope), the
split plugin's counts (lab/split), the firmware images (arm-none-eabi
binutils), the console output, the published rows and report.json.

Windows, exactly as the study defines them (probe pins PG0 = interrupt,
PG1 = thread):
  interrupt_time  PG0 rise -> PG0 fall
  latency         PG0 rise -> the next PG1 rise (only if before the next PG0 rise)
  thread_time     that PG1 rise -> the PG1 fall after it
"""
import json
import os
import re
import subprocess

METRICS = ("interrupt_time", "thread_time", "latency")
UNITS = (("insn", "instructions"), ("cycles", "zero-wait cycles"), ("cycles_art", "flash+ART cycles"))
PUBLISHED_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "published.json")


def published(path=PUBLISHED_FILE):
    """The study's rows, in column order: {name: {metric: (mean, sd), "text": B, "static": B}}."""
    with open(path) as f:
        rows = json.load(f)["rows"]
    return {r["name"]: {k: tuple(v) if isinstance(v, list) else v for k, v in r.items() if k != "name"}
            for r in rows}


def load_report(path):
    with open(path) as f:
        return json.load(f)


def parse_edges(path):
    """Edge lines of the scope log: (insn, cyc0, cycart, imiss, dmiss, port, pin, level)."""
    edges = []
    with open(path) as f:
        for line in f:
            p = line.split()
            if not p or p[0] != "edge":
                continue
            edges.append({"insn": int(p[1]), "cycles": int(p[2]), "cycles_art": int(p[3]),
                          "imiss": int(p[4]), "dmiss": int(p[5]), "port": p[6],
                          "pin": int(p[7]), "level": int(p[8])})
    return edges


def is_pin(e, port, pin, level):
    return e["port"] == port and e["pin"] == pin and e["level"] == level


def delta(a, b):
    return {k: b[k] - a[k] for k in ("insn", "cycles", "cycles_art", "imiss", "dmiss")}


def windows(edges):
    """Per-edge windows of each metric, paired as the study pairs them."""
    out = {m: [] for m in METRICS}
    n = len(edges)
    for i, e in enumerate(edges):
        if not is_pin(e, "G", 0, 1):
            continue
        fall = next((edges[j] for j in range(i + 1, n) if is_pin(edges[j], "G", 0, 0)), None)
        if fall is None:
            continue
        out["interrupt_time"].append(delta(e, fall))
        for j in range(i + 1, n):
            f = edges[j]
            if is_pin(f, "G", 0, 1):
                break  # the next interrupt came first: this one resumed nothing
            if is_pin(f, "G", 1, 1):
                out["latency"].append(delta(e, f))
                end = next((edges[k] for k in range(j + 1, n) if is_pin(edges[k], "G", 1, 0)), None)
                if end is not None:
                    out["thread_time"].append(delta(f, end))
                break
    return out


def elf_sizes(elf):
    """Berkeley text/data/bss, as arm-none-eabi-size prints them (the study's .text)."""
    out = subprocess.run(["arm-none-eabi-size", elf], check=True, capture_output=True, text=True).stdout
    text, data, bss = (int(x) for x in out.splitlines()[1].split()[:3])
    return text, data, bss


def ram_objects(elf):
    """Every object in .data and .bss (arm-none-eabi-nm -S), largest first,
    and the bytes between them (alignment): where the static RAM goes."""
    out = subprocess.run(["arm-none-eabi-nm", "-S", "--size-sort", elf], check=True,
                         capture_output=True, text=True).stdout
    objs = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "bBdD":
            objs.append({"name": f[3], "bytes": int(f[1], 16), "section": ".bss" if f[2] in "bB" else ".data"})
    objs.sort(key=lambda o: (-o["bytes"], o["name"]))
    return objs


TEXT_PARTS = (  # (path fragment, part) - first match wins
    ("hal/stm32f4/vectors.c", "vector table"),
    ("port/cortex-m/ebb_cm_vectors.h", "vector table"),
    ("port/cortex-m/", "startup + fault report"),
    ("hal/stm32f4/rcc.c", "clock"),
    ("hal/stm32f4/usart.c", "USART driver"),
    ("hal/stm32f4/stm32_tim_time.c", "time driver"),
    ("port/cortex-m/time/", "time driver"),
    ("hal/stm32f4/", "EXTI + GPIO"),
    ("boards/", "board"),
    ("src/time.c", "ebb timers"),
    ("src/", "ebb core"),
    ("apps/", "application"),
)


# Symbols without a source line in the debug info, by name: the vector
# table is written by a top-level asm statement (ebb_cm_vectors.h).
TEXT_SYMBOLS = {"ebb_vector_table": "vector table"}


def vector_count(elf):
    """Entries of the vector table (system + device), from its symbol's size."""
    out = subprocess.run(["arm-none-eabi-nm", "-S", elf], check=True, capture_output=True, text=True).stdout
    return next((int(f[1], 16) // 4 for f in (l.split() for l in out.splitlines())
                 if len(f) == 4 and f[3] == "ebb_vector_table"), 0)


def text_parts(elf):
    """.text+.rodata+vectors by part of the program: each function and
    constant (arm-none-eabi-nm -S -l; aliases at one address counted once)
    attributed by the source file its debug info names; what has none is
    the C library and libgcc.  The bytes no symbol covers (alignment, the
    .data image is not .text) are 'other'."""
    out = subprocess.run(["arm-none-eabi-nm", "-S", "-l", elf], check=True,
                         capture_output=True, text=True).stdout
    by_addr = {}
    for line in out.splitlines():
        f = line.split(None, 3)
        if len(f) < 4 or f[2] not in "tTrRwW":
            continue
        rest = f[3].split("\t")
        addr, size = int(f[0], 16), int(f[1], 16)
        path = rest[1] if len(rest) > 1 else ""
        if addr not in by_addr or size > by_addr[addr][0]:
            by_addr[addr] = (size, path, rest[0])
    parts = {}
    for size, path, name in by_addr.values():
        part = next((p for frag, p in TEXT_PARTS if frag in path), None) or TEXT_SYMBOLS.get(name) or \
            ("C library + libgcc" if not path else "other")
        parts[part] = parts.get(part, 0) + size
    text = elf_sizes(elf)[0]
    parts["other (alignment, unnamed)"] = text - sum(parts.values())
    return dict(sorted(parts.items(), key=lambda kv: -kv[1]))


def console_value(path, key):
    with open(path, errors="replace") as f:
        m = re.findall(r"%s=(\d+)" % re.escape(key), f.read())
    return int(m[-1]) if m else None


def read_split(path):
    """The split plugin's output: (PG1 falls counted, {window: {address: instructions}})."""
    counts, edges = {}, 0
    with open(path) as f:
        for line in f:
            p = line.split()
            if p[0] == "edges":
                edges = int(p[1])
            elif len(p) == 3:
                counts.setdefault(p[0], {})[int(p[1], 16)] = int(p[2])
    return edges, counts


def addr2line_frames(elf, addrs):
    """{address: [(function, file, line)] innermost first} (addr2line -i)."""
    frames = {}
    if not addrs:
        return frames
    out = subprocess.run(["arm-none-eabi-addr2line", "-e", elf, "-i", "-f", "-a"] +
                         ["0x%08x" % a for a in addrs], check=True, capture_output=True, text=True).stdout
    cur = None
    lines = out.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("0x"):
            cur = int(lines[i], 16)
            frames[cur] = []
            i += 1
            continue
        func = lines[i]
        loc = lines[i + 1] if i + 1 < len(lines) else "??:0"
        path, _, ln = loc.partition(":")
        m = re.match(r"(\d+)", ln)
        frames[cur].append((func, path, int(m.group(1)) if m else 0))
        i += 2
    return frames


def source_reader():
    """source_line(path, n): line n of a source file ("" if unreadable), cached."""
    cache = {}

    def source_line(path, n):
        if path not in cache:
            try:
                with open(path, errors="replace") as f:
                    cache[path] = f.read().splitlines()
            except OSError:
                cache[path] = []
        src = cache[path]
        return src[n - 1] if 0 < n <= len(src) else ""
    return source_line
