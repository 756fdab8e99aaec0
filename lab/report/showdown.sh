#!/bin/sh
# make showdown: the study's application on ebb, measured like the study.
#
#   1. runs the application on QEMU's netduinoplus2 under -icount (exact,
#      deterministic) with the virtual oscilloscope (lab/scope) watching the
#      probe pins: once as is, once with a busy background task, once
#      with that load and the button task on a preemptive interrupt executor,
#      and once with that executor and no load (RTIC's structure, measured
#      as RTIC was); the formatting rows: the C library's snprintf, on
#      newlib-nano and on picolibc (integer-only printf), and ebb's own
#      formatter (ebb_fmt, ebb/fmt.h);
#   2. checks the console output (200 lines, in order);
#   3. takes .text/.data/.bss from the NUCLEO-F446ZE builds (the study's
#      board): -O3 as the study, and -Os with LTO;
#   4. prints the table beside the published rows and writes
#      build/showdown/report.json and build/showdown/scope.svg.
# With --budget it then checks lab/bench/budget.json and the showdown figures the
# docs quote (lab/report/doc_figures.py; make test does this).
set -eu
cd "$(dirname "$0")/../.."
OUT=build/showdown
APP_QEMU=build/qemu-netduinoplus2/apps/showdown/showdown.elf
QEMU_FW=build/qemu-netduinoplus2/lab/showdown
PICO_QEMU=build/qemu-netduinoplus2-picolibc/lab/showdown/showdown_snprintf.elf
PICO_NUCLEO=build/nucleo-f446ze-picolibc/lab/showdown/showdown_snprintf.elf
PLUGIN=build/host/lab/scope/libebbscope.so
SPLIT=build/host/lab/split/libshowdown_split.so
mkdir -p "$OUT"

for f in "$PLUGIN" "$SPLIT" "$APP_QEMU" "$QEMU_FW/showdown_load.elf" "$QEMU_FW/showdown_prio.elf" "$QEMU_FW/showdown_prio_idle.elf" \
         "$QEMU_FW/showdown_snprintf.elf" build/nucleo-f446ze/lab/showdown/showdown_snprintf.elf \
         "$QEMU_FW/showdown_ebb_fmt.elf" build/nucleo-f446ze/lab/showdown/showdown_ebb_fmt.elf \
         "$PICO_QEMU" "$PICO_NUCLEO" \
         build/nucleo-f446ze/apps/showdown/showdown.elf build/nucleo-f446ze-os/apps/showdown/showdown.elf; do
    [ -f "$f" ] || { echo "showdown: $f is missing (run 'make showdown')" >&2; exit 1; }
done

run() { # name elf
    timeout 120 qemu-system-arm -M netduinoplus2 -nographic -monitor none -serial stdio \
        -semihosting-config enable=on,target=native -icount shift=0,align=off,sleep=off \
        -kernel "$2" -plugin "$PLUGIN,out=$OUT/edges_$1.txt,elf=$2" \
        -plugin "$SPLIT,out=$OUT/split_$1.txt" \
        < /dev/null > "$OUT/console_$1.txt" 2>&1 || {
        echo "showdown: the $1 run failed (exit $?); console:" >&2
        tail -20 "$OUT/console_$1.txt" >&2
        exit 1
    }
}
# All runs at once (each is deterministic under -icount; the machine's cores
# share them); any failure fails the whole.
pids=""
run normal "$APP_QEMU" & pids="$pids $!"
run under_load "$QEMU_FW/showdown_load.elf" & pids="$pids $!"
run prio "$QEMU_FW/showdown_prio.elf" & pids="$pids $!"
run prio_idle "$QEMU_FW/showdown_prio_idle.elf" & pids="$pids $!"
run snprintf "$QEMU_FW/showdown_snprintf.elf" & pids="$pids $!"
run picolibc "$PICO_QEMU" & pids="$pids $!"
run ebb_fmt "$QEMU_FW/showdown_ebb_fmt.elf" & pids="$pids $!"
for p in $pids; do
    wait "$p" || exit 1
done

# The lines must be exactly "Button is 1 (1)" .. "Button is 0 (200)", the
# finger must never have waited for the application, and no edge it made
# may have found no wait (edges_missed, ebb_board_button_missed()).
for r in normal under_load prio prio_idle snprintf picolibc ebb_fmt; do
    awk '/^Button is/ { n++; want = sprintf("Button is %d (%d)", n % 2, n);
                        if ($0 != want) { print "line " n ": got \"" $0 "\", want \"" want "\""; bad = 1 } }
         /^finger_held=/ { held = substr($0, 14) + 0; seen = 1 }
         /^edges_missed=/ { missed = substr($0, 15) + 0; mseen = 1 }
         END { if (n != 200) { print n " lines, want 200"; bad = 1 }
               if (!mseen || missed != 0) { print "edges_missed=" missed ", want 0"; bad = 1 }
               # Under -icount the script must play exactly as written:
               # no edge held back for the application (scripts/showdown_run.sh).
               if (!seen || held != 0) { print "finger_held=" held ", want 0"; bad = 1 }
               exit bad }' "$OUT/console_$r.txt" || {
        echo "showdown: console output of the $r run is wrong" >&2; exit 1; }
done
echo "console: 200 lines in order in each run, no edge missed; first lines of the normal run:"
grep '^Button is' "$OUT/console_normal.txt" | head -4 | sed 's/^/    /'

python3 lab/report/showdown_report.py --run normal="$OUT/edges_normal.txt" --run under_load="$OUT/edges_under_load.txt" --run prio="$OUT/edges_prio.txt" \
    --run prio_idle="$OUT/edges_prio_idle.txt" \
    --elf-o3 build/nucleo-f446ze/apps/showdown/showdown.elf \
    --elf-os build/nucleo-f446ze-os/apps/showdown/showdown.elf \
    --console "$OUT/console_normal.txt" --out "$OUT" \
    --split "$OUT/split_normal.txt=$APP_QEMU" \
    --variant "snprintf (newlib-nano)=$OUT/edges_snprintf.txt,$OUT/split_snprintf.txt,$QEMU_FW/showdown_snprintf.elf,build/nucleo-f446ze/lab/showdown/showdown_snprintf.elf,$OUT/console_snprintf.txt" \
    --variant "snprintf (picolibc, integer)=$OUT/edges_picolibc.txt,$OUT/split_picolibc.txt,$PICO_QEMU,$PICO_NUCLEO,$OUT/console_picolibc.txt" \
    --variant "ebb_fmt (ebb's formatter)=$OUT/edges_ebb_fmt.txt,$OUT/split_ebb_fmt.txt,$QEMU_FW/showdown_ebb_fmt.elf,build/nucleo-f446ze/lab/showdown/showdown_ebb_fmt.elf,$OUT/console_ebb_fmt.txt"

if [ "${1:-}" = "--budget" ]; then
    python3 lab/report/check_budget.py "$OUT/report.json" lab/bench/budget.json
    python3 lab/report/doc_figures.py --only showdown --showdown "$OUT/report.json" --check
fi
