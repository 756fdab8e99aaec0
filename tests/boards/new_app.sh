#!/bin/sh
# A newcomer's first app, in a fresh copy of the repository: a new folder
# apps/<name>/ holding one .c file, nothing of ebb edited, runs with
# `make run APP=<name>` (QEMU without -icount, as a user runs it); an
# unknown APP or BOARD prints the real lists, the new app among them.
#   tests/boards/new_app.sh <ebb source> <work dir (emptied)>
set -eu
src=$1; work=$2
rm -rf "$work"
mkdir -p "$work"
# The files a clone has (committed or not, nothing ignored: no build/).
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf -) |
        tar -xf - -C "$work"
else
    (cd "$src" && tar --exclude=./build -cf - .) | tar -xf - -C "$work"
fi
[ ! -e "$work/apps/first_steps" ] || { echo "apps/first_steps exists in ebb: pick another name"; exit 1; }
mkdir "$work/apps/first_steps"
cat >"$work/apps/first_steps/main.c" <<'APP'
/* apps/first_steps/main.c - a new app: nothing else is edited. */
#include "ebb_board.h"

struct greeter {
    ebb_task task;
    ebb_timer timer;
};

static ebb_poll_t greeter_poll(ebb_task *self, ebb_cx *cx)
{
    struct greeter *g = EBB_CONTAINER_OF(self, struct greeter, task);
    EBB_BEGIN(cx, &self->co);
    EBB_AWAIT(ebb_sleep_for(&g->timer, EBB_MS(50)));
    ebb_board_puts("first_steps: hello after 50 ms\n");
    ebb_board_exit(0);
    EBB_END();
}

static EBB_TASK_DEFINE(greeter, struct greeter, greeter_poll);
static EBB_EXECUTOR_DEFINE(exec, NULL);

int main(void)
{
    ebb_board_init();
    if (ebb_task_spawn(&exec, &greeter.task) != EBB_OK) {
        ebb_board_exit(1);
    }
    ebb_executor_run(&exec);
}
APP
fail=0
log=$work/run.log
if ! timeout 280 make -C "$work" -s --no-print-directory run BOARD=qemu-netduinoplus2 APP=first_steps \
        </dev/null >"$log" 2>&1; then
    echo "make run APP=first_steps failed:"; cat "$log"; exit 1
fi
grep -q "^first_steps: hello after 50 ms" "$log" || { echo "no greeting:"; cat "$log"; fail=1; }
# Only that app was built: no other firmware of the board's tree.
others=$(find "$work/build/qemu-netduinoplus2" -name '*.elf' ! -name 'first_steps.elf' | wc -l)
[ "$others" = 0 ] || { echo "make run built $others other firmware images"; fail=1; }

# An unknown APP: the board's real app list, the new one among them.
out=$(make -C "$work" -s --no-print-directory run BOARD=qemu-netduinoplus2 APP=no_such_app </dev/null 2>&1) &&
    { echo "APP=no_such_app did not fail"; fail=1; }
echo "$out"
apps=$(echo "$out" | sed -n 's/^  apps: *//p')
for a in first_steps $(cd "$work/apps/examples" && for d in */; do echo "${d%/}"; done); do
    echo " $apps " | grep -q " $a " || { echo "apps list misses $a: '$apps'"; fail=1; }
done
# An unknown BOARD: every board folder and firmware preset.
out=$(make -C "$work" -s --no-print-directory run BOARD=no_such_board APP=blinky </dev/null 2>&1) &&
    { echo "BOARD=no_such_board did not fail"; fail=1; }
echo "$out"
boards=$(echo "$out" | sed -n 's/^  boards: *//p')
for b in $(cd "$work/boards" && for f in */board.cmake; do echo "${f%/board.cmake}"; done); do
    echo " $boards " | grep -q " $b " || { echo "boards list misses $b: '$boards'"; fail=1; }
done
presets=$(echo "$out" | sed -n 's/^  presets: *//p')
echo " $presets " | grep -q " nucleo-f446ze " || { echo "presets list misses nucleo-f446ze: '$presets'"; fail=1; }
[ $fail = 0 ] && echo "new app with make run, unknown APP/BOARD lists: PASS"
exit $fail
