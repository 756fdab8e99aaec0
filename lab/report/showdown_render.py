"""The showdown report's renderings of a report (the dict report.json
holds): the table `make showdown` prints, the markdown tables of
docs/showdown.md and the README's headline, and the scope view (SVG).
Every figure comes from the report or the published rows
(showdown_parse.published())."""
from showdown_parse import METRICS, is_pin, published as load_published
from showdown_stats import APP_SHARE, EBB_SHARE, LEVEL_MARGIN, compare

TABLES_BEGIN = "<!-- showdown tables: lab/report/showdown_report.py --update build/showdown/report.json FILE -->"
TABLES_END = "<!-- end of showdown tables -->"
HEADLINE_BEGIN = "<!-- showdown headline: lab/report/showdown_report.py --update build/showdown/report.json FILE -->"
HEADLINE_END = "<!-- end of showdown headline -->"

# The runs besides the normal one, as showdown.sh names them, and what each is.
RUN_TITLES = (
    ("under_load", "under load (a background task keeps the CPU busy in short slices)"),
    ("prio", "under the same load, button task on a preemptive interrupt executor"),
    ("prio_idle", "RTIC's structure (its EXTI task spawns a software task that an interrupt at a\n"
     "lower priority runs: here the button task on a preemptive interrupt executor), no load,\n"
     "as RTIC was measured"),
)


def scope_svg(edges, path):
    """PG0, PG1 and the button line around the first press, axis in flash+ART cycles."""
    start = next((i for i, e in enumerate(edges) if is_pin(e, "C", 13, 1)), None)
    if start is None:
        start = next((i for i, e in enumerate(edges) if is_pin(e, "G", 0, 1)), 0)
    t0 = edges[start]["cycles_art"] if edges else 0
    end_t = t0
    for e in edges[start:]:
        if is_pin(e, "G", 1, 0):
            end_t = e["cycles_art"]
            break
    span = max(end_t - t0, 1)
    t0 -= span // 10
    span += span // 5
    traces = [("button (PC13)", "C", 13), ("PG0 interrupt", "G", 0), ("PG1 thread", "G", 1)]
    W, H, left, lane = 900, 60 + 70 * len(traces), 130, 70
    x = lambda t: left + (t - t0) * (W - left - 20) / span
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" font-size="12">' % (W, H),
             '<rect width="100%" height="100%" fill="#111"/>']
    colors = ["#f5d742", "#4fc3f7", "#f06292"]
    for k, (name, port, pin) in enumerate(traces):
        y_hi, y_lo = 40 + k * lane, 40 + k * lane + 40
        level, pts = 0, []
        for e in edges:
            if e["port"] == port and e["pin"] == pin:
                if e["cycles_art"] < t0:
                    level = e["level"]
                elif e["cycles_art"] <= t0 + span:
                    xe = x(e["cycles_art"])
                    pts.append((xe, y_hi if level else y_lo))
                    level = e["level"]
                    pts.append((xe, y_hi if level else y_lo))
        pts = [(left, y_hi if (pts and pts[0][1] == y_hi) or (not pts and level) else y_lo)] + pts
        pts.append((W - 20, pts[-1][1]))
        parts.append('<text x="8" y="%d" fill="%s">%s</text>' % (y_lo - 12, colors[k], name))
        parts.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' %
                     (colors[k], " ".join("%.1f,%d" % p for p in pts)))
    for i in range(6):
        t = t0 + span * i / 5
        parts.append('<text x="%.1f" y="%d" fill="#aaa">%d</text>' % (x(t) - 10, H - 12, round(t - edges[start]["cycles_art"])) if edges else "")
    parts.append('<text x="%d" y="%d" fill="#aaa">cycles (flash+ART model) from the button edge</text>' % (left, H - 30))
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


