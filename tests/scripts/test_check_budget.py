"""Tests of the budget checker: it must fail on a regression and on a missing figure."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lab", "report"))
import check_budget as cb  # noqa: E402

REPORT = {"text": 3000, "latency": {"insn": {"max": 120}}}


class Budget(unittest.TestCase):
    def test_within(self):
        f, _ = cb.check(REPORT, {"ceilings": {"text": 3000, "latency.insn.max": 200}})
        self.assertEqual(f, [])

    def test_over(self):
        f, _ = cb.check(REPORT, {"ceilings": {"text": 2999}})
        self.assertEqual(len(f), 1)
        self.assertIn("exceeds", f[0])

    def test_missing_figure_fails(self):
        f, _ = cb.check(REPORT, {"ceilings": {"thread_time.insn.max": 10}})
        self.assertEqual(len(f), 1)
        self.assertIn("missing", f[0])


if __name__ == "__main__":
    unittest.main()
