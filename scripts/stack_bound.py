#!/usr/bin/env python3
"""The static worst-case stack of one firmware image (docs/reliability.md,
"Stack bounds"), optionally held against its painted peak and a budget.

    stack_bound.py --elf fw.elf [--map fw.map] [--console log --peak-regex RE]
                   [--bounds tests/stack/stack_bounds.json] [-v]

Frames: each function's from the .su file GCC writes with -fstack-usage
for the object it came from (the objects and archive members the link map
lists); the disassembly's own count of every stack decrement in the
function (push, stmdb sp!, vpush, sub sp / addi sp) where there is no .su
entry (C library, libgcc, assembly) and wherever it is larger (naked
functions, inline assembly).  A frame GCC calls "dynamic" (not bounded),
or one the disassembly sees move sp by a register, is unknown: its bound
must be given in the bounds file ("dynamic"), or the run fails.

Calls: from the disassembly - bl/b/b.w to another function's start (a
branch is a tail call: counted as a call, which only over-counts) and
jal/j/call/tail on RISC-V.  Indirect calls (blx/bx rN, jalr/jr rN): every
function whose address is taken anywhere - its address (Thumb bit or not)
as a word in any loaded section, or formed by a movw/movt or lui/addi
pair, or named in an operand (auipc, gp-relative) - may be the callee.
Code calls a function through a pointer only after its address was
formed or stored somewhere in the image, so the set holds every real
target.  The hardware's entries (vector table, trap vector, reset) are
left out of it: they are the roots below, not callees.

That set makes the graph cyclic (a task's poll function wakes a task,
the wake calls the executor's pender through a pointer, and every
address-taken function - the poll functions too - is a possible pender).
The bound is then the longest path on which no function appears twice:
a sound bound for a program without recursion.  Recursion made of direct
calls alone is real and fails the run; cycles that need an indirect call
are reported (-v) and assumed not to recur.

Roots and nesting:
  Cortex-M  thread = Reset_Handler's worst path; every distinct handler of
            the vector table may preempt once (a handler cannot preempt
            itself; its priority is not read, so any handler is assumed to
            preempt any other: no cap by priority levels), each with an
            exception frame: 32 B basic, 104 B when the image holds any FP
            instruction (lazy stacking reserves the extended frame), +4 B
            of alignment padding each.
  RISC-V    thread = the ELF entry's worst path; one trap vector, entered
            again for every nesting level port/riscv models: each software-
            interrupt executor level (--rv-swi-levels) plus one re-entry
            that finds nothing to run, the machine timer once, each PLIC
            priority level once (--rv-plic-levels), and one fault or
            unexpected trap.  Each level is charged the trap vector's worst
            path through its dispatcher (ebb_rv_swi_isr, ebb_rv_mtimer_isr,
            ebb_rv_plic_isr); the fault level the worst path of all.
Exit status: 0 bound >= peak (and within budget), 1 bound below the peak
or over budget, 2 the bound is unknown (recursion, unbounded frames).
"""
import argparse
import glob
import json
import os
import re
import struct
import subprocess
import sys

# ---- ELF (32-bit little-endian, as both ports build) ----


