#!/bin/sh
# `make run BOARD=<board> APP=blinky` as a user runs it (QEMU without
# -icount, host time), non-interactively: stdin closed, stopped SECONDS_RUN
# after QEMU started (Ctrl-C, as a user would), its console output checked.  Boards run in parallel, two at a time.
#   tests/boards/make_run.sh <board>...
# Checks: the banner, at least RUN_LINES LED lines, alternating on/off, the
# k-th at k*500 ms of ebb time (blinky's ticker) and no more than LATE_MS
# late (the QEMU process competes for the host's cores).
set -eu
cd "$(dirname "$0")/../.."
SECONDS_RUN=${SECONDS_RUN:-5}
RUN_LINES=${RUN_LINES:-3}
LATE_MS=${LATE_MS:-200}
out=build/make-run
mkdir -p "$out"

one() {
    b=$1
    log=$out/$b.log
    : >"$log"
    # Its own session, so the timeout below ends make, the script and QEMU.
    setsid make -s --no-print-directory run BOARD="$b" APP=blinky </dev/null >"$log" 2>&1 &
    pid=$!
    # Configuring and building may take a while on a busy machine; the run
    # itself is given SECONDS_RUN from QEMU's start.
    waited=0
    while ! grep -q "^running .* on QEMU" "$log" && kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 300 ]; do
        sleep 1
        waited=$((waited + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
        sleep "$SECONDS_RUN"
    fi
    if kill -0 "$pid" 2>/dev/null; then
        kill -INT "-$pid" 2>/dev/null || true
        rc=0
        wait "$pid" || true
    else
        wait "$pid" && rc=0 || rc=$?
        echo "make run BOARD=$b APP=blinky: ended by itself (exit $rc), blinky runs for ever"; cat "$log"; return 1
    fi
    if ! awk -v lines="$RUN_LINES" -v late="$LATE_MS" -v board="$b" '
        /^blinky on / { banner = ($3 == board || index(board, $3) > 0) }
        /^led (on |off) t=/ {
            n++
            t = $0; sub(/.*t=/, "", t); sub(/ ms.*/, "", t); t += 0
            want = (n % 2) ? "on" : "off"
            if ($2 != want) { print "line " n ": LED " $2 ", expected " want; bad = 1 }
            if (t < n * 500 || t > n * 500 + late) { print "line " n ": t=" t " ms, expected " n * 500 "..+" late; bad = 1 }
        }
        END {
            if (!banner) { print "no banner \"blinky on " board "\""; bad = 1 }
            if (n < lines) { print n " LED lines, expected at least " lines; bad = 1 }
            exit bad
        }' "$log"; then
        echo "make run BOARD=$b APP=blinky: FAIL"; cat "$log"; return 1
    fi
    echo "make run BOARD=$b APP=blinky: PASS ($(grep -c '^led ' "$log") LED lines)"
}

. tests/boards/each_board.sh
each_board result "$@"
