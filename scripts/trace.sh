#!/bin/sh
# make trace APP=<app> [BOARD=<board>]: build the app with tracing and
# statistics on (CMake options EBB_TRACE, ebb/trace.h, and EBB_TASK_STATS,
# ebb/stats.h; build tree build/trace-<board>), run it on QEMU under -icount for at
# most SECONDS (default 10) of host time, and decode the stream with
# scripts/ebb_trace.py into build/trace/<app>.log, .json, .vcd and .svg.
#   scripts/trace.sh BOARD APP
# The trace leaves QEMU by semihosting (the Cortex-M port writes the file
# ebb_trace.bin in QEMU's working directory), so BOARD is a QEMU board whose
# port has semihosting output: the Cortex-M boards.
set -eu
board=$1
app=$2
cd "$(dirname "$0")/.."
bdir=build/trace-$board
out=build/trace
shift_arg=${ICOUNT_SHIFT:-}
mkdir -p "$out"
if [ -f "boards/$board/board.cmake" ]; then
    cmake -S . -B "$bdir" -DEBB_BOARD="$board" -DCMAKE_BUILD_TYPE=Release -DEBB_TRACE=ON -DEBB_TASK_STATS=ON \
        ${EBB_TRACE_RING:+-DEBB_TRACE_RING=$EBB_TRACE_RING} >/dev/null
else
    echo "make trace: unknown BOARD '$board' (a folder under boards/)" >&2
    exit 2
fi
info=$bdir/ebb_firmware.txt
elf=$(awk -v a="$app" '($1 == "app" || $1 == "other") && $2 == a { print $3 }' "$info")
if [ -z "$elf" ]; then
    echo "make trace: unknown APP '$app' for BOARD=$board." >&2
    echo "  apps: $(awk '$1 == "app" { print $2 }' "$info" | tr '\n' ' ')" >&2
    exit 2
fi
cmake --build "$bdir" --target "$app" -j"${JOBS:-2}" >/dev/null
qemu=$(awk '$1 == "qemu" { $1 = ""; print substr($0, 2) }' "$info")
if [ -z "$qemu" ]; then
    echo "make trace: $board is not a QEMU board" >&2
    exit 2
fi
if [ -z "$shift_arg" ]; then
    shift_arg=$(awk '$1 == "icount_shift" { print $2 }' "$info")
fi
run=$out/run-$app
rm -rf "$run"
mkdir -p "$run"
elf_abs=$(cd "$(dirname "$elf")" && pwd)/$(basename "$elf")
rc=0
# shellcheck disable=SC2086 # the board's QEMU command line is a word list
(cd "$run" && timeout "${SECONDS_LIMIT:-10}" $qemu -icount shift="${shift_arg:-0}",align=off,sleep=off \
    -kernel "$elf_abs" </dev/null >console.txt 2>&1) || rc=$?
# 124: the time limit ended a program that runs forever; the stream holds
# what the idle loop drained until then.
if [ "$rc" != 0 ] && [ "$rc" != 124 ]; then
    echo "make trace: QEMU exited with status $rc" >&2
    tail -5 "$run/console.txt" >&2
fi
if [ ! -s "$run/ebb_trace.bin" ]; then
    echo "make trace: no trace stream was written ($run/ebb_trace.bin)" >&2
    exit 1
fi
cp "$run/ebb_trace.bin" "$out/$app.bin"
cp "$run/console.txt" "$out/$app.console.txt"
python3 scripts/ebb_trace.py --elf "$elf_abs" --out "$out/$app" "$out/$app.bin"