def read_elf(path):
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        sys.exit(f"stack_bound: {path}: not a 32-bit little-endian ELF")
    (e_type, e_machine, _v, e_entry, _phoff, e_shoff, _fl, _eh, _phes, _phn,
     e_shentsize, e_shnum, e_shstrndx) = struct.unpack_from("<HHIIIIIHHHHHH", data, 16)
    secs = []
    for i in range(e_shnum):
        f = struct.unpack_from("<IIIIIIIIII", data, e_shoff + i * e_shentsize)
        secs.append(dict(name_off=f[0], type=f[1], flags=f[2], addr=f[3], off=f[4], size=f[5],
                         link=f[6], entsize=f[9]))
    shstr = secs[e_shstrndx]

    def cstr(tab, off):
        start = tab["off"] + off
        return data[start:data.index(b"\0", start)].decode()

    for s in secs:
        s["name"] = cstr(shstr, s["name_off"])
    syms = []
    for s in secs:
        if s["type"] != 2:  # SHT_SYMTAB
            continue
        strtab = secs[s["link"]]
        cur_file = None
        for k in range(s["size"] // 16):
            name_off, value, size, info, _other, shndx = struct.unpack_from("<IIIBBH", data, s["off"] + 16 * k)
            name = cstr(strtab, name_off) if name_off else ""
            typ, bind = info & 0xF, info >> 4
            if typ == 4:  # STT_FILE: the local symbols that follow are this file's
                cur_file = name
                continue
            syms.append(dict(name=name, value=value, size=size, type=typ, bind=bind, shndx=shndx,
                             file=cur_file if bind == 0 else None))
    return dict(data=data, machine=e_machine, entry=e_entry, sections=secs, symbols=syms)


def loaded_words(elf, skip):
    """Every 4-aligned word of every loaded section with contents, except
    the address ranges in `skip`."""
    data = elf["data"]
    for s in elf["sections"]:
        if s["type"] != 1 or not (s["flags"] & 2) or s["size"] < 4:  # PROGBITS, SHF_ALLOC
            continue
        base = s["addr"]
        first = (4 - base % 4) % 4
        for o in range(first, s["size"] - 3, 4):
            a = base + o
            if any(lo <= a < hi for lo, hi in skip):
                continue
            yield struct.unpack_from("<I", data, s["off"] + o)[0]


# ---- disassembly ----

FUNC_RE = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
INSN_RE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
TARGET_RE = re.compile(r"\b([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>")
COMMENT_ADDR_RE = re.compile(r"#\s*(?:0x)?([0-9a-f]+)\s*<")


def disassemble(objdump, elf_path):
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", "-w", elf_path],
                         check=True, capture_output=True, text=True).stdout
    funcs = {}  # address -> [name, [(addr, mnemonic, operands)]]
    cur = None
    for line in out.splitlines():
        m = FUNC_RE.match(line)
        if m:
            addr = int(m.group(1), 16)
            cur = funcs.setdefault(addr, [m.group(2), []])
            continue
        m = INSN_RE.match(line)
        if m and cur is not None:
            cur[1].append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def reglist_bytes(ops):
    m = re.search(r"\{([^}]*)\}", ops)
    if not m:
        return 0
    n = 0
    for part in m.group(1).split(","):
        part = part.strip()
        r = re.match(r"([a-z]+)(\d+)-[a-z]+(\d+)$", part)
        if r:
            n += (int(r.group(3)) - int(r.group(2)) + 1) * (8 if r.group(1) == "d" else 4)
        elif part:
            n += 8 if part.startswith("d") else 4
    return n


def arm_frame(insns):
    """(bytes of every stack decrement, dynamic?, switches stacks?)"""
    total, dyn, switch = 0, False, False
    for _a, mn, ops in insns:
        base = mn.split(".")[0]
        if base in ("push", "vpush") or (base in ("stmdb", "stmfd", "vstmdb") and ops.startswith("sp!")):
            total += reglist_bytes(ops)
        elif base in ("sub", "subw") and re.match(r"sp,\s*(sp,\s*)?#", ops):
            total += int(re.search(r"#(\d+)", ops).group(1))
        elif base in ("sub", "subw") and re.match(r"sp,\s*(sp,\s*)?(r\d+|ip|fp|sl|lr)", ops):
            dyn = True
        elif base in ("add", "addw") and re.match(r"sp,\s*(sp,\s*)?#-", ops):
            total += int(re.search(r"#-(\d+)", ops).group(1))
        elif base.startswith("str") and re.search(r"\[sp,\s*#-(\d+)\]!", ops):
            total += int(re.search(r"\[sp,\s*#-(\d+)\]!", ops).group(1))
        elif base == "msr" and re.match(r"(msp|psp)", ops):
            switch = True
    return total, dyn, switch


