#!/bin/sh
# `make run APP=showdown` as a user runs it: QEMU WITHOUT -icount, so the
# guest's clock follows the host's, which the QEMU process shares with
# everything else on the machine.  The showdown ends by itself: its
# supervisor exits QEMU with 0 only when all 200 button edges were counted
# and written.  This checks that exit status, the 200 console lines in
# order, and the supervisor's figures.  RUNS runs, one after another
# (default 2): losing edges to a host stall is a matter of chance.
#   scripts/showdown_run.sh
set -eu
cd "$(dirname "$0")/.."
BOARD=${BOARD:-qemu-netduinoplus2}
RUNS=${RUNS:-2}
LIMIT=${LIMIT:-300} # seconds for build + run; the run itself takes ~3 s
out=build/make-run
mkdir -p "$out"
fail=0
i=1
while [ "$i" -le "$RUNS" ]; do
    log=$out/showdown-$i.log
    rc=0
    timeout "$LIMIT" make -s --no-print-directory run BOARD="$BOARD" APP=showdown </dev/null >"$log" 2>&1 || rc=$?
    if ! awk -v rc="$rc" '
        /^Button is/ { n++; want = sprintf("Button is %d (%d)", n % 2, n);
                       if ($0 != want && !bad_line) { print "line " n ": got \"" $0 "\", want \"" want "\""; bad_line = 1; bad = 1 } }
        /^edges=/ { edges = substr($0, 7) + 0; seen = 1 }
        END {
            if (n != 200) { print n " button lines, want 200"; bad = 1 }
            if (!seen) { print "no edges= line from the supervisor"; bad = 1 }
            else if (edges != 200) { print "edges=" edges ", want 200"; bad = 1 }
            if (rc != 0) { print "exit status " rc ", want 0"; bad = 1 }
            exit bad
        }' "$log"; then
        echo "make run BOARD=$BOARD APP=showdown (run $i of $RUNS): FAIL"
        grep -v '^Button is' "$log" | tail -12
        fail=1
    else
        echo "make run BOARD=$BOARD APP=showdown (run $i of $RUNS): PASS ($(grep '^finger_held=' "$log" || echo 'finger_held=?'))"
    fi
    i=$((i + 1))
done
exit $fail
