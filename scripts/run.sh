#!/bin/sh
# make run / make debug: run an application in QEMU, interactively.
#   scripts/run.sh BOARD APP [--debug]
# APP is an example (apps/examples/<APP>) or "showdown".  On QEMU, keys typed
# on the console press the virtual button (after the app's ready line).
# Quit QEMU with Ctrl-A X.
set -eu
cd "$(dirname "$0")/.."
board=$1
app=$2
mode=${3:-}
if [ "$app" = showdown ]; then
    elf=build/$board/apps/showdown/showdown.elf
else
    elf=build/$board/apps/examples/$app/$app.elf
fi
[ -f "$elf" ] || { echo "no $elf (APP is one of: $(ls apps/examples | tr '\n' ' ')showdown)" >&2; exit 1; }
# QEMU machine and icount-free command line per board.
qemu=qemu-system-arm
case "$board" in
    qemu-netduinoplus2) machine=netduinoplus2 ;;
    mps2-an385|mps2-an386|mps2-an500|mps2-an505) machine=$board ;;
    microbit) machine=microbit ;;
    qemu-riscv-virt) machine="virt -bios none"; qemu=qemu-system-riscv32 ;;
    *) machine= ;;
esac
if [ -z "$machine" ]; then
    echo "$board is real hardware: flash it with OpenOCD (docs/boards.md):" >&2
    echo "    openocd -f board/st_nucleo_f4.cfg -c \"program $elf verify reset exit\"" >&2
    exit 1
fi
# shellcheck disable=SC2086 # "virt -bios none": the machine and its options
set -- -M $machine -nographic -monitor none -serial stdio \
       -semihosting-config enable=on,target=native -kernel "$elf"
if [ "$mode" = --debug ]; then
    echo "QEMU is halted at reset with a gdb server on :1234. In another terminal:"
    echo "    gdb-multiarch $elf -ex 'target remote :1234'"
    echo "(Ctrl-A X quits QEMU)"
    exec $qemu "$@" -s -S
fi
echo "running $elf on QEMU $machine (Ctrl-A X quits)"
exec $qemu "$@"
