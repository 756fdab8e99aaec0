#!/bin/sh
# `make debug BOARD=<board> APP=blinky` as a user runs it: QEMU halted at
# reset with a gdb server, then the gdb-multiarch line it prints, run as
# printed (in batch mode): it must attach (127.0.0.1: no localhost entry
# needed), stop at main(), list the tasks with ebb-tasks (the line loads
# tools/gdb/ebb.py) and end the session.  Two boards at a time, each on a free port (EBB_GDB_PORT: other
# runs on the machine may hold 1234).
#   tests/boards/make_debug.sh <board>...
set -eu
cd "$(dirname "$0")/../.."
out=build/make-run
mkdir -p "$out"
one() {
    b=$1
    log=$out/$b.debug.log
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    : >"$log" # before the background job opens it: the wait below reads it
    # Its own session, so that a stop reaches make, the script and QEMU.
    EBB_GDB_PORT=$port setsid make -s --no-print-directory debug BOARD="$b" APP=blinky </dev/null >"$log" 2>&1 &
    pid=$!
    waited=0 # in 0.2 s steps; configuring and building may take a while
    while ! grep -q "^    gdb-multiarch " "$log" && kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 1500 ]; do
        sleep 0.2
        waited=$((waited + 1))
    done
    line=$(sed -n 's/^    \(gdb-multiarch .*\)$/\1/p' "$log")
    gdb_out=""
    if [ -n "$line" ]; then
        eval "set -- $line"
        gdb_out=$(timeout 60 "$@" -batch -nx -ex "break main" -ex "continue" -ex "bt 1" -ex "ebb-tasks" -ex "kill" 2>&1) || true
    fi
    waited=0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 50 ]; do
        sleep 0.2
        waited=$((waited + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -INT "-$pid" 2>/dev/null || true
        wait "$pid" || true
        gdb_out="$gdb_out
(QEMU still running after gdb's kill)"
    else
        wait "$pid" || true
    fi
    if echo "$gdb_out" | grep -q "^#0 .*main ()" && echo "$gdb_out" | grep -q "^executor 0 exec" &&
       ! echo "$gdb_out" | grep -q "still running"; then
        echo "make debug BOARD=$b APP=blinky: PASS (gdb stopped at main, ebb-tasks listed the executor)"
    else
        echo "make debug BOARD=$b APP=blinky: FAIL"
        cat "$log"
        echo "$gdb_out"
    fi
}

. tests/boards/each_board.sh
each_board debug.result "$@"