def rv_frame(insns):
    total, dyn, switch = 0, False, False
    for _a, mn, ops in insns:
        base = mn.replace("c.", "")
        o = ops.replace(" ", "").split("#")[0]
        m = re.match(r"sp,sp,(-?\d+)$", o)
        if base in ("addi", "addi16sp", "add") and m:
            if int(m.group(1)) < 0:
                total += -int(m.group(1))
        elif base in ("sub", "add") and o.startswith("sp,sp,"):
            dyn = True
        elif base in ("la", "lui", "auipc", "mv", "lw") and o.startswith("sp,"):
            switch = True
    return total, dyn, switch


# ---- .su files of the objects the link map lists ----

def su_files(map_path):
    """The .su beside every object the link used: plain objects (LOAD) and
    archive members (CMake writes lib<name>.a from CMakeFiles/<name>.dir)."""
    base = os.path.dirname(os.path.abspath(map_path))
    text = open(map_path, errors="replace").read()
    found = set()

    def su_of(obj):
        stem = re.sub(r"\.(obj|o)$", "", obj)
        return stem + ".su"

    for m in re.finditer(r"^LOAD (\S+\.(?:obj|o))$", text, re.M):
        p = os.path.normpath(os.path.join(base, m.group(1)))
        if os.path.exists(su_of(p)):
            found.add(su_of(p))
    for m in re.finditer(r"^(\S+)/lib([^/\s(]+)\.a\(([^)]+)\)", text, re.M):
        adir = os.path.normpath(os.path.join(base, m.group(1)))
        tdir = os.path.join(adir, "CMakeFiles", m.group(2) + ".dir")
        if not os.path.isdir(tdir):
            continue
        for p in glob.glob(os.path.join(tdir, "**", su_of(m.group(3))), recursive=True):
            found.add(p)
    # Link-time optimisation: the link writes one .su per partition.
    stem = os.path.splitext(os.path.abspath(map_path))[0]
    found.update(glob.glob(stem + "*.ltrans*.su"))
    found.update(glob.glob(os.path.join(base, "*.ltrans*.su")))
    return sorted(found)


def read_su(paths):
    """{name: [(source basename, bytes or None if unbounded, qualifier)]}"""
    su = {}
    for p in paths:
        for line in open(p, errors="replace"):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3:
                continue
            where, size, qual = parts
            m = re.match(r"(.*):\d+:\d+:(.+)$", where)
            if not m:
                continue
            src, name = os.path.basename(m.group(1)), m.group(2)
            unbounded = "dynamic" in qual and "bounded" not in qual
            su.setdefault(name, []).append((src, int(size), unbounded))
    return su


# ---- the bound ----

class Graph:
    def __init__(self):
        self.frame = {}      # name -> bytes
        self.calls = {}      # name -> set of names (direct)
        self.indirect = {}   # name -> True if it calls through a pointer
        self.notes = {}      # name -> text (where the frame came from, unknowns)
        self.unknown = {}    # name -> why its frame is unknown
        self.targets = set()

    def succ(self, f):
        s = set(self.calls.get(f, ()))
        if self.indirect.get(f):
            s |= self.targets
        return s


