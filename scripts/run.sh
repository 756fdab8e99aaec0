#!/bin/sh
# make run / make debug: build one application for one board and run it in
# QEMU, interactively.
#   scripts/run.sh BOARD APP [--debug]
# BOARD: a configure preset, a board under boards/, or the path of your own
#        board folder (one with a board.cmake).
# APP:   a folder under apps/ or apps/examples/, or any other firmware target
#        of that board's build tree (the lists are printed when it is not).
# Only APP is built: code that one board cannot compile never blocks another.
# On QEMU, keys typed on the console press the virtual button (after the
# app's ready line).
# Quit QEMU with Ctrl-A X.  --debug: the gdb server listens on
# 127.0.0.1:1234, or on EBB_GDB_PORT when set (another debug session, or a
# test, holds 1234); the gdb line printed loads tools/gdb/ebb.py
# (ebb-tasks).  PROFILE=debug: build at -Og with debug checks on (the
# contracts are on in every profile; the Cortex-M interrupt-ceiling check
# needs a build without NDEBUG), in build/<board>-debug; default: release.
set -eu
board=$1
app=$2
mode=${3:-}
# A board folder given by path is relative to where make was started.
if [ -f "$board/board.cmake" ]; then
    board=$(cd "$board" && pwd)
fi
cd "$(dirname "$0")/.."

presets=$(cmake --list-presets 2>/dev/null | sed -n 's/^ *"\([^"]*\)".*/\1/p' | grep -v '^host' || true)
boards=$(for f in boards/*/board.cmake; do basename "$(dirname "$f")"; done)
list() { echo "$*" | tr '\n' ' '; }
case ${PROFILE:-release} in
    release) suffix=""; btype=Release ;;
    debug) suffix="-debug"; btype=Debug ;;
    *) echo "make run/debug: PROFILE is release (the default) or debug" >&2; exit 2 ;;
esac
if [ -f "$board/board.cmake" ] && [ "${board#/}" != "$board" ]; then
    bdir=build/board-$(basename "$board")$suffix
    cmake -S . -B "$bdir" -DEBB_BOARD="$board" -DCMAKE_BUILD_TYPE=$btype "-DCMAKE_C_FLAGS_DEBUG=-Og -g" >/dev/null
elif echo "$presets" | grep -qx -- "$board"; then
    bdir=build/$board$suffix
    if [ -n "$suffix" ]; then
        cmake --preset "$board" -B "$bdir" -DCMAKE_BUILD_TYPE=$btype "-DCMAKE_C_FLAGS_DEBUG=-Og -g" >/dev/null
    else
        cmake --preset "$board" >/dev/null
    fi
elif [ -f "boards/$board/board.cmake" ]; then
    bdir=build/$board$suffix
    cmake -S . -B "$bdir" -DEBB_BOARD="$board" -DCMAKE_BUILD_TYPE=$btype "-DCMAKE_C_FLAGS_DEBUG=-Og -g" >/dev/null
else
    echo "make run: unknown BOARD '$board'." >&2
    echo "  boards:  $(list "$boards")" >&2
    echo "  presets: $(list "$presets")" >&2
    echo "  or the path of your own board folder (a folder with a board.cmake, docs/boards.md)" >&2
    exit 2
fi

info=$bdir/ebb_firmware.txt
line=$(awk -v a="$app" '($1 == "app" || $1 == "other") && $2 == a { print $3 }' "$info")
if [ -z "$line" ]; then
    echo "make run: unknown APP '$app' for BOARD=$board." >&2
    echo "  apps:  $(list "$(awk '$1 == "app" { print $2 }' "$info")")" >&2
    echo "  other firmware of this board: $(list "$(awk '$1 == "other" { print $2 }' "$info")")" >&2
    echo "  a new app is a folder apps/<name>/ with its .c files (docs/getting-started.md)" >&2
    exit 2
fi
elf=$line
cmake --build "$bdir" --target "$app" -j"${JOBS:-2}" >/dev/null
qemu=$(awk '$1 == "qemu" { $1 = ""; print substr($0, 2) }' "$info")
name=$(awk '$1 == "board" { print $2 }' "$info")
if [ -z "$qemu" ]; then
    echo "$name is real hardware: $elf is built. Flash it with OpenOCD (docs/boards.md), e.g.:" >&2
    echo "    openocd -f board/st_nucleo_f4.cfg -c \"program $elf verify reset exit\"" >&2
    exit 1
fi
# shellcheck disable=SC2086 # the board's QEMU command line is a word list
set -- $qemu -kernel "$elf"
if [ "$mode" = --debug ]; then
    port=${EBB_GDB_PORT:-1234}
    echo "QEMU is halted at reset with a gdb server on 127.0.0.1:$port. In another terminal:"
    echo "    gdb-multiarch $elf -ex 'source $PWD/tools/gdb/ebb.py' -ex 'target remote 127.0.0.1:$port'"
    echo "(ebb-tasks lists the tasks; gdb's kill, or Ctrl-A X here, ends QEMU)"
    exec "$@" -gdb tcp:127.0.0.1:"$port" -S
fi
echo "running $elf on QEMU ($name; Ctrl-A X quits)"
exec "$@"
