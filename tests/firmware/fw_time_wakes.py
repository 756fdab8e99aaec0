#!/usr/bin/env python3
"""fw_time_wakes.py - reads the "wake deadline us D late ns L" lines that
test_time prints when built with -DEBB_FW_TIME_LATEST=ON (the first 128
wakes of its three tickers) and splits the lateness in two:

- a wake alone: due 40 us or more after the previous wake's check (that
  wake's re-arm is over) and checked before the next deadline: its
  lateness is the whole wake path (alarm interrupt, poll, the test's check
  up to its reference read);
- a wake served behind another: due before the previous wake's check or
  less than 40 us after it, so it waited for the rest of that wake; its
  cost is the time from the previous check to its own.

The third of three tickers due together is late by about one alone plus
two behind (tests/settings/microbit.cmake).  Usage:
  ctest --test-dir build/microbit-latest -R 'fw.test_time$' -V | python3 tests/firmware/fw_time_wakes.py
"""
import re
import sys

wakes = []
for line in sys.stdin:
    m = re.search(r"wake deadline us (\d+) late ns (-?\d+)", line)
    if m:
        d = int(m.group(1))
        wakes.append((d * 1000, d * 1000 + int(m.group(2))))  # deadline, check (ns)
if not wakes:
    sys.exit("no 'wake deadline us' lines (build with -DEBB_FW_TIME_LATEST=ON)")
alone, behind = [], []
for k, (due, check) in enumerate(wakes):
    prev = wakes[k - 1][1] if k else None
    nxt = wakes[k + 1][0] if k + 1 < len(wakes) else None
    if prev is not None and due < prev + 40000:
        behind.append(check - prev)
    elif nxt is None or nxt > check:
        alone.append(check - due)
for name, xs in (("alone", alone), ("behind another", behind)):
    if xs:
        print(f"{name}: {len(xs)} wakes, {min(xs) / 1000:.1f} to {max(xs) / 1000:.1f} us")
print(f"latest: {max(c - d for d, c in wakes) / 1000:.1f} us")
