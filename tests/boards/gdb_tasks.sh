#!/bin/sh
# gdb (batch) halts tests/boards/gdb_tasks.c on QEMU at gdb_halt_here(), runs
# tools/gdb/ebb.py's `ebb-tasks`, and checks every executor and task line:
# name, state, the file:line of the await each is suspended at, and the
# object a waiting task waits on (named from the symbol table).
#   tests/boards/gdb_tasks.sh <ebb source> <elf> <gdb-multiarch> <qemu-system-arm> table|notable [stats]
# table: the image was built with the task table (EBB_CONFIG_TASK_REGISTRY=1),
# whose names (one set at run time) must show; notable: without it, names
# come from the debug info and the image must hold no table at all.
# stats: the image was built with EBB_CONFIG_TASK_STATS=1 (ebb/stats.h):
# every task line must end with its polls, run time and CPU share, and the
# thread-mode executor say how much of the time it slept.
set -eu
src=$1; elf=$2; gdb=$3; qemu=$4; mode=$5; stats=${6:-}
c=$src/tests/boards/gdb_tasks.c
line() { grep -n "@$1 \*/" "$c" | cut -d: -f1; }
out=$(timeout 100 "$gdb" -batch -nx -ex "set pagination off" -ex "source $src/tools/gdb/ebb.py" \
    -ex "target remote | $qemu -M netduinoplus2 -display none -monitor none -serial null \
         -semihosting-config enable=on,target=native -icount shift=0,align=off,sleep=off \
         -kernel $elf -gdb stdio -S" \
    -ex "break gdb_halt_here" -ex "continue" -ex "ebb-tasks" ${EBB_GDB_EXTRA:+-ex "$EBB_GDB_EXTRA"} \
    -ex "kill" "$elf" 2>&1) || true
echo "$out"
fail=0
if [ "$stats" = stats ]; then
    bare=$(echo "$out" | grep -E '^  [^ ]+ +(running|ready|waiting|done|idle)( |$)' |
           grep -vE '  \[[0-9]+ polls, [0-9.]+ [mu]?s, [0-9.]+ % CPU\]$' || true)
    [ -z "$bare" ] || { echo "task lines without statistics:"; echo "$bare"; fail=1; }
    echo "$out" | grep -Eq '^executor [0-9] exec \(thread mode, asleep [0-9.]+ % of the time\)$' ||
        { echo "MISSING: the thread-mode executor's sleep share"; fail=1; }
    echo "$out" | grep -Eq '^  driver +running .*\[[1-9][0-9]* polls' ||
        { echo "MISSING: the driver's polls"; fail=1; }
    # The listing's other rules, on the lines without the statistics.
    out=$(echo "$out" | sed -E 's/  \[[0-9]+ polls, [^]]*\]$//; s/, asleep [0-9.]+ % of the time\)$/)/')
fi
want() { # regex
    if ! echo "$out" | grep -Eq "$1"; then echo "MISSING: $1"; fail=1; fi
}
want "^now: tick [0-9]+ \([0-9.]+ [mu]?s since start\)$"
want "^executor [0-9] exec \(thread mode\)$"
want "^executor [0-9] finger_exec \(interrupt executor, pender [A-Za-z_0-9]+\)$"
want "^  keys +waiting +key_player\.c:[0-9]+  EBB_AWAIT\(ebb_signal_wait.*  -- on keys_signal\.waiters \(ebb_signal\)$"
want "^  driver +running +gdb_tasks\.c:$(line driver)  EBB_AWAIT\(ebb_sleep_for"
want "^  listener +waiting +gdb_tasks\.c:$(line listener)  EBB_AWAIT\(ebb_signal_wait.*  -- on never\.waiters \(ebb_signal\)$"
want "^  consumer +waiting +gdb_tasks\.c:$(line consumer)  EBB_AWAIT\(ebb_channel_recv.*  -- on queue\.receivers \(ebb_channel\)$"
want "^  gated +waiting +gdb_tasks\.c:$(line gated)  EBB_AWAIT\(ebb_sem_take.*  -- on gate\.waiters \(ebb_sem\)$"
want "^  woken +ready +gdb_tasks\.c:$(line listener) .*  -- on never\.waiters \(ebb_signal\)$"
if [ "$mode" = table ]; then
    sleeper=sensor; workers="worker0 worker1"
else
    sleeper=sleeper; workers="workers[0] workers[1]"
fi
want "^  $sleeper +waiting +gdb_tasks\.c:$(line sleeper)  EBB_AWAIT\(ebb_sleep_for.*  -- on timer sleeper\.timer, due at tick 1[0-9]{6} \(in [0-9.]+ ms\)$"
want "^  quick +done"
for w in $workers; do want "^  $(echo "$w" | sed 's/[][]/\\&/g') +done"; done
want "^not spawned \(or cancelled\)$"
want "^  cancelled +idle"
# The thread-mode executor lists exactly its nine live tasks, in name order.
got=$(echo "$out" | awk '/^executor [0-9] exec /{on=1; next} /^(executor|not spawned)/{on=0} on{print $1}' | tr '\n' ' ')
want_list=$(printf '%s\n' consumer driver gated listener quick $sleeper woken $workers | LC_ALL=C sort | tr '\n' ' ')
[ "$got" = "$want_list" ] || { echo "tasks of exec: '$got', expected '$want_list'"; fail=1; }
# The table is in the image only when asked for: off, it costs nothing.
if gdb_out=$("$gdb" -batch -nx -ex "info symbol (unsigned long)&__start_ebb_tasks" "$elf" 2>&1) &&
   ! echo "$gdb_out" | grep -qi "no symbol\|cannot\|error"; then has_table=yes; else has_table=no; fi
[ "$mode" = table ] && [ $has_table = no ] && { echo "no task table in a table build: $gdb_out"; fail=1; }
[ "$mode" = notable ] && [ $has_table = yes ] && { echo "a task table in a build without it: $gdb_out"; fail=1; }
[ $fail = 0 ] && echo "gdb task listing: PASS"
exit $fail
