#!/bin/sh
# The static stack bound against the painted peak, per board preset, as
# the last ctest run of each build tree printed it (test stack.bound_storm,
# scripts/stack_bound.py; docs/reliability.md, "Stack bounds").
#   sh scripts/stack_bounds.sh qemu-netduinoplus2 mps2-an385 ...
# make test runs it after the boards' tests.
for p in "$@"; do
  log=build/$p/Testing/Temporary/LastTest.log
  # Not the line of stack.bound_storm_below_peak, whose peak is made up.
  line=$(grep -h -E '^(FAIL: )?stack bound ' "$log" 2>/dev/null | grep -v 'peak 100000000 B' | head -1)
  if [ -z "$line" ]; then
    echo "$p: no stack.bound_storm figure in $log (run ctest --test-dir build/$p -R stack.bound first)"
    continue
  fi
  printf '%-20s %s\n' "$p" "$line"
done
