"""The showdown report's statistics: per-window summaries of a run, the
split of the measured instructions into ebb's share and the
application's, and the comparison of ebb's figures with the published rows.
Pure functions of parsed data (showdown_parse.py); nothing here runs a tool
or reads a file."""
import math
import re

from showdown_parse import METRICS, UNITS, windows


def stats(values):
    if not values:
        return {"mean": None, "sd": None, "min": None, "max": None, "n": 0}
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return {"mean": round(mean, 2), "sd": round(sd, 2), "min": min(values), "max": max(values), "n": n}


def summarize(edges):
    w = windows(edges)
    res = {"edges": len(w["latency"])}
    for m in METRICS:
        res[m] = {u: stats([x[u] for x in w[m]]) for u, _ in UNITS}
        res[m]["imiss_mean"] = stats([x["imiss"] for x in w[m]])["mean"]
        res[m]["dmiss_mean"] = stats([x["dmiss"] for x in w[m]])["mean"]
    return res


# Where an executed instruction's work belongs.  An address is mapped to its
# innermost source function (addr2line -i: code inlined into a caller still
# counts for the function it came from); transparent helpers (list and lock
# primitives) count for the first function outside them.
EBB_SHARE = ("wake", "poll", "resume", "channel", "other ebb")
APP_SHARE = ("count, flag", "formatting", "probe")
CATEGORY_OF_FUNCTION = {
    "EXTI15_10_IRQHandler": "wake", "SAI2_IRQHandler": "poll", "ebb_stm32_exti_dispatch": "wake",
    "ebb_stm32_exti_take_pending": "wake", "ebb_waitlist_wake_all_inline": "wake",
    "ebb_waitlist_wake_all_locked": "wake", "ebb_waitlist_wake_one_locked": "wake",
    "ebb_waitlist_wake_all": "wake", "ebb__wake_locked": "wake", "ebb_wake": "wake",
    "showdown_run": "poll", "ebb_executor_poll": "poll", "ebb_executor_run": "poll",
    "ebb_cm_idle_wfi": "poll", "ebb_port_idle": "poll", "ebb_executor_has_work": "poll",
    "ebb_stm32_exti_wait": "resume", "ebb_wait_on": "resume", "ebb_wait_fired": "resume",
    "ebb__wait_on_locked_path": "resume", "ebb__stm32_exti_wait_start": "resume",
    "showdown_button_edge": "resume",
    "format": "formatting", "showdown_probe_thread": "probe",
}
TRANSPARENT = re.compile(r"^(ebb_list_|ebb_node_|ebb_port_lock|ebb_port_unlock|ebb_cancelling|ebb_current|ebb_wait_add_locked|ebb_wait_remove_locked)")


def classify(frames, source_line):
    """frames: [(function, file, line)] innermost first, for one address."""
    for func, path, line in frames:
        base = func.split(".")[0]  # format.constprop.0 -> format
        if TRANSPARENT.match(base):
            continue
        if base in CATEGORY_OF_FUNCTION:
            return CATEGORY_OF_FUNCTION[base]
        if path.endswith("src/channel.c") or base.startswith("ebb_channel"):
            return "channel"
        if path.endswith(("apps/showdown/showdown.c", "apps/showdown/button.c")):
            # The coroutine's own machinery (EBB_BEGIN's dispatch, an await's
            # call and test) sits on the lines that use the macros.
            text = source_line(path, line)
            return "resume" if "EBB_" in text else "count, flag"
        if path == "??" or "/newlib" in path or "picolibc" in path:
            return "formatting"  # the C library: only snprintf runs there
        if path.endswith("src/fmt.c"):
            return "formatting"  # ebb's formatter: the application's formatting, as snprintf
        return "other ebb"
    return "other ebb"


def split_shares(edges, counts, frames, source_line):
    """Instructions per edge of the latency and thread windows, by share:
    edges and counts as showdown_parse.read_split returns them, frames as
    addr2line_frames."""
    res = {}
    # edges: the plugin counts PG1 falls, one of which is the board's
    # initialisation of the pin; the windows themselves are per button edge.
    n = max(edges - 1, 1)
    for w, per in counts.items():
        cats = {}
        for a, c in per.items():
            cat = classify(frames.get(a) or [("??", "??", 0)], source_line)
            if w == "latency" and cat == "count, flag":
                cat = "resume"  # the task's own lines before PG1: its re-entry (prologue)
            cats[cat] = cats.get(cat, 0) + c
        r = {k: round(v / n, 1) for k, v in sorted(cats.items())}
        r["ebb"] = round(sum(v for k, v in cats.items() if k in EBB_SHARE) / n, 1)
        r["app"] = round(sum(v for k, v in cats.items() if k in APP_SHARE) / n, 1)
        r["total"] = round(sum(cats.values()) / n, 1)
        res[w] = r
    return res


# A published row within this fraction above ebb's figure is level with it,
# not behind: the cycle model is expected to match hardware to within a few
# percent (docs/measurement.md), no closer.
LEVEL_MARGIN = 0.02


def ebb_figures(r):
    """ebb's figure for each published column: flash+ART cycles (mean) and
    the -O3 NUCLEO sizes."""
    return {"interrupt_time": r["interrupt_time"]["cycles_art"]["mean"],
            "thread_time": r["thread_time"]["cycles_art"]["mean"],
            "latency": r["latency"]["cycles_art"]["mean"],
            "text": r["text"], "static": r["data"] + r["bss"]}


def compare(r, published):
    """The published columns in which a row is at or below ebb's figure
    (behind) or within LEVEL_MARGIN above it (level), in column order:
    [{"metric", "ebb", "behind": {row: figure}, "level": {row: figure}}]."""
    def pub(n, m):
        return published[n][m][0] if m in METRICS else published[n][m]

    out = []
    for m, val in ebb_figures(r).items():
        behind = {n: pub(n, m) for n in published if val >= pub(n, m)}
        level = {n: pub(n, m) for n in published
                 if n not in behind and val > (1 - LEVEL_MARGIN) * pub(n, m)}
        if behind or level:
            out.append({"metric": m, "ebb": val, "behind": behind, "level": level})
    return out