def comparison(r, published):
    """One line per published column in which a row is at or below ebb's
    figure or level with it (showdown_stats.compare), with ebb's measured
    figure and what it is made of."""
    out = []
    for c in compare(r, published):
        m, val = c["metric"], c["ebb"]
        unit = "" if m in METRICS else " B"
        what = []
        if c["behind"]:
            what.append("behind " + ", ".join("%s (%d%s)" % (n, v, unit) for n, v in c["behind"].items()))
        if c["level"]:
            what.append("level with " + ", ".join("%s (%d%s)" % (n, v, unit) for n, v in c["level"].items()) +
                        " (within %.0f%%)" % (100 * LEVEL_MARGIN))
        if m in METRICS:
            w = r[m]
            made = ("ebb %.1f flash+ART cycles: %.0f zero-wait cycles of %.0f instructions, %.1f I-line and "
                    "%.1f D-line flash misses per window" %
                    (val, w["cycles"]["mean"], w["insn"]["mean"], w["imiss_mean"] or 0, w["dmiss_mean"] or 0))
        elif m == "static":
            objs = r.get("ram_objects") or []
            made = "ebb %d B" % val
            if objs:
                made += ": %s %d B, the other objects and alignment %d B" % (
                    objs[0]["name"], objs[0]["bytes"], val - objs[0]["bytes"])
        else:
            parts = [kv for kv in (r.get("text_parts") or {}).items()]
            made = "ebb %d B" % val
            if parts:
                made += ": the largest part %s %d B" % parts[0]
        out.append("%s: %s; %s" % (m, "; ".join(what), made))
    return out


def fmt(s, unit):
    if s.get("mean") is None:
        return "n/a"
    return "%.0f (sd %.1f, %d..%d)" % (s["mean"], s["sd"], s["min"], s["max"])


def print_table(r, published=None):
    published = published or load_published()
    names = list(published)
    print()
    print("ebb showdown: the study's application, measured on QEMU netduinoplus2 under -icount")
    print("published rows: hardware oscilloscope, STM32F446 @ 180 MHz, cycles = time x 180 MHz")
    print("ebb rows: measured here, deterministic; mean (sd, min..max) over %d edges" % r["edges"])
    print()
    hdr = "%-16s" % "metric" + "".join("%-16s" % n for n in names) + "ebb"
    print(hdr)
    print("-" * len(hdr))
    for m in METRICS:
        row = "%-16s" % m + "".join("%-16s" % ("%d cyc" % published[n][m][0]) for n in names)
        print(row + fmt(r[m]["cycles_art"], "") + "  flash+ART cycles")
        print("%-16s%s%s  zero-wait cycles" % ("", " " * 16 * len(names), fmt(r[m]["cycles"], "")))
        print("%-16s%s%s  instructions" % ("", " " * 16 * len(names), fmt(r[m]["insn"], "")))
        print("%-16s%s%.1f I-line / %.1f D-line flash misses per window (ART model)" %
              ("", " " * 16 * len(names), r[m]["imiss_mean"] or 0, r[m]["dmiss_mean"] or 0))
    print("%-16s" % ".text" + "".join("%-16s" % ("%d B" % published[n]["text"]) for n in names) +
          "%d B (-O3), %d B (-Os LTO)" % (r["text"], r["text_os"]))
    print("%-16s" % ".data+.bss" + "".join("%-16s" % ("%d B" % published[n]["static"]) for n in names) +
          "%d B (-O3), %d B (-Os LTO)" % (r["data"] + r["bss"], r["data_os"] + r["bss_os"]))
    print("%-16s" % "total RAM" + "".join("%-16s" % "not reported" for n in names) +
          ("%d B = static + %d B peak stack" % (r["total_ram"], r["stack_peak"]) if r["stack_peak"] is not None else "n/a"))
    if r.get("ram_objects"):
        objs = r["ram_objects"]
        static = r["data"] + r["bss"]
        listed = sum(o["bytes"] for o in objs)
        print()
        print("where .data+.bss goes (NUCLEO -O3, arm-none-eabi-nm -S; bytes):")
        line = "  "
        for o in objs + [{"name": "(alignment)", "bytes": static - listed}]:
            item = "%s %d" % (o["name"], o["bytes"])
            if len(line) + len(item) > 100:
                print(line.rstrip(", "))
                line = "  "
            line += item + ", "
        print(line.rstrip(", "))
        print("  the queue's storage (queue_storage) is %d of %d B; everything else %d B" %
              (r["ram_queue_storage"], static, static - r["ram_queue_storage"]))
    if r.get("text_parts"):
        print()
        print("where .text goes (NUCLEO -O3, arm-none-eabi-nm -S -l, by source file; bytes):")
        print("  " + ", ".join("%s %d" % kv for kv in r["text_parts"].items()))

    def split_line(sp):
        parts = ["%s %.1f" % (k, sp[k]) for k in EBB_SHARE + APP_SHARE if k in sp]
        return "ebb %.1f + app %.1f = %.1f  (%s)" % (sp["ebb"], sp["app"], sp["total"], ", ".join(parts))
    if "split" in r:
        print()
        print("where the instructions go (same run, per edge; addr2line attributes inlined code to its function):")
        for w in ("latency", "thread"):
            if w in r["split"]:
                print("  %-8s %s" % (w, split_line(r["split"][w])))
    if r.get("variants"):
        print()
        print("like-for-like formatting (the study's C build formats with snprintf), NUCLEO sizes, QEMU timing:")
        print("  %-30s %-22s %-20s %-9s %-11s %-10s %s" % ("build", "thread time (ART cyc)", "thread time (insn)",
                                                       ".text", ".data+.bss", "peak stack", "thread split (insn)"))
        rows = [("hand-written (above)", r["thread_time"], r["text"], r["data"] + r["bss"], r["stack_peak"],
                 r.get("split", {}).get("thread"))]
        rows += [(k, v["thread_time"], v["text"], v["data"] + v["bss"], v["stack_peak"], v.get("split", {}).get("thread"))
                 for k, v in sorted(r["variants"].items())]
        for name, tt, text, static, stack, sp in rows:
            print("  %-30s %-22s %-20s %-9s %-11s %-10s %s" % (
                name, "%.0f (sd %.1f)" % (tt["cycles_art"]["mean"], tt["cycles_art"]["sd"]),
                "%.0f" % tt["insn"]["mean"], "%d B" % text, "%d B" % static,
                "%d B" % stack if stack is not None else "n/a",
                "ebb %.1f + app %.1f" % (sp["ebb"], sp["app"]) if sp else "n/a"))
    for key, title in RUN_TITLES:
        if key in r:
            u = r[key]
            print()
            print("%s, %d edges, flash+ART cycles:" % (title, u["edges"]))
            for m in METRICS:
                print("  %-14s %s" % (m, fmt(u[m]["cycles_art"], "")))
    lines = comparison(r, published)
    if lines:
        print()
        print("published rows at or below ebb's figure, or level with it (measured above):")
        for line in lines:
            print("  - " + line)
    print()


