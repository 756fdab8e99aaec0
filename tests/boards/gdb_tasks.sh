#!/bin/sh
# gdb (batch) halts tests/boards/gdb_tasks.c on QEMU at gdb_halt_here(), runs
# tools/gdb/ebb.py's `ebb-tasks`, and checks every executor and task line:
# name, state, and the file:line of the await each is suspended at.
#   tests/boards/gdb_tasks.sh <ebb source> <elf> <gdb-multiarch> <qemu-system-arm>
set -eu
src=$1; elf=$2; gdb=$3; qemu=$4
c=$src/tests/boards/gdb_tasks.c
line() { grep -n "@$1 \*/" "$c" | cut -d: -f1; }
out=$(timeout 100 "$gdb" -batch -nx -ex "set pagination off" -ex "source $src/tools/gdb/ebb.py" \
    -ex "target remote | $qemu -M netduinoplus2 -display none -monitor none -serial null \
         -semihosting-config enable=on,target=native -icount shift=0,align=off,sleep=off \
         -kernel $elf -gdb stdio -S" \
    -ex "break gdb_halt_here" -ex "continue" -ex "ebb-tasks" -ex "kill" "$elf" 2>&1) || true
echo "$out"
fail=0
want() { # regex
    if ! echo "$out" | grep -Eq "$1"; then echo "MISSING: $1"; fail=1; fi
}
want "^executor [0-9] exec \(thread mode\)$"
want "^executor [0-9] finger_exec \(interrupt executor, pender [A-Za-z_0-9]+\)$"
want "^  keys +waiting +board\.c:[0-9]+  EBB_AWAIT\(ebb_signal_wait"
want "^  driver +running +gdb_tasks\.c:$(line driver)  EBB_AWAIT\(ebb_sleep_for"
want "^  listener +waiting +gdb_tasks\.c:$(line listener)  EBB_AWAIT\(ebb_signal_wait"
want "^  woken +ready +gdb_tasks\.c:$(line listener) "
want "^  sleeper +waiting +gdb_tasks\.c:$(line sleeper)  EBB_AWAIT\(ebb_sleep_for"
want "^  quick +done"
want "^not spawned \(or cancelled\)$"
want "^  cancelled +idle"
# The thread-mode executor lists exactly its five live tasks, in name order.
got=$(echo "$out" | awk '/^executor [0-9] exec /{on=1; next} /^(executor|not spawned)/{on=0} on{print $1}' | tr '\n' ' ')
[ "$got" = "driver listener quick sleeper woken " ] || { echo "tasks of exec: '$got'"; fail=1; }
[ $fail = 0 ] && echo "gdb task listing: PASS"
exit $fail
