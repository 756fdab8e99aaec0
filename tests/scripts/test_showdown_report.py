"""Tests of the showdown report's parts: window pairing (parse), statistics
and the comparison with the published rows (stats), rendering."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lab", "report"))
import showdown_parse as sp  # noqa: E402
import showdown_render as sr  # noqa: E402
import showdown_stats as ss  # noqa: E402


def edge(t, port, pin, level):
    # insn = t, zero-wait cycles = 2t, ART cycles = 3t: each unit is checked
    return {"insn": t, "cycles": 2 * t, "cycles_art": 3 * t, "imiss": t // 10, "dmiss": 0,
            "port": port, "pin": pin, "level": level}


class Windows(unittest.TestCase):
    def test_pairs_as_the_study(self):
        e = [edge(100, "G", 0, 1), edge(130, "G", 0, 0), edge(200, "G", 1, 1), edge(900, "G", 1, 0),
             edge(1000, "G", 0, 1), edge(1040, "G", 0, 0), edge(1100, "G", 1, 1), edge(1500, "G", 1, 0)]
        w = sp.windows(e)
        self.assertEqual([x["insn"] for x in w["interrupt_time"]], [30, 40])
        self.assertEqual([x["insn"] for x in w["latency"]], [100, 100])
        self.assertEqual([x["insn"] for x in w["thread_time"]], [700, 400])
        self.assertEqual([x["cycles_art"] for x in w["thread_time"]], [2100, 1200])

    def test_interrupt_that_resumed_nothing_has_no_latency(self):
        # Two interrupts before the task runs: only the second one is paired.
        e = [edge(0, "G", 0, 1), edge(10, "G", 0, 0), edge(50, "G", 0, 1), edge(60, "G", 0, 0),
             edge(80, "G", 1, 1), edge(90, "G", 1, 0), edge(95, "C", 13, 1)]
        w = sp.windows(e)
        self.assertEqual(len(w["interrupt_time"]), 2)
        self.assertEqual([x["insn"] for x in w["latency"]], [30])
        self.assertEqual(ss.summarize(e)["edges"], 1)

    def test_stats(self):
        s = ss.stats([2, 4, 4, 4, 5, 5, 7, 9])
        self.assertEqual(s["mean"], 5)
        self.assertAlmostEqual(s["sd"], 2.14, places=2)  # sample sd
        self.assertEqual((s["min"], s["max"], s["n"]), (2, 9, 8))
        self.assertIsNone(ss.stats([])["mean"])

    def test_parse_and_svg(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "edges.txt")
            with open(p, "w") as f:
                f.write("# ebbscope 1: header\n")
                f.write("edge 5 10 15 1 0 C 13 1 08000100\n")
                f.write("edge 7 14 21 1 0 G 0 1 08000200\n")
                f.write("edge 9 18 27 1 0 G 0 0 08000204\n")
                f.write("edge 20 40 60 2 0 G 1 1 08000300\n")
                f.write("edge 30 60 90 2 0 G 1 0 08000304\n")
                f.write("end insn=40\n")
            e = sp.parse_edges(p)
            self.assertEqual(len(e), 5)
            self.assertEqual(e[1], {"insn": 7, "cycles": 14, "cycles_art": 21, "imiss": 1, "dmiss": 0,
                                    "port": "G", "pin": 0, "level": 1})
            svg = os.path.join(d, "scope.svg")
            sr.scope_svg(e, svg)
            with open(svg) as f:
                text = f.read()
            self.assertIn("<svg", text)
            self.assertEqual(text.count("<polyline"), 3)


class Markdown(unittest.TestCase):
    def test_tables_carry_the_figures(self):
        st = {"mean": 10.0, "sd": 1.0, "min": 9, "max": 12, "n": 3}
        metric = {"insn": st, "cycles": st, "cycles_art": {"mean": 20.0, "sd": 2.0, "min": 18, "max": 23, "n": 3}}
        r = {"interrupt_time": metric, "thread_time": metric, "latency": metric, "text": 4096, "text_os": 3000,
             "data": 10, "bss": 300, "data_os": 8, "bss_os": 300, "stack_peak": 200, "total_ram": 510}
        md = sr.markdown(r)
        self.assertIn("| Interrupt time | 533 | 261 | 117 | **20 (sd 2.0, max 23)** |", md)
        self.assertIn("| `.text` | 20,676 | 14,272 | 8,888 | **4,096** | 3,000 |", md)
        self.assertIn("**510** (310 + 200)", md)
        # ahead of every row in every column: no comparison lines
        self.assertNotIn("Published rows at or below", md)


class Compare(unittest.TestCase):
    PUB = {"A": {"interrupt_time": (100, 1.0), "thread_time": (1000, 1.0), "latency": (200, 1.0),
                 "text": 5000, "static": 400},
           "B": {"interrupt_time": (50, 1.0), "thread_time": (900, 1.0), "latency": (300, 1.0),
                 "text": 9000, "static": 300}}

    def report(self, irq, thread, lat, text, static):
        def metric(v):
            st = {"mean": v, "sd": 0.0, "min": v, "max": v, "n": 1}
            return {"insn": st, "cycles": st, "cycles_art": st, "imiss_mean": 0.0, "dmiss_mean": 0.0}
        return {"interrupt_time": metric(irq), "thread_time": metric(thread), "latency": metric(lat),
                "text": text, "data": 0, "bss": static}

    def test_behind_and_level_come_from_the_rows(self):
        c = {x["metric"]: x for x in ss.compare(self.report(60, 890, 199, 5000, 250), self.PUB)}
        self.assertEqual(c["interrupt_time"]["behind"], {"B": 50})
        self.assertEqual(c["interrupt_time"]["level"], {})
        self.assertEqual(c["thread_time"]["behind"], {})
        self.assertEqual(c["thread_time"]["level"], {"B": 900})  # within 2%
        self.assertEqual(c["latency"]["level"], {"A": 200})
        self.assertEqual(c["text"]["behind"], {"A": 5000})  # equal is not ahead
        self.assertNotIn("static", c)

    def test_lines_name_the_rows_and_the_measurement(self):
        lines = sr.comparison(self.report(60, 800, 100, 4000, 250), self.PUB)
        self.assertEqual(len(lines), 1)
        self.assertTrue(lines[0].startswith("interrupt_time: behind B (50); ebb 60.0 flash+ART cycles"), lines[0])



class Split(unittest.TestCase):
    def test_inlined_code_counts_for_its_function(self):
        src = {"/x/apps/showdown/showdown.c": ["", "EBB_AWAIT(x);", "b->count++;"]}
        line = lambda path, n: src.get(path, [""] * 9)[n - 1]
        # a list primitive inlined into the channel: channel
        self.assertEqual(ss.classify([("ebb_list_pop_front", "/x/include/ebb/driver/list.h", 5),
                                      ("publish_locked", "/x/src/channel.c", 30)], line), "channel")
        # the wake inlined into the channel's commit: wake
        self.assertEqual(ss.classify([("ebb__wake_locked", "/x/include/ebb/executor.h", 5),
                                      ("ebb_channel_commit", "/x/src/channel.c", 30)], line), "wake")
        # the application's own statement vs the await macro on its line
        self.assertEqual(ss.classify([("button_poll", "/x/apps/showdown/showdown.c", 3)], line), "count, flag")
        self.assertEqual(ss.classify([("button_poll", "/x/apps/showdown/showdown.c", 2)], line), "resume")
        # the C library (no line information): formatting
        self.assertEqual(ss.classify([("_svfprintf_r", "??", 0)], line), "formatting")
        self.assertEqual(ss.classify([("format.constprop.0", "/x/apps/showdown/showdown.c", 3)], line),
                         "formatting")
        # ebb's formatter counts as formatting too, not as ebb's share
        self.assertEqual(ss.classify([("put_n", "/x/src/fmt.c", 60), ("run", "/x/src/fmt.c", 300)], line),
                         "formatting")


if __name__ == "__main__":
    unittest.main()
