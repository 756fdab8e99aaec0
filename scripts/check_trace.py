#!/usr/bin/env python3
"""Check a decoded trace (scripts/ebb_trace.py's <prefix>.summary.json)
against what the traced program must have done.

usage: check_trace.py SUMMARY.json [--polls TASK=N,...] [--min-polls TASK=N,...]
                      [--lanes LANE,...] [--log TEXT]...
Always: no event lost, every poll's end matches its start in the same lane
(nothing nested out of order), every wake of a task followed by its poll.
--polls: exact poll counts per task; --min-polls: at least; --lanes: lanes
that must appear (e.g. "irq SysTick"); --log TEXT: a decoded deferred log
message must contain TEXT (repeatable).
"""
import argparse
import json
import sys


def pairs(text):
    out = {}
    for item in filter(None, (text or "").split(",")):
        k, v = item.split("=")
        out[k] = int(v)
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("summary")
    ap.add_argument("--polls")
    ap.add_argument("--min-polls")
    ap.add_argument("--lanes")
    ap.add_argument("--log", action="append", default=[],
                    help="a decoded log message must contain this text")
    a = ap.parse_args(argv[1:])
    s = json.load(open(a.summary))
    bad = []
    if s["lost"] != 0:
        bad.append("%d events lost (ring full)" % s["lost"])
    if s["problems"]:
        bad.append("spans out of order: %s" % s["problems"][:3])
    if s["records"] == 0:
        bad.append("no records")
    for task, n in pairs(a.polls).items():
        if s["polls"].get(task, 0) != n:
            bad.append("task %s: %d polls, want %d" % (task, s["polls"].get(task, 0), n))
    for task, n in pairs(a.min_polls).items():
        if s["polls"].get(task, 0) < n:
            bad.append("task %s: %d polls, want at least %d" % (task, s["polls"].get(task, 0), n))
    for lane in filter(None, (a.lanes or "").split(",")):
        if lane not in s["lanes"]:
            bad.append("no lane %r (lanes: %s)" % (lane, sorted(s["lanes"])))
    for text in a.log:
        if not any(text in m for m in s["messages"]):
            bad.append("no log message contains %r (%d messages)" % (text, len(s["messages"])))
    wakes = s["events"].get("WAKE", 0)
    if s["wake_to_poll_us"]["count"] == 0 and wakes:
        bad.append("%d wakes, none followed by a poll" % wakes)
    print("trace %s: %d records, polls %s, lost %d"
          % (a.summary, s["records"], s["polls"], s["lost"]))
    if bad:
        print("FAIL: " + "; ".join(bad))
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
