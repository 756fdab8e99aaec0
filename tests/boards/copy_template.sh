#!/bin/sh
# boards/template as a user starts from it: copied outside ebb's tree under
# a new name, configured from an empty build folder with EBB_BOARD=<folder>,
# two firmware built (the console test and blinky) and the console test run
# on QEMU.
#   tests/boards/copy_template.sh <ebb source> <empty work dir> <qemu>
set -eu
src=$1; work=$2; qemu=$3
rm -rf "$work"
mkdir -p "$work"
cp -r "$src/boards/template" "$work/my-board"
out=$work/build
cmake -S "$src" -B "$out" -DEBB_BOARD="$work/my-board" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_TOOLCHAIN_FILE="$src/cmake/arm-none-eabi.cmake" >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
grep -q "ebb: board my-board" "$work/log" || { cat "$work/log"; exit 1; }
cmake --build "$out" --target test_uart blinky >>"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
python3 "$src/tests/firmware/run_qemu.py" --qemu "$qemu" --machine lm3s6965evb --icount-shift 4 \
    --elf "$out/tests/firmware/test_uart.elf" --expect "$src/tests/firmware/test_uart.expected" --timeout 120
echo "boards/template copied out of the tree: PASS"