def headline(r, published=None):
    """The README's one table: the published rows beside ebb's flash+ART
    figures and sizes, and the like-for-like formatting rows."""
    published = published or load_published()

    def cell(s):
        return "%.0f (max %d)" % (s["mean"], s["max"])
    names = list(published)
    out = ["| | " + " | ".join(names) + " | **ebb** |", "|---|" + "---|" * (len(names) + 1)]
    for label, m in (("Interrupt time, cycles", "interrupt_time"), ("Thread time, cycles", "thread_time"),
                     ("Interrupt latency, cycles", "latency")):
        out.append("| %s | %s | **%s** |" % (label, " | ".join("%d" % published[n][m][0] for n in names),
                                              cell(r[m]["cycles_art"])))
    out.append("| `.text`, bytes | %s | **%s** |" % (" | ".join(format(published[n]["text"], ",") for n in names),
                                                   format(r["text"], ",")))
    out.append("| `.data + .bss`, bytes | %s | **%d** |" % (
        " | ".join(format(published[n]["static"], ",") for n in names), r["data"] + r["bss"]))
    if r.get("variants"):
        out.append("| Thread time, formatting like for like | | | | %s |" % ", ".join(
            "%s %.0f" % (name, v["thread_time"]["cycles_art"]["mean"])
            for name, v in sorted(r["variants"].items())))
    return "\n".join(out)


