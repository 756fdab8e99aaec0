#!/bin/sh
# A board folder outside ebb's tree, on picolibc: configure ebb for it from
# an empty build folder, build one firmware test only, run it on QEMU.
#   tests/boards/out_of_tree.sh <ebb source> <empty build dir> <qemu>
set -eu
src=$1; out=$2; qemu=$3
rm -rf "$out"
cmake -S "$src" -B "$out" -DEBB_BOARD="$src/tests/boards/np2-picolibc" \
      -DCMAKE_BUILD_TYPE=Release >"$out.log" 2>&1 || { cat "$out.log"; exit 1; }
grep -q "ebb: board np2-picolibc" "$out.log"
cmake --build "$out" --target test_uart >>"$out.log" 2>&1 || { cat "$out.log"; exit 1; }
# Built against picolibc, not newlib: its archive is on the link map.
grep -q "picolibc/arm-none-eabi/lib/.*libc.a" "$out/tests/firmware/test_uart.map"
python3 "$src/tests/firmware/run_qemu.py" --qemu "$qemu" --elf "$out/tests/firmware/test_uart.elf" \
    --expect "$src/tests/firmware/test_uart.expected" --timeout 120
echo "out-of-tree board on picolibc: PASS"
