#!/bin/sh
# The static stack bound against the painted peak, per board preset, as
# the last ctest run of each build tree printed it (test stack.bound_storm,
# scripts/stack_bound.py; docs/reliability.md, "Stack bounds").
#   sh scripts/stack_bounds.sh qemu-netduinoplus2 mps2-an385 ...
# make test runs it after the boards' tests.
for p in "$@"; do
  log=build/$p/Testing/Temporary/LastTest.log
  line=$(grep -h -m1 -E '^(FAIL: )?stack bound ' "$log" 2>/dev/null)
  if [ -z "$line" ]; then
    echo "$p: no stack.bound_storm figure in $log (run ctest --test-dir build/$p -R stack.bound first)"
    continue
  fi
  printf '%-20s %s\n' "$p" "$line"
done
