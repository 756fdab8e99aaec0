#!/usr/bin/env python3
"""Decode an ebb trace stream (ebb/trace.h) with the program's ELF and write
what it shows:

  <out>.log           the events as text, then the statistics below
  <out>.json          Chrome / Perfetto trace-event JSON (ui.perfetto.dev,
                      chrome://tracing): a lane per task, interrupt and idle
  <out>.vcd           value change dump for gtkwave or PulseView: one wire
                      per lane, 1 while it runs
  <out>.svg           a self-contained timeline, a lane per task, interrupt
                      and idle
  <out>.summary.json  the figures, for scripts and tests

and prints per-lane CPU share (time spent in a lane, minus the interrupts
nested inside it), idle share, the longest polls (a task that holds its
executor shows here) and a histogram of wake-to-poll latency.

usage: ebb_trace.py [--elf FIRMWARE.elf] [--out PREFIX] STREAM.bin
Python 3 standard library only.
"""
import argparse
import bisect
import json
import re
import struct
import sys

EVENTS = {
    1: "SPAWN", 2: "WAKE", 3: "POLL", 4: "POLL_END", 5: "CANCEL", 6: "WAIT",
    7: "FIRE", 8: "TIMER_ARM", 9: "TIMER_FIRE", 10: "ISR", 11: "ISR_END",
    12: "IDLE", 13: "IDLE_END", 14: "LOST", 15: "LOG", 16: "LOG_ARG",
}
LEVELS = {0: "DEBUG", 1: "INFO", 2: "WARN", 3: "ERROR"}
POLL_RESULT = {0: "pending", 1: "done", 2: "yielded"}
# Cortex-M system exceptions by number (IPSR); device interrupts are 16 + n.
CM_EXCEPTIONS = {2: "NMI", 3: "HardFault", 11: "SVCall", 14: "PendSV", 15: "SysTick"}


# ---- the stream ----

def crc16(data):
    """CRC-16/CCITT-FALSE, as hal/common/trace_uart.c computes it."""
    crc = 0xFFFF
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def cobs_decode(chunk):
    """The bytes a COBS-encoded chunk stands for, or None if malformed."""
    out = bytearray()
    i = 0
    while i < len(chunk):
        code = chunk[i]
        if code == 0 or i + code > len(chunk):
            return None
        out += chunk[i + 1:i + code]
        i += code
        if code < 0xFF and i < len(chunk):
            out.append(0)
    return bytes(out)


def unframe(raw):
    """The stream carried by a UART capture's frames (ebb_trace_uart.h):
    every chunk between zero bytes that decodes and passes its CRC; the
    rest (console text, a damaged frame) is counted and left out."""
    stream = bytearray()
    good = bad = 0
    for chunk in raw.split(b"\0"):
        if not chunk:
            continue
        data = cobs_decode(chunk)
        if data is None or len(data) < 3 or crc16(data[:-2]) != struct.unpack_from("<H", data, len(data) - 2)[0]:
            bad += 1
            continue
        stream += data[:-2]
        good += 1
    return bytes(stream), good, bad


def read_stream(path, frames=False):
    """(clock_hz, [(time, obj, arg, event, ctx)]), times unwrapped to 64 bits."""
    data = open(path, "rb").read()
    if frames:
        data, good, bad = unframe(data)
        print("%s: %d frames, %d chunks that were no frame" % (path, good, bad))
    if len(data) < 12 or data[:4] != b"EBBT":
        sys.exit("%s: not an ebb trace stream (no EBBT header)" % path)
    version, rsize, hz = struct.unpack_from("<HHI", data, 4)
    if version != 1 or rsize != 12:
        sys.exit("%s: stream version %d, record size %d: this decoder reads version 1, 12 bytes"
                 % (path, version, rsize))
    recs = []
    base = 0
    last = None
    for off in range(12, len(data) - rsize + 1, rsize):
        t, obj, arg, ev, ctx = struct.unpack_from("<IIHBB", data, off)
        if ev == 16:  # a log argument: its `time` is data, not a time
            recs.append((t, obj, arg, ev, ctx))
            continue
        if last is not None and t < last and last - t > 0x80000000:
            base += 1 << 32  # the 32-bit clock wrapped
        last = t
        recs.append((base + t, obj, arg, ev, ctx))
    # Records made before the clock ran (start-up code) may read any value:
    # a record later than the next one takes that one's time.
    later = None
    for i in range(len(recs) - 1, -1, -1):
        if recs[i][3] == 16:
            continue
        if later is not None and recs[i][0] > later:
            recs[i] = (later,) + recs[i][1:]
        later = recs[i][0]
    return hz, recs