def components(nodes, succ):
    """Strongly connected components of the graph `succ` over `nodes`
    (Tarjan), each a sorted list, callees' components before callers'."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def direct_recursion(g):
    """A cycle of direct calls alone."""
    return [c for c in components(list(g.calls), lambda v: g.calls.get(v, ()))
            if len(c) > 1 or c[0] in g.calls.get(c[0], ())]


class Solver:
    """Longest path from a root on which no function repeats, on the
    graph's strongly connected components: a path enters a component at
    most once and leaves it for good, and inside it visits each function at
    most once, so a component of several functions (a cycle through
    indirect calls) is charged the sum of its frames."""

    def __init__(self, g):
        self.g = g
        self.comp = {}     # function -> component id
        self.members = []  # component id -> [functions]
        self._tarjan()
        self.memo = {}

    def _tarjan(self):
        g = self.g
        succ = lambda v: [w for w in g.succ(v) if w in g.frame]
        for comp in components(list(g.frame), succ):
            cid = len(self.members)
            self.members.append(comp)
            for w in comp:
                self.comp[w] = cid

    def cycles(self):
        return [m for m in self.members if len(m) > 1]

    def _cworst(self, cid, via_comp=None):
        """(bytes, chain) of component cid to the end of a path (through
        component via_comp, when given: None if none goes there)."""
        key = (cid, via_comp)
        if key in self.memo:
            return self.memo[key]
        if via_comp is not None and cid == via_comp:
            r = self._cworst(cid, None)
            self.memo[key] = r
            return r
        mem = self.members[cid]
        best = None
        for f in mem:
            for w in self.g.succ(f):
                if w not in self.comp or self.comp[w] == cid:
                    continue
                sub = self._cworst(self.comp[w], via_comp)
                if sub is not None and (best is None or sub[0] > best[0]):
                    best = sub
        if via_comp is not None and best is None:
            self.memo[key] = None
            return None
        own = sum(self.g.frame[f] for f in mem)
        label = mem[0] if len(mem) == 1 else f"{{cycle of {len(mem)}: {', '.join(mem)}}}"
        r = (own + (best[0] if best else 0), [(label, own)] + (best[1] if best else []))
        self.memo[key] = r
        return r

    def worst(self, f, via=None):
        return self._cworst(self.comp[f], self.comp[via] if via is not None else None)


def build(elf_path, map_path, objdump, bounds):
    elf = read_elf(elf_path)
    arch = {40: "arm", 243: "riscv"}.get(elf["machine"])
    if arch is None:
        sys.exit(f"stack_bound: {elf_path}: machine {elf['machine']} is neither ARM nor RISC-V")
    funcs_sym = [s for s in elf["symbols"] if s["type"] == 2 and s["shndx"] != 0]
    by_addr = {}
    for s in funcs_sym:
        by_addr.setdefault(s["value"] & ~1, []).append(s)
    dis = disassemble(objdump, elf_path)
    # One node per function start; its name is the one objdump prints.
    name_at = {}
    insns_of = {}
    for addr, (name, insns) in dis.items():
        if addr in by_addr:
            name_at[addr] = name
            insns_of[name] = insns
    # Code under no function symbol (rare): attach it to the preceding one.
    for addr, (name, insns) in sorted(dis.items()):
        if addr not in by_addr:
            prev = max((a for a in name_at if a < addr), default=None)
            if prev is not None:
                insns_of[name_at[prev]].extend(insns)
    files_of = {}
    for a, ss in by_addr.items():
        if a in name_at:
            files_of[name_at[a]] = {s["file"] for s in ss if s["file"]}

    # Hardware entries.
    sym = {s["name"]: s for s in elf["symbols"]}
    skip = []
    handlers = []
    if arch == "arm":
        vt = sym.get("ebb_vector_table")
        if vt is None:
            sys.exit("stack_bound: no ebb_vector_table in the image")
        sec = next(s for s in elf["sections"] if s["addr"] <= vt["value"] < s["addr"] + s["size"]
                   and s["type"] == 1)
        n = vt["size"] // 4 if vt["size"] else (sec["addr"] + sec["size"] - vt["value"]) // 4
        words = struct.unpack_from(f"<{n}I", elf["data"], sec["off"] + vt["value"] - sec["addr"])
        skip.append((vt["value"], vt["value"] + 4 * n))
        reset = name_at.get(words[1] & ~1)
        seen = []
        for w in words[2:]:
            h = name_at.get(w & ~1)
            if h and h not in seen and h != reset:
                seen.append(h)
        handlers = seen
        # The fault vectors (NMI, HardFault, MemManage, BusFault,
        # UsageFault) and the default handler (the most frequent entry)
        # report and end the program.
        counts = {}
        for w in words[16:]:
            if name_at.get(w & ~1):
                counts[name_at[w & ~1]] = counts.get(name_at[w & ~1], 0) + 1
        terminal = {name_at[w & ~1] for w in words[2:7] if name_at.get(w & ~1)}
        if counts:
            terminal.add(max(counts, key=counts.get))
        thread_root = reset
        hw_entries = {reset} | set(handlers)
    else:
        terminal = set()
        thread_root = name_at.get(elf["entry"])
        hw_entries = {thread_root, "ebb_rv_trap_vector"}

    # Address-taken functions.
    taken = set()
    starts = set(name_at)
    values = list(loaded_words(elf, skip))
    for name, insns in insns_of.items():
        regs = {}
        for _a, mn, ops in insns:
            b = mn.split(".")[0]
            if arch == "arm":
                m = re.match(r"(\w+),\s*#(\d+)", ops)
                if b == "movw" and m:
                    regs[m.group(1)] = int(m.group(2))
                elif b == "movt" and m and m.group(1) in regs:
                    values.append((int(m.group(2)) << 16) | regs.pop(m.group(1)))
            else:
                o = ops.replace(" ", "")
                m = re.match(r"(\w+),(0x[0-9a-f]+|\d+)$", o)
                if b == "lui" and m:
                    regs[m.group(1)] = int(m.group(2), 0) << 12
                    continue
                m = re.match(r"(\w+),(\w+),(-?\d+)$", o)
                if b == "addi" and m and m.group(2) in regs:
                    values.append((regs[m.group(2)] + int(m.group(3))) & 0xFFFFFFFF)
                if b not in ("jal", "j", "call", "tail") and not b.startswith("b"):
                    c = COMMENT_ADDR_RE.search(ops)
                    if c:
                        values.append(int(c.group(1), 16))
    # A value inside a function (not its start) is one of its labels: a
    # computed goto's or a jump table's.  Such a function's jumps through a
    # register (bx rN, jr rN) are taken to go there, not to another function.
    spans = sorted((a, a + max([s["size"] for s in by_addr[a]] + [2])) for a in name_at)
    ends = dict(spans)
    self_jumps = set()
    import bisect
    lows = [lo for lo, _hi in spans]
    for v in values:
        v &= ~1
        if v in starts:
            taken.add(name_at[v])
            continue
        i = bisect.bisect_right(lows, v) - 1
        if i >= 0 and lows[i] < v < ends[lows[i]]:
            self_jumps.add(name_at[lows[i]])

    g = Graph()
    su = read_su(su_files(map_path)) if map_path and os.path.exists(map_path) else {}
    dyn_bounds = bounds.get("dynamic", {})
    fp = False
    for name, insns in insns_of.items():
        fr, dyn, switch = (arm_frame if arch == "arm" else rv_frame)(insns)
        if arch == "arm" and any(mn.startswith(("vpush", "vldr", "vstr", "vmov", "vadd", "vmul", "vcvt", "vdiv",
                                               "vsub", "vcmp", "vmrs", "vmsr", "vstm", "vldm", "vneg", "vsqrt",
                                               "vfma", "vabs")) for _a, mn, _o in insns):
            fp = True
        base = name.split(".")[0]
        entries = su.get(name) or (su.get(base) if "." in name else None)
        src_files = files_of.get(name, set())
        if entries:
            mine = [e for e in entries if e[0] in src_files] or entries
            size = max(e[1] for e in mine)
            unbounded = any(e[2] for e in mine)
            note = ".su"
        else:
            size, unbounded, note = 0, False, "disassembly"
        if name.endswith(".cold") or ".cold." in name:
            # A cold part runs inside its function's frame: its own pushes only.
            size, unbounded, note = 0, False, "cold part (disassembly)"
        if fr > size:
            note += f" < disassembly {fr}"
            size = fr
        if unbounded or dyn:
            extra = dyn_bounds.get(name, dyn_bounds.get(base))
            if isinstance(extra, dict):
                extra = extra.get("bytes")
            if extra is None:
                g.unknown[name] = "dynamic frame (.su)" if unbounded else "sp moved by a register"
            else:
                size += int(extra)
                note += f" + dynamic {extra} (bounds file)"
        if switch:
            note += ", switches stacks"
        g.frame[name] = size
        g.notes[name] = note
        # Calls.
        own = set()
        ind = False
        for _a, mn, ops in insns:
            b = mn.split(".")[0]
            if arch == "arm":
                is_call = b in ("bl", "blx") or re.match(r"b(eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?$", b) \
                    or b in ("cbz", "cbnz")
                reg_call = (b in ("blx", "bx") and re.match(r"(r\d+|ip|sl|fp)$", ops.split()[0] if ops else "")) \
                    or (b == "mov" and ops.startswith("pc,")) \
                    or (b.startswith("ldr") and ops.startswith("pc,") and not re.match(r"pc,\s*\[sp\]", ops))
            else:
                is_call = b in ("jal", "j", "call", "tail", "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz",
                                "bnez", "blez", "bgez", "bltz", "bgtz", "bgt", "ble", "bgtu", "bleu")
                reg_call = b in ("jalr", "jr") and not re.match(r"(ra|x1)\b", ops.replace("0(", "").strip()) \
                    and ops.strip() not in ("ra", "zero,0(ra)", "zero,ra,0")
            if reg_call:
                linked = b in ("blx", "jalr") and not (arch == "riscv" and ops.strip().startswith("zero,"))
                if linked or name not in self_jumps:
                    ind = True
                continue
            if is_call:
                m = TARGET_RE.search(ops)
                if not m:
                    continue
                t = int(m.group(1), 16)
                if t in name_at and not m.group(3):
                    callee = name_at[t]
                    if callee == name and b not in ("bl", "jal", "call"):
                        continue  # a loop back to its own start
                    own.add(callee)
        if name.startswith("__gnu_thumb1_case_"):
            ind = False  # a switch's jump table: back into the caller
        g.calls[name] = own
        g.indirect[name] = ind

    taken -= hw_entries
    g.targets = taken
    for h in handlers:
        if "ebb_cm_unexpected_irq" in g.calls.get(h, ()) or "ebb_cm_fault_c" in g.calls.get(h, ()):
            terminal.add(h)
    return dict(arch=arch, graph=g, thread=thread_root, handlers=handlers, fp=fp, taken=taken,
                terminal=terminal if arch == "arm" else set())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--map", help="the link map (default: the ELF's name with .map)")
    ap.add_argument("--objdump", help="default: by the ELF's machine")
    ap.add_argument("--bounds", help="JSON: bounds of dynamic frames, budgets")
    ap.add_argument("--budget-key", help="the key of this image's budget in the bounds file")
    ap.add_argument("--peak", type=int, help="the painted peak, bytes")
    ap.add_argument("--console", help="a console log holding the painted peak")
    ap.add_argument("--peak-regex", default=r"stack peak (\d+) B")
    ap.add_argument("--rv-swi-levels", type=int, default=4, help="EBB_CONFIG_RV_SWI_LEVELS")
    ap.add_argument("--rv-plic-levels", type=int, default=7, help="PLIC priority levels in use (max 7)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    map_path = a.map or os.path.splitext(a.elf)[0] + ".map"
    bounds = json.load(open(a.bounds)) if a.bounds else {}
    if a.objdump:
        objdump = a.objdump
    else:
        mach = struct.unpack_from("<H", open(a.elf, "rb").read(20), 18)[0]
        objdump = "arm-none-eabi-objdump" if mach == 40 else "riscv64-unknown-elf-objdump"
    r = build(a.elf, map_path, objdump, bounds)
    g = r["graph"]
    name = os.path.basename(a.elf)

    rec = direct_recursion(g)
    if rec:
        for c in rec:
            print(f"stack_bound: {name}: recursion (direct calls): {' -> '.join(c)}")
        print(f"stack_bound: {name}: no bound (recursion)")
        return 2
    s = Solver(g)
    parts = []  # (label, bytes, chain)
    try:
        t = s.worst(r["thread"])
        parts.append(("thread", t[0], t[1]))
        if r["arch"] == "arm":
            frame = (104 if r["fp"] else 32) + 4
            live = [h for h in r["handlers"] if h not in r["terminal"]]
            for h in live:
                w = s.worst(h)
                parts.append((h, w[0] + frame, w[1]))
            ends = [(s.worst(h), h) for h in r["terminal"]]
            if ends:
                w, h = max(ends, key=lambda e: e[0][0])
                parts.append((f"{h} (fault/unexpected, once)", w[0] + frame, w[1]))
            nest = f"{len(live)} handlers + 1 of {len(ends)} fault/unexpected ones, each + {frame} B " + \
                "exception frame" + (" (FP extended)" if r["fp"] else "")
        else:
            tv = "ebb_rv_trap_vector"
            levels = [("swi", "ebb_rv_swi_isr", a.rv_swi_levels + 1), ("timer", "ebb_rv_mtimer_isr", 1),
                      ("plic", "ebb_rv_plic_isr", a.rv_plic_levels)]
            for label, via, count in levels:
                # A dispatcher inlined into the vector (LTO): its worst path.
                w = s.worst(tv, via) if via in g.frame else s.worst(tv)
                if w is None:
                    continue
                for k in range(count):
                    parts.append((f"{label} trap {k + 1}", w[0], w[1]))
            w = s.worst(tv)
            parts.append(("fault trap", w[0], w[1]))
            nest = f"{len(parts) - 1} nested traps"
    except KeyError as e:
        print(f"stack_bound: {name}: no function {e}")
        return 2
    bound = sum(p[1] for p in parts)

    unknown = {}
    # Every function any root reaches, for the unknown frames.
    reach, todo = set(), [r["thread"]] + (r["handlers"] if r["arch"] == "arm" else ["ebb_rv_trap_vector"])
    while todo:
        f = todo.pop()
        if f in reach:
            continue
        reach.add(f)
        todo.extend(g.succ(f))
    for f in sorted(reach):
        if f in g.unknown:
            unknown[f] = g.unknown[f]

    if a.verbose:
        print(f"address-taken functions (indirect-call targets): {', '.join(sorted(r['taken']))}")
        for c in s.cycles():
            print(f"cycle through indirect calls, each function counted once: {', '.join(c)}")
        for label, b, chain in parts:
            print(f"  {label}: {b} B")
            for f, fr in chain:
                print(f"      {fr:5d}  {f}  [{g.notes.get(f, '')}]")
    for f, why in unknown.items():
        print(f"stack_bound: {name}: unknown frame: {f}: {why} (give its bound in the bounds file's \"dynamic\")")
    top = sorted(parts[1:], key=lambda p: -p[1])
    summary = f"thread {parts[0][1]}" + "".join(f" + {p[0]} {p[1]}" for p in top[:4]) + \
        (f" + {len(top) - 4} more" if len(top) > 4 else "") + f"; {nest}"
    if unknown:
        print(f"stack_bound: {name}: no bound ({len(unknown)} unknown frames)")
        return 2

    peak = a.peak
    if peak is None and a.console:
        m = re.search(a.peak_regex, open(a.console, errors="replace").read())
        if not m:
            print(f"stack_bound: {name}: no painted peak in {a.console} ({a.peak_regex})")
            return 1
        peak = int(m.group(1))
    rc = 0
    if peak is None:
        print(f"stack bound {bound} B ({summary})")
    elif bound >= peak:
        print(f"stack bound {bound} B >= peak {peak} B ({summary})")
    else:
        print(f"FAIL: stack bound {bound} B < painted peak {peak} B ({summary}): the bound is not sound")
        rc = 1
    budget = bounds.get("budget", {}).get(a.budget_key or "", None)
    if budget is not None:
        if bound > budget:
            print(f"FAIL: stack bound {bound} B over its budget {budget} B ({a.bounds}: budget.{a.budget_key})")
            rc = 1
        else:
            print(f"within budget {budget} B")
    return rc


if __name__ == "__main__":
    sys.exit(main())
