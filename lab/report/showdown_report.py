#!/usr/bin/env python3
"""The showdown report: turn virtual-oscilloscope logs and firmware sizes into
the study's five figures, printed beside the published rows.

Inputs (all produced by lab/report/showdown.sh):
  --run NAME=EDGES   an edge log of lab/scope (NAME: normal, under_load, prio)
  --elf-o3 ELF       the study's profile (-O3, hard float)
  --elf-os ELF       the size profile (-Os, LTO)
  --console FILE     console output of the normal run (carries stack_peak=N)
  --split FILE=ELF   instruction counts per address of a run's latency and
                     thread windows (lab/split/split_plugin.c) and
                     the firmware that ran: ebb's share and the application's
  --variant NAME=EDGES,SPLIT,QEMU_ELF,ELF_O3,CONSOLE
                     a like-for-like build (e.g. formatting with snprintf):
                     its thread time, split, .text, .data+.bss, peak stack
  --out DIR          writes DIR/report.json and DIR/scope.svg
or, to print docs/showdown.md's markdown tables from a report:
  --markdown build/showdown/report.json
or to write them into docs between their marker lines (README.md, docs/showdown.md):
  --update build/showdown/report.json README.md docs/showdown.md

The parts: showdown_parse.py (inputs, the study's windows), showdown_stats.py
(statistics, the split, the comparison with the published rows in
published.json), showdown_render.py (the printed table, markdown, SVG).
"""
import argparse
import json
import os
import sys

import showdown_parse as parse
import showdown_render as render
import showdown_stats as stats


def split_report(split_path, elf):
    edges, counts = parse.read_split(split_path)
    addrs = sorted({a for w in counts.values() for a in w})
    frames = parse.addr2line_frames(elf, addrs)
    return stats.split_shares(edges, counts, frames, parse.source_reader())


def build_report(a, runs):
    """report.json's content, from the parsed command line."""
    r = stats.summarize(parse.parse_edges(runs["normal"]))
    r["text"], r["data"], r["bss"] = parse.elf_sizes(a.elf_o3)
    r["text_os"], r["data_os"], r["bss_os"] = parse.elf_sizes(a.elf_os)
    r["ram_objects"] = parse.ram_objects(a.elf_o3)
    r["text_parts"] = parse.text_parts(a.elf_o3)
    r["vectors"] = parse.vector_count(a.elf_o3)
    r["ram_queue_storage"] = sum(o["bytes"] for o in r["ram_objects"] if o["name"] == "queue_storage")
    r["stack_peak"] = parse.console_value(a.console, "stack_peak") if a.console else None
    r["total_ram"] = r["data"] + r["bss"] + (r["stack_peak"] or 0)
    for name, path in runs.items():
        if name != "normal":
            r[name] = stats.summarize(parse.parse_edges(path))
    if a.split:
        sp, elf = a.split.split("=", 1)
        r["split"] = split_report(sp, elf)
    r["variants"] = {}
    for v in a.variant:
        name, files = v.split("=", 1)
        edges_f, split_f, qelf, elf3, cons = files.split(",")
        vs = stats.summarize(parse.parse_edges(edges_f))
        vr = {"thread_time": vs["thread_time"], "latency": vs["latency"], "interrupt_time": vs["interrupt_time"]}
        vr["text"], vr["data"], vr["bss"] = parse.elf_sizes(elf3)
        vr["stack_peak"] = parse.console_value(cons, "stack_peak")
        vr["total_ram"] = vr["data"] + vr["bss"] + (vr["stack_peak"] or 0)
        vr["split"] = split_report(split_f, qelf)
        r["variants"][name] = vr
    r["units"] = {u: d for u, d in parse.UNITS}
    r["source"] = "measured here: QEMU netduinoplus2, -icount shift=0 (deterministic), lab/scope"
    return r


def update(report_path, docs):
    """--update REPORT DOC...: each DOC's generated blocks from REPORT."""
    r = parse.load_report(report_path)
    md, hl = render.markdown(r), render.headline(r)
    for doc in docs:
        with open(doc) as f:
            text = render.update_doc(f.read(), md, hl)
        if text is None:
            print("%s: no %s ... %s lines (nor the headline's)" % (doc, render.TABLES_BEGIN, render.TABLES_END),
                  file=sys.stderr)
            return 1
        with open(doc, "w") as f:
            f.write(text)
    return 0


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) == 2 and argv[0] == "--markdown":
        print(render.markdown(parse.load_report(argv[1])))
        return 0
    if len(argv) >= 3 and argv[0] == "--update":
        return update(argv[1], argv[2:])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="append", default=[], help="NAME=EDGES_FILE")
    ap.add_argument("--elf-o3", required=True)
    ap.add_argument("--elf-os", required=True)
    ap.add_argument("--console")
    ap.add_argument("--out", required=True)
    ap.add_argument("--split", help="SPLIT_FILE=QEMU_ELF of the normal run")
    ap.add_argument("--variant", action="append", default=[],
                    help="NAME=EDGES,SPLIT,QEMU_ELF,ELF_O3,CONSOLE")
    a = ap.parse_args(argv)
    runs = dict(x.split("=", 1) for x in a.run)
    if "normal" not in runs:
        ap.error("--run normal=FILE is required")
    os.makedirs(a.out, exist_ok=True)
    r = build_report(a, runs)
    with open(os.path.join(a.out, "report.json"), "w") as f:
        json.dump(r, f, indent=2, sort_keys=True)
    render.scope_svg(parse.parse_edges(runs["normal"]), os.path.join(a.out, "scope.svg"))
    render.print_table(r)
    print("wrote %s and %s" % (os.path.join(a.out, "report.json"), os.path.join(a.out, "scope.svg")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