def markdown(r, published=None):
    """docs/showdown.md's tables, from a report (--markdown FILE)."""
    published = published or load_published()

    def cell(s):
        return "%.0f (sd %.1f, max %d)" % (s["mean"], s["sd"], s["max"])
    names = list(published)
    out = ["| Cycles, mean | " + " | ".join(names) + " | **ebb**, flash+ART model | ebb, zero-wait model | ebb, instructions |",
           "|---|" + "---|" * (len(names) + 3)]
    rows = [("Interrupt time", r, "interrupt_time"), ("Thread time", r, "thread_time"),
            ("Interrupt latency", r, "latency")]
    if "under_load" in r:
        rows.append(("Latency, under load", r["under_load"], "latency"))
    if "prio" in r:
        rows.append(("Latency, under load, button on a preemptive executor", r["prio"], "latency"))
    if "prio_idle" in r:
        rows.append(("Latency, RTIC's structure: button on a preemptive executor, no load", r["prio_idle"], "latency"))
    for label, src, m in rows:
        pub = " | ".join(("%d" % published[n][m][0]) if src is r else "not measured" for n in names)
        out.append("| %s | %s | **%s** | %s | %s |" % (label, pub, cell(src[m]["cycles_art"]),
                                                      cell(src[m]["cycles"]), cell(src[m]["insn"])))
    out += ["", "| Bytes | " + " | ".join(names) + " | **ebb** -O3 | ebb -Os, LTO |",
            "|---|" + "---|" * (len(names) + 2),
            "| `.text` | " + " | ".join(format(published[n]["text"], ",") for n in names) +
            " | **%s** | %s |" % (format(r["text"], ","), format(r["text_os"], ",")),
            "| `.data + .bss` | " + " | ".join(format(published[n]["static"], ",") for n in names) +
            " | **%d** | %d |" % (r["data"] + r["bss"], r["data_os"] + r["bss_os"]),
            "| total RAM: static + peak stack | %s | **%d** (%d + %d) | |" %
            (" | ".join("not reported" for n in names), r["total_ram"], r["data"] + r["bss"], r["stack_peak"] or 0)]
    if r.get("variants"):
        out += ["", "| Like for like: formatting | thread time, flash+ART | thread time, instructions (ebb + app) "
                "| `.text` -O3 | `.data + .bss` | peak stack |", "|---|---|---|---|---|---|"]
        rows = [("hand-written (as measured above)", r)] + sorted(r["variants"].items())
        for name, v in rows:
            sp = v.get("split", {}).get("thread")
            out.append("| %s | %s | %.0f (%s) | %s | %d | %s |" % (
                name, cell(v["thread_time"]["cycles_art"]), v["thread_time"]["insn"]["mean"],
                "%.0f + %.0f" % (sp["ebb"], sp["app"]) if sp else "n/a", format(v["text"], ","),
                v["data"] + v["bss"], v["stack_peak"] if v["stack_peak"] is not None else "n/a"))
    if r.get("text_parts"):
        out += ["", "`.text` at -O3 by part (bytes): " + ", ".join("%s %d" % kv for kv in sorted(r["text_parts"].items(), key=lambda kv: -kv[1])) + "."]
    if r.get("ram_objects"):
        out += ["", "`.data + .bss` at -O3 by object (bytes): " +
                ", ".join("%s %d" % (o["name"], o["bytes"]) for o in r["ram_objects"]) + "."]
    lines = comparison(r, published)
    if lines:
        out += ["", "Published rows at or below ebb's figure, or level with it (from the same run):", ""]
        out += ["- " + v for v in lines]
    if r.get("split"):
        out += [""]
        for w, label in (("latency", "Interrupt latency"), ("thread", "Thread time")):
            sp = r["split"].get(w)
            if sp:
                parts = ", ".join("%s %.0f" % (k, sp[k]) for k in EBB_SHARE + APP_SHARE if k in sp)
                out.append("- %s, instructions per edge: ebb %.0f + application %.0f (%s)." %
                           (label, sp["ebb"], sp["app"], parts))
    for src, label in ((r, "Interrupt latency"), (r.get("prio_idle"), "In RTIC's structure (prio_idle run)")):
        lat = src.get("latency") if src else None
        if lat and lat.get("imiss_mean") is not None:
            out.append("- %s, cycles per edge: %.1f flash+ART = %.1f zero-wait for %.0f instructions + flash "
                       "stalls: %.1f instruction-line and %.1f data-line misses of the ART per window." %
                       (label, lat["cycles_art"]["mean"], lat["cycles"]["mean"], lat["insn"]["mean"],
                        lat["imiss_mean"], lat["dmiss_mean"] or 0))
    return "\n".join(out)


def update_doc(text, tables, headline_md):
    """text with what lies between its marker lines replaced (the tables
    between TABLES_BEGIN and TABLES_END, the headline between
    HEADLINE_BEGIN and HEADLINE_END), or None if it has neither."""
    done = False
    for begin, end, body in ((TABLES_BEGIN, TABLES_END, tables), (HEADLINE_BEGIN, HEADLINE_END, headline_md)):
        b, e = text.find(begin), text.find(end)
        if b < 0 or e < b:
            continue
        b += len(begin)
        text = text[:b] + "\n" + body + "\n" + text[e:]
        done = True
    return text if done else None
