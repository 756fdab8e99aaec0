"""Tests of the showdown report's window pairing and statistics."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lab", "report"))
import showdown_report as sr  # noqa: E402


def edge(t, port, pin, level):
    # insn = t, zero-wait cycles = 2t, ART cycles = 3t: each unit is checked
    return {"insn": t, "cycles": 2 * t, "cycles_art": 3 * t, "imiss": t // 10, "dmiss": 0,
            "port": port, "pin": pin, "level": level}


class Windows(unittest.TestCase):
    def test_pairs_as_the_study(self):
        e = [edge(100, "G", 0, 1), edge(130, "G", 0, 0), edge(200, "G", 1, 1), edge(900, "G", 1, 0),
             edge(1000, "G", 0, 1), edge(1040, "G", 0, 0), edge(1100, "G", 1, 1), edge(1500, "G", 1, 0)]
        w = sr.windows(e)
        self.assertEqual([x["insn"] for x in w["interrupt_time"]], [30, 40])
        self.assertEqual([x["insn"] for x in w["latency"]], [100, 100])
        self.assertEqual([x["insn"] for x in w["thread_time"]], [700, 400])
        self.assertEqual([x["cycles_art"] for x in w["thread_time"]], [2100, 1200])

    def test_interrupt_that_resumed_nothing_has_no_latency(self):
        # Two interrupts before the task runs: only the second one is paired.
        e = [edge(0, "G", 0, 1), edge(10, "G", 0, 0), edge(50, "G", 0, 1), edge(60, "G", 0, 0),
             edge(80, "G", 1, 1), edge(90, "G", 1, 0), edge(95, "C", 13, 1)]
        w = sr.windows(e)
        self.assertEqual(len(w["interrupt_time"]), 2)
        self.assertEqual([x["insn"] for x in w["latency"]], [30])
        self.assertEqual(sr.summarize(e)["edges"], 1)

    def test_stats(self):
        s = sr.stats([2, 4, 4, 4, 5, 5, 7, 9])
        self.assertEqual(s["mean"], 5)
        self.assertAlmostEqual(s["sd"], 2.14, places=2)  # sample sd
        self.assertEqual((s["min"], s["max"], s["n"]), (2, 9, 8))
        self.assertIsNone(sr.stats([])["mean"])

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
            e = sr.parse_edges(p)
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



class Split(unittest.TestCase):
    def test_inlined_code_counts_for_its_function(self):
        src = {"/x/apps/showdown/showdown.c": ["", "EBB_AWAIT(x);", "b->count++;"]}
        line = lambda path, n: src.get(path, [""] * 9)[n - 1]
        # a list primitive inlined into the channel: channel
        self.assertEqual(sr.classify([("ebb_list_pop_front", "/x/include/ebb/driver/list.h", 5),
                                      ("publish_locked", "/x/src/channel.c", 30)], line), "channel")
        # the wake inlined into the channel's commit: wake
        self.assertEqual(sr.classify([("ebb__wake_locked", "/x/include/ebb/executor.h", 5),
                                      ("ebb_channel_commit", "/x/src/channel.c", 30)], line), "wake")
        # the application's own statement vs the await macro on its line
        self.assertEqual(sr.classify([("button_poll", "/x/apps/showdown/showdown.c", 3)], line), "count, flag")
        self.assertEqual(sr.classify([("button_poll", "/x/apps/showdown/showdown.c", 2)], line), "resume")
        # the C library (no line information): formatting
        self.assertEqual(sr.classify([("_svfprintf_r", "??", 0)], line), "formatting")
        self.assertEqual(sr.classify([("format.constprop.0", "/x/apps/showdown/showdown.c", 3)], line),
                         "formatting")
        # ebb's formatter counts as formatting too, not as ebb's share
        self.assertEqual(sr.classify([("put_n", "/x/src/fmt.c", 60), ("run", "/x/src/fmt.c", 300)], line),
                         "formatting")


if __name__ == "__main__":
    unittest.main()