# ---- symbols from the ELF (32-bit little-endian: every ebb target) ----

def read_symbols(path):
    """Sorted [(address, size, name)] of the ELF's data and function symbols."""
    d = open(path, "rb").read()
    if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
        return []
    shoff, = struct.unpack_from("<I", d, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", d, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", d, shoff + i * shentsize) for i in range(shnum)]
    syms = []
    for s in sections:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[s[6]]
        for off in range(s[4], s[4] + s[5], 16):
            name, value, size, info = struct.unpack_from("<IIIB", d, off)
            if (info & 0xF) not in (1, 2) or name == 0:  # OBJECT, FUNC
                continue
            end = d.index(b"\0", strtab[4] + name)
            syms.append((value & ~1 if (info & 0xF) == 2 else value, size,
                         d[strtab[4] + name:end].decode()))
    syms.sort()
    return syms


def read_sections(path):
    """{name: (address, bytes, loaded)} of the ELF's sections."""
    d = open(path, "rb").read()
    if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1:
        return {}
    shoff, = struct.unpack_from("<I", d, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", d, shoff + i * shentsize) for i in range(shnum)]
    names = sections[shstrndx]
    out = {}
    for s in sections:
        name_end = d.index(b"\0", names[4] + s[0])
        name = d[names[4] + s[0]:name_end].decode()
        nobits = s[1] == 8
        out[name] = (s[3], b"" if nobits else d[s[4]:s[4] + s[5]], (s[2] & 2) != 0)
    return out


class Strings:
    """C strings of the ELF: log formats (.ebb_log) and constants (%s)."""
    def __init__(self, sections):
        self.log = sections.get(".ebb_log")
        self.loaded = [(a, b) for a, b, alloc in sections.values() if alloc and b]

    @staticmethod
    def _at(base, data, addr):
        off = addr - base
        if 0 <= off < len(data):
            end = data.find(b"\0", off)
            return data[off:end if end >= 0 else len(data)].decode("utf-8", "replace")
        return None

    def format(self, addr):
        if self.log is not None:
            s = self._at(self.log[0], self.log[1], addr)
            if s is not None:
                return s
        return self.constant(addr)

    def constant(self, addr):
        for base, data in self.loaded:
            s = self._at(base, data, addr)
            if s is not None:
                return s
        return None


CONVERSION = re.compile(r"%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|j|z|t|L)?([diouxXcspfFeEgGaA%])")


def format_log(fmt, args, strings):
    """printf's rules on the recorded 64-bit arguments."""
    out = []
    pos = 0
    args = list(args)

    def take():
        return args.pop(0) if args else 0

    for m in CONVERSION.finditer(fmt):
        out.append(fmt[pos:m.start()])
        pos = m.end()
        flags, width, prec, length, conv = m.groups()
        if conv == "%":
            out.append("%")
            continue
        if width == "*":
            width = str(struct.unpack("<i", struct.pack("<I", take() & 0xFFFFFFFF))[0])
        if prec == "*":
            prec = str(take() & 0xFFFFFFFF)
        v = take()
        bits = 64 if length in ("ll", "j") else 32
        spec = "%" + flags + (width or "") + ("." + prec if prec else "")
        if conv in "di":
            v &= (1 << bits) - 1
            if v >> (bits - 1):
                v -= 1 << bits
            out.append((spec + "d") % v)
        elif conv in "ouxX":
            out.append((spec + conv) % (v & ((1 << bits) - 1)))
        elif conv == "c":
            out.append((spec + "c") % chr(v & 0xFF))
        elif conv == "s":
            s = strings.constant(v) if strings else None
            out.append((spec + "s") % (s if s is not None else "<string at 0x%x>" % v))
        elif conv == "p":
            out.append("0x%x" % v)
        else:
            out.append((spec + conv) % struct.unpack("<d", struct.pack("<Q", v))[0])
    out.append(fmt[pos:])
    return "".join(out)


class Names:
    def __init__(self, syms):
        self.syms = syms
        self.addrs = [s[0] for s in syms]

    def __call__(self, addr):
        i = bisect.bisect_right(self.addrs, addr) - 1
        if i >= 0:
            a, size, name = self.syms[i]
            if addr < a + max(size, 1):
                return name if addr == a else "%s+%d" % (name, addr - a)
        return "0x%08x" % addr


# RISC-V: 0x80 + mcause's interrupt code.
RV_INTERRUPTS = {3: "MSI (software)", 7: "MTI (timer)", 11: "MEI (external)"}


def irq_name(n):
    if n & 0x80:
        return RV_INTERRUPTS.get(n & 0x7F, "interrupt %d" % (n & 0x7F))
    if n in CM_EXCEPTIONS:
        return CM_EXCEPTIONS[n]
    return "IRQ%d" % (n - 16) if n >= 16 else "exception %d" % n


# ---- the timeline ----

def analyse(hz, recs, name, strings=None):
    """Lanes of spans, statistics and the text log."""
    us = 1e6 / hz
    spans = {}          # lane -> [(start, end, label)]
    lane_kind = {}      # lane -> "task" | "irq" | "idle"
    exclusive = {}      # lane -> ticks run, nested interrupts excluded
    stack = []          # open (lane, start, nested_ticks)
    polls = {}          # task lane -> polls
    results = {}        # task lane -> {"pending": n, ...}
    longest = []        # (duration, task, start)
    woken = {}          # task address -> time of its first wake not yet polled
    latencies = []
    counts = {}
    lost = 0
    bad = []            # structural problems: an end without its start, ...
    log = []

    opened = set()

    def open_span(lane, kind, t):
        lane_kind.setdefault(lane, kind)
        opened.add(lane)
        stack.append([lane, t, 0])

    def close_span(lane, t):
        if not stack and lane not in spans and lane not in opened:
            # A stream that starts inside this span (a ring read out
            # mid-run, ebb-trace in gdb): it began before the first record.
            first = next((r[0] for r in recs if r[3] != 16), t)
            spans.setdefault(lane, []).append((first, t))
            lane_kind.setdefault(lane, "task" if lane.startswith("task ") else
                                 "irq" if lane.startswith("irq ") else "idle")
            return None
        if not stack or stack[-1][0] != lane:
            bad.append("t=%d: end of %s while %s is open" % (t, lane, stack[-1][0] if stack else "nothing"))
            return None
        ln, start, nested = stack.pop()
        spans.setdefault(ln, []).append((start, t))
        exclusive[ln] = exclusive.get(ln, 0) + (t - start - nested)
        if stack:
            stack[-1][2] += t - start
        return start

    messages = []
    pending_log = None  # (time, ctx, level, format address, args so far, count)
    for t, obj, arg, ev, ctx in recs:
        evn = EVENTS.get(ev, "EVENT%d" % ev)
        if ev == 16:  # an argument of the LOG before it
            if pending_log is not None:
                pending_log[4].append((obj << 32) | (t & 0xFFFFFFFF))
                if len(pending_log[4]) == pending_log[5]:
                    lt, lctx, level, faddr, largs, _ = pending_log
                    fmt = strings.format(faddr) if strings else None
                    text = format_log(fmt, largs, strings) if fmt is not None else \
                        "<format at 0x%x> %s" % (faddr, largs)
                    messages.append("%.3f us %s %s" % (lt * us, LEVELS.get(level, level), text))
                    log.append("%14.3f us  %-9s %-10s %s" % (lt * us, "thread" if lctx == 0 else irq_name(lctx),
                                                             LEVELS.get(level, level), text))
                    pending_log = None
            continue
        if pending_log is not None:
            bad.append("t=%d: a log message cut short" % t)
            pending_log = None
        if ev == 15:
            counts[evn] = counts.get(evn, 0) + 1
            pending_log = [t, ctx, arg >> 8, obj, [], arg & 0xFF]
            if pending_log[5] == 0:
                fmt = strings.format(obj) if strings else None
                text = fmt if fmt is not None else "<format at 0x%x>" % obj
                text = format_log(text, [], strings)
                messages.append("%.3f us %s %s" % (t * us, LEVELS.get(arg >> 8, arg >> 8), text))
                log.append("%14.3f us  %-9s %-10s %s" % (t * us, "thread" if ctx == 0 else irq_name(ctx),
                                                         LEVELS.get(arg >> 8, arg >> 8), text))
                pending_log = None
            continue
        counts[evn] = counts.get(evn, 0) + 1
        where = "thread" if ctx == 0 else irq_name(ctx)
        what = ""
        if ev in (1, 2, 3, 4, 5):
            task = name(obj)
            what = task
            if ev == 2 and obj not in woken:
                woken[obj] = t
            elif ev == 3:
                open_span("task " + task, "task", t)
                polls[task] = polls.get(task, 0) + 1
                if obj in woken:
                    latencies.append((t - woken.pop(obj)) * us)
            elif ev == 4:
                what += " " + POLL_RESULT.get(arg, str(arg))
                start = close_span("task " + task, t)
                r = results.setdefault(task, {})
                r[POLL_RESULT.get(arg, str(arg))] = r.get(POLL_RESULT.get(arg, str(arg)), 0) + 1
                if start is not None:
                    longest.append(((t - start) * us, task, start * us))
            elif ev == 5:
                woken.pop(obj, None)
        elif ev in (6, 7, 8, 9):
            what = name(obj)
            if ev == 8:
                what += " deadline ...%04x" % arg
        elif ev in (10, 11):
            lane = "irq " + irq_name(arg)
            what = irq_name(arg)
            if ev == 10:
                open_span(lane, "irq", t)
            else:
                close_span(lane, t)
        elif ev in (12, 13):
            what = name(obj)
            if ev == 12:
                open_span("idle", "idle", t)
            else:
                close_span("idle", t)
        elif ev == 14:
            lost += obj
            what = "%d events dropped (ring full)" % obj
        log.append("%14.3f us  %-9s %-10s %s" % (t * us, where, evn, what))

    times = [r[0] for r in recs if r[3] != 16]
    t0 = times[0] if times else 0
    t1 = times[-1] if times else 0
    total = max(t1 - t0, 1)
    share = {ln: 100.0 * v / total for ln, v in exclusive.items()}
    bins = [1, 2, 5, 10, 20, 50, 100, 1000]
    hist = {}
    for lat in latencies:
        key = next(("< %d us" % b for b in bins if lat < b), ">= %d us" % bins[-1])
        hist[key] = hist.get(key, 0) + 1
    longest.sort(reverse=True)
    summary = {
        "clock_hz": hz,
        "records": len(recs),
        "span_us": total * us,
        "lost": lost,
        "events": counts,
        "polls": polls,
        "poll_results": results,
        "cpu_share_percent": share,
        "idle_percent": share.get("idle", 0.0),
        "longest_polls": [{"task": tk, "us": d, "at_us": at} for d, tk, at in longest[:10]],
        "wake_to_poll_us": {"count": len(latencies),
                            "max": max(latencies) if latencies else 0,
                            "histogram": hist},
        "unclosed": [s[0] for s in stack],
        "problems": bad[:20],
        "lanes": {ln: lane_kind[ln] for ln in lane_kind},
        "messages": messages,
    }
    return spans, lane_kind, summary, log, t0, t1, us


def report(summary):
    lines = ["", "trace: %d records over %.3f ms, %d events lost, %d log messages"
             % (summary["records"], summary["span_us"] / 1000, summary["lost"], len(summary["messages"])),
             "CPU share (nested interrupts excluded):"]
    for ln, v in sorted(summary["cpu_share_percent"].items(), key=lambda kv: -kv[1]):
        lines.append("  %-28s %7.3f %%" % (ln, v))
    lines.append("polls: " + ", ".join("%s %d" % kv for kv in sorted(summary["polls"].items())))
    lines.append("longest polls:")
    for p in summary["longest_polls"][:5]:
        lines.append("  %-20s %9.3f us at %.3f ms" % (p["task"], p["us"], p["at_us"] / 1000))
    w = summary["wake_to_poll_us"]
    lines.append("wake-to-poll latency: %d wakes, max %.3f us" % (w["count"], w["max"]))
    order = sorted(w["histogram"], key=lambda k: (k.startswith(">="), int(k.split()[1])))
    for k in order:
        lines.append("  %-10s %6d" % (k, w["histogram"][k]))
    if summary["problems"] or summary["unclosed"]:
        lines.append("problems: %s; open at the end: %s" % (summary["problems"], summary["unclosed"]))
    return lines


# ---- outputs ----

def lane_order(lane_kind):
    rank = {"irq": 0, "task": 1, "idle": 2}
    return sorted(lane_kind, key=lambda ln: (rank[lane_kind[ln]], ln))


def write_json(path, spans, lane_kind, us):
    ev = []
    for tid, ln in enumerate(lane_order(lane_kind), 1):
        ev.append({"name": "thread_name", "ph": "M", "pid": 1, "tid": tid, "args": {"name": ln}})
        for s, e in spans.get(ln, []):
            ev.append({"name": ln.split(" ", 1)[-1], "ph": "X", "pid": 1, "tid": tid,
                       "ts": s * us, "dur": (e - s) * us})
    with open(path, "w") as f:
        json.dump({"traceEvents": ev, "displayTimeUnit": "ns"}, f)


def write_vcd(path, spans, lane_kind, hz):
    lanes = lane_order(lane_kind)
    ident = {ln: "!" + chr(ord("a") + i % 26) * (1 + i // 26) for i, ln in enumerate(lanes)}
    changes = []
    for ln in lanes:
        for s, e in spans.get(ln, []):
            changes.append((s, 1, ident[ln]))
            changes.append((e, 0, ident[ln]))
    changes.sort()
    ns = 1e9 / hz
    with open(path, "w") as f:
        f.write("$timescale 1ns $end\n$scope module ebb $end\n")
        for ln in lanes:
            f.write("$var wire 1 %s %s $end\n" % (ident[ln], ln.replace(" ", "_")))
        f.write("$upscope $end\n$enddefinitions $end\n#0\n$dumpvars\n")
        for ln in lanes:
            f.write("0%s\n" % ident[ln])
        f.write("$end\n")
        last = None
        for t, v, i in changes:
            tn = int(round(t * ns))
            if tn != last:
                f.write("#%d\n" % tn)
                last = tn
            f.write("%d%s\n" % (v, i))


def write_svg(path, spans, lane_kind, t0, t1, us):
    lanes = lane_order(lane_kind)
    width, left, row = 1600, 170, 22
    height = 40 + row * len(lanes)
    scale = (width - left - 10) / max(t1 - t0, 1)
    colour = {"irq": "#d9534f", "task": "#337ab7", "idle": "#999999"}
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" '
           'font-size="12">' % (width, height),
           '<rect width="100%%" height="100%%" fill="white"/>',
           '<text x="%d" y="16">%.3f ms, one lane per task, interrupt and idle (hover a bar)</text>'
           % (left, (t1 - t0) * us / 1000)]
    for i, ln in enumerate(lanes):
        y = 28 + i * row
        out.append('<text x="4" y="%d">%s</text>' % (y + 13, ln))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#eee"/>' % (left, y + 18, width - 10, y + 18))
        for s, e in spans.get(ln, []):
            x = left + (s - t0) * scale
            w = max((e - s) * scale, 0.6)
            out.append('<rect x="%.2f" y="%d" width="%.2f" height="16" fill="%s"><title>%s %.3f us at %.3f us'
                       '</title></rect>' % (x, y + 2, w, colour[lane_kind[ln]], ln, (e - s) * us, s * us))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("stream")
    ap.add_argument("--elf", help="the traced program, for task and object names")
    ap.add_argument("--out", help="prefix of the output files (default: the stream's name)")
    ap.add_argument("--frames", action="store_true",
                    help="the input is a capture of a UART carrying the stream in frames (ebb_trace_uart.h)")
    a = ap.parse_args(argv[1:])
    prefix = a.out or a.stream.rsplit(".", 1)[0]
    hz, recs = read_stream(a.stream, a.frames)
    name = Names(read_symbols(a.elf) if a.elf else [])
    strings = Strings(read_sections(a.elf)) if a.elf else None
    spans, lane_kind, summary, log, t0, t1, us = analyse(hz, recs, name, strings)
    lines = report(summary)
    with open(prefix + ".log", "w") as f:
        f.write("\n".join(log + lines) + "\n")
    write_json(prefix + ".json", spans, lane_kind, us)
    write_vcd(prefix + ".vcd", spans, lane_kind, hz)
    write_svg(prefix + ".svg", spans, lane_kind, t0, t1, us)
    with open(prefix + ".summary.json", "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
    print("\n".join(lines[1:]))
    print("wrote %s.log, .json, .vcd, .svg, .summary.json" % prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
